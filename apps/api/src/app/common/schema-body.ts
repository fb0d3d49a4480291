import { BadRequestException, type PipeTransform } from '@nestjs/common';
import {
  FormatRegistry,
  Kind,
  OptionalKind,
  TypeRegistry,
  type Static,
  type TObject,
  type TSchema,
} from '@sinclair/typebox';
import { TypeCompiler, type TypeCheck } from '@sinclair/typebox/compiler';
import { AMOUNT_PATTERN, DECIMAL_AMOUNT_KIND } from '@cosmic/contracts';
import { parseMoney } from './amount';

// The one body parser of the API: every route's body is a TypeBox schema from @cosmic/contracts,
// checked here whether the route is Nest's (SchemaPipe) or one of the raw Fastify bet routes.

TypeRegistry.Set(DECIMAL_AMOUNT_KIND, (_schema, value) => amountProblem(value, 'amount') === null);
// a password field's format tells OpenAPI to hide the value; any string passes it
FormatRegistry.Set('password', () => true);

function amountProblem(value: unknown, field: string): string | null {
  try {
    parseMoney(value, field);
    return null;
  } catch (e) {
    return (e as Error).message;
  }
}

interface Compiled {
  whole: TypeCheck<TSchema>;
  fields: ReadonlyArray<{ name: string; schema: TSchema; check: TypeCheck<TSchema>; optional: boolean }>;
  names: ReadonlySet<string>;
}

const compiled = new WeakMap<TObject, Compiled>();

function compile(schema: TObject): Compiled {
  let c = compiled.get(schema);
  if (!c) {
    const fields = Object.entries(schema.properties).map(([name, s]) => ({
      name,
      schema: s,
      check: TypeCompiler.Compile(s),
      optional: s[OptionalKind] === 'Optional',
    }));
    c = { whole: TypeCompiler.Compile(schema), fields, names: new Set(fields.map((f) => f.name)) };
    compiled.set(schema, c);
  }
  return c;
}

/** The keys of a field's schema that the parser reads (libs/contracts fields.ts explains them). */
interface FieldRules {
  type?: unknown;
  pattern?: string;
  maxLength?: number;
  minLength?: number;
  minimum?: number;
  maximum?: number;
  errorMessage?: string;
  patternMessage?: string;
  maxLengthMessage?: string;
  minLengthMessage?: string;
  minimumMessage?: string;
  maximumMessage?: string;
}

/**
 * The message of a field's first problem, from its schema: the amount's own text for money; else,
 * when the value has the right type, the first rule it breaks (pattern, then length, or the range);
 * else errorMessage.
 */
function problem(name: string, schema: TSchema, value: unknown, check: TypeCheck<TSchema>): string | null {
  if (schema[Kind] === DECIMAL_AMOUNT_KIND) return amountProblem(value, name);
  const ok: boolean = check.Check(value); // a plain boolean: the type guard would narrow value to never below
  if (ok) return null;
  const r = schema as FieldRules;
  const otherwise = r.errorMessage ?? `${name} is invalid`;
  if (r.type === 'string' && typeof value === 'string') {
    if (r.pattern !== undefined && !new RegExp(r.pattern).test(value)) return r.patternMessage ?? otherwise;
    if (r.maxLength !== undefined && value.length > r.maxLength) return r.maxLengthMessage ?? `${name} is too long`;
    if (r.minLength !== undefined && value.length < r.minLength) return r.minLengthMessage ?? otherwise;
  }
  if ((r.type === 'integer' && Number.isInteger(value)) || (r.type === 'number' && typeof value === 'number')) {
    if (r.minimum !== undefined && (value as number) < r.minimum) return r.minimumMessage ?? otherwise;
    if (r.maximum !== undefined && (value as number) > r.maximum) return r.maximumMessage ?? otherwise;
  }
  return otherwise;
}

/**
 * Checks a request body against its schema and answers it typed, or throws a 400 listing each
 * problem: unknown fields first ("property x should not exist"), then the first problem of each
 * field in the schema's order, joined by "; " (the texts the class-validator DTOs answered). An
 * optional field may be absent or null.
 */
export function parseBody<S extends TObject>(schema: S, raw: unknown): Static<S> {
  const c = compile(schema);
  if (c.whole.Check(raw)) return raw as Static<S>;
  const body = (raw !== null && typeof raw === 'object' ? raw : {}) as Record<string, unknown>;
  const problems: string[] = [];
  for (const key of Object.keys(body)) if (!c.names.has(key)) problems.push(`property ${key} should not exist`);
  for (const f of c.fields) {
    const value = body[f.name];
    if (f.optional && (value === undefined || value === null)) continue;
    const p = problem(f.name, f.schema, value, f.check);
    if (p !== null) problems.push(p);
  }
  if (problems.length) throw new BadRequestException(problems.join('; '));
  return body as Static<S>;
}

/** A query string's number: a plain decimal, nothing JavaScript's Number() also reads (" 7 ", "1e2", "0x10"). */
const DECIMAL = /^-?[0-9]{1,20}(\.[0-9]{1,20})?$/;

