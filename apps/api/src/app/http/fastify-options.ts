import type { FastifyServerOptions } from 'fastify';
import type { AppConfig, TrustedProxies } from '../config/app-config';

/**
 * Fastify's `trustProxy` for TRUSTED_PROXIES. Fastify (proxy-addr) then walks X-Forwarded-For
 * from the socket's peer and stops at the first untrusted hop, so `req.ip` is the client a
 * trusted proxy saw, never an entry the client wrote itself.
 */
export function trustProxySetting(trusted: TrustedProxies): false | string[] {
  return trusted.kind === 'list' ? trusted.entries : false;
}

/** The options of the API's Fastify server. */
export function fastifyOptions(
  config: Pick<AppConfig, 'trustedProxies'>,
): Pick<FastifyServerOptions, 'trustProxy' | 'bodyLimit'> {
  return { trustProxy: trustProxySetting(config.trustedProxies), bodyLimit: 256 * 1024 };
}
