import { ForbiddenException, Global, Inject, Injectable, Module } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { APP_CONFIG } from '../config/config.module';
import type { AppConfig } from '../config/app-config';

/** The request headers that say which site a request came through. */
export type SiteHeaders = Pick<FastifyRequest, 'protocol'> & {
  headers: Pick<FastifyRequest['headers'], 'host' | 'origin'>;
};

/**
 * The configured origin a request came through, for a text a wallet signs; 403 naming the Host or
 * the Origin that is not one of `origins`. The Host must be a configured origin's host (a proxy in
 * front, such as a phishing page relaying the casino, is refused); an Origin header, when the
 * browser sends one, must itself be a configured origin: the CORS allow-list lets other sites call
 * the API, but a challenge names only the casino's own site. "null" (a same-origin POST under
 * Referrer-Policy: no-referrer) says nothing, so the Host decides.
 */
export function publicOriginFor(req: SiteHeaders, origins: readonly string[]): string {
  const host = req.headers.host ?? '';
  const sites = origins.map((o) => new URL(o));
  const atHost = sites.filter((site) => sameHost(site, host));
  if (atHost.length === 0) throw new ForbiddenException(`Host not allowed: ${host || '(none)'}`);
  const origin = req.headers.origin;
  if (origin !== undefined && origin !== 'null') {
    if (!origins.includes(origin)) throw new ForbiddenException(`Origin not allowed: ${origin}`);
    return origin;
  }
  return (atHost.find((site) => site.protocol === `${req.protocol}:`) ?? atHost[0]).origin;
}

/** A Host header: a name, an IPv4 or a bracketed IPv6 address, and perhaps a port; nothing else. */
const HOST_HEADER = /^(?:[a-z0-9.-]+|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

/** True when a Host header names `site`'s host and port (the scheme's default when it writes none). */
function sameHost(site: URL, host: string): boolean {
  if (!HOST_HEADER.test(host)) return false;
  try {
    const asked = new URL(`${site.protocol}//${host}`);
    return asked.hostname === site.hostname && asked.port === site.port;
  } catch {
    return false; // a port past 65535
  }
}

/** The casino's own site(s) (PUBLIC_ORIGIN): the only sites a signed challenge may name. */
@Injectable()
export class PublicOrigins {
  private readonly origins: readonly string[];
  private readonly hosts: ReadonlySet<string>;

  constructor(@Inject(APP_CONFIG) config: Pick<AppConfig, 'publicOrigins'>) {
    this.origins = config.publicOrigins;
    this.hosts = new Set(config.publicOrigins.map((o) => new URL(o).host));
  }

  /** The configured origin `req` came through (403 when its Host or Origin is not one). */
  forRequest(req: SiteHeaders): string {
    return publicOriginFor(req, this.origins);
  }

  /** True when `uri` is a configured origin and `domain` its host, as a challenge names them. */
  names(uri: string, domain: string): boolean {
    return this.origins.includes(uri) && this.hosts.has(domain) && new URL(uri).host === domain;
  }
}

/** The public origins as a global provider (the wallet and cashier name them in challenges). */
@Global()
@Module({ providers: [PublicOrigins], exports: [PublicOrigins] })
export class PublicOriginModule {}
