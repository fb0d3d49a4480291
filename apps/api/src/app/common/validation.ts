import { BadRequestException, ValidationError, ValidationPipe } from '@nestjs/common';

/** Flattens class-validator errors into "field: problem" messages, nested fields dotted. */
export function describeValidationErrors(errors: ValidationError[], parent = ''): string[] {
  const out: string[] = [];
  for (const e of errors) {
    const path = parent ? `${parent}.${e.property}` : e.property;
    if (e.constraints) {
      // keep messages that already name the field ("property x should not exist"); prefix the others
      const named = namesField(e.property);
      out.push(
        ...Object.values(e.constraints).map((m) => (named.test(m) ? m.replace(e.property, path) : `${path}: ${m}`)),
      );
    }
    if (e.children?.length) out.push(...describeValidationErrors(e.children, path));
  }
  return out;
}

/** Matches `field` as a whole word (any script; a field name is text, never a pattern). */
function namesField(field: string): RegExp {
  const escaped = field.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&'); // the u flag allows no other escapes
  return new RegExp(`(?<![\\p{L}\\p{N}_])${escaped}(?![\\p{L}\\p{N}_])`, 'u');
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
