import { BadRequestException, ValidationError, ValidationPipe } from '@nestjs/common';

/** Flattens class-validator errors into "field: problem" messages, nested fields dotted. */
export function describeValidationErrors(errors: ValidationError[], parent = ''): string[] {
  const out: string[] = [];
  for (const e of errors) {
    const path = parent ? `${parent}.${e.property}` : e.property;
    if (e.constraints) {
      // whitelist violations read better as "property x is not allowed" than as the raw key
      // keep messages that already name the field; prefix the others with it
      out.push(...Object.values(e.constraints).map((m) => (new RegExp(`\\b${e.property}\\b`).test(m) ? m.replace(e.property, path) : `${path}: ${m}`)));
    }
    if (e.children?.length) out.push(...describeValidationErrors(e.children, path));
  }
  return out;
}

/** Global validation: unknown fields are refused and every message names its field. */
export function createValidationPipe(): ValidationPipe {
  return new ValidationPipe({
    whitelist: true,
    forbidNonWhitelisted: true,
    transform: true,
    stopAtFirstError: true,
    exceptionFactory: (errors) => new BadRequestException(describeValidationErrors(errors).join('; ')),
  });
}
