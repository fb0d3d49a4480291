import { type Result, fail } from '../errors';
import { sha256 as engineSha256 } from '../fair/sha256';
import { fromHex, parseU64, type Sha256 } from './encoding';
import { leafNode, PAD_NODE, parentNode, type ReservesTree, type SumNode, treeDepth } from './tree';

/** Version of the proof format below. */
export const RESERVES_PROOF_VERSION = 1;

/** A node as JSON: hash in hex, sum as a decimal string of base units. */
export interface SumNodeJson {
  hash: string;
  sum: string;
}

/** Where a snapshot's root was published on chain. */
export interface ReservesAnchorJson {
  /** The house's self-transfer whose note holds the root and total (null until sent). */
  txId: string | null;
  /** Its confirmed round, when known. */
  round: string | null;
  /** The network (mainnet, testnet, devnet…). */
  network: string;
}

/**
 * One player's inclusion proof, as served by GET /api/reserves/proof and read by the browser and
 * `npm run verify -- --reserves <proof.json>`. `path` lists the siblings from the leaf level up;
 * bit i of `leafIndex` says whether the running node is the right (1) or left (0) child at level i.
 */
export interface ReservesProofJson {
  version: typeof RESERVES_PROOF_VERSION;
  snapshotId: string;
  takenAt: string;
  userId: string;
  salt: string;
  balance: string;
  leafIndex: number;
  leafCount: number;
  path: SumNodeJson[];
  root: SumNodeJson;
  anchor: ReservesAnchorJson;
}

/** What a proof shows once verified. */
export interface VerifiedReservesProof {
  snapshotId: string;
  userId: string;
  /** The player's balance in the snapshot, base units. */
  balance: string;
  /** The root hash the path leads to. */
  rootHash: string;
  /** The root's sum: everything the house owed in the snapshot, base units. */
  liabilities: string;
  leafCount: number;
}

/** JSON form of a node. */
export function sumNodeJson(node: SumNode): SumNodeJson {
  return { hash: node.hash, sum: node.sum.toString() };
}

/** The inclusion proof of `userId` in `tree`, or null when the user has no leaf. */
export function reservesProof(
  tree: ReservesTree,
  userId: bigint,
  snapshot: { snapshotId: string; takenAt: string; anchor: ReservesAnchorJson },
): ReservesProofJson | null {
  const leafIndex = tree.leaves.findIndex((l) => l.userId === userId);
  if (leafIndex < 0) return null;
  const path: SumNodeJson[] = [];
  let index = leafIndex;
  for (let depth = 0; depth < tree.levels.length - 1; depth++) {
    path.push(sumNodeJson(tree.levels[depth][index ^ 1] ?? PAD_NODE));
    index >>= 1;
  }
  const leaf = tree.leaves[leafIndex];
  return {
    version: RESERVES_PROOF_VERSION,
    snapshotId: snapshot.snapshotId,
    takenAt: snapshot.takenAt,
    userId: userId.toString(),
    salt: leaf.salt,
    balance: leaf.balance.toString(),
    leafIndex,
    leafCount: tree.leaves.length,
    path,
    root: sumNodeJson(tree.root),
    anchor: snapshot.anchor,
  };
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function readNode(value: unknown, name: string): SumNode | string {
  if (!isObject(value)) return `${name} must be an object with hash and sum`;
  if (typeof value['hash'] !== 'string' || !fromHex(value['hash'], 32)) return `${name}.hash must be 64 hex characters`;
  const sum = parseU64(value['sum']);
  if (sum === null) return `${name}.sum must be a decimal string of base units from 0 to 2^64-1`;
  return { hash: value['hash'].toLowerCase(), sum };
}

/**
 * Checks a proof: recomputes the player's leaf from user id, salt and balance, folds the path up
 * (every sum unsigned, so no sibling can hide a negative) and compares the result with the proof's
 * root — and with `anchored`, the root and total published on chain, when given. A malformed proof
 * or one that does not lead to the root gives an error result naming what is wrong.
 */
export function verifyReservesProof(
  proof: unknown,
  anchored?: SumNodeJson,
  sha256: Sha256 = engineSha256,
): Result<VerifiedReservesProof> {
  if (!isObject(proof)) return fail('the proof must be a JSON object');
  if (proof['version'] !== RESERVES_PROOF_VERSION) return fail(`version must be ${RESERVES_PROOF_VERSION}`);
  const userId = parseU64(proof['userId']);
  if (userId === null) return fail('userId must be a decimal string');
  const balance = parseU64(proof['balance']);
  if (balance === null) return fail('balance must be a decimal string of base units from 0 to 2^64-1');
  const salt = proof['salt'];
  if (typeof salt !== 'string' || !fromHex(salt, 32)) return fail('salt must be 64 hex characters');
  const leafCount = proof['leafCount'];
  const leafIndex = proof['leafIndex'];
  if (!Number.isSafeInteger(leafCount) || (leafCount as number) < 1)
    return fail('leafCount must be a positive integer');
  if (!Number.isSafeInteger(leafIndex) || (leafIndex as number) < 0 || (leafIndex as number) >= (leafCount as number))
    return fail('leafIndex must be an integer from 0 to leafCount - 1');
  const path = proof['path'];
  const depth = treeDepth(leafCount as number);
  if (!Array.isArray(path) || path.length !== depth)
    return fail(`path must list ${depth} sibling(s) for ${leafCount} leaves`);
  const root = readNode(proof['root'], 'root');
  if (typeof root === 'string') return fail(root);
  const snapshotId = typeof proof['snapshotId'] === 'string' ? proof['snapshotId'] : '';

  let node = leafNode({ userId, salt: salt.toLowerCase(), balance }, sha256);
  let index = leafIndex as number;
  let width = leafCount as number;
  for (let i = 0; i < depth; i++) {
    const sibling = readNode(path[i], `path[${i}]`);
    if (typeof sibling === 'string') return fail(sibling);
    const siblingIndex = index ^ 1;
    // past the end of an odd level the only partner the tree allows is the empty pad node
    if (siblingIndex >= width && (sibling.hash !== PAD_NODE.hash || sibling.sum !== 0n))
      return fail(`path[${i}] must be the pad node (zero hash, sum 0): the level has no node ${siblingIndex}`);
    if (node.sum + sibling.sum > (1n << 64n) - 1n) return fail(`path[${i}].sum overflows 64 bits`);
    node = index & 1 ? parentNode(sibling, node, sha256) : parentNode(node, sibling, sha256);
    index >>= 1;
    width = Math.ceil(width / 2);
  }
  if (node.hash !== root.hash)
    return fail(`the path leads to ${node.hash}, not to the root ${root.hash}: the proof was altered`);
  if (node.sum !== root.sum)
    return fail(`the path sums to ${node.sum} base units, not to the root's ${root.sum}: the proof was altered`);
  if (anchored) {
    if (anchored.hash.toLowerCase() !== root.hash)
      return fail(`the proof's root ${root.hash} is not the anchored root ${anchored.hash}`);
    if (anchored.sum !== root.sum.toString())
      return fail(`the proof's total ${root.sum} is not the anchored total ${anchored.sum}`);
  }
  return {
    ok: true,
    snapshotId,
    userId: userId.toString(),
    balance: balance.toString(),
    rootHash: root.hash,
    liabilities: root.sum.toString(),
    leafCount: leafCount as number,
  };
}
