import { UnauthorizedException } from '@nestjs/common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { OpenAPIObject } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { assertCanWrite, assertOwnWallet } from '../auth/ownership';
import { NO_SESSION, sessionToken } from '../auth/session.guard';
import { SessionService, type SessionUser } from '../auth/session.service';
import type { AllExceptionsFilter } from '../common/all-exceptions.filter';
import type { DiceBody, PlinkoBody } from './dto';
import { IDEMPOTENCY_HEADER, idempotencyKey, IdempotencyStore, requestHash } from '../common/idempotency.store';
import {
  DiceBodySchema,
  DiceResultSchema,
  PlinkoBodySchema,
  PlinkoResultSchema,
  type DiceResult,
  type PlinkoResult,
} from '@cosmic/contracts';
import type { TObject } from '@sinclair/typebox';
import { parseBody, plainSchema } from '../common/schema-body';
import { schemaRef } from '../common/schema-decorators';
import { DiceService } from './dice.service';
import { PlinkoService } from './plinko.service';

/** A one-round-trip bet route served by Fastify directly. */
interface InstantRoute {
  url: string;
  summary: string;
  /** The body's schema (@cosmic/contracts): checked by parseBody, documented as the component `name`. */
  body: { name: string; schema: typeof DiceBodySchema | typeof PlinkoBodySchema };
  /** The answer's schema: Fastify's fast-json-stringify writes it. */
  answer: TObject;
  play(me: SessionUser, body: never): Promise<unknown>;
}

function routes(app: NestFastifyApplication): InstantRoute[] {
  const dice = app.get(DiceService);
  const plinko = app.get(PlinkoService);
  return [
    {
      url: '/api/games/dice',
      summary: 'Roll two dice: low (2–6) 2x, seven 4x, high (8–12) 2x',
      body: { name: 'DiceBody', schema: DiceBodySchema },
      answer: DiceResultSchema,
      play: (me, body: DiceBody): Promise<DiceResult> => dice.roll(me, body),
    },
    {
      url: '/api/games/plinko/deduct',
      summary: 'Place and settle a plinko bet; answers the path the ball follows',
      body: { name: 'PlinkoBody', schema: PlinkoBodySchema },
      answer: PlinkoResultSchema,
      play: (me, body: PlinkoBody): Promise<PlinkoResult> => plinko.drop(me, body),
    },
  ];
}

/**
 * The instant bets (dice, plinko) as plain Fastify routes: the hottest path in the casino runs
 * without Nest's router, guard, interceptor and pipe layers (measured in BENCHMARKS.md), but with
 * the same rules in the same order: session (cached 2 s; place_bet() re-checks it), Idempotency-Key,
 * the body's schema (the one parser every route uses), the wallet named, then one database round trip;
 * the answer is written by fast-json-stringify from its schema.
 * Fastify's own hooks (rate limit, CORS, security headers, cookies) run as for every route, and
 * errors are answered by the one exception filter. Call before Nest registers its routes.
 */
export function registerInstantBetRoutes(app: NestFastifyApplication, filter: AllExceptionsFilter): void {
  const fastify = app.getHttpAdapter().getInstance();
  const sessions = app.get(SessionService);
  const idempotency = app.get(IdempotencyStore);
  for (const route of routes(app)) {
    fastify.route({
      method: 'POST',
      url: route.url,
      schema: { response: { 200: plainSchema(route.answer) } },
      errorHandler: (error: unknown, req: FastifyRequest, reply: FastifyReply) => filter.answer(error, req, reply),
      handler: async (req: FastifyRequest, reply: FastifyReply) => {
        const me = await sessions.resolveCached(sessionToken(req));
        if (!me) throw new UnauthorizedException(NO_SESSION);
        assertCanWrite(me); // what AccountWriteGuard does for Nest's routes; place_bet() checks it again
        const key = idempotencyKey(req.headers);
        const play = () => {
          const body = parseBody(route.body.schema, req.body);
          assertOwnWallet(me, body.walletAddress);
          return route.play(me, body as never);
        };
        if (key === undefined) return play();
        const out = await idempotency.run(me.userId, key, requestHash('POST', route.url, req.body), () => 200, play);
        if ('body' in out) return out.body;
        void reply.status(out.replay.status).header('Idempotent-Replay', 'true');
        return out.replay.body;
      },
    });
  }
}

/**
 * Adds the instant-bet routes to the OpenAPI document (Nest only documents its controllers); their
 * bodies' components are added by documentSchemas, called after this.
 */
export function documentInstantBetRoutes(app: NestFastifyApplication, doc: OpenAPIObject): void {
  for (const route of routes(app)) {
    doc.paths[route.url] = {
      post: {
        tags: ['games'],
        summary: route.summary,
        security: [{ cosmic_session: [] }],
        parameters: [
          {
            in: 'header',
            name: IDEMPOTENCY_HEADER,
            required: false,
            description: 'makes a retry answer the first result without betting again',
            schema: { type: 'string', maxLength: 128 },
          },
        ],
        requestBody: {
          required: true,
          content: { 'application/json': { schema: schemaRef(route.body.name, route.body.schema) } },
        },
        responses: {
          '200': { description: 'The settled bet, with the new balance and what verifies it' },
          '400': { description: 'A field is wrong: the message names it' },
          '401': { description: NO_SESSION },
        },
      },
    };
  }
}
