/**
 * The canonical record of a settled bet: the exact string whose SHA-256 is the bet's leaf in an
 * anchor's Merkle tree (tree.ts). Fixed here and in libs/game-engine/README.md ("Bet anchors"), which
 * the Python reference (scripts/bet-anchor-vectors.py) follows:
 *
 *   record = canonical JSON of the object
 *     { v: 1, id, game, player, stake, currency, payout, outcome, serverSeedHash, clientSeed, nonce, time }
 *   - id, player (the player's user id), stake and payout (base units) and nonce: decimal strings
 *   - game, currency ("HC" | "AMINA"), serverSeedHash (64 lowercase hex), clientSeed: strings as stored
 *   - outcome: the stored outcome JSON itself
 *   - time: the settlement time in UTC with microseconds, "YYYY-MM-DDTHH:MM:SS.ffffffZ"
 *   canonical JSON = no whitespace, the keys of every object sorted by UTF-16 code units, strings
 *   and numbers written as JSON.stringify writes them (RFC 8785 for these values); no NaN or Infinity.
 *
 * A record is always longer than 64 bytes (serverSeedHash alone is 64 characters), so no record can
 * be read as the 64-byte input of an inner node of the tree.
 */
import { GameEngineError } from '../errors';

/** The stored fields of a settled bet that its record commits to. */
export interface BetRecordFields {
  id: string;
  game: string;
  /** The player's user id. */
  player: string;
  /** Base units staked. */
  stake: string;
  currency: string;
  /** Base units paid back (0 for a loss). */
  payout: string;
  outcome: unknown;
  serverSeedHash: string;
  clientSeed: string;
  nonce: string;
  /** "YYYY-MM-DDTHH:MM:SS.ffffffZ" (UTC, microseconds). */
  time: string;
}

/** The version written as `v` in every record. */
export const BET_RECORD_VERSION = 1;

const DIGITS = /^(0|[1-9][0-9]*)$/;
const TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;

/** JSON with the keys of every object sorted by UTF-16 code units and no whitespace (RFC 8785 for finite numbers). */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value === 'boolean' || typeof value === 'string') return JSON.stringify(value);
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new GameEngineError(`canonical JSON has no ${value}`);
    return JSON.stringify(value);
  }
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (typeof value === 'object') {
    const o = value as Record<string, unknown>;
    // JSON.stringify leaves out undefined members; so does the canonical form
    const keys = Object.keys(o)
      .filter((k) => o[k] !== undefined)
      .sort();
    return `{${keys.map((k) => `${JSON.stringify(k)}:${canonicalJson(o[k])}`).join(',')}}`;
  }
  throw new GameEngineError(`canonical JSON has no ${typeof value}`);
}

/** The bet's canonical record (see the file's head); fields out of their format throw GameEngineError (stored data is wrong). */
export function betRecord(f: BetRecordFields): string {
  for (const k of ['id', 'player', 'stake', 'payout', 'nonce'] as const)
    if (!DIGITS.test(f[k])) throw new GameEngineError(`bet ${f.id}: ${k} must be a decimal string, not ${f[k]}`);
  if (!TIME.test(f.time))
    throw new GameEngineError(`bet ${f.id}: time must be YYYY-MM-DDTHH:MM:SS.ffffffZ, not ${f.time}`);
  return canonicalJson({
    v: BET_RECORD_VERSION,
    id: f.id,
    game: f.game,
    player: f.player,
    stake: f.stake,
    currency: f.currency,
    payout: f.payout,
    outcome: f.outcome,
    serverSeedHash: f.serverSeedHash,
    clientSeed: f.clientSeed,
    nonce: f.nonce,
    time: f.time,
  });
}
