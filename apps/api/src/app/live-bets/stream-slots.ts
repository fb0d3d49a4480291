import { Inject, Injectable } from '@nestjs/common';
import { normalizeIP } from '@fastify/rate-limit';
import { APP_CONFIG } from '../config/config.module';
import type { AppConfig } from '../config/app-config';
import { StreamsFullError, TooManyStreamsError } from './live-bets.errors';

/** A stream's place in the caps; release() gives it back (once, however often it is called). */
export interface StreamSlot {
  release(): void;
}

/**
 * The caps on this instance's live-bet streams: LIVE_STREAMS_PER_ADDRESS per client address (the
 * rate limits' address: TRUSTED_PROXIES decides it, IPv6 by its /64) and LIVE_STREAMS_TOTAL in all.
 * A stream holds this instance's socket and memory for as long as it is open, so the counts are
 * the instance's own, never shared through Redis.
 */
@Injectable()
export class StreamSlots {
  private readonly byAddress = new Map<string, number>();
  private total = 0;

  constructor(@Inject(APP_CONFIG) private readonly config: Pick<AppConfig, 'liveStreams'>) {}

  /** Takes a slot for a stream from `ip`; throws TooManyStreamsError (429) or StreamsFullError (503). */
  take(ip: string): StreamSlot {
    const { perAddress, total } = this.config.liveStreams;
    const address = normalizeIP(ip);
    const held = this.byAddress.get(address) ?? 0;
    if (held >= perAddress) throw new TooManyStreamsError(perAddress);
    if (this.total >= total) throw new StreamsFullError();
    this.byAddress.set(address, held + 1);
    this.total++;
    let released = false;
    return {
      release: () => {
        if (released) return;
        released = true;
        this.total--;
        const left = (this.byAddress.get(address) ?? 1) - 1;
        if (left > 0) this.byAddress.set(address, left);
        else this.byAddress.delete(address);
      },
    };
  }

  /** Streams open on this instance. */
  get open(): number {
    return this.total;
  }
}
