import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { GameEngineError } from '../errors';
import { layoutReserves, RESERVES_MIN_LEAVES, RESERVES_SHARES_PER_PLAYER } from './layout';
import { parseReservesNote, RESERVES_NOTE_PREFIX, reservesNote } from './note';
import { type ReservesProofJson, reservesProof, verifyReservesProof } from './proof';
import { buildReservesTree, treeDepth } from './tree';

interface Vector {
  name: string;
  seed: string;
  sharesPerPlayer: number;
  minLeaves: number;
  players: { userId: string; balance: string }[];
  leafCount: number;
  layout: [string, string][];
  root: { hash: string; sum: string };
  proofs: {
    userId: string;
    balance: string;
    leaves: { index: number; salt: string; amount: string; path: { hash: string; sum: string }[] }[];
  }[];
}

// Written by scripts/reserves-vectors.py (Python hashlib, from the README's contract).
const fixture = JSON.parse(fs.readFileSync(path.resolve(__dirname, '../fixtures/reserves-vectors.json'), 'utf8')) as {
  vectors: Vector[];
};
const nodeSha256 = (data: Uint8Array) => new Uint8Array(createHash('sha256').update(data).digest());
const playersOf = (v: Vector) => v.players.map((p) => ({ userId: BigInt(p.userId), balance: BigInt(p.balance) }));
const optionsOf = (v: Vector) => ({ sharesPerPlayer: v.sharesPerPlayer, minLeaves: v.minLeaves });
const seedOf = (text: string) => createHash('sha256').update(text).digest();
const snapshot = {
  snapshotId: '9',
  takenAt: '2025-11-21T10:00:00.000Z',
  anchor: { txId: null, round: null, network: 'devnet' },
};

describe('reserves layout and tree: known-answer vectors', () => {
  it('has the vectors', () => expect(fixture.vectors.length).toBe(8));

  describe.each(fixture.vectors.map((v) => [v.name, v] as const))('%s', (_name, v) => {
    const leaves = layoutReserves(playersOf(v), v.seed, optionsOf(v));

    it('the layout: every leaf in its place, the root hash and sum', () => {
      expect(leaves.map((l) => [l.userId.toString(), l.amount.toString()])).toEqual(v.layout);
      const tree = buildReservesTree(leaves);
      expect({ hash: tree.root.hash, sum: tree.root.sum.toString() }).toEqual(v.root);
      expect(tree.leaves).toHaveLength(v.leafCount);
    });

    it('the same leaves and root with node:crypto SHA-256 injected', () => {
      const fast = layoutReserves(playersOf(v), Buffer.from(v.seed, 'hex'), optionsOf(v), nodeSha256);
      expect(fast).toEqual(leaves);
      expect(buildReservesTree(fast, nodeSha256).root.hash).toBe(v.root.hash);
    });

    it("every proof: the player's leaves with their paths, and it verifies against the root", () => {
      const tree = buildReservesTree(leaves);
      for (const p of v.proofs) {
        const proof = reservesProof(tree, BigInt(p.userId), snapshot)!;
        expect(proof).toEqual({
          version: 2,
          ...snapshot,
          userId: p.userId,
          balance: p.balance,
          leafCount: v.leafCount,
          leaves: p.leaves,
          root: v.root,
        });
        expect(verifyReservesProof(proof, v.root)).toEqual({
          ok: true,
          snapshotId: '9',
          userId: p.userId,
          balance: p.balance,
          rootHash: v.root.hash,
          liabilities: v.root.sum,
          leafCount: v.leafCount,
          shares: v.sharesPerPlayer,
        });
      }
    });
  });
});

