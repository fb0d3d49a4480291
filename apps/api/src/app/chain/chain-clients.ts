import * as algosdk from 'algosdk';

// algosdk takes server and port separately (and the Indexer defaults to port 8080), so a
// configured URL is split here; an empty port keeps the scheme's default.
function serverAndPort(url: string): [string, string] {
  const parsed = new URL(url);
  const host = parsed.hostname.includes(':') ? `[${parsed.hostname}]` : parsed.hostname;
  const path = parsed.pathname === '/' ? '' : parsed.pathname.replace(/\/$/, '');
  return [`${parsed.protocol}//${host}${path}`, parsed.port];
}

/** An algod client for a URL such as http://127.0.0.1:4001 or https://host/algod. */
export function algodClient(url: string, token: string): algosdk.Algodv2 {
  const [server, port] = serverAndPort(url);
  return new algosdk.Algodv2(token, server, port);
}

/** An indexer client for a URL such as http://127.0.0.1:8980. */
export function indexerClient(url: string, token: string): algosdk.Indexer {
  const [server, port] = serverAndPort(url);
  return new algosdk.Indexer(token, server, port);
}
