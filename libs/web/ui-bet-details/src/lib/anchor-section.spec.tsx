import { render, screen } from '@testing-library/react';
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { AnchorChain, AnchoredReceipt } from '@cosmic/contracts';
import { AnchorSection } from './anchor-section';

// the receipt and note of an anchor written by libs/game-engine/scripts/bet-anchor-vectors.py
const { vectors } = JSON.parse(
  fs.readFileSync(path.resolve(__dirname, '../../../../game-engine/src/fixtures/bet-anchor-vectors.json'), 'utf8'),
);
const v = vectors[3];
const HOUSE = 'H'.repeat(58);
const TXID = 'T'.repeat(52);
const receipt: AnchoredReceipt = {
  status: 'anchored',
  betId: v.bets[2].id,
  record: v.records[2],
  leaf: v.leaves[2],
  path: v.paths[2],
  root: v.root,
  previousRoot: v.previousRoot,
  txid: TXID,
  round: '77',
  anchor: v.anchor,
  time: '2025-11-21T10:05:00.000Z',
};
const chain: AnchorChain = {
  anchor: v.anchor,
  txid: TXID,
  round: '77',
  sender: HOUSE,
  houseAddress: HOUSE,
  note: Buffer.from(v.note, 'hex').toString('utf8'),
  time: '2025-11-21T10:05:04.000Z',
  network: 'devnet',
};

describe('AnchorSection', () => {
  it('shows the transaction and a green check when the receipt leads to the root in the note', () => {
    render(<AnchorSection anchor={{ receipt, chain }} />);
    expect(screen.getByTestId('bd-anchor')).toHaveTextContent(`Anchored in transaction ${TXID} (round 77)`);
    expect(screen.getByTestId('bd-anchor-ok')).toHaveTextContent('Receipt checked against the chain');
  });

  it.each([
    [
      'a changed record',
      { ...receipt, record: v.records[2].replace('"nonce":"', '"nonce":"1') },
      chain,
      /the record was changed/,
    ],
    [
      'a note of another anchor',
      receipt,
      { ...chain, note: Buffer.from(vectors[2].note, 'hex').toString('utf8') },
      /anchored root is/,
    ],
    ['a sender that is not the house', receipt, { ...chain, sender: 'X'.repeat(58) }, /not sent by the house/],
  ])('shows no check for %s', (_, r, c, why) => {
    render(<AnchorSection anchor={{ receipt: r, chain: c }} />);
    expect(screen.queryByTestId('bd-anchor-ok')).toBeNull();
    expect(screen.getByTestId('bd-anchor-bad')).toHaveTextContent(why);
  });

  // the note of this very anchor, as the chain holds it, with another root or another previous root
  const noteWith = (change: Partial<{ root: string; previousRoot: string | null }>) => {
    const text = Buffer.from(v.note, 'hex').toString('utf8');
    const prefix = text.slice(0, text.indexOf('{'));
    return prefix + JSON.stringify({ ...JSON.parse(text.slice(prefix.length)), ...change });
  };
  const otherRoot = 'ab'.repeat(32);
  it.each([
    ['another root', { root: otherRoot }, `the anchored root is ${otherRoot}, not the receipt's ${v.root}`],
    [
      'another previous root',
      { previousRoot: otherRoot },
      `the anchored previous root is ${otherRoot}, not the receipt's ${v.previousRoot}`,
    ],
  ])('says the receipt does not match when the note holds %s', (_, change, why) => {
    render(<AnchorSection anchor={{ receipt, chain: { ...chain, note: noteWith(change) } }} />);
    expect(screen.queryByTestId('bd-anchor-ok')).toBeNull();
    const bad = screen.getByRole('alert');
    expect(bad).toHaveAttribute('data-testid', 'bd-anchor-bad');
    expect(bad).toHaveTextContent(`✗ The receipt does not match the chain: ${why}`);
    // the transaction it was checked against is still named
    expect(screen.getByTestId('bd-anchor-txid')).toHaveTextContent(TXID);
  });

  it('says when a pending bet is expected', () => {
    render(
      <AnchorSection
        anchor={{
          receipt: {
            status: 'pending',
            betId: '5',
            record: '{}',
            leaf: '0'.repeat(64),
            anchor: null,
            expectedBy: '2025-11-21T10:10:00.000Z',
            message: 'Bet 5 is not anchored yet',
          },
        }}
      />,
    );
    expect(screen.getByTestId('bd-anchor-pending')).toHaveTextContent(
      /Not anchored yet: expected by .*Bet 5 is not anchored yet/,
    );
  });
});
