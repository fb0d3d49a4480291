import { Controller, Get, Req, Res } from '@nestjs/common';
import { ApiOkResponse, ApiProduces, ApiTags } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { LiveBetsQuerySchema, LiveBetsSchema, type LiveBetsQuery } from '@cosmic/contracts';
import { sessionToken } from '../auth/session.guard';
import { SessionService } from '../auth/session.service';
import { Drain } from '../health/drain';
import { Answers, SchemaQuery } from '../common/schema-decorators';
import { LiveBetsService, POLL_MS, type LiveBetDto } from './live-bets.service';

/** A comment line that keeps proxies from closing an idle stream. */
const HEARTBEAT_MS = 15_000;
/** What EventSource waits before it reconnects. */
const RETRY_MS = 2_000;
/** How often an open stream checks whether the API is draining. */
const CHECK_MS = POLL_MS * 2;

/** The live bets feed: the latest rows of a tab, and a server-sent event stream of committed bets. */
@ApiTags('live-bets')
@Controller('live-bets')
export class LiveBetsController {
  constructor(
    private readonly live: LiveBetsService,
    private readonly sessions: SessionService,
    private readonly drain: Drain,
  ) {}

  /** The latest 20 bets of a tab ('mine' from the session cookie; empty without one). */
  @Get()
  @ApiOkResponse({ description: 'The latest 20 bets of the tab, newest first' })
  @Answers(LiveBetsSchema)
  async latest(
    @SchemaQuery(LiveBetsQuerySchema) query: LiveBetsQuery,
    @Req() req: FastifyRequest,
  ): Promise<LiveBetDto[]> {
    const user = await this.sessions.resolveCached(sessionToken(req));
    return this.live.latest(query.tab, user?.userId ?? null);
  }

  /**
   * `text/event-stream`: first a `bets` event with the latest 20 bets, then one (a JSON array,
   * newest first, the session's own marked `mine`) at most every 300 ms while bets are committed, and
   * `revealed` (a JSON array of {serverSeedHash, serverSeed}) when seed pairs are rotated. Ends when the client goes away or the
   * API drains (the client reconnects).
   */
  @Get('stream')
  @ApiProduces('text/event-stream')
  @ApiOkResponse({ description: 'Server-sent events: `bets` with the newly committed bets' })
  async stream(@Req() req: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    const user = await this.sessions.resolveCached(sessionToken(req));
    const res = reply.raw;
    reply.hijack();
    res.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      connection: 'keep-alive',
      // nginx: pass each event on at once
      'x-accel-buffering': 'no',
    });
    res.write(`retry: ${RETRY_MS}\n\n`);
    let open = true;
    const end = () => {
      if (!open) return;
      open = false;
      clearInterval(heartbeat);
      unsubscribe();
      res.end();
    };
    let sinceBeat = 0;
    const heartbeat = setInterval(() => {
      // a stream open when draining began is ended within a tick, so the drain does not wait for it
      if (this.drain.isDraining) return end();
      sinceBeat += CHECK_MS;
      if (sinceBeat >= HEARTBEAT_MS) {
        sinceBeat = 0;
        res.write(': keep-alive\n\n');
      }
    }, CHECK_MS);
    const unsubscribe = this.live.subscribe({
      userId: user?.userId ?? null,
      send: (rows) => {
        if (open) res.write(`event: bets\ndata: ${JSON.stringify(rows)}\n\n`);
      },
      reveal: (seeds) => {
        if (open) res.write(`event: revealed\ndata: ${JSON.stringify(seeds)}\n\n`);
      },
      close: end,
    });
    req.raw.once('close', end);
    res.once('close', end);
  }
}
