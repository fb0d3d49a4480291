import type { FastifyInstance } from 'fastify';

// fast-json-stringify writes an answer from its route's schema: a field the schema does not name
// is dropped, a wrong type is coerced (a null object becomes {}, a number becomes a string). The
// integration app watches every answer before it is written and notes where the value a service
// returned and its schema disagree, so each module's suite can assert that nothing was lost.

type Schema = Record<string, unknown>;

const DROPPED = ' is not in the answer schema (dropped)';

const kindOf = (v: unknown): string =>
  v === null ? 'null' : Array.isArray(v) ? 'array' : v instanceof Date ? 'Date' : typeof v;

function typeProblem(schema: Schema, value: unknown, at: string): string | null {
  // an enum holds for null too (as the serializer's validator reads it when it picks an anyOf branch)
  const enumValues = schema['enum'] as unknown[] | undefined;
  if (enumValues && !enumValues.includes(value)) return `${at} is ${JSON.stringify(value)}, not one of its enum`;
  const anything = schema['type'] === undefined && enumValues === undefined; // {}: written as JSON.stringify would
  if (value === null)
    return anything || schema['nullable'] === true || schema['type'] === 'null' ? null : `${at} is null`;
  const type = schema['type'] as string | string[] | undefined;
  if (type === undefined) return null;
  const types = Array.isArray(type) ? type : [type];
  const kind = kindOf(value);
  const fits =
    types.includes(kind) ||
    (kind === 'Date' && types.includes('string')) || // written as its ISO text, as JSON.stringify does
    (kind === 'number' && types.includes('integer') && Number.isInteger(value)) ||
    (kind === 'number' && types.includes('number'));
  return fits ? null : `${at} is a ${kind}, its schema says ${types.join(' or ')}`;
}

/**
 * Where `value` and the plain JSON schema its answer is written with disagree: a field the schema
 * does not name (dropped), a required one missing, a type the serializer would coerce. An `anyOf`
 * is judged by the branch fast-json-stringify picks: the first whose types and required fields fit.
 */
export function answerProblems(schema: Schema, value: unknown, at = '$'): string[] {
  if (value === undefined) return [];
  const allOf = schema['allOf'] as Schema[] | undefined;
  if (allOf) return answerProblems(merged(schema, allOf), value, at);
  const anyOf = schema['anyOf'] as Schema[] | undefined;
  if (anyOf) {
    if (value === null && schema['nullable'] === true) return [];
    const judged = anyOf.map((branch) => answerProblems(branch, value, at));
    const picked = judged.find((problems) => problems.every((p) => p.endsWith(DROPPED)));
    return picked ?? [`${at} matches no branch of its anyOf: ${judged.map((p) => p[0]).join(' / ')}`];
  }
  const wrong = typeProblem(schema, value, at);
  if (wrong) return [wrong];
  if (value === null || typeof value !== 'object') return [];
  // no type and nothing to walk: fast-json-stringify writes it whole with JSON.stringify
  if (schema['type'] === undefined && !schema['properties'] && !schema['items']) return [];
  if (Array.isArray(value)) {
    const items = schema['items'] as Schema | undefined;
    return items ? value.flatMap((v, i) => answerProblems(items, v, `${at}[${i}]`)) : [];
  }
  const properties = (schema['properties'] ?? {}) as Record<string, Schema>;
  const rest = schema['additionalProperties'];
  const record = value as Record<string, unknown>;
  const problems: string[] = [];
  for (const name of (schema['required'] ?? []) as string[])
    if (record[name] === undefined) problems.push(`${at}.${name} is required but missing`);
  for (const [name, v] of Object.entries(record)) {
    if (v === undefined) continue; // JSON.stringify leaves it out too
    const field = properties[name] ?? (typeof rest === 'object' && rest !== null ? (rest as Schema) : undefined);
    if (field) problems.push(...answerProblems(field, v, `${at}.${name}`));
    else if (rest !== true) problems.push(`${at}.${name}${DROPPED}`);
  }
  return problems;
}

/** An allOf of objects as the one object fast-json-stringify writes: every branch's properties and required ones. */
function merged(schema: Schema, allOf: Schema[]): Schema {
  const { allOf: _, ...rest } = schema;
  return [rest, ...allOf].reduce<Schema>(
    (m, b) => ({
      ...m,
      ...b,
      properties: { ...(m['properties'] as Schema), ...(b['properties'] as Schema) },
      required: [...((m['required'] as string[]) ?? []), ...((b['required'] as string[]) ?? [])],
    }),
    {},
  );
}

/** What watchAnswers saw: the disagreements, each led by its request, and the routes whose answers it checked. */
export interface AnswerWatch {
  mismatches: string[];
  /** "GET /api/users/:walletAddress": each route answered at least once with a response schema. */
  checked: Set<string>;
}

/**
 * Checks each answer `fastify` is about to write against its route's response schema (the 2xx one
 * Answers sets, or one for the exact status).
 */
export function watchAnswers(fastify: FastifyInstance): AnswerWatch {
  const watch: AnswerWatch = { mismatches: [], checked: new Set() };
  fastify.addHook('preSerialization', async (req, reply, payload) => {
    const responses = req.routeOptions.schema?.response as Record<string, Schema> | undefined;
    const status = String(reply.statusCode);
    const schema = responses?.[status] ?? responses?.[`${status[0]}xx`];
    if (schema) {
      watch.checked.add(`${req.method} ${req.routeOptions.url}`);
      for (const p of answerProblems(schema, payload)) watch.mismatches.push(`${req.method} ${req.url}: ${p}`);
    }
    return payload;
  });
  return watch;
}
