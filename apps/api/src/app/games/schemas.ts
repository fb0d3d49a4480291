import { Body } from '@nestjs/common';
import { ApiBody, getSchemaPath, type OpenAPIObject } from '@nestjs/swagger';
import { RouteSchema } from '@nestjs/platform-fastify';
import type { TObject } from '@sinclair/typebox';
import {
  BetBodySchema,
  BlackjackEndBodySchema,
  DiceBodySchema,
  HiloEndBodySchema,
  HiloGuessBodySchema,
  HiloStartBodySchema,
  PlinkoBodySchema,
  PlinkoResultBodySchema,
  SlotsBodySchema,
  WalletBodySchema,
} from '@cosmic/contracts';
import { plainSchema, SchemaPipe } from '../common/schema-body';

/** The games' request bodies by their OpenAPI component name (the schemas live in @cosmic/contracts). */
export const GAME_BODIES = {
  WalletBody: WalletBodySchema,
  BetBody: BetBodySchema,
  DiceBody: DiceBodySchema,
  PlinkoBody: PlinkoBodySchema,
  PlinkoResultBody: PlinkoResultBodySchema,
  HiloStartBody: HiloStartBodySchema,
  HiloGuessBody: HiloGuessBodySchema,
  HiloEndBody: HiloEndBodySchema,
  BlackjackEndBody: BlackjackEndBodySchema,
  SlotsBody: SlotsBodySchema,
} satisfies Record<string, TObject>;

/** A games body's component name. */
export type GameBodyName = keyof typeof GAME_BODIES;

/**
 * The request body, checked against its schema (common/schema-body.ts) and documented in OpenAPI
 * as that schema's component: one declaration for both.
 */
export function GameBody(name: GameBodyName): ParameterDecorator {
  const body = Body(new SchemaPipe(GAME_BODIES[name]));
  return (target, key, index) => {
    body(target, key, index);
    if (key === undefined) return;
    const descriptor = Object.getOwnPropertyDescriptor(target, key);
    if (descriptor) ApiBody({ required: true, schema: { $ref: getSchemaPath(name) } })(target, key, descriptor);
  };
}

/** Adds the games' body schemas to the OpenAPI document's components. */
export function documentGameBodies(doc: OpenAPIObject): void {
  doc.components ??= {};
  doc.components.schemas ??= {};
  for (const [name, schema] of Object.entries(GAME_BODIES)) doc.components.schemas[name] = plainSchema(schema);
}

/** The 200 answer is written by Fastify's fast-json-stringify from its schema (fields outside it are not sent). */
export function Answers(schema: TObject): MethodDecorator {
  return RouteSchema({ response: { 200: plainSchema(schema) } });
}