describe('reserves layout', () => {
  const players = [3n, 1n, 2n, 40n].map((id) => ({ userId: id, balance: id * 123_456_789n }));
  const leaves = layoutReserves(players, seedOf('layout'));

  it('splits each balance into 8 shares that add up to it, pads with zero leaves to 256, each leaf its own salt', () => {
    expect(leaves).toHaveLength(RESERVES_MIN_LEAVES);
    for (const p of players) {
      const mine = leaves.filter((l) => l.userId === p.userId);
      expect(mine).toHaveLength(RESERVES_SHARES_PER_PLAYER);
      expect(mine.reduce((n, l) => n + l.amount, 0n)).toBe(p.balance);
    }
    const padding = leaves.filter((l) => l.userId === 0n);
    expect(padding).toHaveLength(RESERVES_MIN_LEAVES - 4 * RESERVES_SHARES_PER_PLAYER);
    expect(padding.every((l) => l.amount === 0n)).toBe(true);
    expect(new Set(leaves.map((l) => l.salt)).size).toBe(leaves.length);
  });

  it('the seed decides everything: the same seed the same leaves, another seed another order and other shares', () => {
    expect(layoutReserves([...players].reverse(), seedOf('layout'))).toEqual(leaves);
    const other = layoutReserves(players, seedOf('another'));
    expect(other.map((l) => l.userId)).not.toEqual(leaves.map((l) => l.userId));
    expect(other.filter((l) => l.userId === 40n).map((l) => l.amount)).not.toEqual(
      leaves.filter((l) => l.userId === 40n).map((l) => l.amount),
    );
  });

  it('more shares than the floor: the next power of two', () => {
    const many = Array.from({ length: 33 }, (_, i) => ({ userId: BigInt(i + 1), balance: 1n }));
    expect(layoutReserves(many, seedOf('many'))).toHaveLength(512);
  });

  it.each<[string, () => unknown, string | RegExp]>([
    [
      'a user id twice',
      () =>
        layoutReserves(
          [
            { userId: 1n, balance: 1n },
            { userId: 1n, balance: 2n },
          ],
          seedOf('x'),
        ),
      'user 1 appears twice in the snapshot',
    ],
    [
      'user id 0 (padding)',
      () => layoutReserves([{ userId: 0n, balance: 1n }], seedOf('x')),
      'user id 0 must be 1 to 2^64-1',
    ],
    [
      'a negative balance',
      () => layoutReserves([{ userId: 1n, balance: -1n }], seedOf('x')),
      'balance -1 of user 1 must be 0 to 2^64-1 base units',
    ],
    ['a short seed', () => layoutReserves([], 'ab'), 'the layout seed must be 32 bytes'],
    [
      'no shares',
      () => layoutReserves([], seedOf('x'), { sharesPerPlayer: 0 }),
      'sharesPerPlayer must be a positive integer',
    ],
    [
      'a total past 64 bits',
      () =>
        buildReservesTree(
          layoutReserves(
            [
              { userId: 1n, balance: 1n << 63n },
              { userId: 2n, balance: 1n << 63n },
            ],
            seedOf('x'),
          ),
        ),
      /does not fit in 64 bits/,
    ],
    [
      'a tree of 3 leaves',
      () => buildReservesTree(layoutReserves([], seedOf('x'), { minLeaves: 4 }).slice(1)),
      'a snapshot needs a power of two of leaves, not 3',
    ],
  ])('throws on %s', (_name, build, message) => {
    expect(build).toThrow(GameEngineError);
    expect(build).toThrow(message);
  });

  it('treeDepth: log2 of a power of two, else null', () => {
    expect([1, 2, 256, 512].map(treeDepth)).toEqual([0, 1, 8, 9]);
    expect([0, 3, 6, 1.5, -2].map(treeDepth)).toEqual([null, null, null, null, null]);
  });
});

