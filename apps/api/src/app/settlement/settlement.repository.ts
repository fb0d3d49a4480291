import { Injectable } from '@nestjs/common';
import type { Currency } from '@cosmic/contracts';
import { Queryable, SqlService } from '../database/sql.service';
import { InsufficientBalanceError } from './settlement-errors';
import type { LedgerKind } from './ledger-kind';

/** One settled bet row as written to `bets`. */
export interface BetRow {
  userId: string;
  game: string;
  currency: Currency;
  /** What the bet staked (0 for a free spin). */
  amount: bigint;
  payout: bigint;
  /** The return multiplier as text (`multiplierText`). */
  multiplier: string;
  pairId: string;
  nonce: bigint | string;
  /** The outcome as JSON text. */
  outcome: string;
}

/** One instant bet as place_bet() takes it, its outcome already computed for `nonce`. */
export interface BetToPlace {
  tokenHash: Buffer;
  userId: string;
  needVerified: boolean;
  currency: Currency;
  stake: bigint;
  payout: bigint;
  pairId: string;
  nonce: bigint;
  game: string;
  multiplier: string;
  /** The outcome as JSON text. */
  outcome: string;
  /** The request's Idempotency-Key and request hash: claimed in the bet's own statement. */
  idempotency?: { key: string; hash: string };
}

/** A round's last step that stakes nothing more, as round_settle() takes it. */
export interface RoundEnd {
  tokenHash: Buffer;
  userId: string;
  /** The session must have proven its wallet (AMINA, or a wallet player): place_bet()'s rule. */
  needVerified: boolean;
  roundId: string;
  /** The round row's xmin as the unlocked read found it: round_settle() closes only that version. */
  seen: string;
  /** The final state as JSON text: the round's state and the bet's outcome. */
  state: string;
  /** What the round staked in all (the bet row's amount; already debited). */
  staked: bigint;
  payout: bigint;
  /** The return multiplier as text (`multiplierText`). */
  multiplier: string;
  /** The request's Idempotency-Key and request hash: claimed in the settlement's own statement. */
  idempotency?: { key: string; hash: string };
}

/** A round opened in one statement (round_open()), its opening state computed for `nonce`. */
export interface RoundOpening {
  tokenHash: Buffer;
  userId: string;
  /** The session must have proven its wallet (AMINA, or a wallet player): place_bet()'s rule. */
  needVerified: boolean;
  game: string;
  currency: Currency;
  stake: bigint;
  pairId: string;
  nonce: bigint;
  /** The opening state as JSON text. */
  state: string;
  /** The request's Idempotency-Key and request hash: claimed in the opening's own statement. */
  idempotency?: { key: string; hash: string };
}

/**
 * The only SQL that writes `bets`, `ledger` and `balances` (besides the SQL functions place_bet(),
 * place_bets(), round_settle() and round_open(), which only this repository calls). Every method runs in the caller's
 * transaction (`db`), except the instant bets, which are one statement each.
 */
@Injectable()
export class SettlementRepository {
  constructor(private readonly sql: SqlService) {}

  /**
   * Moves a balance by `delta` only if it stays ≥ 0 and writes the ledger row with the balance
   * after, in one statement, so balance = sum of ledger deltas by construction. Returns the
   * balance after; a short balance throws {@link InsufficientBalanceError}.
   */
  async move(
    db: Queryable,
    userId: string,
    currency: Currency,
    delta: bigint,
    kind: LedgerKind,
    ref: string,
    insufficientMessage?: string,
  ): Promise<bigint> {
    const res = await db.query<{ balance_after: string }>({
      name: 'ledger_apply',
      text: `WITH b AS (
               UPDATE balances SET amount = amount + $3::bigint
                WHERE user_id = $1 AND currency = $2 AND amount + $3::bigint >= 0
            RETURNING amount)
             INSERT INTO ledger (user_id, currency, delta, balance_after, kind, ref)
             SELECT $1, $2, $3::bigint, amount, $4, $5 FROM b
             RETURNING balance_after`,
      values: [userId, currency, delta.toString(), kind, ref],
    });
    if (!res.rows[0]) throw new InsufficientBalanceError(insufficientMessage);
    return BigInt(res.rows[0].balance_after);
  }

  async balances(db: Queryable, userId: string): Promise<Record<Currency, bigint>> {
    const res = await db.query<{ currency: Currency; amount: string }>({
      name: 'balances_of',
      text: `SELECT currency, amount FROM balances WHERE user_id = $1`,
      values: [userId],
    });
    const out: Record<Currency, bigint> = { HC: 0n, AMINA: 0n };
    for (const r of res.rows) out[r.currency] = BigInt(r.amount);
    return out;
  }

