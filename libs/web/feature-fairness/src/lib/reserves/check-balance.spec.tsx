import { fireEvent, screen } from '@testing-library/react';
import type { ReservesSnapshot } from '@cosmic/contracts';
import { buildReservesTree, layoutReserves, reservesProof, type ReservesProofJson } from '@cosmic/game-engine';
import { fakeApi, renderWithStore, signedIn, user } from '@cosmic/web-data-access/testing';
import { CheckBalance } from './check-balance';

// A real version 2 proof (the engine's layout and tree): player 2 holds 1.5 AMINA among three players.
const tree = buildReservesTree(
  layoutReserves(
    [
      { userId: 1n, balance: 40_000_000n },
      { userId: 2n, balance: 150_000_000n },
      { userId: 3n, balance: 250_000_000n },
    ],
    'ef'.repeat(32),
  ),
);
const proof = reservesProof(tree, 2n, {
  snapshotId: '4',
  takenAt: '2025-11-21T10:00:00.000Z',
  anchor: { txId: 'A'.repeat(52), round: '55', network: 'devnet' },
})!;
const snapshot: ReservesSnapshot = {
  id: '4',
  takenAt: proof.takenAt,
  ledgerPosition: '10',
  rootHash: tree.root.hash,
  liabilities: tree.root.sum.toString(),
  leafCount: 256,
  reserves: '500000000',
  reservesRound: '50',
  ratio: '1.1363',
  covered: true,
  anchor: { txId: 'A'.repeat(52), round: '55', explorerUrl: null },
};

/** Renders "Check my balance" for a proven wallet whose proof request answers `body`, and presses it. */
async function check(body: ReservesProofJson) {
  fakeApi(({ path }) => (path === '/api/reserves/proof' ? { body } : undefined));
  renderWithStore(
    <CheckBalance snapshots={[snapshot]} />,
    '/fairness/reserves',
    signedIn(user({ ownershipVerified: true })),
  );
  fireEvent.click(screen.getByRole('button', { name: 'Check my balance' }));
  return screen.findByTestId('reserves-verdict');
}

describe('CheckBalance (proof version 2)', () => {
  it('verifies every share in the browser: included, the shares add up to the balance', async () => {
    const verdict = await check(proof);
    expect(verdict).toHaveTextContent('Included');
    expect(verdict).toHaveTextContent(
      `Your balance of 1.50000000 AMINA is in snapshot 4: its 8 shares add up to it, and the path from each share's leaf leads to the root ${tree.root.hash}`,
    );
    expect(verdict).toHaveTextContent('split into 8 random shares');
    expect(verdict).toHaveTextContent('8 sibling(s) with their sums lead to the root, one of 256 leaves');
  });

  it.each<[string, (p: ReservesProofJson) => ReservesProofJson, RegExp]>([
    [
      'a share raised, and the balance with it',
      (p) => ({
        ...p,
        balance: (BigInt(p.balance) + 1n).toString(),
        leaves: p.leaves.map((l, i) => (i === 0 ? { ...l, amount: (BigInt(l.amount) + 1n).toString() } : l)),
      }),
      /leaves\[0\]: the path leads to [0-9a-f]{64}, not to the root/,
    ],
    ['a share left out', (p) => ({ ...p, leaves: p.leaves.slice(1) }), /not to the balance 150000000/],
    ['the old format (one leaf)', (p) => ({ ...p, version: 1 }) as unknown as ReservesProofJson, /version must be 2/],
  ])('refuses %s', async (_name, alter, message) => {
    await check(alter(proof));
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
  });
});
