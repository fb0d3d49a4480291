import { Body, Param } from '@nestjs/common';
import { ApiBody, ApiParam, getSchemaPath, type OpenAPIObject } from '@nestjs/swagger';
import { RouteSchema } from '@nestjs/platform-fastify';
import type { TObject } from '@sinclair/typebox';
import { plainSchema, SchemaPipe } from './schema-body';

// A route's input declared once: the TypeBox schema from @cosmic/contracts is both what parseBody
// checks (common/schema-body.ts) and what the OpenAPI document shows.

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

/**
 * The path parameters, checked against `schema` like a body and each documented from its field:
 * `@SchemaParams(BetDetailsParamsSchema) params: BetDetailsParams`.
 */
export function SchemaParams(schema: TObject): ParameterDecorator {
  const params = Param(new SchemaPipe(schema));
  const docs = Object.entries(schema.properties).map(([name, field]) => {
    const { description, ...rest } = plainSchema(field);
    return ApiParam({
      name,
      required: true,
      schema: rest,
      ...(description ? { description: String(description) } : {}),
    });
  });
  return (target, key, index) => {
    params(target, key, index);
    for (const doc of docs) onMethod(target, key, doc);
  };
}

/** Adds every body schema the routes named (SchemaBody, schemaRef) to the OpenAPI document's components. */
export function documentSchemas(doc: OpenAPIObject): void {
  doc.components ??= {};
  doc.components.schemas ??= {};
  for (const [name, schema] of components) doc.components.schemas[name] = plainSchema(schema);
}

/** The 200 answer is written by Fastify's fast-json-stringify from its schema (fields outside it are not sent). */
export function Answers(schema: TObject): MethodDecorator {
  return RouteSchema({ response: { 200: plainSchema(schema) } });
}