describe('issue 37: a proof shows no other player its balance', () => {
  // the audit's snapshot: player-1's path showed a sibling of exactly 250000000, player-4's balance
  const players = [70_000_000n, 400_000_000n, 1_250_000_000n, 250_000_000n, 80_000_000n].map((balance, i) => ({
    userId: BigInt(i + 1),
    balance,
  }));
  const othersSeenBy = (proof: ReservesProofJson) => {
    const others = new Set(
      players.filter((p) => p.userId.toString() !== proof.userId).map((p) => p.balance.toString()),
    );
    return proof.leaves.flatMap((l) => l.path.map((n) => n.sum)).filter((sum) => others.has(sum));
  };

  it('one leaf per player, unshuffled and unpadded (the old layout): a neighbour is seen whole', () => {
    const old = layoutReserves(players, seedOf('old'), { sharesPerPlayer: 1, minLeaves: 1 });
    const seen = players.flatMap((p) => othersSeenBy(reservesProof(buildReservesTree(old), p.userId, snapshot)!));
    expect(seen.length).toBeGreaterThan(0);
  });

  it('split into 8 random shares, padded and shuffled: no sum on any path of any player, over 200 seeds', () => {
    const seen: string[] = [];
    for (let run = 0; run < 200; run++) {
      const tree = buildReservesTree(layoutReserves(players, seedOf(`run ${run}`), {}, nodeSha256), nodeSha256);
      for (const p of players) seen.push(...othersSeenBy(reservesProof(tree, p.userId, snapshot)!));
    }
    expect(seen).toEqual([]);
  });
});

describe('reserves proof: tampering is detected', () => {
  const v = fixture.vectors.find((x) => x.name === 'five players, one of 0')!;
  const tree = buildReservesTree(layoutReserves(playersOf(v), v.seed, optionsOf(v)));
  const honest = reservesProof(tree, 12n, snapshot)!;
  const copy = (): ReservesProofJson => JSON.parse(JSON.stringify(honest));
  const flip = (hex: string) => hex.replace(/.$/, (c) => (c === '0' ? '1' : '0'));

  it('the honest proof verifies', () => expect(verifyReservesProof(honest, v.root).ok).toBe(true));

  it.each<[string, (p: ReservesProofJson) => void, RegExp]>([
    [
      'a sibling sum lowered (hiding a liability)',
      (p) => (p.leaves[2].path[7].sum = (BigInt(p.leaves[2].path[7].sum) - 1n).toString()),
      /^leaves\[2\]: the path leads to [0-9a-f]{64}, not to the root/,
    ],
    [
      'a sibling sum raised',
      (p) => (p.leaves[0].path[0].sum = (BigInt(p.leaves[0].path[0].sum) + 1n).toString()),
      /^leaves\[0\]: the path leads to/,
    ],
    ['a sibling hash changed', (p) => (p.leaves[1].path[3].hash = flip(p.leaves[1].path[3].hash)), /not to the root/],
    ['a wrong salt', (p) => (p.leaves[7].salt = flip(p.leaves[7].salt)), /^leaves\[7\]: the path leads to/],
    [
      'a share raised, and the balance with it',
      (p) => {
        p.leaves[4].amount = (BigInt(p.leaves[4].amount) + 1n).toString();
        p.balance = (BigInt(p.balance) + 1n).toString();
      },
      /^leaves\[4\]: the path leads to/,
    ],
    ['another user id', (p) => (p.userId = '11'), /not to the root/],
    ['a leaf moved to another index', (p) => (p.leaves[0].index ^= 1), /^leaves\[0\]: the path leads to/],
    ['a leaf left out', (p) => p.leaves.pop(), /^the leaves add up to \d+ base units, not to the balance 123456789$/],
    [
      'a leaf given twice, the balance raised by it',
      (p) => {
        p.leaves.push(p.leaves[0]);
        p.balance = (BigInt(p.balance) + BigInt(p.leaves[0].amount)).toString();
      },
      /^leaves\[8\] repeats leaf \d+$/,
    ],
    [
      'a balance the shares do not add up to',
      (p) => (p.balance = '123456790'),
      /add up to 123456789 base units, not to the balance 123456790/,
    ],
    [
      'the root sum changed',
      (p) => (p.root.sum = (BigInt(p.root.sum) - 5n).toString()),
      /^leaves\[0\]: the path sums to .* not to the root's/,
    ],
    [
      'a negative sibling sum',
      (p) => (p.leaves[0].path[0].sum = '-5'),
      /leaves\[0\]\.path\[0\]\.sum must be a decimal string/,
    ],
    ['a sibling missing', (p) => p.leaves[3].path.pop(), /^leaves\[3\]\.path must list 8 sibling\(s\) for 256 leaves$/],
  ])('%s', (_name, tamper, message) => {
    const p = copy();
    tamper(p);
    const result = verifyReservesProof(p, v.root);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error).toMatch(message);
  });

  it('a proof against another anchored root or total is refused', () => {
    expect(verifyReservesProof(honest, { hash: 'ab'.repeat(32), sum: v.root.sum })).toEqual({
      ok: false,
      error: `the proof's root ${v.root.hash} is not the anchored root ${'ab'.repeat(32)}`,
    });
    expect(verifyReservesProof(honest, { hash: v.root.hash, sum: '1' })).toEqual({
      ok: false,
      error: `the proof's total ${v.root.sum} is not the anchored total 1`,
    });
  });

  it.each<[string, unknown]>([
    ['the proof must be a JSON object', null],
    ['version must be 2', { ...honest, version: 1 }],
    ['userId must be a decimal string from 1 to 2^64-1', { ...honest, userId: '0' }],
    ['balance must be a decimal string of base units from 0 to 2^64-1', { ...honest, balance: '1.5' }],
    ['balance must be a decimal string of base units from 0 to 2^64-1', { ...honest, balance: '18446744073709551616' }],
    ['leafCount must be a power of two (1, 2, 4, …)', { ...honest, leafCount: 255 }],
    ['leafCount must be a power of two (1, 2, 4, …)', { ...honest, leafCount: 0 }],
    ["leaves must list the player's leaves (at least one)", { ...honest, leaves: [] }],
    ['leaves[0] must be an object with index, salt, amount and path', { ...honest, leaves: ['x'] }],
    [
      'leaves[0].index must be an integer from 0 to leafCount - 1',
      { ...honest, leaves: [{ ...honest.leaves[0], index: 256 }] },
    ],
    ['leaves[0].salt must be 64 hex characters', { ...honest, leaves: [{ ...honest.leaves[0], salt: 'xyz' }] }],
    [
      'leaves[0].amount must be a decimal string of base units from 0 to 2^64-1',
      { ...honest, leaves: [{ ...honest.leaves[0], amount: 7 }] },
    ],
    ['root.hash must be 64 hex characters', { ...honest, root: { hash: 'zz', sum: '1' } }],
  ])('malformed proof %#: %s', (error, proof) => expect(verifyReservesProof(proof)).toEqual({ ok: false, error }));

  it('no proof for a user who is not in the tree, nor for padding', () => {
    expect(reservesProof(tree, 99n, snapshot)).toBeNull();
    expect(reservesProof(tree, 0n, snapshot)).toBeNull();
  });
});

