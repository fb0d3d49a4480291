import * as fs from 'node:fs';
import * as path from 'node:path';
import { cardFromFloat, cardLabel } from '../cards';
import { rollDice } from '../dice';
import { plinkoDrop } from '../plinko';
import { fairStream, serverSeedHash } from './stream';

interface PublishedVector {
  serverSeed: string;
  serverSeedHash: string;
  clientSeed: string;
  nonce: number;
  floats: number[];
  dice: number[];
  plinko: { path: number[]; slot: number };
  cards: string[];
  cardIndexes: number[];
}

const own = path.resolve(__dirname, '../fixtures/vectors.json');
const shared = path.resolve(__dirname, '../../../../../shared/fairness/vectors.json');
const files = [own, ...(fs.existsSync(shared) ? [shared] : [])];

describe.each(files)('published vectors %s', (file) => {
  const vectors: PublishedVector[] = JSON.parse(fs.readFileSync(file, 'utf8')).vectors;

  it('has vectors', () => expect(vectors.length).toBeGreaterThanOrEqual(4));

  describe.each(vectors.map((v) => [`${v.clientSeed}:${v.nonce}`, v] as const))('%s', (_name, v) => {
    it('server seed hash', () => expect(serverSeedHash(v.serverSeed)).toBe(v.serverSeedHash));
    it('floats', () => {
      const s = fairStream(v.serverSeed, v.clientSeed, v.nonce);
      expect(v.floats.map(() => s.next())).toEqual(v.floats);
    });
    it('dice', () => expect(rollDice(fairStream(v.serverSeed, v.clientSeed, v.nonce))).toEqual(v.dice));
    it('plinko', () => expect(plinkoDrop(fairStream(v.serverSeed, v.clientSeed, v.nonce))).toEqual(v.plinko));
    it('cards', () => {
      const s = fairStream(v.serverSeed, v.clientSeed, v.nonce);
      const cards = v.cards.map((_, i) => cardFromFloat(s.at(i)));
      expect(cards.map((c) => c.index)).toEqual(v.cardIndexes);
      expect(cards.map(cardLabel)).toEqual(v.cards);
    });
  });
});
