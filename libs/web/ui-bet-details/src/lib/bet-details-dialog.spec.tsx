import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { type BetDetails, type BetOutcome, toBetOutcome } from '@cosmic/contracts';
import { serverSeedHash, verify } from '@cosmic/game-engine';
import { BetDetailsDialog } from './bet-details-dialog';

const SEED = 'cd'.repeat(32);

// a bet as the API answers it, its outcome drawn by the engine from SEED
function bet(
  game: BetDetails['game'],
  extra: Record<string, string>,
  params: object,
  over: Partial<BetDetails> = {},
): BetDetails {
  const r = verify(game, SEED, 'lucky', 4, { ...params, stake: '1000000000', currency: 'HC' });
  if (!r.ok) throw new Error(r.error);
  return {
    id: '42',
    game,
    username: 'cosmic_otter',
    mine: false,
    time: '2026-11-27T04:00:00.000Z',
    currency: 'HC',
    amount: '10',
    multiplier: String(r.multiplierValue),
    payout: r.payout ? String(Number(r.payout) / 1e8) : '0',
    nonce: 4,
    clientSeed: 'lucky',
    serverSeedHash: serverSeedHash(SEED),
    serverSeed: SEED,
    outcome: toBetOutcome(game, r.outcome),
    verify: { extra, stake: { amount: '10', currency: 'HC' } },
    ...over,
  };
}

const show = (d: BetDetails | undefined, extra: Partial<Parameters<typeof BetDetailsDialog>[0]> = {}) =>
  render(
    <MemoryRouter>
      <BetDetailsDialog betId="42" details={d} loading={false} onClose={() => undefined} {...extra} />
    </MemoryRouter>,
  );

describe('BetDetailsDialog', () => {
  it.each<[string, BetDetails, (o: BetOutcome) => void]>([
    [
      'dice: both faces',
      bet('dice', { betType: 'high' }, { betType: 'high' }),
      (o) => {
        if (o.game !== 'dice') throw new Error();
        expect(screen.getAllByTestId('bd-die').map((d) => Number(d.dataset['value']))).toEqual(o.dice);
      },
    ],
    [
      'plinko: a step per row and the slot',
      bet('plinko', { risk: 'low' }, { risk: 'low' }),
      (o) => {
        if (o.game !== 'plinko') throw new Error();
        expect(screen.getByRole('list', { name: 'Which way at each row' }).children).toHaveLength(o.path.length);
        expect(screen.getByTestId('bd-plinko-slot')).toHaveTextContent(`Slot ${o.slot} of 13`);
      },
    ],
    [
      'slots: a grid per cascade (or the one grid)',
      bet('slots', { freeSpins: '0' }, { freeSpins: false }),
      (o) => {
        if (o.game !== 'slots') throw new Error();
        expect(screen.getAllByRole('img', { name: /^(Cascade \d|The grid|Final grid)/ })).toHaveLength(
          o.cascades.length === 0 ? 1 : o.cascades.length + 1,
        );
      },
    ],
    [
      'blackjack: dealer and hand cards',
      bet('blackjack', { actions: '' }, { actions: [] }),
      (o) => {
        if (o.game !== 'blackjack') throw new Error();
        expect(screen.getByTestId('bd-dealer')).toHaveTextContent(`Dealer ${o.dealerTotal}`);
        expect(screen.getAllByTestId('bd-hand')).toHaveLength(o.hands.length);
      },
    ],
    [
      'hi-lo: the cards of the run',
      bet('hilo', { guesses: '', cashout: '0' }, { guesses: [] }),
      (o) => {
        if (o.game !== 'hilo') throw new Error();
        expect(screen.getByRole('img', { name: o.cards[0].label })).toBeInTheDocument();
      },
    ],
  ])('%s, and Verify recomputes it to the same outcome', (_name, d, check) => {
    show(d);
    expect(screen.getByRole('dialog', { name: 'Bet #42' })).toBeInTheDocument();
    check(d.outcome);
    expect(screen.getByText('cosmic_otter')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(screen.getByTestId('verify-outcome-match')).toHaveTextContent(
      '✓ Recomputed outcome matches the settled bet',
    );
    expect(screen.getByText(/✓ The revealed server seed matches the hash/)).toBeInTheDocument();
  });

  it('says when the recomputation differs from what was settled, naming the field', () => {
    const d = bet('dice', { betType: 'high' }, { betType: 'high' });
    if (d.outcome.game !== 'dice') throw new Error();
    show({
      ...d,
      outcome: { ...d.outcome, dice: [d.outcome.dice[1] === 6 ? 1 : d.outcome.dice[1] + 1, d.outcome.dice[0]] },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(screen.getByTestId('verify-outcome-match')).toHaveTextContent(
      '✗ Recomputed outcome differs from the settled bet (dice)',
    );
  });

  it('checks the payout against what was paid', () => {
    const d = bet('dice', { betType: 'low' }, { betType: 'low' });
    show({ ...d, payout: '999' });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(screen.getByTestId('verify-payout-match')).toHaveTextContent('✗ Recomputed payout');
  });

  it('on the player’s own sealed bet: no Verify, why, and the rotation that reveals it', () => {
    const rotate = jest.fn();
    show(bet('dice', { betType: 'high' }, { betType: 'high' }, { serverSeed: null, mine: true }), {
      reveal: { blocked: null, busy: false, rotate },
    });
    expect(screen.queryByRole('button', { name: 'Verify' })).toBeNull();
    expect(screen.getByTestId('bd-sealed')).toHaveTextContent('Not verifiable yet');
    fireEvent.click(screen.getByRole('button', { name: 'Rotate my seed pair to reveal it' }));
    expect(rotate).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('link', { name: 'Manage your seeds on the fairness page' })).toHaveAttribute(
      'href',
      '/fairness',
    );
  });

  it('on another player’s sealed bet: says it is revealed when they rotate, offers no rotation', () => {
    show(bet('dice', { betType: 'high' }, { betType: 'high' }, { serverSeed: null }));
    expect(screen.getByTestId('bd-sealed')).toHaveTextContent('revealed when its player rotates their seed pair');
    expect(screen.queryByRole('button', { name: /Rotate/ })).toBeNull();
  });

  it('says why a bet could not be loaded', () => {
    show(undefined, { error: 'There is no bet #42.' });
    expect(screen.getByRole('alert')).toHaveTextContent('There is no bet #42.');
  });

  it('closes on Escape', () => {
    const onClose = jest.fn();
    show(bet('dice', { betType: 'high' }, { betType: 'high' }), { onClose });
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});

describe('BetDetailsDialog after a reveal', () => {
  it('moves focus to Verify when the rotation button it had goes, so Escape and Tab still work in the dialog', () => {
    const d = bet('dice', { betType: 'high' }, { betType: 'high' });
    const reveal = { blocked: null, busy: false, rotate: jest.fn() };
    const view = show({ ...d, serverSeed: null, mine: true }, { reveal });
    screen.getByRole('button', { name: 'Rotate my seed pair to reveal it' }).focus();
    view.rerender(
      <MemoryRouter>
        <BetDetailsDialog betId="42" details={d} loading={false} onClose={() => undefined} reveal={reveal} />
      </MemoryRouter>,
    );
    expect(screen.getByRole('button', { name: 'Verify' })).toHaveFocus();
  });
});
