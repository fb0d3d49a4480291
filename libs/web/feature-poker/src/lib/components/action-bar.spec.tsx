import { fireEvent, render, screen } from '@testing-library/react';
import type { LegalActions } from '@cosmic/poker';
import { ActionBar } from './action-bar';

const legal = (over: Partial<LegalActions>): LegalActions => ({
  seat: 0,
  toCall: 0,
  fold: false,
  check: true,
  call: false,
  bet: null,
  raise: null,
  allIn: null,
  ...over,
});

function renderBar(l: LegalActions | null, onAct = jest.fn(), pot = 15, currentBet = 10) {
  render(<ActionBar legal={l} pot={pot} currentBet={currentBet} waitingFor="Nova" busy={false} onAct={onAct} />);
  return onAct;
}

describe('ActionBar', () => {
  it('disables every move while someone else acts', () => {
    renderBar(null);
    expect(screen.getByText('Waiting for Nova…')).toBeInTheDocument();
    for (const name of ['Fold', 'Check', 'Raise', 'All-in'])
      expect(screen.getByRole('button', { name })).toBeDisabled();
  });

  it('facing a bet: fold, call the amount, raise from the minimum, all-in', () => {
    const onAct = renderBar(
      legal({ toCall: 10, check: false, call: true, fold: true, raise: { min: 20, max: 1000 }, allIn: 1000 }),
    );
    expect(screen.getByRole('button', { name: 'Fold' })).toBeEnabled();
    expect(screen.queryByRole('button', { name: 'Check' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Call 10' }));
    fireEvent.click(screen.getByRole('button', { name: 'Raise to 20' }));
    fireEvent.click(screen.getByRole('button', { name: 'All-in 1,000' }));
    expect(onAct.mock.calls).toEqual([['call'], ['raise', 20], ['allin']]);
  });

  it('sizes a raise with the presets and the amount field; out of range disables it', () => {
    const onAct = renderBar(
      legal({ toCall: 10, check: false, call: true, fold: true, raise: { min: 20, max: 1000 }, allIn: 1000 }),
    );
    // pot 15 with 10 to call: a pot-sized raise goes to 10 + 25 = 35
    fireEvent.click(screen.getByRole('button', { name: 'Pot' }));
    fireEvent.click(screen.getByRole('button', { name: 'Raise to 35' }));
    expect(onAct).toHaveBeenLastCalledWith('raise', 35);
    fireEvent.change(screen.getByRole('spinbutton', { name: 'Raise to amount in chips' }), { target: { value: '5' } });
    expect(screen.getByRole('button', { name: 'Raise to 5' })).toBeDisabled();
    fireEvent.change(screen.getByRole('slider', { name: 'Raise to amount' }), { target: { value: '1000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Raise to 1,000' }));
    expect(onAct).toHaveBeenLastCalledWith('allin');
  });

  it('with nothing to call: check is live, fold is not, and a bet starts at the big blind', () => {
    const onAct = renderBar(legal({ bet: { min: 10, max: 500 }, allIn: 500 }), jest.fn(), 60, 0);
    expect(screen.getByRole('button', { name: 'Fold' })).toBeDisabled();
    fireEvent.click(screen.getByRole('button', { name: 'Check' }));
    fireEvent.click(screen.getByRole('button', { name: '½ pot' }));
    fireEvent.click(screen.getByRole('button', { name: 'Bet 30' }));
    expect(onAct.mock.calls).toEqual([['check'], ['bet', 30]]);
  });

  it('a short stack facing a big bet can only fold or call all-in', () => {
    renderBar(legal({ toCall: 40, check: false, call: true, fold: true, allIn: 40 }));
    expect(screen.getByRole('button', { name: 'Raise' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'All-in 40' })).toBeEnabled();
    expect(screen.queryByRole('slider')).toBeNull();
  });
});
