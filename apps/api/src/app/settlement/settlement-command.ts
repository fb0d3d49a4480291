import type { Currency } from '@cosmic/contracts';
import type { LedgerKind } from './ledger-kind';
import type {
  PlaceBetsAnswer,
  PlacedBet,
  RoundAct,
  RoundActAnswer,
  RoundActWritten,
  RoundOpenAnswer,
  RoundOpenWritten,
  RoundOpening,
  BetToPlace,
} from './settlement.repository';

/**
 * A game write that settles in one statement of its own (SettlementService.commit), alone or with
 * the others of its kind in one call and one commit (SettlementService.commitTogether, which
 * games/bet-batcher.ts's group commit sends): an instant bet (place_bet()), a round's opening with
 * its stake or its bet at the nonce (round_open(): a hi-lo start, a blackjack deal, a slots bonus
 * buy or awarding spin) and an action on an open round (round_act(): a step, a settling step, a
 * double, a split, a free spin).
 */
export type GameWrite =
  | { kind: 'bet'; bet: BetToPlace }
  | { kind: 'open'; opening: RoundOpening }
  | { kind: 'act'; act: RoundAct };

/** What a game write answers when written: the bet, the round opened, or the action (with the bet that ended the round). */
export type GameWriteAnswer<W extends GameWrite> = W extends { kind: 'bet' }
  ? PlacedBet
  : W extends { kind: 'open' }
    ? RoundOpenWritten
    : RoundActWritten;

/** What commitTogether answers for one write of a call: as alone, or its refusal (and, for a bet, "send me alone"). */
export type GameWriteTogether<W extends GameWrite> = W extends { kind: 'bet' }
  ? PlaceBetsAnswer
  : W extends { kind: 'open' }
    ? RoundOpenAnswer
    : RoundActAnswer;

/**
 * A balance moved outside a bet, in the caller's transaction (SettlementService.apply): one ledger
 * row each, its kind, sign, currency and ref as {@link ledgerMove} says (the table in ledger-kind.ts).
 */
export type BalanceMove =
  /** A new player's balances opened, and their House Coins grant. */
  | { kind: 'signup'; userId: string; amount: bigint }
  | { kind: 'allowance'; userId: string; amount: bigint; claimedAt: Date }
  | { kind: 'deposit'; userId: string; amount: bigint; txId: string }
  | { kind: 'withdrawal'; userId: string; amount: bigint; withdrawalId: string }
  | { kind: 'withdrawal_refund'; userId: string; amount: bigint; withdrawalId: string }
  | { kind: 'poker_buyin'; userId: string; amount: bigint; tableId: string }
  /** Chips brought back as House Coins; `why` says how the seat ended. */
  | { kind: 'poker_cashout'; userId: string; amount: bigint; tableId: string; why: string }
  /** An operator's correction (± `delta`), with a note saying why. */
  | { kind: 'adjustment'; userId: string; currency: Currency; delta: bigint; note: string };

/** The ledger row a move writes: currency, signed delta, ledger kind and ref. */
export interface LedgerMove {
  currency: Currency;
  delta: bigint;
  kind: LedgerKind;
  ref: string;
}

/** The one place each move's currency, sign, kind and ref are decided. */
export function ledgerMove(m: BalanceMove): LedgerMove {
  switch (m.kind) {
    case 'signup':
      return { currency: 'HC', delta: m.amount, kind: 'signup', ref: `user:${m.userId}` };
    case 'allowance':
      return { currency: 'HC', delta: m.amount, kind: 'allowance', ref: `allowance:${m.claimedAt.toISOString()}` };
    case 'deposit':
      return { currency: 'AMINA', delta: m.amount, kind: 'deposit', ref: `tx:${m.txId}` };
    case 'withdrawal':
      return { currency: 'AMINA', delta: -m.amount, kind: 'withdrawal', ref: `withdrawal:${m.withdrawalId}` };
    case 'withdrawal_refund':
      return { currency: 'AMINA', delta: m.amount, kind: 'withdrawal_refund', ref: `withdrawal:${m.withdrawalId}` };
    case 'poker_buyin':
      return { currency: 'HC', delta: -m.amount, kind: 'poker_buyin', ref: `poker:${m.tableId}` };
    case 'poker_cashout':
      return { currency: 'HC', delta: m.amount, kind: 'poker_cashout', ref: `poker:${m.tableId}:${m.why}` };
    case 'adjustment':
      return { currency: m.currency, delta: m.delta, kind: 'adjustment', ref: `adjustment:${m.note}` };
  }
}
