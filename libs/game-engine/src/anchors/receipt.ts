/**
 * A bet's receipt (GET /api/bets/:id/receipt) and the note of the anchoring transaction: what
 * anyone checks with SHA-256 alone. The receipt's `leaf` must be SHA-256 of its `record`, its `path`
 * must lead from that leaf to its `root`, and the root (with the previous anchor's root) must be
 * what the house wrote in the note of `txid`.
 */
import { type Result, fail } from '../errors';
import { toHex, utf8 } from '../fair/encoding';
import { sha256 as engineSha256 } from '../fair/sha256';
import { fromHex, parseU64, type Sha256 } from '../reserves/encoding';
import { type BetPathStep, rootOfPath } from './tree';

// TextDecoder exists in every browser and in Node; declared because the library compiles against plain ES2022.
declare const TextDecoder: { new (label: string, options: { fatal: boolean }): { decode(input: Uint8Array): string } };

/** Every bet-anchor note starts with these bytes (the indexer's note-prefix search finds them). */
export const BET_ANCHOR_NOTE_PREFIX = 'cosmic-bets:v1:';

/** What the house writes on chain for one anchor. */
export interface BetAnchorCommitment {
  /** The anchor's id. */
  anchor: string;
  /** The Merkle root of its bets, 64 lowercase hex. */
  root: string;
  /** The previous anchor's root (the chain), or null for the first anchor. */
  previousRoot: string | null;
  /** How many bets (leaves) the tree has. */
  bets: number;
}

/** A receipt's fields that the check reads (the API's answer carries more). */
export interface BetReceiptJson {
  record: string;
  leaf: string;
  path: BetPathStep[];
  root: string;
  previousRoot: string | null;
  txid: string;
}

const HEX64 = /^[0-9a-f]{64}$/;

/** The note bytes: the prefix, then the commitment as JSON with its keys in a fixed order. */
export function betAnchorNote(c: BetAnchorCommitment): Uint8Array {
  return utf8(
    BET_ANCHOR_NOTE_PREFIX +
      JSON.stringify({ anchor: c.anchor, root: c.root, previousRoot: c.previousRoot, bets: c.bets }),
  );
}

/** Reads a bet-anchor note (raw bytes from the chain); anything else gives an error result. */
export function parseBetAnchorNote(note: Uint8Array): Result<{ commitment: BetAnchorCommitment }> {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(note);
  } catch {
    return fail('the note is not UTF-8 text');
  }
  if (!text.startsWith(BET_ANCHOR_NOTE_PREFIX)) return fail(`the note does not start with ${BET_ANCHOR_NOTE_PREFIX}`);
  let body: unknown;
  try {
    body = JSON.parse(text.slice(BET_ANCHOR_NOTE_PREFIX.length));
  } catch {
    return fail('the note does not hold JSON after its prefix');
  }
  if (typeof body !== 'object' || body === null) return fail('the note does not hold a JSON object');
  const b = body as Record<string, unknown>;
  if (parseU64(b['anchor']) === null) return fail('the note has no anchor id');
  if (typeof b['root'] !== 'string' || !HEX64.test(b['root'])) return fail('the note has no 64-hex root');
  const prev = b['previousRoot'];
  if (prev !== null && (typeof prev !== 'string' || !HEX64.test(prev)))
    return fail('the note has no previousRoot (64 hex, or null for the first anchor)');
  if (!Number.isSafeInteger(b['bets']) || (b['bets'] as number) < 1) return fail('the note has no bet count');
  return {
    ok: true,
    commitment: { anchor: b['anchor'] as string, root: b['root'], previousRoot: prev, bets: b['bets'] as number },
  };
}

/**
 * Checks a receipt with SHA-256 alone: the leaf is SHA-256 of the record, the path leads to the
 * root; given the note read from the chain, its root and previous root are the receipt's. Bad or
 * mismatched input gives an error result naming what is wrong.
 */
export function verifyBetReceipt(
  receipt: unknown,
  anchored?: BetAnchorCommitment,
  sha256: Sha256 = engineSha256,
): Result<{ root: string }> {
  if (typeof receipt !== 'object' || receipt === null) return fail('the receipt is not a JSON object');
  const r = receipt as Partial<Record<keyof BetReceiptJson, unknown>>;
  if (typeof r.record !== 'string') return fail('the receipt has no record (the bet’s canonical record)');
  if (typeof r.leaf !== 'string' || !fromHex(r.leaf, 32)) return fail('the receipt has no leaf (64 hex)');
  if (typeof r.root !== 'string' || !HEX64.test(r.root)) return fail('the receipt has no root (64 lowercase hex)');
  if (!Array.isArray(r.path)) return fail('the receipt has no path (a list of {side, hash})');
  const leaf = toHex(sha256(utf8(r.record)));
  if (leaf !== r.leaf.toLowerCase())
    return fail(`SHA-256 of the record is ${leaf}, not the receipt's leaf ${r.leaf}: the record was changed`);
  const root = rootOfPath(leaf, r.path as BetPathStep[], sha256);
  if (root === null) return fail('a path step is not {side: "left" | "right", hash: 64 hex}');
  if (root !== r.root) return fail(`the path leads to ${root}, not the receipt's root ${r.root}`);
  if (anchored) {
    if (anchored.root !== root) return fail(`the anchored root is ${anchored.root}, not the receipt's ${root}`);
    const prev = r.previousRoot ?? null;
    if (anchored.previousRoot !== prev)
      return fail(`the anchored previous root is ${anchored.previousRoot}, not the receipt's ${String(prev)}`);
  }
  return { ok: true, root };
}