  /**
   * Writes a settled bet in one statement, taking the player's rows in every bet's order (seed
   * pair, then balance): the balance moves once, by the payout less `debit` (what
   * was not staked before: a spin's stake, a bonus purchase's cost), only if it covers the debit;
   * then the bet row, its ledger rows (the debit, then the win, each only when not zero, ref
   * `bet:<id>`; the debit row shows the balance between the two, as two steps would), and the
   * `round` it closes, if any. Returns the bet id and the balance after; a short balance throws
   * {@link InsufficientBalanceError}, with nothing written.
   */
  async settle(
    db: Queryable,
    b: BetRow,
    debit: { amount: bigint; kind: 'bet' | 'bonus_buy' } | null,
    round: { id: string; state: string } | null,
  ): Promise<{ betId: string; balance: bigint }> {
    const res = await db.query<{ bet_id: string | null; balance: string | null }>({
      name: 'settle_bet',
      // the seed pair's key-share lock (the bet row's foreign key) before the balance's: a foreign
      // key is checked at the end of the statement, which would take them the other way round
      // from every other bet (pair, then balance) and deadlock with a rotation queued on the pair
      text: `WITH pair AS (
               SELECT id FROM seed_pairs WHERE id = $7 FOR KEY SHARE),
             moved AS (
               UPDATE balances SET amount = amount - $10::bigint + $5::bigint
                WHERE user_id = $1 AND currency = $3 AND amount >= $10::bigint AND EXISTS (SELECT 1 FROM pair)
            RETURNING amount),
             bet AS (
               INSERT INTO bets (user_id, game, currency, amount, payout, multiplier, seed_pair_id, nonce, outcome)
               SELECT $1, $2, $3, $4, $5, $6, $7, $8, $9 FROM moved
            RETURNING id),
             entry AS (
               INSERT INTO ledger (user_id, currency, delta, balance_after, kind, ref)
               SELECT $1, $3, e.delta, e.balance_after, e.kind, 'bet:' || bet.id
                 FROM bet, moved,
                      LATERAL (VALUES (1, -$10::bigint, moved.amount - $5::bigint, $11::text),
                                      (2, $5::bigint, moved.amount, 'win')) AS e(k, delta, balance_after, kind)
                WHERE e.delta <> 0
                ORDER BY e.k),
             closed AS (
               UPDATE game_rounds SET status = 'settled', state = $13, bet_id = bet.id, updated_at = now()
                 FROM bet WHERE game_rounds.id = $12)
             SELECT (SELECT id FROM bet) AS bet_id, (SELECT amount FROM moved) AS balance`,
      values: [
        b.userId,
        b.game,
        b.currency,
        b.amount.toString(),
        b.payout.toString(),
        b.multiplier,
        b.pairId,
        b.nonce.toString(),
        b.outcome,
        (debit?.amount ?? 0n).toString(),
        debit?.kind ?? 'bet',
        round?.id ?? null,
        round?.state ?? null,
      ],
    });
    const row = res.rows[0];
    if (row.bet_id === null || row.balance === null) throw new InsufficientBalanceError();
    return { betId: String(row.bet_id), balance: BigInt(row.balance) };
  }

  /**
   * round_settle(): settles a round read without a lock in one statement of its own, writing the
   * rows settle() writes for it; answers the bet id and the balance after. Throws RoundMovedError
   * (nothing written) when the round changed since it was read.
   */
  async settleSeenRound(e: RoundEnd): Promise<{ betId: string; balance: bigint }> {
    const rows = await this.sql.query<{ r: string[] }>(
      `SELECT round_settle($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) AS r`,
      [
        e.tokenHash,
        e.userId,
        e.needVerified,
        e.roundId,
        e.seen,
        e.state,
        e.staked.toString(),
        e.payout.toString(),
        e.multiplier,
        e.idempotency?.key ?? null,
        e.idempotency?.hash ?? null,
      ],
      'round_settle',
    );
    const [betId, balance] = rows[0].r;
    return { betId: String(betId), balance: BigInt(balance) };
  }

