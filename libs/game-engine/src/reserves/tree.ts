/**
 * Merkle sum tree over players' balances (proof of reserves). The byte encoding, fixed here and in
 * libs/game-engine/README.md, is what the Python reference (scripts/reserves-vectors.py) follows:
 *
 *   leaf  = SHA-256( 0x00 ‖ u64be(userId) ‖ salt (32 bytes) ‖ u64be(balance) ),   sum = balance
 *   node  = SHA-256( 0x01 ‖ left.hash ‖ u64be(left.sum) ‖ right.hash ‖ u64be(right.sum) ),
 *           sum = left.sum + right.sum (must fit in 64 bits)
 *   pad   = 32 zero bytes with sum 0: the right partner of the last node of a level with an odd count
 *   root  = the one node left; a single leaf is its own root; no leaves: the pad node
 *
 * Leaves are ordered by user id, ascending. Sums are unsigned, so no node can carry a negative
 * balance that would cancel another player's, and the root's sum is the total owed.
 */
import { GameEngineError } from '../errors';
import { sha256 as engineSha256 } from '../fair/sha256';
import { concat, fromHex, MAX_U64, type Sha256, toHex, u64be } from './encoding';

/** One node of the tree: its hash (64 lowercase hex) and the sum of the balances under it. */
export interface SumNode {
  hash: string;
  sum: bigint;
}

/** One player's entry in a snapshot. */
export interface ReservesLeaf {
  /** The player's user id (an unsigned 64-bit integer). */
  userId: bigint;
  /** 32 random bytes drawn for this player in this snapshot, as 64 hex characters. */
  salt: string;
  /** AMINA base units the house owes the player. */
  balance: bigint;
}

/** A built tree: its leaves in order and every level of nodes, leaves first, the root last. */
export interface ReservesTree {
  leaves: readonly ReservesLeaf[];
  levels: readonly (readonly SumNode[])[];
  root: SumNode;
}

/** The padding node: pairs with the last node of an odd level, adds nothing. */
export const PAD_NODE: SumNode = Object.freeze({ hash: '0'.repeat(64), sum: 0n });

const LEAF_TAG = new Uint8Array([0]);
const NODE_TAG = new Uint8Array([1]);

/** The leaf node of one player: SHA-256(0x00 ‖ u64be(userId) ‖ salt ‖ u64be(balance)) carrying the balance. */
export function leafNode(leaf: ReservesLeaf, sha256: Sha256 = engineSha256): SumNode {
  const salt = fromHex(leaf.salt, 32);
  if (!salt) throw new GameEngineError(`salt of user ${leaf.userId} must be 64 hex characters`);
  if (leaf.userId < 0n || leaf.userId > MAX_U64)
    throw new GameEngineError(`user id ${leaf.userId} does not fit in 64 bits`);
  if (leaf.balance < 0n || leaf.balance > MAX_U64)
    throw new GameEngineError(`balance ${leaf.balance} of user ${leaf.userId} must be 0 to 2^64-1 base units`);
  return { hash: toHex(sha256(concat([LEAF_TAG, u64be(leaf.userId), salt, u64be(leaf.balance)]))), sum: leaf.balance };
}

/** The parent of two nodes: SHA-256(0x01 ‖ left.hash ‖ u64be(left.sum) ‖ right.hash ‖ u64be(right.sum)), summing both. */
export function parentNode(left: SumNode, right: SumNode, sha256: Sha256 = engineSha256): SumNode {
  const l = fromHex(left.hash, 32);
  const r = fromHex(right.hash, 32);
  if (!l || !r) throw new GameEngineError('node hashes must be 64 hex characters');
  if (left.sum < 0n || right.sum < 0n) throw new GameEngineError('node sums cannot be negative');
  const sum = left.sum + right.sum;
  if (sum > MAX_U64) throw new GameEngineError(`the sum ${sum} does not fit in 64 bits`);
  return { hash: toHex(sha256(concat([NODE_TAG, l, u64be(left.sum), r, u64be(right.sum)]))), sum };
}

/**
 * Builds the tree. Leaves are sorted by user id; a user id twice, a bad salt or a balance outside
 * 0..2^64-1 throws GameEngineError (the caller's data is wrong, not a player's input).
 */
export function buildReservesTree(leaves: readonly ReservesLeaf[], sha256: Sha256 = engineSha256): ReservesTree {
  const sorted = [...leaves].sort((a, b) => (a.userId < b.userId ? -1 : a.userId > b.userId ? 1 : 0));
  for (let i = 1; i < sorted.length; i++) {
    if (sorted[i].userId === sorted[i - 1].userId)
      throw new GameEngineError(`user ${sorted[i].userId} appears twice in the snapshot`);
  }
  let level: SumNode[] = sorted.map((l) => leafNode(l, sha256));
  const levels: SumNode[][] = [level];
  while (level.length > 1) {
    const next: SumNode[] = [];
    for (let i = 0; i < level.length; i += 2) next.push(parentNode(level[i], level[i + 1] ?? PAD_NODE, sha256));
    levels.push(next);
    level = next;
  }
  return { leaves: sorted, levels, root: level[0] ?? PAD_NODE };
}

/** Number of levels above the leaves for `leafCount` leaves (the length of every proof's path). */
export function treeDepth(leafCount: number): number {
  let depth = 0;
  for (let n = leafCount; n > 1; n = Math.ceil(n / 2)) depth++;
  return depth;
}
