/**
 * Every kind of ledger row, and the one `ref` format each is written with. `ledger.kind` has a
 * CHECK constraint listing the same values (migration 1763702200000); rows written before that
 * migration keep their old spellings (`bonus-buy`, `withdrawal-refund`) and refs (`slots:<pair>:
 * <nonce>`, `slots-bonus:<pair>:<nonce>`).
 *
 * | kind                | delta | ref                                                          |
 * |---------------------|-------|--------------------------------------------------------------|
 * | `signup`            |  +    | `user:<user id>`                                             |
 * | `allowance`         |  +    | `allowance:<claim time, ISO 8601>`                           |
 * | `bet`               |  −    | `bet:<bet id>` (instant bets, slots spins), `round:<round id>` (a round's stakes, taken before its bet row exists) |
 * | `win`               |  +    | `bet:<bet id>`                                               |
 * | `bonus_buy`         |  −    | `bet:<bet id>` (the purchase's own bet row)                  |
 * | `deposit`           |  +    | `tx:<Algorand transaction id>`                               |
 * | `withdrawal`        |  −    | `withdrawal:<withdrawal id>`                                 |
 * | `withdrawal_refund` |  +    | `withdrawal:<withdrawal id>`                                 |
 * | `poker_buyin`       |  −    | `poker:<table id>`                                           |
 * | `poker_cashout`     |  +    | `poker:<table id>:<why>`                                     |
 * | `adjustment`        |  ±    | `adjustment:<note>` (an operator's correction)               |
 */
export const LEDGER_KINDS = [
  'signup',
  'allowance',
  'bet',
  'win',
  'bonus_buy',
  'deposit',
  'withdrawal',
  'withdrawal_refund',
  'poker_buyin',
  'poker_cashout',
  'adjustment',
] as const;

/** What moved a balance: one of {@link LEDGER_KINDS}. */
export type LedgerKind = (typeof LEDGER_KINDS)[number];
