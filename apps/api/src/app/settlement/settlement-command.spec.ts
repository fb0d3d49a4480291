import { LEDGER_KINDS } from './ledger-kind';
import { type BalanceMove, ledgerMove } from './settlement-command';

// Each balance move's ledger row, decided in one place: the kinds, signs and refs of the table in
// ledger-kind.ts.

const at = new Date('2026-11-29T04:00:00.000Z');

describe('ledgerMove: the ledger row of each balance move', () => {
  const cases: Array<[BalanceMove, ReturnType<typeof ledgerMove>]> = [
    [
      { kind: 'signup', userId: '7', amount: 5n },
      { currency: 'HC', delta: 5n, kind: 'signup', ref: 'user:7' },
    ],
    [
      { kind: 'allowance', userId: '7', amount: 5n, claimedAt: at },
      { currency: 'HC', delta: 5n, kind: 'allowance', ref: 'allowance:2026-11-29T04:00:00.000Z' },
    ],
    [
      { kind: 'deposit', userId: '7', amount: 5n, txId: 'TX' },
      { currency: 'AMINA', delta: 5n, kind: 'deposit', ref: 'tx:TX' },
    ],
    [
      { kind: 'withdrawal', userId: '7', amount: 5n, withdrawalId: '3' },
      { currency: 'AMINA', delta: -5n, kind: 'withdrawal', ref: 'withdrawal:3' },
    ],
    [
      { kind: 'withdrawal_refund', userId: '7', amount: 5n, withdrawalId: '3' },
      { currency: 'AMINA', delta: 5n, kind: 'withdrawal_refund', ref: 'withdrawal:3' },
    ],
    [
      { kind: 'poker_buyin', userId: '7', amount: 5n, tableId: 'andromeda' },
      { currency: 'HC', delta: -5n, kind: 'poker_buyin', ref: 'poker:andromeda' },
    ],
    [
      { kind: 'poker_cashout', userId: '7', amount: 5n, tableId: 'andromeda', why: 'away' },
      { currency: 'HC', delta: 5n, kind: 'poker_cashout', ref: 'poker:andromeda:away' },
    ],
    [
      { kind: 'adjustment', userId: '7', currency: 'HC', delta: -5n, note: 'test' },
      { currency: 'HC', delta: -5n, kind: 'adjustment', ref: 'adjustment:test' },
    ],
  ];

  it.each(cases)('%o', (move, row) => {
    expect(ledgerMove(move)).toEqual(row);
  });

  it("writes only kinds the ledger accepts, and every kind but the bets' own (bet, win, bonus_buy: SQL writes them) has a move", () => {
    const kinds = new Set(cases.map(([m]) => ledgerMove(m).kind));
    expect([...kinds].every((k) => (LEDGER_KINDS as readonly string[]).includes(k))).toBe(true);
    expect(LEDGER_KINDS.filter((k) => !kinds.has(k))).toEqual(['bet', 'win', 'bonus_buy']);
  });
});
