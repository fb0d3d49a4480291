/**
 * The leaves of a snapshot, laid out so that no sum a proof shows is another player's balance:
 * each balance is split into random shares, each share gets its own salt, padding leaves (user id
 * 0, amount 0) fill the tree to a power of two of at least `minLeaves`, and all leaves are shuffled.
 * This is the splitting, padding and shuffling of the published proof-of-liabilities designs (the
 * Maxwell summation tree as refined by Chalkias, Lewi, Mohassel and Nikolaenko's DAPOL).
 *
 * Every random choice is drawn from a stream seeded by one secret 32-byte seed per snapshot, so the
 * API stores the seed and the balances and rebuilds the same tree; the Python reference
 * (scripts/reserves-vectors.py) draws the same stream. The contract, also in libs/game-engine/README.md:
 *
 *   stream  = block 0 ‖ block 1 ‖ …, block i = SHA-256(0x02 ‖ seed ‖ u64be(i)), read in order
 *   u64     = the next 8 bytes, big-endian
 *   below n = x = u64, drawn again while x ≥ 2^64 − (2^64 mod n); then x mod n (n = 2^64: x)
 *   players in ascending user id; for each: k − 1 cuts, each below balance + 1, sorted ascending;
 *           the shares are the gaps (c1 − 0, c2 − c1, …, balance − c(k−1)); then k salts of 32 bytes
 *   padding: leafCount − players·k leaves, each a 32-byte salt, after the players' leaves
 *   shuffle: for i from leafCount − 1 down to 1: swap leaf i with leaf (below i + 1)
 */
import { GameEngineError } from '../errors';
import { sha256 as engineSha256 } from '../fair/sha256';
import { fromHex, MAX_U64, type Sha256, toHex } from './encoding';
import type { ReservesLeaf } from './tree';

/** Shares each balance is split into. */
export const RESERVES_SHARES_PER_PLAYER = 8;
/** The fewest leaves a snapshot has (padding fills the rest): up to this many / 8 players look alike. */
export const RESERVES_MIN_LEAVES = 256;

/** One player's balance to lay out. */
export interface PlayerBalance {
  /** The player's user id: 1 to 2^64-1 (0 marks padding). */
  userId: bigint;
  /** AMINA base units the house owes the player. */
  balance: bigint;
}

/** How many shares and how much padding (the defaults above in production). */
export interface LayoutOptions {
  sharesPerPlayer?: number;
  minLeaves?: number;
}

const STREAM_TAG = 0x02;
const TWO_64 = 1n << 64n;

/** The seeded stream of random bytes, and draws from it. */
function seededStream(seed: Uint8Array, sha256: Sha256) {
  const input = new Uint8Array(41); // 0x02 ‖ seed ‖ u64be(counter)
  input[0] = STREAM_TAG;
  input.set(seed, 1);
  const counterView = new DataView(input.buffer, 33, 8);
  let counter = 0n;
  let block: Uint8Array = new Uint8Array(0);
  let at = 0;
  const bytes = (n: number): Uint8Array => {
    const out = new Uint8Array(n);
    for (let filled = 0; filled < n; ) {
      if (at === block.length) {
        counterView.setBigUint64(0, counter++);
        block = sha256(input);
        at = 0;
      }
      const take = Math.min(n - filled, block.length - at);
      out.set(block.subarray(at, at + take), filled);
      filled += take;
      at += take;
    }
    return out;
  };
  const u64 = (): bigint => {
    const b = bytes(8);
    return new DataView(b.buffer, b.byteOffset, 8).getBigUint64(0);
  };
  /** Uniform in 0..n-1 (1 ≤ n ≤ 2^64), without modulo bias. */
  const below = (n: bigint): bigint => {
    if (n === TWO_64) return u64();
    const limit = TWO_64 - (TWO_64 % n);
    for (;;) {
      const x = u64();
      if (x < limit) return x % n;
    }
  };
  return { bytes, below };
}

/** The smallest power of two ≥ n (n ≥ 1). */
function powerOfTwoAtLeast(n: number): number {
  let p = 1;
  while (p < n) p *= 2;
  return p;
}

/**
 * The snapshot's leaves in tree order, drawn from `seed` (32 bytes, or 64 hex; secret: it decides
 * every salt). A user id twice or 0, or a balance outside 0..2^64-1, throws GameEngineError.
 */
export function layoutReserves(
  balances: readonly PlayerBalance[],
  seed: Uint8Array | string,
  options: LayoutOptions = {},
  sha256: Sha256 = engineSha256,
): ReservesLeaf[] {
  const k = options.sharesPerPlayer ?? RESERVES_SHARES_PER_PLAYER;
  const minLeaves = options.minLeaves ?? RESERVES_MIN_LEAVES;
  if (!Number.isSafeInteger(k) || k < 1) throw new GameEngineError('sharesPerPlayer must be a positive integer');
  if (!Number.isSafeInteger(minLeaves) || minLeaves < 1)
    throw new GameEngineError('minLeaves must be a positive integer');
  const seedBytes = typeof seed === 'string' ? fromHex(seed, 32) : seed.length === 32 ? seed : null;
  if (!seedBytes) throw new GameEngineError('the layout seed must be 32 bytes');

  const players = [...balances].sort((a, b) => (a.userId < b.userId ? -1 : a.userId > b.userId ? 1 : 0));
  for (let i = 0; i < players.length; i++) {
    const { userId, balance } = players[i];
    if (userId < 1n || userId > MAX_U64) throw new GameEngineError(`user id ${userId} must be 1 to 2^64-1`);
    if (i > 0 && userId === players[i - 1].userId)
      throw new GameEngineError(`user ${userId} appears twice in the snapshot`);
    if (balance < 0n || balance > MAX_U64)
      throw new GameEngineError(`balance ${balance} of user ${userId} must be 0 to 2^64-1 base units`);
  }

  const stream = seededStream(seedBytes, sha256);
  const salt = () => toHex(stream.bytes(32));
  const leaves: ReservesLeaf[] = [];
  for (const { userId, balance } of players) {
    const cuts = Array.from({ length: k - 1 }, () => stream.below(balance + 1n)).sort((a, b) =>
      a < b ? -1 : a > b ? 1 : 0,
    );
    const bounds = [0n, ...cuts, balance];
    const shares = cuts.map((c, i) => c - bounds[i]).concat(balance - bounds[k - 1]);
    for (const amount of shares) leaves.push({ userId, salt: salt(), amount });
  }
  const leafCount = powerOfTwoAtLeast(Math.max(minLeaves, leaves.length));
  while (leaves.length < leafCount) leaves.push({ userId: 0n, salt: salt(), amount: 0n });
  for (let i = leafCount - 1; i > 0; i--) {
    const j = Number(stream.below(BigInt(i + 1)));
    [leaves[i], leaves[j]] = [leaves[j], leaves[i]];
  }
  return leaves;
}