describe('anchoring note', () => {
  const c = {
    snapshot: '12',
    root: 'ab'.repeat(32),
    liabilities: '7500000000',
    leaves: 3,
    ledger: '991',
    round: '4410',
  };

  it('has a fixed form and reads back', () => {
    const bytes = reservesNote(c);
    expect(Buffer.from(bytes).toString('utf8')).toBe(
      `cosmic-reserves:v1:{"snapshot":"12","root":"${'ab'.repeat(32)}","liabilities":"7500000000","leaves":3,"ledger":"991","round":"4410"}`,
    );
    expect(parseReservesNote(bytes)).toEqual({ ok: true, commitment: c });
  });

  it.each<[string, Uint8Array]>([
    ['the note is not UTF-8 text', new Uint8Array([0xff, 0xfe])],
    [`the note does not start with ${RESERVES_NOTE_PREFIX}`, Buffer.from('withdrawal 12')],
    ['the note does not hold JSON after its prefix', Buffer.from(`${RESERVES_NOTE_PREFIX}{oops`)],
    ['the note has no 64-hex root', Buffer.from(`${RESERVES_NOTE_PREFIX}${JSON.stringify({ ...c, root: 'short' })}`)],
    [
      'the note has no liabilities in base units',
      Buffer.from(`${RESERVES_NOTE_PREFIX}${JSON.stringify({ ...c, liabilities: -3 })}`),
    ],
  ])('refuses: %s', (error, note) => expect(parseReservesNote(note)).toEqual({ ok: false, error }));
});
