import { InvalidInputError } from '../../common/domain-error';

const HOST =
  /^(?=.{1,253}(?::\d{1,5})?$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*(?::\d{1,5})?$/;

/**
 * The origins an emergency fix for `domain` acts on. An origin (`https://mirror.example`) is
 * taken as is; a host name (`mirror.example`) means its https and http origins plus every
 * allowed origin on that host (any port).
 */
export function targetOrigins(domain: string, allowed: readonly string[]): string[] {
  const raw = domain.trim().toLowerCase();
  if (/^https?:\/\//.test(raw)) {
    let url: URL;
    try {
      url = new URL(raw);
    } catch {
      throw invalid();
    }
    if (url.origin !== raw.replace(/\/$/, '')) throw invalid();
    return [url.origin];
  }
  if (!HOST.test(raw)) throw invalid();
  const hasPort = raw.includes(':');
  const onHost = allowed.filter((o) => {
    const u = new URL(o);
    return hasPort ? u.host === raw : u.hostname === raw;
  });
  return [...new Set([`https://${raw}`, `http://${raw}`, ...onHost])];
}

function invalid(): InvalidInputError {
  return new InvalidInputError(
    'domain must be an origin like https://casino.example or a host name like casino.example',
  );
}
