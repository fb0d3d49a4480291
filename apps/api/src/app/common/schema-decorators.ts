import { Body, Param, Query } from '@nestjs/common';
import { ApiBody, ApiExtension, ApiParam, ApiQuery, getSchemaPath, type OpenAPIObject } from '@nestjs/swagger';
import { RouteSchema } from '@nestjs/platform-fastify';
import { OptionalKind, type TObject, type TSchema } from '@sinclair/typebox';
import { plainSchema, SchemaPipe } from './schema-body';

// A route's input and its answer declared once: the TypeBox schema from @cosmic/contracts is both
// what parseBody checks (common/schema-body.ts), or what fast-json-stringify writes, and what the
// OpenAPI document shows.

/** Every request body schema a route names, by its OpenAPI component name. */
const components = new Map<string, TObject>();

/**
 * Names `schema` as the OpenAPI component `name` (added to the document by documentSchemas) and
 * answers the reference to it. A name means one schema: a second schema under it is a mistake.
 */
export function schemaRef(name: string, schema: TObject): { $ref: string } {
  const known = components.get(name);
  if (known !== undefined && known !== schema) throw new Error(`Two request schemas are named ${name}`);
  components.set(name, schema);
  return { $ref: getSchemaPath(name) };
}

/** Applies a method decorator from a parameter decorator (the method's descriptor is on the prototype). */
function onMethod(target: object, key: string | symbol | undefined, decorate: MethodDecorator): void {
  if (key === undefined) return;
  const descriptor = Object.getOwnPropertyDescriptor(target, key);
  if (descriptor) decorate(target, key, descriptor);
}

/**
 * The request body, checked against `schema` (a 400 naming each problem) and documented in OpenAPI
 * as the component `name`: `@SchemaBody('HiloStartBody', HiloStartBodySchema) body: HiloStartArgs`.
 */
export function SchemaBody(name: string, schema: TObject): ParameterDecorator {
  const body = Body(new SchemaPipe(schema));
  const doc = ApiBody({ required: true, schema: schemaRef(name, schema) });
  return (target, key, index) => {
    body(target, key, index);
    onMethod(target, key, doc);
  };
}

/** One OpenAPI parameter per field of `schema`, made by `document` (ApiParam or ApiQuery). */
function fieldDocs(
  schema: TObject,
  document: (field: {
    name: string;
    required: boolean;
    schema: Record<string, unknown>;
    description?: string;
  }) => MethodDecorator,
): MethodDecorator[] {
  return Object.entries(schema.properties).map(([name, field]) => {
    const { description, ...rest } = plainSchema(field);
    return document({
      name,
      required: field[OptionalKind] !== 'Optional',
      schema: rest,
      ...(description ? { description: String(description) } : {}),
    });
  });
}

/**
 * The path parameters, checked against `schema` like a body and each documented from its field:
 * `@SchemaParams(BetDetailsParamsSchema) params: BetDetailsParams`.
 */
export function SchemaParams(schema: TObject): ParameterDecorator {
  const params = Param(new SchemaPipe(schema));
  const docs = fieldDocs(schema, (field) => ApiParam(field));
  return (target, key, index) => {
    params(target, key, index);
    for (const doc of docs) onMethod(target, key, doc);
  };
}

/**
 * The query string, checked against `schema` like a body (common/schema-body.ts parseQuery: other
 * parameters are ignored, a number field reads a plain decimal) and each field documented as a
 * query parameter: `@SchemaQuery(BetsQuerySchema) query: BetsQuery`.
 */
export function SchemaQuery(schema: TObject): ParameterDecorator {
  const query = Query(new SchemaPipe(schema, 'query'));
  const docs = fieldDocs(schema, (field) => ApiQuery(field));
  return (target, key, index) => {
    query(target, key, index);
    for (const doc of docs) onMethod(target, key, doc);
  };
}

/** The OpenAPI extension that carries a route's answer schema to documentSchemas, which moves it into the 2xx response. */
const ANSWER_EXTENSION = 'x-answer-schema';

/**
 * Adds every body schema the routes named (SchemaBody, schemaRef) to the OpenAPI document's
 * components, and each answer schema (Answers) to its operation's 2xx response: the status swagger
 * derived for the route (200, 201 for a POST without @HttpCode(200), or an @ApiOkResponse's).
 */
export function documentSchemas(doc: OpenAPIObject): void {
  doc.components ??= {};
  doc.components.schemas ??= {};
  for (const [name, schema] of components) doc.components.schemas[name] = plainSchema(schema);
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(item as Record<string, Record<string, unknown>>)) {
      const answer = op?.[ANSWER_EXTENSION];
      if (answer === undefined) continue;
      delete op[ANSWER_EXTENSION];
      const responses = (op['responses'] ?? {}) as Record<string, { description?: string; content?: unknown }>;
      const ok = Object.keys(responses).filter((status) => /^2(\d\d|XX)$/.test(status) && status !== '204');
      if (!ok.length) throw new Error(`${method.toUpperCase()} ${path} names its answer but documents no 2xx response`);
      for (const status of ok) responses[status].content = { 'application/json': { schema: answer } };
    }
  }
}

/**
 * The route's answer, declared once by its schema: Fastify's fast-json-stringify writes every 2xx
 * answer from it (a field outside it is not sent, a required one missing is a 500), and the OpenAPI
 * document shows it under the status the route answers (documentSchemas). An array is a schema too:
 * `@Answers(Type.Array(RevealedSeedSchema))`.
 */
export function Answers(schema: TSchema): MethodDecorator {
  // one plain copy per route: Fastify keeps (and may annotate) the schema it is given
  return (target, key, descriptor) => {
    RouteSchema({ response: { '2xx': plainSchema(schema) } })(target, key, descriptor);
    ApiExtension(ANSWER_EXTENSION, plainSchema(schema))(target, key, descriptor);
  };
}
