import { Injectable } from '@nestjs/common';
import type { Currency } from '@cosmic/contracts';
import { Queryable, SqlService } from '../database/sql.service';
import { InsufficientBalanceError, sqlRefusal } from './settlement-errors';
import type { DomainError } from '../common/domain-error';
import type { KeyTakenError } from '../common/idempotency-claim';
import type { LedgerKind } from './ledger-kind';

/** An instant bet committed under an Idempotency-Key whose answer was never stored (betUnderKey). */
export interface KeyedBet {
  betId: string;
  /** The pair's nonce the bet played (numbers as PostgreSQL's text). */
  nonce: string;
  currency: Currency;
  stake: string;
  payout: string;
  serverSeed: string;
  serverSeedHash: string;
  clientSeed: string;
  /** The balance right after the bet (its last ledger row's). */
  balance: string;
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

/** One action on an open round, as round_act() takes it. */
export interface RoundAct {
  /** The round's game and currency (for the metrics of a round the action ends; round_act() reads them itself). */
  game: string;
  currency: Currency;
  tokenHash: Buffer;
  userId: string;
  /** The session must have proven its wallet (AMINA, or a wallet player): place_bet()'s rule. */
  needVerified: boolean;
  roundId: string;
  /** The round row's xmin as the action's read found it: round_act() writes only that version. */
  seen: string;
  /** The round's next state as JSON text (and the bet's outcome when the action ends the round). */
  state: string;
  /** The action plays on (draws a card): the play guard refuses it as it refuses a bet. */
  playsOn: boolean;
  /** The stake the action adds (a blackjack double or split), debited and guarded like a bet. */
  extra: bigint;
  /** When the action ends the round: what it staked in all (the bet row's amount), its payout and multiplier. */
  end: { staked: bigint; payout: bigint; multiplier: string } | null;
  /**
   * When the action draws at the pair's next nonce and is a bet of its own (a slots free spin):
   * the nonce it drew at (round_act() takes it only if it is still the pair's), its bet row (staking
   * nothing, its payout credited, its outcome as JSON text), and whether it closes the round.
   * Never with `end`.
   */
  draw?: RoundDraw | null;
  /** The request's Idempotency-Key and request hash: claimed in the action's own statement. */
  idempotency?: { key: string; hash: string };
}

/** An action's own bet at the pair's next nonce (a slots free spin), as round_act() writes it. */
export interface RoundDraw {
  nonce: bigint;
  payout: bigint;
  multiplier: string;
  /** The bet row's outcome as JSON text. */
  outcome: string;
  /** The last draw closes the round (each draw has its own bet row: the round has none). */
  closes: boolean;
}

/**
 * What round_act() wrote: the bet id when the action ended the round, the balance after, and the
 * round row's version (its xmin) after the write while the round stays open, null once closed: the
 * `seen` of the player's next action on it.
 */
export interface RoundActWritten {
  betId: string | null;
  balance: bigint;
  version: string | null;
}

/** What round_acts() answers for one action: what it wrote, or the refusal that left it unwritten. */
export type RoundActAnswer = RoundActWritten | { refusal: DomainError | KeyTakenError | Error };

/**
 * What round_open() wrote: the round, the balance after its stake, the round row's version (its
 * xmin; null when it ended as it opened), and the bet the opening settled, if any (a lone call only).
 */
export interface RoundOpenWritten {
  roundId: string;
  balance: bigint;
  version: string | null;
  betId?: string;
}

/** What round_opens() answers for one opening: what it wrote, or the refusal that left it unwritten. */
export type RoundOpenAnswer = RoundOpenWritten | { refusal: DomainError | KeyTakenError | Error };

/** An instant bet written: its bet id and the balance after it. */
export interface PlacedBet {
  betId: string;
  balance: bigint;
}

/**
 * What place_bets() answers for one bet: placed; handed back (`alone`: the play guards apply, a
 * player with limits or AMINA, so place_bet() must place it alone; nothing of it was written); or
 * the refusal place_bet() would raise alone, nothing of it written.
 */
export type PlaceBetsAnswer = PlacedBet | { alone: true } | { refusal: DomainError | KeyTakenError | Error };

/**
 * The bet an opening settles at its nonce (round_open()'s p_bet_*): `amount` debited as `kind`,
 * `payout` paid at `multiplier` (exact text), `outcome` kept as JSON text for the verifier.
 */
export interface OpeningBet {
  amount: bigint;
  payout: bigint;
  multiplier: string;
  outcome: string;
  kind: 'bet' | 'bonus_buy';
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
  /**
   * A round opened by a bet of its own at the nonce (a slots bonus purchase; the paid spin that
   * awarded the free spins): that bet is settled with the opening, and the round stakes nothing.
   */
  bet?: OpeningBet | null;
  /**
   * A round that ends as it opens (a blackjack dealt with a blackjack on either side): its stake is
   * its bet, paying `payout` at `multiplier`, settled and the round closed in the same statement.
   * Only a lone opening ends (round_open()); openRounds() refuses one.
   */
  ends?: { payout: bigint; multiplier: string } | null;
  /** The request's Idempotency-Key and request hash: claimed in the opening's own statement. */
  idempotency?: { key: string; hash: string };
}

/**
 * The calls of the SQL functions that write `bets`, `ledger` and `balances`: those writes live only
 * in settlement/sql/*.sql (the primitives settle_bets(), the only writer of a bet, and
 * ledger_move(), every other movement; the entries settle_bet(), place_bet(), place_bets(),
 * round_open() and round_act() call them), and only this repository calls those entries.
 * Every method runs in the caller's transaction (`db`), except the one-statement entries.
 */
@Injectable()
export class SettlementRepository {
  constructor(private readonly sql: SqlService) {}

