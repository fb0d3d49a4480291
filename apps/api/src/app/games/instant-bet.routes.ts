import { UnauthorizedException } from '@nestjs/common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { OpenAPIObject } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { assertCanWrite, assertOwnWallet } from '../auth/ownership';
import { NO_SESSION, sessionToken } from '../auth/session.guard';
import { SessionService, type SessionUser } from '../auth/session.service';
import type { AllExceptionsFilter } from '../common/all-exceptions.filter';
import { IDEMPOTENCY_HEADER, idempotencyKey, IdempotencyStore, requestHash } from '../common/idempotency.store';
import { DiceService } from './dice.service';
import { DiceBody, PlinkoBody } from './dto';
import { BodySchema, DICE_BODY, PLINKO_BODY } from './instant-bet.body';
import { PlinkoService } from './plinko.service';

/** A one-round-trip bet route served by Fastify directly. */
interface InstantRoute<B extends { walletAddress: string }> {
  url: string;
  summary: string;
  /** The DTO documented in OpenAPI (its rules are mirrored by `schema`). */
  model: new () => B;
  schema: BodySchema<B>;
  play(me: SessionUser, body: B): Promise<unknown>;
}

function routes(app: NestFastifyApplication): InstantRoute<DiceBody | PlinkoBody>[] {
  const dice = app.get(DiceService);
  const plinko = app.get(PlinkoService);
  return [
    { url: '/api/games/dice', summary: 'Roll two dice: low (2–6) 2x, seven 4x, high (8–12) 2x', model: DiceBody, schema: DICE_BODY, play: (me, body) => dice.roll(me, body as DiceBody) },
    { url: '/api/games/plinko/deduct', summary: 'Place and settle a plinko bet; answers the path the ball follows', model: PlinkoBody, schema: PLINKO_BODY, play: (me, body) => plinko.drop(me, body as PlinkoBody) },
  ] as InstantRoute<DiceBody | PlinkoBody>[];
}

/**
 * The instant bets (dice, plinko) as plain Fastify routes: the hottest path in the casino runs
 * without Nest's router, guard, interceptor and pipe layers (measured in BENCHMARKS.md), but with
 * the same rules in the same order: session (cached 2 s; place_bet() re-checks it), Idempotency-Key,
 * the body's fields (same messages as the DTO), the wallet named, then one database round trip.
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
      errorHandler: (error: unknown, req: FastifyRequest, reply: FastifyReply) => filter.answer(error, req, reply),
      handler: async (req: FastifyRequest, reply: FastifyReply) => {
        const me = await sessions.resolveCached(sessionToken(req));
        if (!me) throw new UnauthorizedException(NO_SESSION);
        assertCanWrite(me); // what AccountWriteGuard does for Nest's routes; place_bet() checks it again
        const key = idempotencyKey(req.headers);
        const play = () => {
          const body = route.schema.parse(req.body);
          assertOwnWallet(me, body.walletAddress);
          return route.play(me, body);
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

/** Adds the instant-bet routes to the OpenAPI document (Nest only documents its controllers). */
export function documentInstantBetRoutes(app: NestFastifyApplication, doc: OpenAPIObject): void {
  for (const route of routes(app)) {
    doc.paths[route.url] = {
      post: {
        tags: ['games'],
        summary: route.summary,
        security: [{ cosmic_session: [] }],
        parameters: [{ in: 'header', name: IDEMPOTENCY_HEADER, required: false, description: 'makes a retry answer the first result without betting again', schema: { type: 'string', maxLength: 128 } }],
        requestBody: { required: true, content: { 'application/json': { schema: { $ref: `#/components/schemas/${route.model.name}` } } } },
        responses: { '200': { description: 'The settled bet, with the new balance and what verifies it' }, '400': { description: 'A field is wrong: the message names it' }, '401': { description: NO_SESSION } },
      },
    };
  }
}

/** The DTOs the instant-bet routes document, for SwaggerModule.createDocument's extraModels. */
export const INSTANT_BET_MODELS = [DiceBody, PlinkoBody];
