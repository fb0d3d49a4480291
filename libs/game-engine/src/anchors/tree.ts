/**
 * The Merkle tree of one anchor (libs/game-engine/README.md, "Bet anchors"; the Python reference is
 * scripts/bet-anchor-vectors.py):
 *
 *   leaf   = SHA-256(UTF-8 bytes of the bet's canonical record, record.ts), bets in ascending id order
 *   parent = SHA-256(left ‖ right), the two children's raw 32-byte digests, left then right
 *   a level of odd length carries its last node up unchanged (never paired with itself)
 *   root   = the one node left (a single bet's root is its leaf)
 *
 * A path goes from the leaf up: one step per level where the node has a sibling, `side` being the
 * sibling's side.
 */
import { GameEngineError } from '../errors';
import { utf8 } from '../fair/encoding';
import { sha256 as engineSha256 } from '../fair/sha256';
import { fromHex, type Sha256, toHex } from '../reserves/encoding';

/** One step of a path: the sibling's side and its hash (64 lowercase hex). */
export interface BetPathStep {
  side: 'left' | 'right';
  hash: string;
}

/** Every level of a built tree, the leaves first and the root's level (one node) last. */
export type BetTreeLevels = readonly (readonly Uint8Array[])[];

/** SHA-256 of a record's UTF-8 bytes: the bet's leaf. */
export function betLeaf(record: string, sha256: Sha256 = engineSha256): Uint8Array {
  return sha256(utf8(record));
}

/** SHA-256(left ‖ right). */
export function betParent(left: Uint8Array, right: Uint8Array, sha256: Sha256 = engineSha256): Uint8Array {
  const input = new Uint8Array(64);
  input.set(left, 0);
  input.set(right, 32);
  return sha256(input);
}

/** Builds every level over the leaves in order (at least one leaf, each 32 bytes). */
export function buildBetTree(leaves: readonly Uint8Array[], sha256: Sha256 = engineSha256): BetTreeLevels {
  if (leaves.length === 0) throw new GameEngineError('an anchor needs at least one bet');
  if (leaves.some((l) => l.length !== 32)) throw new GameEngineError('every leaf must be a 32-byte digest');
  let level: readonly Uint8Array[] = leaves;
  const levels: (readonly Uint8Array[])[] = [level];
  while (level.length > 1) {
    const next: Uint8Array[] = [];
    for (let i = 0; i + 1 < level.length; i += 2) next.push(betParent(level[i], level[i + 1], sha256));
    if (level.length % 2) next.push(level[level.length - 1]);
    levels.push(next);
    level = next;
  }
  return levels;
}

/** The root of built levels, hex. */
export function betTreeRoot(levels: BetTreeLevels): string {
  return toHex(levels[levels.length - 1][0]);
}

/** The path of the leaf at `index`, from the leaf up. */
export function betPath(levels: BetTreeLevels, index: number): BetPathStep[] {
  if (!Number.isInteger(index) || index < 0 || index >= levels[0].length)
    throw new GameEngineError(`leaf ${index} is not in a tree of ${levels[0].length} leaves`);
  const path: BetPathStep[] = [];
  let i = index;
  for (let l = 0; l < levels.length - 1; l++) {
    const sibling = i % 2 ? i - 1 : i + 1;
    if (sibling < levels[l].length) path.push({ side: i % 2 ? 'left' : 'right', hash: toHex(levels[l][sibling]) });
    i = Math.floor(i / 2);
  }
  return path;
}

/** Folds a path over a leaf (both hex); null when a hash is not 64 hex or a side is neither left nor right. */
export function rootOfPath(
  leafHex: string,
  path: readonly BetPathStep[],
  sha256: Sha256 = engineSha256,
): string | null {
  let node = fromHex(leafHex, 32);
  if (!node) return null;
  for (const step of path) {
    const sibling = typeof step?.hash === 'string' ? fromHex(step.hash, 32) : null;
    if (!sibling || (step.side !== 'left' && step.side !== 'right')) return null;
    node = step.side === 'left' ? betParent(sibling, node, sha256) : betParent(node, sibling, sha256);
  }
  return toHex(node);
}