  /**
   * round_open(): opens a round and debits its stake in one statement of its own, with the play
   * guards; answers the round id and the balance after. Throws NonceMovedError (nothing written)
   * when the pair's nonce is no longer `nonce`, RoundOpenError when the game has a round open.
   */
  async openRound(o: RoundOpening): Promise<{ roundId: string; balance: bigint }> {
    const rows = await this.sql.query<{ r: string[] }>(
      `SELECT round_open($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) AS r`,
      [
        o.tokenHash,
        o.userId,
        o.needVerified,
        o.currency,
        o.stake.toString(),
        o.pairId,
        o.nonce.toString(),
        o.game,
        o.state,
        o.idempotency?.key ?? null,
        o.idempotency?.hash ?? null,
      ],
      'round_open',
    );
    const [roundId, balance] = rows[0].r;
    return { roundId: String(roundId), balance: BigInt(balance) };
  }

  /**
   * Operator pause, self-exclusion and daily loss limit (raises CC423/CC403/CC429). For a player
   * with limits it locks their limits row until the transaction ends, so call it just before the
   * debit it allows, after the seed pair and the round (the lock order).
   */
  async checkPlayAllowed(db: Queryable, userId: string, currency: Currency, stake: bigint): Promise<void> {
    await db.query(`SELECT check_play_allowed($1, $2, $3)`, [userId, currency, stake.toString()]);
  }

  /**
   * place_bet(): one instant bet in one statement; answers [bet id, balance] or raises CC4xx. With
   * an Idempotency-Key, the keyed place_bet() claims it in the same statement (CC208: the key
   * already has a request, and nothing was written). `ownConnection`: on the bets' own
   * connections (SqlService.betPool), for a call in one of BetBatcher's slots.
   */
  async placeBet(b: BetToPlace, ownConnection = false): Promise<string[]> {
    const args = [
      b.tokenHash,
      b.userId,
      b.needVerified,
      b.currency,
      b.stake.toString(),
      b.payout.toString(),
      b.pairId,
      b.nonce.toString(),
      b.game,
      b.multiplier,
      b.outcome,
    ];
    const k = b.idempotency;
    return this.call('place_bet', k ? [...args, k.key, k.hash] : args, k !== undefined, ownConnection);
  }

  /**
   * place_bets(): several players' instant bets in one statement; answers 3 numbers per bet
   * (status, …). When one of them has an Idempotency-Key, the keyed place_bets() claims the keys in
   * the same statement (status 208: that bet's key already has a request).
   */
  async placeBets(bets: BetToPlace[]): Promise<string[]> {
    const args = placeBetsArguments(bets);
    if (!bets.some((b) => b.idempotency)) return this.call('place_bets', args, false, true);
    const keys = bets.map((b) => b.idempotency ?? null);
    return this.call(
      'place_bets',
      [...args, keys.map((k) => k?.key ?? null), keys.map((k) => k?.hash ?? null)],
      true,
      true,
    );
  }

  /**
   * `fn`($1, …) as a named prepared statement, its keyed form (two more arguments) named apart; on
   * the bets' own connections or the pool.
   */
  private async call(
    fn: 'place_bet' | 'place_bets',
    args: unknown[],
    keyed: boolean,
    ownConnection: boolean,
  ): Promise<string[]> {
    const text = callText(fn, args.length);
    const name = keyed ? `${fn}_keyed` : fn;
    const rows = ownConnection
      ? await this.sql.betQuery<{ r: string[] }>(text, args, name)
      : await this.sql.query<{ r: string[] }>(text, args, name);
    return rows[0].r;
  }
}

/** `SELECT fn($1, …, $n) AS r`, made once per function and arity (the bet path's statements). */
const callTexts = new Map<string, string>();
function callText(fn: string, n: number): string {
  const id = `${fn}/${n}`;
  let text = callTexts.get(id);
  if (text === undefined) {
    text = `SELECT ${fn}(${Array.from({ length: n }, (_, i) => `$${i + 1}`).join(', ')}) AS r`;
    callTexts.set(id, text);
  }
  return text;
}

/** place_bets()'s arguments for `bets`: one array per column. */
export function placeBetsArguments(bets: BetToPlace[]): unknown[] {
  const cols: unknown[][] = Array.from({ length: 11 }, () => new Array(bets.length));
  bets.forEach((b, i) => {
    cols[0][i] = b.tokenHash;
    cols[1][i] = b.userId;
    cols[2][i] = b.needVerified;
    cols[3][i] = b.currency;
    cols[4][i] = b.stake.toString();
    cols[5][i] = b.payout.toString();
    cols[6][i] = b.pairId;
    cols[7][i] = b.nonce.toString();
    cols[8][i] = b.game;
    cols[9][i] = b.multiplier;
    cols[10][i] = b.outcome;
  });
  return cols;
}
