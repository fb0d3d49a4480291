import { Controller, Get, Inject, Logger, Req, Res } from '@nestjs/common';
import { ApiOkResponse, ApiProduces, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { LiveBetsQuerySchema, LiveBetsSchema, type LiveBetsQuery } from '@cosmic/contracts';
import { sessionToken } from '../auth/session-token';
import { SessionService, type SessionUser } from '../auth/session.service';
import { APP_CONFIG } from '../config/config.module';
import type { AppConfig } from '../config/app-config';
import { Drain } from '../health/drain';
import { Answers, SchemaQuery } from '../common/schema-decorators';
import { EventStream } from './event-stream';
import { LiveBetsService, POLL_MS, type LiveBetDto } from './live-bets.service';
import { StreamSlots } from './stream-slots';

/** How often an open stream checks whether the API is draining. */
const CHECK_MS = POLL_MS * 2;

/** The live bets feed: the latest rows of a tab, and a server-sent event stream of committed bets. */
@ApiTags('live-bets')
@Controller('live-bets')
export class LiveBetsController {
  private readonly log = new Logger(LiveBetsController.name);

  constructor(
    private readonly live: LiveBetsService,
    private readonly sessions: SessionService,
    private readonly drain: Drain,
    private readonly slots: StreamSlots,
    @Inject(APP_CONFIG) private readonly config: Pick<AppConfig, 'liveStreams'>,
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
   * `revealed` (a JSON array of {serverSeedHash, serverSeed}) when seed pairs are rotated. Ends when the client goes away,
   * the API drains or the stream reaches its lifetime (the client reconnects); dropped when the
   * client does not read. Capped per address (429) and in all (503), with Retry-After.
   */
  @Get('stream')
  @ApiProduces('text/event-stream')
  @ApiOkResponse({ description: 'Server-sent events: `bets` with the newly committed bets' })
  @ApiResponse({ status: 429, description: 'This address has LIVE_STREAMS_PER_ADDRESS streams open (Retry-After)' })
  @ApiResponse({ status: 503, description: 'This instance has LIVE_STREAMS_TOTAL streams open (Retry-After)' })
  async stream(@Req() req: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    // taken before any await, so concurrent openings cannot all pass the count
    const slot = this.slots.take(req.ip);
    let user: SessionUser | null;
    try {
      user = await this.sessions.resolveCached(sessionToken(req));
    } catch (e) {
      slot.release();
      throw e;
    }
    reply.hijack();
    let stream: EventStream | undefined = undefined;
    const unsubscribe = this.live.subscribe({
      userId: user?.userId ?? null,
      send: (rows) => stream?.event('bets', rows),
      reveal: (seeds) => stream?.event('revealed', seeds),
      close: () => stream?.end(),
    });
    stream = new EventStream(reply.raw, {
      ...this.config.liveStreams,
      checkMs: CHECK_MS,
      shouldEnd: () => this.drain.isDraining,
      onClose: (why) => {
        unsubscribe();
        slot.release();
        if (why === 'slow')
          this.log.log({
            msg: 'live bets stream dropped: its client does not read',
            ip: req.ip,
            bufferBytes: this.config.liveStreams.bufferBytes,
          });
      },
    });
  }
}