  /**
   * ledger_move(): moves a balance by `delta` only if it stays ≥ 0 and writes the ledger row with
   * the balance after, in one statement, so balance = sum of ledger deltas by construction. Returns
   * the balance after; a short balance throws {@link InsufficientBalanceError}.
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
    const res = await db.query<{ balance_after: string | null }>({
      name: 'ledger_move',
      text: `SELECT ledger_move($1, $2, $3, $4, $5) AS balance_after`,
      values: [userId, currency, delta.toString(), kind, ref],
    });
    const after = res.rows[0].balance_after;
    if (after === null) throw new InsufficientBalanceError(insufficientMessage);
    return BigInt(after);
  }

  /** close_idle_guests(): deletes up to `batch` guests older than `days` who never played, whole; answers how many. */
  async closeIdleGuests(days: number, batch: number): Promise<number> {
    const rows = await this.sql.query<{ n: number }>(`SELECT close_idle_guests($1, $2) AS n`, [days, batch]);
    return Number(rows[0].n);
  }

  /** open_balances(): a new player's balance rows, both at 0. */
  async openBalances(db: Queryable, userId: string): Promise<void> {
    await db.query({ name: 'open_balances', text: `SELECT open_balances($1)`, values: [userId] });
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
   * round_act(): one action on an open round in one statement, alone (`db` null; `ownConnection`:
   * on the bets' own connections, in one of BetBatcher's call slots) or in the caller's
   * transaction that holds the round's lock; answers the bet id (when the action ended the round),
   * the balance after and the round's version while it stays open. Throws RoundMovedError (nothing written) when the round changed since it was
   * read, and the play guards' and the balance's refusals.
   */
  async actOnRound(db: Queryable | null, a: RoundAct, ownConnection = false): Promise<RoundActWritten> {
    const text = `SELECT round_act($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16) AS r`;
    const values = roundActArguments(a);
    const [betId, balance, version] = await this.one({ db, ownConnection }, text, values, 'round_act');
    return {
      betId: betId === null ? null : String(betId),
      balance: BigInt(balance as string),
      version: version == null ? null : String(version),
    };
  }

  /**
   * round_acts(): several players' round actions in one statement and one commit, on the bets'
   * own connections (BetBatcher's group commit); `acts` in player-id order. Answers, per action at
   * its position, what round_act() answers alone, or the refusal it would have raised (a
   * RoundMovedError, the session's, the key's, the play guard's, the balance's): that action alone
   * wrote nothing. Any other error fails the whole call, rolled back.
   */
  async actOnRounds(acts: RoundAct[]): Promise<RoundActAnswer[]> {
    const rows = await this.together('round_acts', 'round_acts', 'bet_id', columns(acts.map(roundActArguments)));
    return rows.map((r) =>
      r.status === 'acted'
        ? { betId: r.id, balance: BigInt(r.balance as string), version: r.version ?? null }
        : refused('round_acts', r),
    );
  }

  /**
   * round_opens(): several players' round openings in one statement and one commit, on the bets'
   * own connections (BetBatcher's group commit); `openings` in player-id order. Answers, per opening
   * at its position, what round_open() answers alone, or the refusal it would have raised (a
   * NonceMovedError with the pair's nonce now, a RoundOpenError, the session's, the key's, the play
   * guard's, the balance's): that opening alone wrote nothing.
   */
  async openRounds(openings: RoundOpening[]): Promise<RoundOpenAnswer[]> {
    if (openings.some((o) => o.ends)) throw new Error('round_opens(): a round that ends as it opens goes alone');
    const rows = await this.together(
      'round_opens',
      'round_opens',
      'round_id',
      columns(openings.map(roundOpenArguments)),
    );
    return rows.map((r) =>
      r.status === 'opened'
        ? { roundId: r.id as string, balance: BigInt(r.balance as string), version: r.version ?? null }
        : refused('round_opens', r),
    );
  }

  /**
   * `fn` over one array per argument column (`cols`), on the bets' own connections as the prepared
   * statement `name`: one answer row per item, in order. An answer of another length fails the
   * call (its items may be committed: none is written again).
   */
  private async together(
    fn: 'place_bets' | 'round_acts' | 'round_opens',
    name: string,
    idColumn: string,
    cols: unknown[][],
  ): Promise<TogetherRow[]> {
    const items = (cols[0] as unknown[] | undefined)?.length ?? 0;
    const params = cols.map((_, i) => `$${i + 1}`).join(', ');
    // place_bets() has no round, so no version
    const version = fn === 'place_bets' ? '' : ', version::text AS version';
    const rows = await this.sql.betQuery<TogetherRow>(
      `SELECT status, detail, ${idColumn}::text AS id, balance::text AS balance${version} FROM ${fn}(${params})`,
      cols,
      name,
    );
    if (rows.length !== items) throw new Error(`${fn}() answered ${rows.length} rows for ${items} items`);
    return rows;
  }

  /**
   * round_open(): opens a round and debits its stake in one statement of its own, with the play
   * guards; answers the round id, the balance after, the round's version while it stays open, and
   * the id of the bet the opening settled (a bet at its nonce, or the round's own when it ends as it
   * opens), if any. `db`: in the caller's
   * transaction (the one locked way, games/round-open.ts); else alone, `ownConnection` on the bets'
   * own connections. Throws NonceMovedError (nothing written) when the pair's nonce is no longer
   * `nonce`, RoundOpenError when the game has a round open.
   */
  async openRound(
    o: RoundOpening,
    { ownConnection = false, db = null }: { ownConnection?: boolean; db?: Queryable | null } = {},
  ): Promise<RoundOpenWritten> {
    const text = `SELECT round_open($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17) AS r`;
    const values = [...roundOpenArguments(o), o.ends != null];
    const [roundId, balance, betId, version] = await this.one({ db, ownConnection }, text, values, 'round_open');
    const opened = {
      roundId: String(roundId),
      balance: BigInt(balance as string),
      version: version == null ? null : String(version),
    };
    return betId == null ? opened : { ...opened, betId: String(betId) };
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
   * place_bet(): one instant bet in one statement; answers the bet id and balance after, or raises
   * CC4xx. With an Idempotency-Key, the keyed place_bet() claims it in the same statement (CC208:
   * the key already has a request, and nothing was written). `ownConnection`: on the bets' own
   * connections (SqlService.betPool), for a call in one of BetBatcher's slots.
   */
  async placeBet(b: BetToPlace, where: { ownConnection?: boolean; db?: Queryable | null } = {}): Promise<PlacedBet> {
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
    const values = k ? [...args, k.key, k.hash] : args;
    const name = k ? 'place_bet_keyed' : 'place_bet';
    const [betId, balance] = await this.one(where, callText('place_bet', values.length), values, name);
    return { betId: String(betId), balance: BigInt(balance as string) };
  }

  /**
   * place_bets(): several players' instant bets in one statement and one commit, on the bets' own
   * connections (BetBatcher's group commit); `bets` in player-id order. Answers, per bet at its
   * position, what place_bet() answers alone, the refusal it would have raised (nothing of that
   * bet written), or `{ alone: true }` for a bet the play guards apply to. When one of them has an
   * Idempotency-Key, the keyed place_bets() claims the keys in the same statement (a key that
   * already has a request: KeyTakenError for its bet).
   */
  async placeBets(bets: BetToPlace[]): Promise<PlaceBetsAnswer[]> {
    const args = placeBetsArguments(bets);
    const keyed = bets.some((b) => b.idempotency);
    const keys = bets.map((b) => b.idempotency ?? null);
    const rows = keyed
      ? await this.together('place_bets', 'place_bets_keyed', 'bet_id', [
          ...args,
          keys.map((k) => k?.key ?? null),
          keys.map((k) => k?.hash ?? null),
        ])
      : await this.together('place_bets', 'place_bets', 'bet_id', args);
    return rows.map(
      (r): PlaceBetsAnswer =>
        r.status === 'placed'
          ? { betId: r.id as string, balance: BigInt(r.balance as string) }
          : r.status === 'guarded'
            ? { alone: true }
            : refused('place_bets', r),
    );
  }

  /**
   * The instant bet a keyed place_bet()/place_bets() committed under the key (same request, no
   * answer stored: a game's answer is played again from this), with the pair that played it and the balance it left;
   * null when the key names no such bet.
   */
  async betUnderKey(userId: string, key: string, hash: string): Promise<KeyedBet | null> {
    const [row] = await this.sql.query<KeyedBet>(
      `SELECT b.id AS "betId", b.nonce, b.currency, b.amount AS stake, b.payout, sp.server_seed AS "serverSeed",
              sp.server_seed_hash AS "serverSeedHash", sp.client_seed AS "clientSeed",
              (SELECT max(l.balance_after) FROM ledger l
                WHERE l.user_id = b.user_id AND l.currency = b.currency AND l.ref = 'bet:' || b.id) AS balance
         FROM idempotency_keys k
         JOIN bets b ON b.id = (k.response->>'bet')::bigint AND b.user_id = k.user_id
         JOIN seed_pairs sp ON sp.id = b.seed_pair_id
        WHERE k.user_id = $1 AND k.key = $2 AND k.request_hash = $3 AND k.status_code = 0
          AND jsonb_typeof(k.response) = 'object'`,
      [userId, key, hash],
    );
    return row ?? null;
  }

  /**
   * `fn`($1, …) as a named prepared statement, its keyed form (two more arguments) named apart; on
   * the bets' own connections or the pool.
   */
  /**
   * One entry's statement, answering its array `r`: in the caller's transaction (`db`), else alone
   * on the bets' own connections (`ownConnection`: the group commit's) or the main pool.
   */
  private async one(
    { db = null, ownConnection = false }: { db?: Queryable | null; ownConnection?: boolean },
    text: string,
    values: unknown[],
    name: string,
  ): Promise<Array<string | null>> {
    type Row = { r: Array<string | null> };
    const rows = db
      ? (await db.query<Row>({ name, text, values })).rows
      : ownConnection
        ? await this.sql.betQuery<Row>(text, values, name)
        : await this.sql.query<Row>(text, values, name);
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

/**
 * A row of place_bets(), round_acts() or round_opens(): the item's status, and its id and balance
 * when it was written; of the round writes, the round's version while it stays open.
 */
interface TogetherRow {
  status: string;
  detail: string | null;
  id: string | null;
  balance: string | null;
  version?: string | null;
}

/** The refusal a together-call's row names (a status no refusal has fails that item alone: a 500; the others' rows are committed). */
function refused(fn: string, r: TogetherRow): { refusal: Error } {
  const refusal = sqlRefusal({ code: r.status, detail: r.detail ?? undefined });
  return { refusal: refusal ?? new Error(`${fn}() answered status ${r.status} for an item`) };
}

/** Items' argument lists (each in its function's order) turned into one array per argument. */
function columns(items: unknown[][]): unknown[][] {
  const n = items[0]?.length ?? 0;
  const cols: unknown[][] = Array.from({ length: n }, () => new Array(items.length));
  items.forEach((args, i) => args.forEach((v, c) => (cols[c][i] = v)));
  return cols;
}

/** round_open()'s arguments for `o`, in its order but for p_ends (round_opens() takes one array of each). */
function roundOpenArguments(o: RoundOpening): unknown[] {
  return [
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
    o.bet?.amount.toString() ?? null,
    o.bet?.outcome ?? null,
    (o.bet?.payout ?? o.ends?.payout)?.toString() ?? null,
    o.bet?.multiplier ?? o.ends?.multiplier ?? null,
    o.bet?.kind ?? null,
  ];
}

/** round_act()'s arguments for `a`, in its order (round_acts() takes one array of each). */
function roundActArguments(a: RoundAct): unknown[] {
  const draw = a.draw ?? null;
  if (draw && a.end) throw new Error('a round action draws or ends the round, not both');
  return [
    a.tokenHash,
    a.userId,
    a.needVerified,
    a.roundId,
    a.seen,
    a.state,
    a.playsOn,
    a.extra.toString(),
    a.end !== null || (draw?.closes ?? false),
    (a.end?.staked ?? 0n).toString(),
    (a.end?.payout ?? draw?.payout ?? 0n).toString(),
    a.end?.multiplier ?? draw?.multiplier ?? null,
    a.idempotency?.key ?? null,
    a.idempotency?.hash ?? null,
    draw?.nonce.toString() ?? null,
    draw?.outcome ?? null,
  ];
}

/** place_bets()'s arguments for `bets`: one array per column. */
export function placeBetsArguments(bets: BetToPlace[]): unknown[][] {
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
