import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { LimitSetting, LimitView } from '@cosmic/contracts';
import { ADDRESS, renderWithStore, signedIn } from '@cosmic/web-data-access/testing';
import {
  type LimitKey,
  limitReads,
  limitRows,
  limitsAnswer,
  ME,
  serveLimits,
} from '../../test/responsible-gaming-fixtures';
import { PlayerTools } from './player-tools';

// "Every limit" on /responsible-gaming: the form sets one limit (kind, currency, window) with
// POST /api/responsible-gaming/limits, and the table shows what the API then says is used, left
// and waiting for its cool-off. The API is faked at fetch.

/** A raise or removal asked for now takes effect a day later. */
const COOL_OFF_ENDS = '2030-01-02T12:00:00.000Z';
const local = (iso: string) => new Date(iso).toLocaleString();

interface Case {
  name: string;
  group: string;
  window: string;
  typed: string;
  button: 'Set this limit' | 'Remove this limit';
  sent: LimitSetting;
  key: LimitKey;
  before: Partial<LimitView>;
  after: Partial<LimitView>;
  message: string;
  row: string[];
}

const CASES: Case[] = [
  {
    name: 'a 7-day wager limit lowered: it applies at once and what is left shrinks',
    group: 'Wager limits (HC)',
    window: '7 days',
    typed: ' 300 ',
    button: 'Set this limit',
    sent: { kind: 'wager', currency: 'HC', period: '7d', value: '300' },
    key: 'wager-HC-7d',
    before: { limit: '1000', used: '120', left: '880' },
    after: { limit: '300', used: '120', left: '180' },
    message: 'Your 7-day HC wager limit is 300 HC, effective now.',
    row: ['7 days', '300 HC', '120 HC', '180 HC'],
  },
  {
    name: 'a 30-day wager limit raised: the old one stays, the raise waits for its cool-off',
    group: 'Wager limits (AMINA)',
    window: '30 days',
    typed: '12.5',
    button: 'Set this limit',
    sent: { kind: 'wager', currency: 'AMINA', period: '30d', value: '12.5' },
    key: 'wager-AMINA-30d',
    before: { limit: '5', used: '1.25', left: '3.75' },
    after: { limit: '5', used: '1.25', left: '3.75', pending: { value: '12.5', effectiveAt: COOL_OFF_ENDS } },
    message:
      'Your new 30-day AMINA wager limit of 12.5 AMINA takes effect in 24h 0m; until then your limit stays 5 AMINA.',
    row: ['30 days', '5 AMINA', '1.25 AMINA', `3.75 AMINA (12.5 AMINA from ${local(COOL_OFF_ENDS)})`],
  },
  {
    name: 'a first 7-day deposit limit: it applies at once, counting the deposits already made',
    group: 'Deposit limits (AMINA)',
    window: '7 days',
    typed: '20',
    button: 'Set this limit',
    sent: { kind: 'deposit', currency: 'AMINA', period: '7d', value: '20' },
    key: 'deposit-AMINA-7d',
    before: { used: '4.5' },
    after: { limit: '20', used: '4.5', left: '15.5' },
    message: 'Your 7-day AMINA deposit limit is 20 AMINA, effective now.',
    row: ['7 days', '20 AMINA', '4.5 AMINA', '15.5 AMINA'],
  },
  {
    name: 'a 30-day deposit limit raised: the raise waits for its cool-off',
    group: 'Deposit limits (AMINA)',
    window: '30 days',
    typed: '500',
    button: 'Set this limit',
    sent: { kind: 'deposit', currency: 'AMINA', period: '30d', value: '500' },
    key: 'deposit-AMINA-30d',
    before: { limit: '100', used: '60', left: '40' },
    after: { limit: '100', used: '60', left: '40', pending: { value: '500', effectiveAt: COOL_OFF_ENDS } },
    message:
      'Your new 30-day AMINA deposit limit of 500 AMINA takes effect in 24h 0m; until then your limit stays 100 AMINA.',
    row: ['30 days', '100 AMINA', '60 AMINA', `40 AMINA (500 AMINA from ${local(COOL_OFF_ENDS)})`],
  },
  {
    name: 'a 30-day deposit limit removed: the removal waits for its cool-off',
    group: 'Deposit limits (AMINA)',
    window: '30 days',
    typed: '',
    button: 'Remove this limit',
    sent: { kind: 'deposit', currency: 'AMINA', period: '30d', value: null },
    key: 'deposit-AMINA-30d',
    before: { limit: '100', used: '60', left: '40' },
    after: { limit: '100', used: '60', left: '40', pending: { value: null, effectiveAt: COOL_OFF_ENDS } },
    message: 'Your 30-day AMINA deposit limit will be removed in 24h 0m; until then your limit stays 100 AMINA.',
    row: ['30 days', '100 AMINA', '60 AMINA', `40 AMINA (removal from ${local(COOL_OFF_ENDS)})`],
  },
];

/** Picks an option of the select with this label, by the option's text, as a player would. */
function choose(label: string, option: string) {
  const select = screen.getByLabelText(label);
  const value = (within(select).getByRole('option', { name: option }) as HTMLOptionElement).value;
  fireEvent.change(select, { target: { value } });
}

