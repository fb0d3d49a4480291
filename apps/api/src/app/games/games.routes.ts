import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { OpenAPIObject } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Static, TObject } from '@sinclair/typebox';
import {
  BetBodySchema,
  BlackjackEndBodySchema,
  BlackjackStateSchema,
  DiceBodySchema,
  DiceResultSchema,
  HiloEndBodySchema,
  HiloGuessBodySchema,
  HiloStartBodySchema,
  HiloStateSchema,
  PlinkoBodySchema,
  PlinkoResultBodySchema,
  PlinkoResultSchema,
  PlinkoSettledSchema,
  SlotsBodySchema,
  SlotsBonusSchema,
  SlotsSpinSchema,
  WalletBodySchema,
} from '@cosmic/contracts';
import { NO_SESSION } from '../auth/session-token';
import { SessionService, type SessionUser } from '../auth/session.service';
import type { AllExceptionsFilter } from '../common/all-exceptions.filter';
import { IDEMPOTENCY_HEADER, IdempotencyStore } from '../common/idempotency.store';
import { parseBody, plainSchema } from '../common/schema-body';
import { schemaRef } from '../common/schema-decorators';
import {
  actingPlayer,
  answerOnce,
  applySessionRules,
  type PlayerRequest,
  type SessionRules,
} from '../http/request-rules';
import { BlackjackService } from './blackjack.service';
import { DiceService } from './dice.service';
import { HiloService } from './hilo.service';
import { PlinkoService } from './plinko.service';
import { SlotsService } from './slots.service';

/** A game action served by Fastify directly: one POST with a body naming the player's wallet. */
interface GameRoute<B extends TObject = TObject, A extends TObject = TObject> {
  url: string;
  summary: string;
  /** The body's schema (@cosmic/contracts): checked by parseBody, documented as the component `name`. */
  body: { name: string; schema: B };
  /** The answer's schema: Fastify's fast-json-stringify writes it. */
  answer: A;
  /**
   * The action's SQL checks the session again before it writes: every way a game writes goes
   * through place_bet(s)(), round_open(s)() or round_act(s)(), and each checks it with the key's
   * claim (claim_requests.sql). So the session may come from the 2-second memory (`resolveCached`).
   * The answers of a settled round (plinko/result, hilo/loss, blackjack/bust) write nothing and
   * resolve it afresh.
   */
  sessionCheckedInSql?: boolean;
  play(me: SessionUser, body: Static<B>): Promise<Static<A>>;
}

/** One route, its body and answer typed from their schemas. */
const route = <B extends TObject, A extends TObject>(r: GameRoute<B, A>): GameRoute => r as unknown as GameRoute;

/**
 * Every game action's rules (http/request-rules.ts), as Nest's routes declare them with decorators:
 * a session that may change its account (the default write access), and the body's
 * `walletAddress`, when it names one, the session's own (`@ProvenOwner()`).
 */
const playRules = (r: GameRoute): SessionRules => ({
  write: 'proven',
  owner: { in: 'body', name: 'walletAddress' },
  sessionCheckedInSql: r.sessionCheckedInSql,
});

