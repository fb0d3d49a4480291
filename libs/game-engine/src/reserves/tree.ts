/**
 * Merkle sum tree over the leaves of a snapshot (proof of reserves). The byte encoding, fixed here
 * and in libs/game-engine/README.md, is what the Python reference (scripts/reserves-vectors.py)
 * follows:
 *
 *   leaf  = SHA-256( 0x00 ‖ u64be(userId) ‖ salt (32 bytes) ‖ u64be(amount) ),   sum = amount
 *   node  = SHA-256( 0x01 ‖ left.hash ‖ u64be(left.sum) ‖ right.hash ‖ u64be(right.sum) ),
 *           sum = left.sum + right.sum (must fit in 64 bits)
 *   root  = the one node left; the leaf count is a power of two, so every level pairs up
 *
 * A leaf is one random share of a player's balance, or a padding leaf (user id 0, amount 0); the
 * order of the leaves is the layout's (layout.ts), shuffled. Sums are unsigned, so no node can carry
 * a negative amount that would cancel another player's, and the root's sum is the total owed.
 */
import { GameEngineError } from '../errors';
import { sha256 as engineSha256 } from '../fair/sha256';
import { fromHex, MAX_U64, type Sha256, toHex } from './encoding';

/** One node of the tree: its hash (64 lowercase hex) and the sum of the amounts under it. */
export interface SumNode {
  hash: string;
  sum: bigint;
}

/** One leaf of a snapshot: a share of a player's balance, or padding (user id 0, amount 0). */
export interface ReservesLeaf {
  /** The player's user id (an unsigned 64-bit integer); 0 for a padding leaf. */
  userId: bigint;
  /** 32 random bytes drawn for this leaf alone, as 64 hex characters. */
  salt: string;
  /** AMINA base units: this share of what the house owes the player. */
  amount: bigint;
}

/** A node inside a built tree: the hash as bytes (converted to hex only for the proofs that show it). */
export interface TreeNode {
  hash: Uint8Array;
  sum: bigint;
}

/** A built tree: its leaves in order and every level of nodes, leaves first, the root last. */
export interface ReservesTree {
  leaves: readonly ReservesLeaf[];
  levels: readonly (readonly TreeNode[])[];
  root: SumNode;
}

const LEAF_TAG = 0x00;
const NODE_TAG = 0x01;

function checkSum(sum: bigint, what: () => string): void {
  if (sum < 0n || sum > MAX_U64) throw new GameEngineError(what());
}

/** SHA-256(0x00 ‖ u64be(userId) ‖ salt ‖ u64be(amount)). */
function leafHash(userId: bigint, salt: Uint8Array, amount: bigint, sha256: Sha256): Uint8Array {
  const input = new Uint8Array(49);
  const view = new DataView(input.buffer);
  input[0] = LEAF_TAG;
  view.setBigUint64(1, userId);
  input.set(salt, 9);
  view.setBigUint64(41, amount);
  return sha256(input);
}

/** SHA-256(0x01 ‖ left.hash ‖ u64be(left.sum) ‖ right.hash ‖ u64be(right.sum)), summing both. */
function parent(left: TreeNode, right: TreeNode, sha256: Sha256): TreeNode {
  if (left.sum < 0n || right.sum < 0n) throw new GameEngineError('node sums cannot be negative');
  const sum = left.sum + right.sum;
  if (sum > MAX_U64) throw new GameEngineError(`the sum ${sum} does not fit in 64 bits`);
  const input = new Uint8Array(81);
  const view = new DataView(input.buffer);
  input[0] = NODE_TAG;
  input.set(left.hash, 1);
  view.setBigUint64(33, left.sum);
  input.set(right.hash, 41);
  view.setBigUint64(73, right.sum);
  return { hash: sha256(input), sum };
}

function leafTreeNode(leaf: ReservesLeaf, sha256: Sha256): TreeNode {
  const salt = fromHex(leaf.salt, 32);
  if (!salt) throw new GameEngineError(`a salt of user ${leaf.userId} must be 64 hex characters`);
  checkSum(leaf.userId, () => `user id ${leaf.userId} does not fit in 64 bits`);
  checkSum(leaf.amount, () => `amount ${leaf.amount} of user ${leaf.userId} must be 0 to 2^64-1 base units`);
  return { hash: leafHash(leaf.userId, salt, leaf.amount, sha256), sum: leaf.amount };
}

function fromSumNode(node: SumNode): TreeNode {
  const hash = fromHex(node.hash, 32);
  if (!hash) throw new GameEngineError('node hashes must be 64 hex characters');
  return { hash, sum: node.sum };
}

/** The node of one leaf: SHA-256(0x00 ‖ u64be(userId) ‖ salt ‖ u64be(amount)) carrying the amount. */
export function leafNode(leaf: ReservesLeaf, sha256: Sha256 = engineSha256): SumNode {
  return sumNode(leafTreeNode(leaf, sha256));
}

/** The parent of two nodes: SHA-256(0x01 ‖ left.hash ‖ u64be(left.sum) ‖ right.hash ‖ u64be(right.sum)), summing both. */
export function parentNode(left: SumNode, right: SumNode, sha256: Sha256 = engineSha256): SumNode {
  return sumNode(parent(fromSumNode(left), fromSumNode(right), sha256));
}

/** A tree node with its hash in hex. */
export function sumNode(node: TreeNode): SumNode {
  return { hash: toHex(node.hash), sum: node.sum };
}

/** log2 of `count` when it is a power of two (1, 2, 4, …), else null: the length of every path. */
export function treeDepth(count: number): number | null {
  if (!Number.isSafeInteger(count) || count < 1) return null;
  let depth = 0;
  for (let n = count; n > 1; n /= 2) {
    if (n % 2) return null;
    depth++;
  }
  return depth;
}

/**
 * Builds the tree over the leaves in the order given (the layout's). A leaf count that is not a
 * power of two, a bad salt or an amount outside 0..2^64-1 throws GameEngineError (the caller's data
 * is wrong, not a player's input).
 */
export function buildReservesTree(leaves: readonly ReservesLeaf[], sha256: Sha256 = engineSha256): ReservesTree {
  if (treeDepth(leaves.length) === null)
    throw new GameEngineError(`a snapshot needs a power of two of leaves, not ${leaves.length}`);
  let level: TreeNode[] = leaves.map((l) => leafTreeNode(l, sha256));
  const levels: TreeNode[][] = [level];
  while (level.length > 1) {
    const next: TreeNode[] = [];
    for (let i = 0; i < level.length; i += 2) next.push(parent(level[i], level[i + 1], sha256));
    levels.push(next);
    level = next;
  }
  return { leaves: [...leaves], levels, root: sumNode(level[0]) };
}
