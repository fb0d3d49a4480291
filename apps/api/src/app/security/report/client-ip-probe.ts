import { Injectable } from '@nestjs/common';
import type { FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import { randomBytes } from 'node:crypto';

/** An address outside any sane TRUSTED_PROXIES list (TEST-NET-3), and the one it claims to forward. */
export const PROBE_PEER = '203.0.113.77';
export const PROBE_FORGED = '198.51.100.66';
const HEADER = 'x-cosmic-ip-probe';

/**
 * Asks the live server what client address it would give a request from an outside address
 * carrying a forged X-Forwarded-For: the real answer of Fastify's trustProxy as configured.
 * Only an in-process request carrying this process's random token is observed.
 */
@Injectable()
export class ClientIpProbe {
  private readonly token = randomBytes(16).toString('hex');
  private seen: string | undefined;

  /** The onRequest hook configureApp wires (one header lookup per request). */
  readonly onRequest = (req: FastifyRequest, _reply: FastifyReply, done: HookHandlerDoneFunction): void => {
    if (req.headers[HEADER] === this.token) this.seen = req.ip;
    done();
  };

  /** The client address the server gave the forged request (undefined: the hook did not run). */
  async probe(fastify: FastifyInstance, url: string): Promise<string | undefined> {
    this.seen = undefined;
    await fastify.inject({
      method: 'GET',
      url,
      remoteAddress: PROBE_PEER,
      headers: { 'x-forwarded-for': PROBE_FORGED, [HEADER]: this.token },
    });
    return this.seen;
  }
}
