import { BASE_UNITS_PER_COIN as COIN } from '@cosmic/game-engine';
import { readAutobetForm } from './autobet-panel';

const FORM = {
  bets: '20',
  onWin: 'reset',
  winPercent: '100',
  onLoss: 'increase',
  lossPercent: '50',
  stopProfit: '',
  stopLoss: '30',
  stopWin: '',
} as const;

describe('readAutobetForm: the Auto tab read as settings, or the field that is wrong', () => {
  it('reads every field (empty stops are off; a percent of a reset side is ignored)', () => {
    expect(readAutobetForm({ ...FORM, winPercent: 'x' })).toEqual({
      ok: true,
      settings: {
        bets: 20,
        onWin: { kind: 'reset' },
        onLoss: { kind: 'increase', basisPoints: 5_000n },
        stopProfit: null,
        stopLoss: 30n * COIN,
        stopWin: null,
      },
    });
  });

  it.each([
    [{ bets: '' }, 'Number of bets: enter a whole number (0 = until stopped)'],
    [{ bets: '2.5' }, 'Number of bets: enter a whole number (0 = until stopped)'],
    [{ onWin: 'increase', winPercent: '' }, 'On win: enter a percentage like 100 (up to 2 decimals)'],
    [{ lossPercent: '1.234' }, 'On loss: enter a percentage like 100 (up to 2 decimals)'],
    [{ stopProfit: 'ten' }, 'Stop on profit: enter an amount like 50, or leave it empty'],
    [{ stopLoss: '0' }, 'Stop on loss: enter an amount like 50, or leave it empty'],
    [{ stopWin: '-5' }, 'Stop on a single win: enter an amount like 50, or leave it empty'],
  ] as const)('%j → %s', (patch, error) => {
    expect(readAutobetForm({ ...FORM, ...patch })).toEqual({ ok: false, error });
  });

  it('0 bets runs until stopped; stop amounts keep decimals', () => {
    const read = readAutobetForm({ ...FORM, bets: '0', stopWin: '0.5' });
    expect(read.ok && read.settings.bets).toBe(0);
    expect(read.ok && read.settings.stopWin).toBe(COIN / 2n);
  });
});

describe('readAutobetForm with AMINA (RTS 8): 1 to 100 bets, never until stopped, a loss limit required', () => {
  it.each([
    [{ bets: '0' }, 'Number of bets: AMINA autobet runs 1 to 100 bets, never until stopped'],
    [{ bets: '101' }, 'Number of bets: AMINA autobet runs 1 to 100 bets, never until stopped'],
    [{ bets: 'all' }, 'Number of bets: enter a whole number from 1 to 100'],
    [{ stopLoss: '' }, 'Stop on loss (AMINA): AMINA autobet needs a loss limit'],
    [{ stopLoss: '  ' }, 'Stop on loss (AMINA): AMINA autobet needs a loss limit'],
    [{ stopLoss: '0' }, 'Stop on loss: enter an amount like 50, or leave it empty'],
  ] as const)('%j → %s', (patch, error) => {
    expect(readAutobetForm({ ...FORM, ...patch }, 'AMINA')).toEqual({ ok: false, error });
  });

  it.each([
    ['1', 1],
    ['100', 100],
  ])('%s bets with a loss limit start, a single-win stop kept', (bets, count) => {
    const read = readAutobetForm({ ...FORM, bets, stopLoss: '0.5', stopWin: '2' }, 'AMINA');
    expect(read).toMatchObject({
      ok: true,
      settings: { bets: count, stopLoss: COIN / 2n, stopWin: 2n * COIN },
    });
  });

  it('House Coins keep "until stopped" and need no loss limit', () => {
    expect(readAutobetForm({ ...FORM, bets: '0', stopLoss: '' }, 'HC')).toMatchObject({
      ok: true,
      settings: { bets: 0, stopLoss: null },
    });
  });
});