/** The cells of one limit's row: window, limit, used, left (with any change waiting). */
const row = (key: LimitKey) =>
  within(screen.getByTestId(`limit-${key}`))
    .getAllByRole('cell')
    .map((td) => td.textContent);

describe('LimitsTable: "Set this limit"', () => {
  it.each(CASES)('$name', async (c) => {
    const calls = serveLimits(limitsAnswer({ limits: limitRows({ [c.key]: c.before }) }), (call) =>
      call.path === '/api/responsible-gaming/limits'
        ? { next: limitsAnswer({ limits: limitRows({ [c.key]: c.after }) }), message: c.message }
        : undefined,
    );
    const { store } = renderWithStore(<PlayerTools />, '/', signedIn(ME, 'pera'));
    await screen.findByTestId('limits-table');

    choose('Limit', c.group);
    choose('Window', c.window);
    fireEvent.change(screen.getByLabelText(`Amount (${c.sent.currency})`), { target: { value: c.typed } });
    fireEvent.click(screen.getByRole('button', { name: c.button }));

    await waitFor(() => expect(row(c.key)).toEqual(c.row));
    const posts = calls.filter((x) => x.method === 'POST');
    expect(posts.map((x) => [x.method, x.url, x.headers.get('content-type'), x.body])).toEqual([
      [
        'POST',
        'http://casino.test/api/responsible-gaming/limits',
        'application/json',
        { walletAddress: ADDRESS, limits: [c.sent] },
      ],
    ]);
    // the table shows the limits as read again after the change, not as the form guessed them
    expect(limitReads(calls)).toHaveLength(2);
    expect(store.getState().toast.current).toMatchObject({
      title: 'Limits updated',
      description: c.message,
      variant: 'success',
    });
  });

  it('sets nothing until an amount is typed, and names the currency the amount is in', async () => {
    serveLimits(limitsAnswer());
    renderWithStore(<PlayerTools />, '/', signedIn(ME, 'pera'));
    await screen.findByTestId('limits-table');
    const set = screen.getByRole('button', { name: 'Set this limit' });
    expect(set).toBeDisabled();
    choose('Limit', 'Deposit limits (AMINA)');
    const amount = screen.getByLabelText('Amount (AMINA)');
    fireEvent.change(amount, { target: { value: '   ' } });
    expect(set).toBeDisabled();
    fireEvent.change(amount, { target: { value: '1' } });
    expect(set).toBeEnabled();
    choose('Limit', 'Wager limits (HC)');
    expect(screen.getByLabelText('Amount (HC)')).toHaveValue('1');
  });

  it('a refused limit says why, and the table keeps what the API last said', async () => {
    const calls = serveLimits(limitsAnswer({ limits: limitRows({ 'wager-HC-30d': { used: '7' } }) }), () => ({
      status: 400,
      message: 'limits[0].value: House Coins are whole coins',
    }));
    const { store } = renderWithStore(<PlayerTools />, '/', signedIn(ME, 'pera'));
    await screen.findByTestId('limits-table');
    choose('Limit', 'Wager limits (HC)');
    choose('Window', '30 days');
    fireEvent.change(screen.getByLabelText('Amount (HC)'), { target: { value: '1.5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Set this limit' }));
    await waitFor(() =>
      expect(store.getState().toast.current).toMatchObject({
        title: 'Limit not saved',
        description: 'limits[0].value: House Coins are whole coins',
        variant: 'error',
      }),
    );
    expect(calls.filter((x) => x.method === 'POST').map((x) => x.body)).toEqual([
      { walletAddress: ADDRESS, limits: [{ kind: 'wager', currency: 'HC', period: '30d', value: '1.5' }] },
    ]);
    expect(row('wager-HC-30d')).toEqual(['30 days', 'none', '7 HC', '—']);
  });
});

describe('LimitsTable: AMINA locked after a deposit beyond a limit', () => {
  const UNTIL = '2030-01-08T09:30:00.000Z';

  it('says how much is locked from play, until when, and that it can still be withdrawn', async () => {
    serveLimits(
      limitsAnswer({
        limits: limitRows({ 'deposit-AMINA-7d': { limit: '10', used: '12.5', left: '0' } }),
        left: { lossHC: null, lossAMINA: null, wagerHC: null, wagerAMINA: null, depositAMINA: '0' },
        depositLocked: { amount: '2.5', until: UNTIL },
      }),
    );
    renderWithStore(<PlayerTools />, '/', signedIn(ME, 'pera'));
    expect((await screen.findByTestId('deposit-locked')).textContent).toBe(
      `2.5 AMINA from a deposit beyond your deposit limit is locked from play until ${local(UNTIL)} (it can still be withdrawn).`,
    );
    expect(row('deposit-AMINA-7d')).toEqual(['7 days', '10 AMINA', '12.5 AMINA', '0 AMINA']);
  });

  it('says nothing of a lock when no deposit went beyond a limit', async () => {
    serveLimits(limitsAnswer());
    renderWithStore(<PlayerTools />, '/', signedIn(ME, 'pera'));
    await screen.findByTestId('limits-table');
    expect(screen.queryByTestId('deposit-locked')).toBeNull();
  });
});
