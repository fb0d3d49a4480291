import { AuditorRepository } from '../app/security/personas/auditor.repository';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { SqlService } from '../app/database/sql.service';

/** The independent known-answer vectors committed with game-engine (a copy of shared/fairness). */
export const VECTORS = JSON.parse(
  readFileSync(join(__dirname, '../../../../libs/game-engine/src/fixtures/vectors.json'), 'utf8'),
).vectors as Array<{
  serverSeed: string;
  serverSeedHash: string;
  clientSeed: string;
  nonce: number;
  dice: [number, number];
  plinko: { path: number[]; slot: number };
  cards: string[];
}>;

/** Puts a known seed pair (and nonce) on the player's active pair, as if the server had drawn it. */
export async function forceSeeds(
  sql: SqlService,
  userId: string,
  serverSeed: string,
  clientSeed: string,
  nonce: number,
): Promise<void> {
  const hash = createHash('sha256').update(serverSeed, 'ascii').digest('hex');
  await sql.query(
    `UPDATE seed_pairs SET server_seed = $2, server_seed_hash = $3, client_seed = $4, nonce = $5 WHERE user_id = $1 AND active`,
    [userId, serverSeed, hash, clientSeed, nonce],
  );
}

/** Asserts the invariant: every balance equals the sum of its ledger, and none is negative. */
export async function ledgerExact(sql: SqlService, userId: string): Promise<Record<string, string>> {
  const rows = await sql.query<{ currency: string; amount: string; sum: string }>(
    `SELECT b.currency, b.amount, COALESCE((SELECT sum(delta) FROM ledger l WHERE l.user_id = b.user_id AND l.currency = b.currency), 0) AS sum
       FROM balances b WHERE b.user_id = $1`,
    [userId],
  );
  const out: Record<string, string> = {};
  for (const r of rows) {
    if (r.amount !== String(r.sum))
      throw new Error(`ledger of user ${userId} ${r.currency}: balance ${r.amount} ≠ ledger sum ${r.sum}`);
    if (BigInt(r.amount) < 0n) throw new Error('negative balance');
    out[r.currency] = r.amount;
  }
  return out;
}

/**
 * Every balance of the casino that disagrees with its ledger or is negative, as the auditor
 * persona reads them (its own queries): [] when the whole ledger is exact.
 */
export async function casinoLedgerDrift(app: { get<T>(type: new (...args: never[]) => T): T }): Promise<unknown[]> {
  const auditor = app.get(AuditorRepository);
  const [{ mismatches, orphanLedgers }, negative] = await Promise.all([
    auditor.ledgerMismatches(),
    auditor.negativeBalances(),
  ]);
  return [...mismatches, ...negative, ...(orphanLedgers ? [{ orphanLedgers }] : [])];
}
