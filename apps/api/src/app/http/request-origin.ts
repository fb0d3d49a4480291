import { ForbiddenException } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import type { CorsPolicy } from './cors-policy';

/**
 * The site a request comes from, for texts a wallet signs: its Origin header when that is this
 * host or on the CORS allow-list (403 otherwise), else this host as the request reached it.
 */
export function requestOrigin(req: FastifyRequest, cors: Pick<CorsPolicy, 'isAllowed'>): string {
  const self = `${req.protocol}://${req.headers.host ?? req.hostname}`;
  const origin = req.headers.origin;
  if (origin === undefined || origin === 'null') return self;
  if (origin === self || cors.isAllowed(origin)) return origin;
  throw new ForbiddenException(`Origin not allowed: ${origin}`);
}