/**
 * Checks a query string against its schema as parseBody checks a body (the same 400 texts), with
 * two rules of its own: parameters the schema does not name are ignored (a cache-buster or a
 * proxy's tag must not break a read), and a number or integer field takes the value of a plain
 * decimal ("42", "-1"), while any other text stays text and fails the field's type.
 */
export function parseQuery<S extends TObject>(schema: S, raw: unknown): Static<S> {
  const query = (raw !== null && typeof raw === 'object' ? raw : {}) as Record<string, unknown>;
  const picked: Record<string, unknown> = {};
  for (const f of compile(schema).fields) {
    if (!Object.prototype.hasOwnProperty.call(query, f.name)) continue;
    const value = query[f.name];
    const numeric = f.schema['type'] === 'integer' || f.schema['type'] === 'number';
    picked[f.name] = numeric && typeof value === 'string' && DECIMAL.test(value) ? Number(value) : value;
  }
  return parseBody(schema, picked);
}

/** Nest's side of parseBody (or of parseQuery): `@Body(new SchemaPipe(HiloStartBodySchema))`. */
export class SchemaPipe<S extends TObject> implements PipeTransform<unknown, Static<S>> {
  constructor(
    private readonly schema: S,
    private readonly source: 'body' | 'query' = 'body',
  ) {}

  transform(value: unknown): Static<S> {
    return this.source === 'query' ? parseQuery(this.schema, value) : parseBody(this.schema, value);
  }
}

/** Keys only the validator reads: left out of what OpenAPI and the response serializer see. */
const VALIDATOR_KEYS = new Set([
  'errorMessage',
  'patternMessage',
  'maxLengthMessage',
  'minLengthMessage',
  'minimumMessage',
  'maximumMessage',
]);

/**
 * A schema as plain JSON Schema for OpenAPI 3.0 and fast-json-stringify: the validator's message
 * keys dropped, a union of string (or number) literals as one enum, a money field as a string of its pattern, a
 * union with null as its other branch made `nullable` (null added to an enum), a literal as a one-value enum and a record
 * as an object whose `additionalProperties` is the value's schema, a tuple of one type as an array
 * with its length (OpenAPI 3.0 has no null type, no const, no patternProperties and no tuples;
 * fast-json-stringify reads every form).
 */
export function plainSchema(schema: TSchema): Record<string, unknown> {
  const isNull = (b: Record<string, unknown>) => b['type'] === 'null';
  const described = (s: Record<string, unknown>) => (s['description'] ? { description: s['description'] } : {});
  const walk = (s: Record<string | symbol, unknown>): Record<string, unknown> => {
    if (s[Kind] === DECIMAL_AMOUNT_KIND)
      return {
        type: 'string',
        pattern: AMOUNT_PATTERN,
        ...described(s),
        ...(s['example'] ? { example: s['example'] } : {}),
      };
    const anyOf = s['anyOf'] as Array<Record<string, unknown>> | undefined;
    if (anyOf && anyOf.length > 1 && anyOf.some(isNull)) {
      const others = anyOf.filter((b) => !isNull(b));
      const base = others.length === 1 ? walk(others[0]) : walk({ ...s, anyOf: others });
      // an enum names null too, or a validator (the serializer's, picking an anyOf branch) refuses it
      const values = base['enum'] as unknown[] | undefined;
      return { ...base, ...(values ? { enum: [...values, null] } : {}), ...described(s), nullable: true };
    }
    const literals = anyOf?.map((b) => b['const']);
    for (const type of ['string', 'number'])
      if (literals?.length && literals.every((v) => typeof v === type))
        return { type, enum: literals, ...described(s) };
    const patterns = s['patternProperties'] as Record<string, Record<string, unknown>> | undefined;
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(s)) {
      if (VALIDATOR_KEYS.has(k)) continue;
      if (k === 'properties')
        out[k] = Object.fromEntries(
          Object.entries(v as Record<string, Record<string, unknown>>).map(([p, ps]) => [p, walk(ps)]),
        );
      else if (k === 'const') out['enum'] = [v];
      else if (k === 'patternProperties')
        out[k] = Object.fromEntries(Object.entries(patterns!).map(([p, ps]) => [p, walk(ps)]));
      else if (k === 'items' && Array.isArray(v)) {
        // a tuple of one type (an interval's [low, high]) is an array of it with its length: all OpenAPI 3.0 has
        const same = v.every((item) => JSON.stringify(item) === JSON.stringify(v[0]));
        out[k] = same ? walk(v[0] as Record<string, unknown>) : v.map(walk);
      } else if (k === 'additionalItems' && Array.isArray(s['items'])) continue;
      else if (k === 'items' || k === 'not' || (k === 'additionalProperties' && typeof v === 'object'))
        out[k] = walk(v as Record<string, unknown>);
      else if (k === 'anyOf' || k === 'allOf' || k === 'oneOf')
        out[k] = (v as Array<Record<string, unknown>>).map(walk);
      else out[k] = v;
    }
    // a record (one key pattern, no named properties): any key, each value of the pattern's schema
    if (patterns && !s['properties'] && Object.keys(patterns).length === 1) {
      out['additionalProperties'] = walk(Object.values(patterns)[0]);
      delete out['patternProperties'];
    }
    return out;
  };
  return walk(schema as unknown as Record<string, unknown>);
}
