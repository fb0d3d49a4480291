import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { GameEngineError } from '../errors';
import { parseReservesNote, RESERVES_NOTE_PREFIX, reservesNote } from './note';
import { type ReservesProofJson, reservesProof, verifyReservesProof } from './proof';
import { buildReservesTree, PAD_NODE, treeDepth } from './tree';

interface Vector {
  name: string;
  leaves: { userId: string; salt: string; balance: string }[];
  root: { hash: string; sum: string };
  depth: number;
  proofs: {
    userId: string;
    salt: string;
    balance: string;
    leafIndex: number;
    leaf: { hash: string; sum: string };
    path: { hash: string; sum: string }[];
  }[];
}

// Written by scripts/reserves-vectors.py (Python hashlib, from the README's byte encoding).
const fixture = JSON.parse(fs.readFileSync(path.resolve(__dirname, '../fixtures/reserves-vectors.json'), 'utf8')) as {
  emptyRoot: { hash: string; sum: string };
  vectors: Vector[];
};
const nodeSha256 = (data: Uint8Array) => new Uint8Array(createHash('sha256').update(data).digest());
const leavesOf = (v: Vector) =>
  v.leaves.map((l) => ({ userId: BigInt(l.userId), salt: l.salt, balance: BigInt(l.balance) }));
const snapshot = {
  snapshotId: '9',
  takenAt: '2025-11-21T10:00:00.000Z',
  anchor: { txId: null, round: null, network: 'devnet' },
};

describe('reserves tree: known-answer vectors', () => {
  it('has the vectors', () => expect(fixture.vectors.length).toBe(6));

  it('no players: the root is the pad node (zero hash, sum 0)', () => {
    const tree = buildReservesTree([]);
    expect({ hash: tree.root.hash, sum: tree.root.sum.toString() }).toEqual(fixture.emptyRoot);
    expect(tree.root).toEqual(PAD_NODE);
  });

  describe.each(fixture.vectors.map((v) => [v.name, v] as const))('%s', (_name, v) => {
    it('root hash and sum', () => {
      const tree = buildReservesTree(leavesOf(v));
      expect({ hash: tree.root.hash, sum: tree.root.sum.toString() }).toEqual(v.root);
      expect(treeDepth(v.leaves.length)).toBe(v.depth);
    });

    it('the same root with node:crypto SHA-256 injected', () => {
      expect(buildReservesTree(leavesOf(v), nodeSha256).root.hash).toBe(v.root.hash);
    });

    it('every player: leaf, proof path and verification against the root', () => {
      const tree = buildReservesTree(leavesOf(v));
      for (const p of v.proofs) {
        expect(tree.levels[0][p.leafIndex]).toEqual({ hash: p.leaf.hash, sum: BigInt(p.leaf.sum) });
        const proof = reservesProof(tree, BigInt(p.userId), snapshot)!;
        expect(proof).toEqual({
          version: 1,
          ...snapshot,
          userId: p.userId,
          salt: p.salt,
          balance: p.balance,
          leafIndex: p.leafIndex,
          leafCount: v.leaves.length,
          path: p.path,
          root: v.root,
        });
        expect(verifyReservesProof(proof, v.root)).toEqual({
          ok: true,
          snapshotId: '9',
          userId: p.userId,
          balance: p.balance,
          rootHash: v.root.hash,
          liabilities: v.root.sum,
          leafCount: v.leaves.length,
        });
      }
    });
  });
});