function routes(app: NestFastifyApplication): GameRoute[] {
  const dice = app.get(DiceService);
  const plinko = app.get(PlinkoService);
  const hilo = app.get(HiloService);
  const blackjack = app.get(BlackjackService);
  const slots = app.get(SlotsService);
  const blackjackEnd = { name: 'BlackjackEndBody', schema: BlackjackEndBodySchema };
  const hiloEnd = { name: 'HiloEndBody', schema: HiloEndBodySchema };
  const bet = { name: 'BetBody', schema: BetBodySchema };
  return [
    route({
      url: '/api/games/dice',
      summary: 'Roll two dice: low (2–6) 2x, seven 4x, high (8–12) 2x',
      body: { name: 'DiceBody', schema: DiceBodySchema },
      answer: DiceResultSchema,
      sessionCheckedInSql: true,
      play: (me, body) => dice.roll(me, body),
    }),
    route({
      url: '/api/games/plinko/deduct',
      summary: 'Place and settle a plinko bet; answers the path the ball follows',
      body: { name: 'PlinkoBody', schema: PlinkoBodySchema },
      answer: PlinkoResultSchema,
      sessionCheckedInSql: true,
      play: (me, body) => plinko.drop(me, body),
    }),
    route({
      url: '/api/games/plinko/result',
      summary: 'The settled plinko round (a client slotIndex is ignored)',
      body: { name: 'PlinkoResultBody', schema: PlinkoResultBodySchema },
      answer: PlinkoSettledSchema,
      play: (me, body) => plinko.result(me, body),
    }),
    route({
      url: '/api/games/hilo/start',
      summary: 'Debit the bet and draw the first card',
      body: { name: 'HiloStartBody', schema: HiloStartBodySchema },
      answer: HiloStateSchema,
      sessionCheckedInSql: true,
      play: (me, body) => hilo.start(me, body),
    }),
    route({
      url: '/api/games/hilo/guess',
      summary: 'Guess higher or lower than the card shown',
      body: { name: 'HiloGuessBody', schema: HiloGuessBodySchema },
      answer: HiloStateSchema,
      sessionCheckedInSql: true,
      play: (me, body) => hilo.guess(me, body),
    }),
    route({
      url: '/api/games/hilo/cashout',
      summary: 'Cash out the run (a client streak or currentBet is ignored)',
      body: hiloEnd,
      answer: HiloStateSchema,
      sessionCheckedInSql: true,
      play: (me) => hilo.cashout(me),
    }),
    route({
      url: '/api/games/hilo/loss',
      summary: 'No-op: answers the settled run',
      body: hiloEnd,
      answer: HiloStateSchema,
      play: (me) => hilo.loss(me),
    }),
    route({
      url: '/api/games/blackjack/deal',
      summary: 'Debit the bet and deal (hole card hidden); settles at once on a blackjack',
      body: bet,
      answer: BlackjackStateSchema,
      sessionCheckedInSql: true,
      play: (me, body) => blackjack.deal(me, body),
    }),
    route({
      url: '/api/games/blackjack/hit',
      summary: 'Hit: one more card',
      body: { name: 'WalletBody', schema: WalletBodySchema },
      answer: BlackjackStateSchema,
      sessionCheckedInSql: true,
      play: (me) => blackjack.act(me, 'hit'),
    }),
    route({
      url: '/api/games/blackjack/stand',
      summary: 'Stand (a client playerTotal is ignored)',
      body: blackjackEnd,
      answer: BlackjackStateSchema,
      sessionCheckedInSql: true,
      play: (me) => blackjack.act(me, 'stand'),
    }),
    route({
      url: '/api/games/blackjack/double',
      summary: 'Double (needs balance for the second stake; client cards are ignored)',
      body: blackjackEnd,
      answer: BlackjackStateSchema,
      sessionCheckedInSql: true,
      play: (me) => blackjack.act(me, 'double'),
    }),
    route({
      url: '/api/games/blackjack/split',
      summary: 'Split a pair into two hands (a second stake)',
      body: blackjackEnd,
      answer: BlackjackStateSchema,
      sessionCheckedInSql: true,
      play: (me) => blackjack.act(me, 'split'),
    }),
    route({
      url: '/api/games/blackjack/bust',
      summary: 'No-op: answers the settled hand',
      body: blackjackEnd,
      answer: BlackjackStateSchema,
      play: (me) => blackjack.lastHand(me),
    }),
    route({
      url: '/api/games/slots',
      summary: 'One spin with all its cascades; isFreeSpins plays a free spin the server holds',
      body: { name: 'SlotsBody', schema: SlotsBodySchema },
      answer: SlotsSpinSchema,
      sessionCheckedInSql: true,
      play: (me, body) => slots.spin(me, body),
    }),
    route({
      url: '/api/games/slots/buy-bonus',
      summary: 'Buy 10 free spins at ×3 for 100× the bet',
      body: bet,
      answer: SlotsBonusSchema,
      sessionCheckedInSql: true,
      play: (me, body) => slots.buyBonus(me, body),
    }),
  ];
}

/**
 * The games' actions (every POST under /api/games) as plain Fastify routes: the casino's hottest
 * paths run without Nest's router, guard, interceptor and pipe layers (measured in BENCHMARKS.md),
 * but pass the same rules, applied by the same functions in the same order as Nest's routes
 * (http/request-rules.ts): the session, what it may do and the wallet it names (`playRules`),
 * the Idempotency-Key, the body's schema (the one parser every route uses), then the game; the
 * answer is written by fast-json-stringify from its schema. Fastify's own hooks (rate limit, CORS,
 * security headers, cookies) run as for every route, and errors are answered by the one exception
 * filter. Call before Nest registers its routes. The games' reads (GET) stay in GamesController.
 */
export function registerGameRoutes(app: NestFastifyApplication, filter: AllExceptionsFilter): void {
  const fastify = app.getHttpAdapter().getInstance();
  const sessions = app.get(SessionService);
  const idempotency = app.get(IdempotencyStore);
  for (const r of routes(app)) {
    fastify.route({
      method: 'POST',
      url: r.url,
      schema: { response: { 200: plainSchema(r.answer) } },
      errorHandler: (error: unknown, req: FastifyRequest, reply: FastifyReply) => filter.answer(error, req, reply),
      handler: async (req: PlayerRequest, reply: FastifyReply) => {
        const me = (await applySessionRules(sessions, req, playRules(r))) as SessionUser;
        // a round's transaction returns the action's answer: it claims the key with it (no write of its own)
        return answerOnce(
          idempotency,
          req,
          reply,
          (claim) => r.play(actingPlayer(me, claim), parseBody(r.body.schema, req.body)),
          { answerInTransaction: true },
        );
      },
    });
  }
}

/**
 * Adds the game routes to the OpenAPI document (Nest only documents its controllers); their bodies'
 * components are added by documentSchemas, called after this.
 */
export function documentGameRoutes(app: NestFastifyApplication, doc: OpenAPIObject): void {
  for (const r of routes(app)) {
    doc.paths[r.url] = {
      post: {
        tags: ['games'],
        summary: r.summary,
        security: [{ cosmic_session: [] }],
        parameters: [
          {
            in: 'header',
            name: IDEMPOTENCY_HEADER,
            required: false,
            description: 'makes a retry answer the first result without playing again',
            schema: { type: 'string', maxLength: 128 },
          },
        ],
        requestBody: {
          required: true,
          content: { 'application/json': { schema: schemaRef(r.body.name, r.body.schema) } },
        },
        responses: {
          '200': {
            description: 'The action played, with the new balance and what verifies it',
            content: { 'application/json': { schema: plainSchema(r.answer) } },
          },
          '400': { description: 'A field is wrong: the message names it' },
          '401': { description: NO_SESSION },
          '403': { description: 'The session may not change this account, or the wallet is not its own' },
        },
      },
    };
  }
}
