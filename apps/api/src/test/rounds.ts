import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import {
  blackjackAct,
  blackjackDeal,
  fairStream,
  type BlackjackAction,
  type BlackjackState,
} from '@cosmic/game-engine';
import type { SessionUser } from '../app/auth/session.service';
import type { SqlService } from '../app/database/sql.service';
import type { RoundsRepository } from '../app/games/rounds.repository';
import type { TestPlayer } from './player';
import { forceSeeds, VECTORS } from './seeds';

/** The seed pair round tests put on a player (forceSeeds) to play a hand found with the engine. */
export const SEED = 'c0ffee'.repeat(10) + 'c0ffee00'.slice(0, 4);
export const CLIENT = 'galaxy';

/** The first nonce from `from` of the SEED/CLIENT pair for which `pred` holds. */
export function firstNonce(pred: (nonce: number) => boolean, from = 0): number {
  for (let nonce = from; nonce < 200_000; nonce++) if (pred(nonce)) return nonce;
  throw new Error('no such hand');
}

/** The blackjack hand dealt at `nonce` of the SEED/CLIENT pair (the engine itself). */
export function dealtHand(nonce: number): BlackjackState {
  return blackjackDeal(fairStream(SEED, CLIENT, nonce));
}

/** The blackjack hand at `nonce` after `actions` (the engine itself); null when it refuses one. */
export function handAfter(nonce: number, actions: BlackjackAction[]): BlackjackState | null {
  let s = dealtHand(nonce);
  for (const a of actions) {
    const r = blackjackAct(s, a, fairStream(SEED, CLIENT, nonce));
    if (!r.ok) return null;
    s = r.state;
  }
  return s;
}

/** Puts the pair at `nonce` of SEED/CLIENT on the player and deals a 10 HC blackjack hand there. */
export async function dealBlackjack(sql: SqlService, p: TestPlayer, nonce: number): Promise<void> {
  await forceSeeds(sql, p.id, SEED, CLIENT, nonce);
  const res = await p.post('/api/games/blackjack/deal', {
    walletAddress: p.walletAddress,
    currency: 'HC',
    betAmount: '10',
  });
  if (res.status !== 200) throw new Error(`blackjack deal: ${res.status} ${JSON.stringify(res.body)}`);
}

/** Starts a 10 HC hi-lo run on A♣ (known-answer vector 0, nonce 0): 'higher' wins (6♦), then loses (5♣). */
export async function startHiloOnAce(sql: SqlService, p: TestPlayer): Promise<void> {
  await forceSeeds(sql, p.id, VECTORS[0].serverSeed, VECTORS[0].clientSeed, 0);
  const res = await p.post('/api/games/hilo/start', { walletAddress: p.walletAddress, currency: 'HC', bet: '10' });
  if (res.status !== 200) throw new Error(`hi-lo start: ${res.status} ${JSON.stringify(res.body)}`);
}

/** The player's latest round as stored; `seen` (its xmin) changes with every write of the row. */
export async function lastRound(sql: SqlService, userId: string) {
  const [r] = await sql.query<{ status: string; seen: string; state: never; bet_id: string | null }>(
    `SELECT status, xmin::text AS seen, state, bet_id FROM game_rounds WHERE user_id = $1 ORDER BY id DESC LIMIT 1`,
    [userId],
  );
  return r;
}

/** The session a service call acts for, read from the player's session row (a guest, its wallet unproven). */
export async function sessionUser(sql: SqlService, p: TestPlayer, username: string): Promise<SessionUser> {
  const [s] = await sql.query<{ token_hash: Buffer }>(`SELECT token_hash FROM sessions WHERE user_id = $1`, [p.id]);
  return {
    tokenHash: s.token_hash,
    userId: p.id,
    walletAddress: p.walletAddress,
    username,
    isGuest: true,
    ownershipVerified: false,
  };
}

/** Signs the player out everywhere, as another API instance would: its sessions revoked in the database. */
export async function revokeSessions(sql: SqlService, userId: string): Promise<void> {
  await sql.query(`UPDATE sessions SET revoked_at = now() WHERE user_id = $1`, [userId]);
}

/** How many Idempotency-Key rows the player holds, as counted by PostgreSQL ('0' when none). */
export async function keyCount(sql: SqlService, userId: string): Promise<string> {
  const [n] = await sql.query<{ n: string }>(`SELECT count(*) AS n FROM idempotency_keys WHERE user_id = $1`, [userId]);
  return n.n;
}

/** The rows a round statement writes with its key: the player's only round, only bet, active seed pair. */
const WRITTEN_ROWS = {
  round: 'SELECT r.xmin::text FROM game_rounds r WHERE r.user_id = k.user_id',
  bet: 'SELECT b.xmin::text FROM bets b WHERE b.user_id = k.user_id',
  pair: 'SELECT s.xmin::text FROM seed_pairs s WHERE s.user_id = k.user_id AND s.active',
} as const;

/**
 * The player's Idempotency-Key row `key`: its status code (0 while held, no answer stored) and, for
 * each of `rows`, whether the transaction that wrote the key (its xmin) also wrote that row.
 */
export async function keyCommit<R extends keyof typeof WRITTEN_ROWS>(
  sql: SqlService,
  userId: string,
  key: string,
  rows: R[],
): Promise<{ status_code: number } & Record<R, boolean>> {
  const same = rows.map((r) => `k.xmin::text = (${WRITTEN_ROWS[r]}) AS ${r}`).join(', ');
  const [held] = await sql.query<{ status_code: number } & Record<R, boolean>>(
    `SELECT k.status_code, ${same} FROM idempotency_keys k WHERE k.user_id = $1 AND k.key = $2`,
    [userId, key],
  );
  return held;
}

/**
 * Sends the same request again with the same Idempotency-Key, and what came back: its status, its
 * Idempotent-Replay header and its body.
 */
export async function retry(app: NestFastifyApplication, p: TestPlayer, url: string, body: object, key: string) {
  const res = await app.inject({
    method: 'POST',
    url,
    payload: body,
    headers: { cookie: p.cookie, 'Idempotency-Key': key },
  });
  return { status: res.statusCode, replay: res.headers['idempotent-replay'], body: res.json() };
}

/**
 * Holds every rounds.readOpen() until `n` of them have read: the steps after them then race on the
 * same row version (a jest spy: restore it after the test).
 */
export function readTogether(rounds: RoundsRepository, n: number): void {
  const read = rounds.readOpen.bind(rounds);
  const waiting: Array<() => void> = [];
  jest.spyOn(rounds, 'readOpen').mockImplementation(async (tokenHash, userId, game) => {
    const row = await read(tokenHash, userId, game);
    await new Promise<void>((go) => {
      waiting.push(go);
      if (waiting.length === n) waiting.forEach((w) => w());
    });
    return row as never;
  });
}
