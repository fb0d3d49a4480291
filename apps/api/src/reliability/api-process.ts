import { ChildProcess, spawn } from 'node:child_process';
import type { Client } from 'pg';
import { existsSync, openSync } from 'node:fs';
import { join } from 'node:path';
import { intChain, intDatabaseUrl } from '../test/int-app';

const ROOT = join(__dirname, '../../../..');
const MAIN = join(ROOT, 'dist/apps/api/apps/api/src/main.js');

/** A real API process (the built product) on the integration database and devnet. */
export interface ApiProcess {
  url: string;
  child: ChildProcess;
  kill(signal?: NodeJS.Signals): Promise<void>;
}

/** Starts `node dist/…/main.js` on `port` and waits for /api/health. */
export async function startApi(
  port: number,
  env: Record<string, string> = {},
  { logFile }: { logFile?: string } = {},
): Promise<ApiProcess> {
  if (!existsSync(MAIN)) throw new Error(`${MAIN} is missing: build the API first (npx nx run api:build)`);
  const chain = intChain();
  const child = spawn(process.execPath, [MAIN], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PORT: String(port),
      LOG_LEVEL: 'error',
      DATABASE_URL: intDatabaseUrl(),
      ALGOD_URL: chain.algodUrl,
      ALGOD_TOKEN: chain.token,
      INDEXER_URL: chain.indexerUrl,
      INDEXER_TOKEN: chain.token,
      AMINA_ASSET_ID: chain.assetId,
      HOUSE_ADDRESS: chain.houseAddress,
      HOUSE_MNEMONIC: chain.houseMnemonic,
      ALGORAND_NETWORK: 'devnet',
      JOBS_ENABLED: 'false',
      ...env,
    },
    // its log lines (pino, on stdout) go to `logFile` when given: what a failing test's 500 was
    stdio: ['ignore', logFile ? openSync(logFile, 'a') : 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (d) => (stderr += String(d)));
  const url = `http://127.0.0.1:${port}`;
  const until = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`API exited with ${child.exitCode}: ${stderr}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) break;
    } catch {
      /* not up yet */
    }
    if (Date.now() > until) throw new Error(`API on ${port} did not start: ${stderr}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    url,
    child,
    kill: (signal = 'SIGTERM') =>
      new Promise((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill(signal);
      }),
  };
}

/** A guest signed in over HTTP: its cookie and a dice-bet helper. */
export async function httpGuest(url: string) {
  const walletAddress = `GUEST_rel${Date.now()}${Math.random().toString(36).slice(2, 10)}`;
  const res = await fetch(`${url}/api/users`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ walletAddress }),
  });
  const user = (await res.json()) as { id: string };
  const cookie = (res.headers.get('set-cookie') ?? '').split(';')[0];
  return {
    id: user.id,
    walletAddress,
    cookie,
    /** One dice bet at `base`; resolves with the JSON answer or a status for a failure. */
    bet: async (
      base: string,
      betAmount = '1',
    ): Promise<{ ok: true; betId: string; nonce: number } | { ok: false; status: number; message?: string }> => {
      try {
        const r = await fetch(`${base}/api/games/dice`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', cookie },
          body: JSON.stringify({ walletAddress, currency: 'HC', betAmount, betType: 'seven' }),
        });
        if (!r.ok)
          return {
            ok: false,
            status: r.status,
            message: ((await r.json().catch(() => ({}))) as { message?: string }).message,
          };
        const b = (await r.json()) as { betId: string; nonce: number };
        return { ok: true, betId: b.betId, nonce: b.nonce };
      } catch {
        return { ok: false, status: 0 };
      }
    },
  };
}

/** Every balance equals its ledger sum, none is negative, and every settled bet has its ledger rows. */
export async function auditLedger(db: Client, userIds: string[]): Promise<void> {
  const bad = await db.query(
    `SELECT b.user_id FROM balances b
      WHERE b.user_id = ANY($1) AND (b.amount < 0 OR b.amount <> COALESCE((SELECT sum(delta) FROM ledger l WHERE l.user_id = b.user_id AND l.currency = b.currency), 0))`,
    [userIds],
  );
  expect(bad.rows).toEqual([]);
  // no half-settled bet: a stake row for every bet, a win row exactly for the winning ones
  const half = await db.query(
    `SELECT b.id FROM bets b
      WHERE b.user_id = ANY($1) AND (
        NOT EXISTS (SELECT 1 FROM ledger l WHERE l.ref = 'bet:' || b.id AND l.kind = 'bet' AND l.delta = -b.amount)
        OR (b.payout > 0) <> EXISTS (SELECT 1 FROM ledger l WHERE l.ref = 'bet:' || b.id AND l.kind = 'win' AND l.delta = b.payout))`,
    [userIds],
  );
  expect(half.rows).toEqual([]);
}
