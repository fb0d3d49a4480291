import { type Result, fail } from '../errors';
import { sha256 as engineSha256 } from '../fair/sha256';
import { fromHex, MAX_U64, parseU64, type Sha256 } from './encoding';
import { leafNode, parentNode, type ReservesTree, type SumNode, sumNode, treeDepth } from './tree';

/** Version of the proof format below (1 was one leaf per player, with its neighbours' balances on its path). */
export const RESERVES_PROOF_VERSION = 2;

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
 * One of the player's leaves with its path: `path` lists the siblings from the leaf level up; bit i
 * of `index` says whether the running node is the right (1) or left (0) child at level i.
 */
export interface ReservesShareJson {
  index: number;
  salt: string;
  amount: string;
  path: SumNodeJson[];
}

/**
 * One player's inclusion proof, as served by GET /api/reserves/proof and read by the browser and
 * `npm run verify -- --reserves <proof.json>`: every leaf of the player (their balance split into
 * random shares), each with its own path to the root; the shares add up to `balance`.
 */
export interface ReservesProofJson {
  version: typeof RESERVES_PROOF_VERSION;
  snapshotId: string;
  takenAt: string;
  userId: string;
  balance: string;
  leafCount: number;
  leaves: ReservesShareJson[];
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
  /** How many leaves (shares) of the player's balance the proof checked. */
  shares: number;
}

/** JSON form of a node. */
export function sumNodeJson(node: SumNode): SumNodeJson {
  return { hash: node.hash, sum: node.sum.toString() };
}

/** The inclusion proof of `userId` in `tree`: all of the player's leaves, or null when they have none. */
export function reservesProof(
  tree: ReservesTree,
  userId: bigint,
  snapshot: { snapshotId: string; takenAt: string; anchor: ReservesAnchorJson },
): ReservesProofJson | null {
  if (userId === 0n) return null; // padding
  const leaves: ReservesShareJson[] = [];
  tree.leaves.forEach((leaf, leafIndex) => {
    if (leaf.userId !== userId) return;
    const path: SumNodeJson[] = [];
    let index = leafIndex;
    for (let depth = 0; depth < tree.levels.length - 1; depth++) {
      path.push(sumNodeJson(sumNode(tree.levels[depth][index ^ 1])));
      index >>= 1;
    }
    leaves.push({ index: leafIndex, salt: leaf.salt, amount: leaf.amount.toString(), path });
  });
  if (leaves.length === 0) return null;
  return {
    version: RESERVES_PROOF_VERSION,
    snapshotId: snapshot.snapshotId,
    takenAt: snapshot.takenAt,
    userId: userId.toString(),
    balance: leaves.reduce((n, l) => n + BigInt(l.amount), 0n).toString(),
    leafCount: tree.leaves.length,
    leaves,
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

/** Folds one leaf up its path; the node it reaches, or what is wrong. */
function foldShare(
  value: unknown,
  name: string,
  userId: bigint,
  leafCount: number,
  depth: number,
  sha256: Sha256,
): { node: SumNode; index: number; amount: bigint } | string {
  if (!isObject(value)) return `${name} must be an object with index, salt, amount and path`;
  const index = value['index'];
  if (!Number.isSafeInteger(index) || (index as number) < 0 || (index as number) >= leafCount)
    return `${name}.index must be an integer from 0 to leafCount - 1`;
  const salt = value['salt'];
  if (typeof salt !== 'string' || !fromHex(salt, 32)) return `${name}.salt must be 64 hex characters`;
  const amount = parseU64(value['amount']);
  if (amount === null) return `${name}.amount must be a decimal string of base units from 0 to 2^64-1`;
  const path = value['path'];
  if (!Array.isArray(path) || path.length !== depth)
    return `${name}.path must list ${depth} sibling(s) for ${leafCount} leaves`;
  let node = leafNode({ userId, salt: salt.toLowerCase(), amount }, sha256);
  let at = index as number;
  for (let i = 0; i < depth; i++) {
    const sibling = readNode(path[i], `${name}.path[${i}]`);
    if (typeof sibling === 'string') return sibling;
    if (node.sum + sibling.sum > MAX_U64) return `${name}.path[${i}].sum overflows 64 bits`;
    node = at & 1 ? parentNode(sibling, node, sha256) : parentNode(node, sibling, sha256);
    at >>= 1;
  }
  return { node, index: index as number, amount };
}

/**
 * Checks a proof: recomputes each of the player's leaves from user id, salt and amount, folds each
 * path up (every sum unsigned, so no sibling can hide a negative) to the proof's root, demands that
 * the leaves are distinct and their amounts add up to the balance, and compares the root with
 * `anchored`, the root and total published on chain, when given. A malformed proof or one that does
 * not lead to the root gives an error result naming what is wrong.
 */
export function verifyReservesProof(
  proof: unknown,
  anchored?: SumNodeJson,
  sha256: Sha256 = engineSha256,
): Result<VerifiedReservesProof> {
  if (!isObject(proof)) return fail('the proof must be a JSON object');
  if (proof['version'] !== RESERVES_PROOF_VERSION) return fail(`version must be ${RESERVES_PROOF_VERSION}`);
  const userId = parseU64(proof['userId']);
  if (userId === null || userId === 0n) return fail('userId must be a decimal string from 1 to 2^64-1');
  const balance = parseU64(proof['balance']);
  if (balance === null) return fail('balance must be a decimal string of base units from 0 to 2^64-1');
  const leafCount = proof['leafCount'];
  const depth = typeof leafCount === 'number' ? treeDepth(leafCount) : null;
  if (depth === null) return fail('leafCount must be a power of two (1, 2, 4, …)');
  const leaves = proof['leaves'];
  if (!Array.isArray(leaves) || leaves.length === 0 || leaves.length > (leafCount as number))
    return fail("leaves must list the player's leaves (at least one)");
  const root = readNode(proof['root'], 'root');
  if (typeof root === 'string') return fail(root);
  const snapshotId = typeof proof['snapshotId'] === 'string' ? proof['snapshotId'] : '';

  const seen = new Set<number>();
  let total = 0n;
  for (let i = 0; i < leaves.length; i++) {
    const share = foldShare(leaves[i], `leaves[${i}]`, userId, leafCount as number, depth, sha256);
    if (typeof share === 'string') return fail(share);
    // the same leaf twice would count one share twice: a balance the root does not hold
    if (seen.has(share.index)) return fail(`leaves[${i}] repeats leaf ${share.index}`);
    seen.add(share.index);
    total += share.amount;
    if (share.node.hash !== root.hash)
      return fail(
        `leaves[${i}]: the path leads to ${share.node.hash}, not to the root ${root.hash}: the proof was altered`,
      );
    if (share.node.sum !== root.sum)
      return fail(
        `leaves[${i}]: the path sums to ${share.node.sum} base units, not to the root's ${root.sum}: the proof was altered`,
      );
  }
  if (total !== balance) return fail(`the leaves add up to ${total} base units, not to the balance ${balance}`);
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
    shares: leaves.length,
  };
}
