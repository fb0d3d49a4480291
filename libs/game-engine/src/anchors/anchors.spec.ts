import * as fs from 'node:fs';
import * as path from 'node:path';
import { createHash } from 'node:crypto';
import { toHex } from '../fair/encoding';
import { type BetRecordFields, betRecord, canonicalJson } from './record';
import { type BetAnchorCommitment, betAnchorNote, parseBetAnchorNote, verifyBetReceipt } from './receipt';
import { betLeaf, betPath, betTreeRoot, buildBetTree, rootOfPath, type BetPathStep } from './tree';

interface Vector {
  anchor: string;
  bets: BetRecordFields[];
  records: string[];
  leaves: string[];
  paths: BetPathStep[][];
  root: string;
  previousRoot: string | null;
  note: string;
}

// Written by scripts/bet-anchor-vectors.py (Python hashlib and json, from the README's contract).
const fixture = JSON.parse(fs.readFileSync(path.resolve(__dirname, '../fixtures/bet-anchor-vectors.json'), 'utf8')) as {
  vectors: Vector[];
};

describe('bet anchors: known-answer vectors', () => {
  it('has the vectors', () => expect(fixture.vectors.map((v) => v.bets.length)).toEqual([1, 2, 3, 5, 8, 13]));

  describe.each(fixture.vectors.map((v) => [v.anchor, v] as const))('anchor %s', (_, v) => {
    const leaves = v.bets.map((b) => betLeaf(betRecord(b)));

    it('writes each record byte for byte', () => expect(v.bets.map(betRecord)).toEqual(v.records));
    it('hashes each leaf', () => expect(leaves.map(toHex)).toEqual(v.leaves));
    it('builds the root', () => expect(betTreeRoot(buildBetTree(leaves))).toBe(v.root));
    it('gives every path', () => {
      const levels = buildBetTree(leaves);
      expect(v.bets.map((_b, i) => betPath(levels, i))).toEqual(v.paths);
    });
    it('writes the note', () =>
      expect(
        toHex(betAnchorNote({ anchor: v.anchor, root: v.root, previousRoot: v.previousRoot, bets: v.bets.length })),
      ).toBe(v.note));
    it('verifies every receipt against the note', () => {
      const note = parseBetAnchorNote(Buffer.from(v.note, 'hex'));
      if (!note.ok) throw new Error(note.error);
      for (let i = 0; i < v.bets.length; i++) {
        const receipt = {
          record: v.records[i],
          leaf: v.leaves[i],
          path: v.paths[i],
          root: v.root,
          previousRoot: v.previousRoot,
          txid: 'T',
        };
        expect(verifyBetReceipt(receipt, note.commitment)).toEqual({ ok: true, root: v.root });
      }
    });
  });

  it('chains each anchor to the previous root', () => {
    const roots = fixture.vectors.map((v) => v.root);
    expect(fixture.vectors.map((v) => v.previousRoot)).toEqual([null, ...roots.slice(0, -1)]);
  });
});

describe('verifyBetReceipt', () => {
  const v = fixture.vectors[4];
  const good = {
    record: v.records[3],
    leaf: v.leaves[3],
    path: v.paths[3],
    root: v.root,
    previousRoot: v.previousRoot,
    txid: 'T',
  };
  const anchored: BetAnchorCommitment = { anchor: v.anchor, root: v.root, previousRoot: v.previousRoot, bets: 8 };

  it.each([
    [
      'a changed payout',
      { ...good, record: good.record.replace('"payout":"0"', '"payout":"1"') },
      /the record was changed/,
    ],
    [
      'a record whose leaf was recomputed',
      { ...good, record: good.record + ' ', leaf: toHex(betLeaf(good.record + ' ')) },
      /the path leads to/,
    ],
    [
      'a path step swapped to the other side',
      { ...good, path: good.path.map((s, i) => (i === 0 ? { ...s, side: s.side === 'left' ? 'right' : 'left' } : s)) },
      /the path leads to/,
    ],
    ['a step that is not hex', { ...good, path: [{ side: 'left', hash: 'zz' }] }, /a path step is not/],
    ['no record', { ...good, record: undefined }, /no record/],
    ['not an object', 'receipt', /not a JSON object/],
  ])('rejects %s', (_, receipt, why) => {
    const r = verifyBetReceipt(receipt);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error).toMatch(why);
  });

  it('rejects a receipt whose root is not the anchored one', () => {
    const r = verifyBetReceipt(good, { ...anchored, root: fixture.vectors[3].root });
    expect(r).toEqual({ ok: false, error: expect.stringMatching(/the anchored root is/) });
  });

  it('rejects a receipt whose previous root breaks the chain', () => {
    const r = verifyBetReceipt(good, { ...anchored, previousRoot: null });
    expect(r).toEqual({ ok: false, error: expect.stringMatching(/anchored previous root/) });
  });

  it('the payout string really is in the vector bet', () => expect(good.record).toContain('"payout":"0"'));
});

describe('canonicalJson', () => {
  it.each([
    [{ b: 1, a: [true, null, 'x'] }, '{"a":[true,null,"x"],"b":1}'],
    [{ é: 1, z: 2, Z: 3 }, '{"Z":3,"z":2,"é":1}'],
    [{ a: undefined, b: 0.5 }, '{"b":0.5}'],
    ['line\nbreak "q"', '"line\\nbreak \\"q\\""'],
  ])('%j → %s', (value, text) => expect(canonicalJson(value)).toBe(text));

  it('refuses NaN', () => expect(() => canonicalJson({ x: NaN })).toThrow(/NaN/));
});

describe('betRecord', () => {
  it('refuses a time without microseconds', () =>
    expect(() => betRecord({ ...fixture.vectors[0].bets[0], time: '2025-11-21T10:00:20.123Z' })).toThrow(
      /time must be/,
    ));
});

describe('rootOfPath', () => {
  it('gives the leaf itself for an empty path', () => {
    const leaf = toHex(betLeaf('x'.repeat(80)));
    expect(rootOfPath(leaf, [])).toBe(leaf);
  });
  it('hashes the raw digests, left then right', () => {
    const a = betLeaf('a'.repeat(70));
    const b = betLeaf('b'.repeat(70));
    const both = new Uint8Array([...a, ...b]);
    // node:crypto as the outside reference
    const expected = createHash('sha256').update(both).digest('hex');
    expect(rootOfPath(toHex(a), [{ side: 'right', hash: toHex(b) }])).toBe(expected);
    expect(rootOfPath(toHex(b), [{ side: 'left', hash: toHex(a) }])).toBe(expected);
  });
});
