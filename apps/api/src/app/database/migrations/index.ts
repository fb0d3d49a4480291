import { Initial1763700000000 } from './1763700000000-initial';
import { Players1763700100000 } from './1763700100000-players';
import { PlaceBet1763700200000 } from './1763700200000-place-bet';
import { Cashier1763700300000 } from './1763700300000-cashier';
import { PlayGuards1763700400000 } from './1763700400000-play-guards';
import { Poker1763700600000 } from './1763700600000-poker';
import { LeanPlaceBet1763700700000 } from './1763700700000-lean-place-bet';
import { PlaceBets1763700800000 } from './1763700800000-place-bets';
import { LimitCoolOff1763701100000 } from './1763701100000-limit-cool-off';
import { SignedChallenges1763701200000 } from './1763701200000-signed-challenges';
import { NextServerSeed1763701300000 } from './1763701300000-next-server-seed';
import { LossLimitOpenRounds1763701400000 } from './1763701400000-loss-limit-open-rounds';
import { WithdrawalLimits1763701500000 } from './1763701500000-withdrawal-limits';
import { PokerTableLeases1763701700000 } from './1763701700000-poker-table-leases';
import { PokerPresence1763701800000 } from './1763701800000-poker-presence';
import { Reserves1763701900000 } from './1763701900000-reserves';
import { PartitionBetsLedger1763702100000 } from './1763702100000-partition-bets-ledger';
import { LedgerKinds1763702200000 } from './1763702200000-ledger-kinds';
import { SeedPairsRevealedAt1763702400000 } from './1763702400000-seed-pairs-revealed-at';
import { IdempotencyInTheBet1763702500000 } from './1763702500000-idempotency-in-the-bet';
import { RoundStep1763702600000 } from './1763702600000-round-step';
import { RoundSettle1763702700000 } from './1763702700000-round-settle';
import { RoundOpen1763702800000 } from './1763702800000-round-open';
import { BoundedSessionsUniqueUsernames1763702900000 } from './1763702900000-bounded-sessions-unique-usernames';
import { ReservesLayoutSeed1763703000000 } from './1763703000000-reserves-layout-seed';
import { RepeatableSql1763703200000 } from './1763703200000-repeatable-sql';
import { OneRoundAction1763703300000 } from './1763703300000-one-round-action';
import { DepositIntentLastValid1763703420000 } from './1763703420000-deposit-intent-last-valid';
import { LimitWindows1763703700000 } from './1763703700000-limit-windows';
import { RealityChecks1763703750000 } from './1763703750000-reality-checks';
import { BetAnchors1763703800000 } from './1763703800000-bet-anchors';
import { AnchorSignedTx1763704300000 } from './1763704300000-anchor-signed-tx';

/** Every migration in order; a merged migration is never edited, only followed by a new one. */
export const MIGRATIONS = [
  Initial1763700000000,
  Players1763700100000,
  PlaceBet1763700200000,
  Cashier1763700300000,
  PlayGuards1763700400000,
  Poker1763700600000,
  LeanPlaceBet1763700700000,
  PlaceBets1763700800000,
  LimitCoolOff1763701100000,
  SignedChallenges1763701200000,
  NextServerSeed1763701300000,
  LossLimitOpenRounds1763701400000,
  WithdrawalLimits1763701500000,
  PokerTableLeases1763701700000,
  PokerPresence1763701800000,
  Reserves1763701900000,
  PartitionBetsLedger1763702100000,
  LedgerKinds1763702200000,
  SeedPairsRevealedAt1763702400000,
  IdempotencyInTheBet1763702500000,
  RoundStep1763702600000,
  RoundSettle1763702700000,
  RoundOpen1763702800000,
  BoundedSessionsUniqueUsernames1763702900000,
  ReservesLayoutSeed1763703000000,
  RepeatableSql1763703200000,
  OneRoundAction1763703300000,
  DepositIntentLastValid1763703420000,
  LimitWindows1763703700000,
  RealityChecks1763703750000,
  BetAnchors1763703800000,
  AnchorSignedTx1763704300000,
];
