import { type Result, fail } from '../errors';
import { utf8 } from '../fair/encoding';
import { fromHex, parseU64 } from './encoding';

// TextDecoder exists in every browser and in Node; declared because the library compiles against plain ES2022.
declare const TextDecoder: { new (label: string, options: { fatal: boolean }): { decode(input: Uint8Array): string } };

/** Every anchoring note starts with these bytes (the indexer's note-prefix search finds them). */
export const RESERVES_NOTE_PREFIX = 'cosmic-reserves:v1:';

/** What the house publishes on chain for one snapshot. */
export interface ReservesCommitment {
  /** The snapshot's id. */
  snapshot: string;
  /** The root hash, 64 hex. */
  root: string;
  /** The root's sum: AMINA base units owed to players. */
  liabilities: string;
  /** Number of leaves in the tree: 8 shares per player, padded to a power of two of at least 256. */
  leaves: number;
  /** The highest ledger entry the snapshot includes. */
  ledger: string;
  /** The chain round at which the house's AMINA was read. */
  round: string;
}

/** The note bytes: the prefix, then the commitment as JSON with its keys in a fixed order. */
export function reservesNote(c: ReservesCommitment): Uint8Array {
  return utf8(
    RESERVES_NOTE_PREFIX +
      JSON.stringify({
        snapshot: c.snapshot,
        root: c.root,
        liabilities: c.liabilities,
        leaves: c.leaves,
        ledger: c.ledger,
        round: c.round,
      }),
  );
}

/** Reads an anchoring note (raw bytes from the chain); anything else gives an error result. */
export function parseReservesNote(note: Uint8Array): Result<{ commitment: ReservesCommitment }> {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(note);
  } catch {
    return fail('the note is not UTF-8 text');
  }
  if (!text.startsWith(RESERVES_NOTE_PREFIX)) return fail(`the note does not start with ${RESERVES_NOTE_PREFIX}`);
  let body: unknown;
  try {
    body = JSON.parse(text.slice(RESERVES_NOTE_PREFIX.length));
  } catch {
    return fail('the note does not hold JSON after its prefix');
  }
  if (typeof body !== 'object' || body === null) return fail('the note does not hold a JSON object');
  const b = body as Record<string, unknown>;
  if (parseU64(b['snapshot']) === null) return fail('the note has no snapshot id');
  if (typeof b['root'] !== 'string' || !fromHex(b['root'], 32)) return fail('the note has no 64-hex root');
  if (parseU64(b['liabilities']) === null) return fail('the note has no liabilities in base units');
  if (!Number.isSafeInteger(b['leaves']) || (b['leaves'] as number) < 0) return fail('the note has no leaf count');
  if (parseU64(b['ledger']) === null) return fail('the note has no ledger position');
  if (parseU64(b['round']) === null) return fail('the note has no round');
  return {
    ok: true,
    commitment: {
      snapshot: b['snapshot'] as string,
      root: (b['root'] as string).toLowerCase(),
      liabilities: b['liabilities'] as string,
      leaves: b['leaves'] as number,
      ledger: b['ledger'] as string,
      round: b['round'] as string,
    },
  };
}