describe('reserves tree: tampering is detected', () => {
  const v = fixture.vectors.find((x) => x.name === 'five players')!;
  const tree = buildReservesTree(leavesOf(v));
  const honest = reservesProof(tree, 12n, snapshot)!;
  const copy = (): ReservesProofJson => JSON.parse(JSON.stringify(honest));

  it('the honest proof verifies', () => expect(verifyReservesProof(honest, v.root).ok).toBe(true));

  it.each<[string, (p: ReservesProofJson) => void, RegExp]>([
    [
      'a sibling sum lowered (hiding a liability)',
      (p) => (p.path[1].sum = (BigInt(p.path[1].sum) - 1n).toString()),
      /not to the root/,
    ],
    ['a sibling sum raised', (p) => (p.path[0].sum = (BigInt(p.path[0].sum) + 1n).toString()), /not to the root/],
    [
      'a sibling hash changed',
      (p) => (p.path[0].hash = p.path[0].hash.replace(/^./, (c) => (c === '0' ? '1' : '0'))),
      /not to the root/,
    ],
    ['a wrong salt', (p) => (p.salt = p.salt.replace(/.$/, (c) => (c === '0' ? '1' : '0'))), /not to the root/],
    ['a different balance', (p) => (p.balance = (BigInt(p.balance) + 1n).toString()), /not to the root/],
    ['another user id', (p) => (p.userId = '11'), /not to the root/],
    [
      'the root sum changed',
      (p) => (p.root.sum = (BigInt(p.root.sum) - 5n).toString()),
      /sums to .* not to the root's/,
    ],
    ['the leaf moved to another index', (p) => (p.leafIndex = 3), /not to the root/],
    ['a negative sibling sum', (p) => (p.path[0].sum = '-5'), /path\[0\]\.sum must be a decimal string/],
    ['a sibling missing', (p) => p.path.pop(), /path must list 3 sibling\(s\) for 5 leaves/],
  ])('%s', (_name, tamper, message) => {
    const p = copy();
    tamper(p);
    const result = verifyReservesProof(p, v.root);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error).toMatch(message);
  });

  it('a pad position holding anything but the pad node is refused by name', () => {
    const p = reservesProof(tree, 14n, snapshot)!;
    expect(p.path[0]).toEqual({ hash: PAD_NODE.hash, sum: '0' });
    p.path[0] = { hash: 'ab'.repeat(32), sum: '0' };
    expect(verifyReservesProof(p)).toEqual({
      ok: false,
      error: 'path[0] must be the pad node (zero hash, sum 0): the level has no node 5',
    });
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
    ['version must be 1', { ...honest, version: 2 }],
    ['balance must be a decimal string of base units from 0 to 2^64-1', { ...honest, balance: '1.5' }],
    ['balance must be a decimal string of base units from 0 to 2^64-1', { ...honest, balance: '18446744073709551616' }],
    ['salt must be 64 hex characters', { ...honest, salt: 'xyz' }],
    ['leafIndex must be an integer from 0 to leafCount - 1', { ...honest, leafIndex: 5 }],
    ['leafCount must be a positive integer', { ...honest, leafCount: 0 }],
    ['root.hash must be 64 hex characters', { ...honest, root: { hash: 'zz', sum: '1' } }],
  ])('malformed proof %#: %s', (error, proof) => expect(verifyReservesProof(proof)).toEqual({ ok: false, error }));

  it('no proof for a user who is not in the tree', () => expect(reservesProof(tree, 99n, snapshot)).toBeNull());
});

describe('reserves tree: bad snapshots throw', () => {
  const salt = '00'.repeat(32);
  it('a user id twice', () =>
    expect(() =>
      buildReservesTree([
        { userId: 1n, salt, balance: 1n },
        { userId: 1n, salt, balance: 2n },
      ]),
    ).toThrow(new GameEngineError('user 1 appears twice in the snapshot')));
  it('a negative balance', () =>
    expect(() => buildReservesTree([{ userId: 1n, salt, balance: -1n }])).toThrow(GameEngineError));
  it('a total past 64 bits', () =>
    expect(() =>
      buildReservesTree([
        { userId: 1n, salt, balance: 1n << 63n },
        { userId: 2n, salt, balance: 1n << 63n },
      ]),
    ).toThrow(/does not fit in 64 bits/));
  it('a short salt', () =>
    expect(() => buildReservesTree([{ userId: 1n, salt: 'ab', balance: 1n }])).toThrow(
      'salt of user 1 must be 64 hex characters',
    ));
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
