import { createHash } from 'node:crypto';
import {
  applyAction,
  botDecision,
  botView,
  foldSeat,
  MAX_SEATS,
  nextButton,
  pokerDeck,
  publicHand,
  startHand,
  timeoutAction,
  type BotStyle,
  type HandFairness,
  type HandState,
  type HandSummary,
  type PlayerKind,
  type PokerAction,
  type TableSummary,
  type TableView,
} from '@cosmic/poker';
import { nodeHmac } from '../common/node-hmac';
import { botPersona, botRandom } from './bots';
import { handSummary } from './hand-summary';
import type { PokerOptions, TableConfig } from './poker.options';
import type { PrivatePart, TableSnapshot, TableSource } from './table-snapshot';

/** Someone in a seat. Humans are keyed by user id; bots play house chips that never leave the table. */
interface Occupant {
  seat: number;
  id: string;
  userId: string | null;
  /** The poker_seats row of this sitting (humans, once the buy-in committed). */
  sitId: string | null;
  name: string;
  kind: PlayerKind;
  stack: number;
  /** Chips bought during a hand, added to the stack when it ends. */
  pending: number;
  sittingOut: boolean;
  /** Seat taken (buy-in in progress, or joined mid-hand): not dealt in yet. */
  waiting: boolean;
  /** The buy-in transaction has not committed yet. */
  reserved: boolean;
  timeouts: number;
  style?: BotStyle;
}

/** A finished hand's chip movements, for the database. */
export interface HandRecord {
  tableId: string;
  fairness: HandFairness & { serverSeed: string };
  humans: Array<{ userId: string; sitId: string; seat: number; before: number; after: number }>;
  botsNet: number;
  summary: HandSummary;
}

/** What a table needs from outside: client seeds, persistence, change notifications, entropy. */
export interface TableHooks {
  /** The active client seeds of these users, in the same order. */
  clientSeeds(userIds: string[]): Promise<string[]>;
  /** Records a finished hand and moves the humans' seated chips by their results. */
  handEnded(record: HandRecord): Promise<void>;
  /** Something anyone at the table can see has changed. */
  changed(table: TableRuntime): void;
  /** A fresh secret server seed (64 hex characters). */
  newServerSeed(): string;
  /** An unexpected failure inside a timer callback. */
  error(message: string, err: unknown): void;
}

/** Why a seat could not be taken. */
export class SeatError extends Error {}

/** A human seated again when an instance takes a table over: their chips as of the last recorded hand. */
export interface RestoredSeat {
  userId: string;
  name: string;
  seat: number;
  chips: number;
  sitId: string;
}

/** What a table taken over from another instance starts with. */
export interface TableRestore {
  seats?: RestoredSeat[];
  /** The latest recorded hands, newest first. */
  history?: HandSummary[];
}

const HISTORY = 12;
/** The order seats are handed out: spread around the table. */
const SPREAD = [0, 3, 1, 4, 2, 5];
const sha256Hex = (s: string) => createHash('sha256').update(s, 'ascii').digest('hex');

/**
 * One poker table run by this process (the one instance holding its lease): seats, the hand in
 * play (the pure @cosmic/poker state machine), the turn timer, the bots and the hand history.
 * Money never moves here: the poker service debits and credits HC around seat() and leave(),
 * and handEnded() persists chips.
 */
export class TableRuntime implements TableSource {
  private readonly seats: Array<Occupant | null> = new Array(MAX_SEATS).fill(null);
  private hand: HandState | null = null;
  private fairness: (HandFairness & { serverSeed: string }) | null = null;
  private next: { serverSeed: string; hash: string };
  private readonly history: HandSummary[] = [];
  private button: number | null = null;
  private turn: { seat: number; endsAt: number; totalMs: number } | null = null;
  private nextHandAt: number | null = null;
  private actionTimer: NodeJS.Timeout | null = null;
  private handTimer: NodeJS.Timeout | null = null;
  private busy = false;
  /** No hand could be dealt since the last one (too few players). */
  private idle = true;
  /** The humans dealt into the current hand: hand player id → user and sitting. */
  private dealt = new Map<string, { userId: string; sitId: string }>();
  private settledHandNo = -1;
  private lastHandEnd = 0;
  private botsSeated = 0;
  private closed = false;

  constructor(
    readonly config: TableConfig,
    private readonly options: PokerOptions,
    private readonly hooks: TableHooks,
    private handNo: number,
    restore: TableRestore = {},
  ) {
    this.next = this.freshSeed();
    this.history.push(...(restore.history ?? []).slice(0, HISTORY));
    // the humans first: the bots only take the seats left
    for (const r of restore.seats ?? []) {
      if (r.seat < 0 || r.seat >= MAX_SEATS || this.seats[r.seat]) continue;
      this.seats[r.seat] = {
        seat: r.seat,
        id: `h${r.sitId}`,
        userId: r.userId,
        sitId: r.sitId,
        name: r.name,
        kind: 'human',
        stack: r.chips,
        pending: 0,
        sittingOut: r.chips === 0,
        waiting: false,
        reserved: false,
        timeouts: 0,
      };
    }
    if (config.botsFill) this.rebalanceBots();
  }

  /** Starts dealing to the seats it was created with (once the owner has registered the table). */
  resume(): void {
    this.afterChange();
  }

  /** The lobby row. */
  summary(): TableSummary {
    const seated = this.seats.filter((o): o is Occupant => o !== null);
    const { id, name, smallBlind, bigBlind, minBuyIn, maxBuyIn, botsFill } = this.config;
    return {
      id,
      name,
      seats: MAX_SEATS,
      humans: seated.filter((o) => o.kind === 'human').length,
      bots: seated.filter((o) => o.kind === 'bot').length,
      smallBlind,
      bigBlind,
      minBuyIn,
      maxBuyIn,
      botsFill,
    };
  }

  /** The sittings (poker_seats ids) this table holds: their leases are renewed while it runs. */
  sittings(): string[] {
    return this.seats.flatMap((o) => (o?.sitId ? [o.sitId] : []));
  }

  /** The user's sitting (poker_seats id), once their buy-in committed. */
  sittingOf(userId: string): string | null {
    return this.occupant(userId)?.sitId ?? null;
  }

  /** Removes a sitting whose row is gone (another process paid it out): folded, no chips returned. */
  evict(sitId: string): void {
    const o = this.seats.find((x) => x?.sitId === sitId);
    if (o?.userId) this.leave(o.userId);
  }

  /** The seat of a user, or null. */
  seatOf(userId: string): number | null {
    return this.seats.find((o) => o?.userId === userId)?.seat ?? null;
  }

  /** A user's chips: behind plus bought-but-pending (not counting chips already in the pot). */
  chipsOf(userId: string): number | null {
    const o = this.occupant(userId);
    if (!o) return null;
    return this.liveStack(o) + o.pending;
  }

  /**
   * Takes a seat for a human whose buy-in is about to be debited; dealt in from the next hand
   * once confirm() is called. A bot makes room on a full bots table when it is not in a hand.
   */
  reserve(userId: string, name: string): number {
    if (this.seatOf(userId) !== null) throw new SeatError('You are already seated at this table');
    // opposite seats first, so two players face each other across the felt
    let seat = SPREAD.find((i) => this.seats[i] === null) ?? -1;
    if (seat < 0) {
      const running = this.hand && !this.hand.finished;
      const bot = this.seats.find(
        (o) => o?.kind === 'bot' && !(running && this.hand!.players.some((p) => p.id === o.id && !p.folded)),
      );
      if (!bot) throw new SeatError('The table is full: try another table or wait for a seat');
      seat = bot.seat;
      this.seats[seat] = null;
    }
    this.seats[seat] = {
      seat,
      id: `r${userId}`,
      userId,
      sitId: null,
      name,
      kind: 'human',
      stack: 0,
      pending: 0,
      sittingOut: false,
      waiting: true,
      reserved: true,
      timeouts: 0,
    };
    return seat;
  }

  /** The buy-in committed: the reserved seat gets its chips. */
  confirm(userId: string, chips: number, sitId: string): void {
    const o = this.occupant(userId);
    if (!o) return;
    o.reserved = false;
    o.sitId = sitId;
    o.id = `h${sitId}`;
    o.stack = chips;
    this.afterChange();
  }

  /** The buy-in failed: frees the reserved seat. */
  release(userId: string): void {
    const o = this.occupant(userId);
    if (o?.reserved) this.seats[o.seat] = null;
  }

  /** Adds bought chips to a seated player (after this hand when they are in one). */
  addChips(userId: string, chips: number): void {
    const o = this.occupant(userId);
    if (!o) return;
    if (this.inRunningHand(o)) o.pending += chips;
    else o.stack += chips;
    if (o.stack + o.pending > 0 && o.stack > 0) o.sittingOut = false;
    this.afterChange();
  }

  /**
   * Stands a player up: folds their hand if they are in one (their bets stay in the pot) and
   * returns the chips they take with them. rejoin() undoes it if the cash-out cannot commit.
   */
  leave(userId: string): { seat: number; chips: number; sitId: string } | null {
    const o = this.occupant(userId);
    if (!o) return null;
    // folding never changes the chips behind; read them first (a fold can end the hand)
    const chips = this.liveStack(o) + o.pending;
    if (this.hand && !this.hand.finished && this.hand.players.some((p) => p.id === o.id))
      this.hand = foldSeat(this.hand, o.seat);
    this.seats[o.seat] = null;
    this.afterChange();
    return { seat: o.seat, chips, sitId: o.sitId! };
  }

  /** Puts a player back after a failed cash-out (folded for the rest of the hand). */
  rejoin(userId: string, name: string, seat: number, chips: number, sitId: string): void {
    if (this.seats[seat] !== null) return;
    const id = `h${sitId}`;
    const inHand = this.hand && !this.hand.finished ? this.hand.players.find((p) => p.id === id) : undefined;
    // in a running hand the hand holds the chips behind; the rest waits in `pending`
    const behind = inHand ? inHand.stack : chips;
    this.seats[seat] = {
      seat,
      id,
      userId,
      sitId,
      name,
      kind: 'human',
      stack: behind,
      pending: chips - behind,
      sittingOut: false,
      waiting: !inHand,
      reserved: false,
      timeouts: 0,
    };
    this.afterChange();
  }

  /** A human's move; the answer says why when it is not legal. */
  act(userId: string, action: PokerAction): { ok: true } | { ok: false; error: string } {
    const o = this.occupant(userId);
    if (!o) return { ok: false, error: 'You are not seated at this table' };
    if (!this.hand || this.hand.finished) return { ok: false, error: 'No hand in play' };
    const r = applyAction(this.hand, o.seat, action);
    if (!r.ok) return r;
    o.timeouts = 0;
    o.sittingOut = false;
    this.hand = r.state;
    this.afterChange();
    return { ok: true };
  }

  /** Back from sitting out: dealt in from the next hand. */
  sitIn(userId: string): { ok: true } | { ok: false; error: string } {
    const o = this.occupant(userId);
    if (!o) return { ok: false, error: 'You are not seated at this table' };
    if (o.stack + o.pending === 0) return { ok: false, error: 'You have no chips: buy in again or cash out' };
    // already in: nothing changes, so nothing is re-armed (a sit-in loop must not freeze the turn timer)
    if (!o.sittingOut && o.timeouts === 0) return { ok: true };
    o.sittingOut = false;
    o.timeouts = 0;
    // a hand in play keeps its turn timer; between hands the next one may now be dealt
    if (this.hand && !this.hand.finished) this.hooks.changed(this);
    else this.afterChange();
    return { ok: true };
  }

  /** Changes whenever a hand joins the history (sockets resend it only then): the newest hand's number. */
  get historyVersion(): number {
    return this.history[0]?.handNo ?? 0;
  }

  /** The history, newest first. */
  hands(): HandSummary[] {
    return this.history;
  }

  /** What the other instances relay: the spectator's view and each seated human's private part. */
  snapshot(): TableSnapshot {
    const players: Record<string, PrivatePart> = {};
    for (const o of this.seats) {
      if (!o?.userId) continue;
      const v = this.view(o.userId, false);
      players[o.userId] = {
        you: v.you,
        cards: v.hand?.players.find((p) => p.seat === o.seat)?.cards ?? null,
        legal: v.hand?.legal ?? null,
      };
    }
    return { view: this.view(null, false), players };
  }

  /** The table as `userId` (null: a spectator) may see it; `withHistory` false leaves the history out. */
  view(userId: string | null, withHistory = true): TableView {
    const me = userId === null ? undefined : this.occupant(userId);
    return {
      table: this.summary(),
      seats: this.seats.map((o) =>
        o
          ? {
              seat: o.seat,
              id: o.id,
              name: o.name,
              kind: o.kind,
              stack: this.liveStack(o),
              sittingOut: o.sittingOut,
              waiting: o.waiting,
            }
          : null,
      ),
      hand: this.hand ? publicHand(this.hand, me ? me.seat : null) : null,
      you: me ? { seat: me.seat, stack: this.liveStack(me) + me.pending, sittingOut: me.sittingOut } : null,
      turn: this.turn,
      nextHandAt: this.nextHandAt,
      fairness: {
        current: this.fairness
          ? { ...this.fairness, serverSeed: this.hand?.finished ? this.fairness.serverSeed : null }
          : null,
        nextServerSeedHash: this.next.hash,
      },
      ...(withHistory ? { history: this.history } : {}),
      serverTime: Date.now(),
    };
  }

  /** Stops every timer (module shutdown). */
  close(): void {
    this.closed = true;
    this.clearActionTimer();
    if (this.handTimer) clearTimeout(this.handTimer);
    this.handTimer = null;
  }

  private occupant(userId: string): Occupant | undefined {
    return this.seats.find((o): o is Occupant => o?.userId === userId);
  }

  private inRunningHand(o: Occupant): boolean {
    return !!this.hand && !this.hand.finished && this.hand.players.some((p) => p.id === o.id);
  }

  /** Chips behind: the hand's figure while the player is in a running hand. */
  private liveStack(o: Occupant): number {
    const p = this.hand && !this.hand.finished ? this.hand.players.find((x) => x.id === o.id) : undefined;
    return p ? p.stack : o.stack;
  }

  private freshSeed() {
    const serverSeed = this.hooks.newServerSeed();
    return { serverSeed, hash: sha256Hex(serverSeed) };
  }

  private clearActionTimer(): void {
    if (this.actionTimer) clearTimeout(this.actionTimer);
    this.actionTimer = null;
    this.turn = null;
  }

  /** After every change: settle a finished hand, start the next actor's clock, or plan the next hand. */
  private afterChange(): void {
    if (this.closed) return;
    this.clearActionTimer();
    const h = this.hand;
    if (h && h.finished && this.settledHandNo !== h.handNo) void this.finishHand(h);
    else if (h && !h.finished) this.scheduleActor(h);
    else this.scheduleHand();
    this.hooks.changed(this);
  }

  private scheduleActor(h: HandState): void {
    const seat = h.toAct!;
    const o = this.seats[seat];
    const step = h.events.length;
    const still = () => this.hand === h && h.toAct === seat;
    if (!o || o.kind === 'bot') {
      const rng = botRandom(this.fairness!.serverSeed, h.handNo, step);
      const delay = Math.round(this.options.botDelayMs * (0.6 + 0.8 * rng.next()));
      this.actionTimer = setTimeout(() => this.guard(() => still() && this.botMove(h, seat, rng, o?.style)), delay);
      return;
    }
    const totalMs = o.sittingOut ? 0 : this.options.turnMs;
    this.turn = { seat, endsAt: Date.now() + totalMs, totalMs };
    this.actionTimer = setTimeout(() => this.guard(() => still() && this.timeOut(h, o)), totalMs);
  }

  private botMove(h: HandState, seat: number, rng: ReturnType<typeof botRandom>, style?: BotStyle): void {
    let r = applyAction(h, seat, botDecision(botView(h, seat)!, rng, style, this.options.botSamples));
    // botDecision only returns legal moves; the fallback keeps the table moving if that ever breaks
    if (!r.ok) r = applyAction(h, seat, timeoutAction(h), 'timeout');
    if (r.ok) this.hand = r.state;
    this.afterChange();
  }

  private timeOut(h: HandState, o: Occupant): void {
    const r = applyAction(h, o.seat, timeoutAction(h), 'timeout');
    if (!r.ok) return;
    if (!o.sittingOut && ++o.timeouts >= 2) o.sittingOut = true;
    this.hand = r.state;
    this.afterChange();
  }

  private guard(fn: () => unknown): void {
    try {
      fn();
    } catch (e) {
      this.hooks.error(`poker table ${this.config.id}`, e);
    }
  }

  private dealable(): Occupant[] {
    return this.seats.filter(
      (o): o is Occupant =>
        !!o && !o.reserved && !o.sittingOut && o.stack > 0 && (o.kind === 'bot' || o.sitId !== null),
    );
  }

  private canDeal(): boolean {
    const ready = this.dealable();
    const humans = ready.filter((o) => o.kind === 'human').length;
    return humans >= 1 && (this.config.botsFill || ready.length >= 2);
  }

  private scheduleHand(): void {
    if (this.busy) return;
    if (!this.canDeal()) {
      if (this.handTimer) clearTimeout(this.handTimer);
      this.handTimer = null;
      this.nextHandAt = null;
      this.idle = true;
      return;
    }
    if (this.handTimer) return;
    // the pause lets the players of the last hand see its result; a table that stood empty starts sooner
    const wait = this.idle
      ? this.options.firstHandDelayMs
      : Math.max(0, this.lastHandEnd + this.options.betweenHandsMs - Date.now());
    this.nextHandAt = Date.now() + wait;
    this.handTimer = setTimeout(() => {
      this.handTimer = null;
      this.dealHand().catch((e) => {
        // e.g. the database is unreachable: try again after the usual pause
        this.hooks.error(`poker table ${this.config.id}: could not deal`, e);
        this.lastHandEnd = Date.now();
        this.afterChange();
      });
    }, wait);
  }

  /** Bots fill the table up to five players, keeping a seat open for the next human. */
  private rebalanceBots(): void {
    if (!this.config.botsFill) return;
    const humans = this.seats.filter((o) => o?.kind === 'human').length;
    const target = Math.max(0, MAX_SEATS - 1 - humans);
    let bots = this.seats.filter((o): o is Occupant => o?.kind === 'bot');
    for (const b of bots.filter((b) => b.stack < this.config.bigBlind * 20)) this.seats[b.seat] = null; // busted or short: replaced with a fresh stack
    bots = this.seats.filter((o): o is Occupant => o?.kind === 'bot');
    for (const b of bots.slice(target)) this.seats[b.seat] = null;
    const taken = new Set(this.seats.flatMap((o) => (o ? [o.name] : [])));
    // spread bots over the table: fill seats in the order 0, 3, 1, 4, 2, 5
    for (const seat of SPREAD) {
      if (this.seats.filter((o) => o?.kind === 'bot').length >= target) break;
      if (this.seats[seat]) continue;
      const persona = botPersona(this.botsSeated++, taken);
      taken.add(persona.name);
      this.seats[seat] = {
        seat,
        id: `bot${this.botsSeated}`,
        userId: null,
        sitId: null,
        name: persona.name,
        kind: 'bot',
        stack: this.config.bigBlind * 100,
        pending: 0,
        sittingOut: false,
        waiting: false,
        reserved: false,
        timeouts: 0,
        style: persona.style,
      };
    }
  }

  private async dealHand(): Promise<void> {
    if (this.busy || this.closed || (this.hand && !this.hand.finished)) return;
    this.busy = true;
    try {
      this.rebalanceBots();
      const humans = this.dealable().filter((o) => o.kind === 'human');
      const seeds = humans.length ? await this.hooks.clientSeeds(humans.map((o) => o.userId!)) : [];
      const seedOf = new Map(humans.map((o, i) => [o.userId!, seeds[i]]));
      // the table may have changed while the seeds were read: deal whoever is still ready
      const players = this.dealable().filter((o) => o.kind === 'bot' || seedOf.has(o.userId!));
      if (players.filter((o) => o.kind === 'human').length > 0 && players.length >= 2) this.deal(players, seedOf);
    } finally {
      this.busy = false;
    }
    this.afterChange();
  }

  /** Deals a hand: the committed seed, the players' client seeds, the next nonce, the next button. */
  private deal(players: Occupant[], seedOf: Map<string, string>): void {
    const clientSeed = players.flatMap((o) => (o.userId ? [seedOf.get(o.userId)!] : [])).join(',');
    const nonce = ++this.handNo;
    const { serverSeed, hash } = this.next;
    this.next = this.freshSeed();
    this.button = nextButton(
      this.button,
      players.map((o) => o.seat),
    );
    this.hand = startHand({
      handNo: nonce,
      players: players.map((o) => ({ seat: o.seat, id: o.id, name: o.name, kind: o.kind, stack: o.stack })),
      button: this.button,
      deck: pokerDeck(serverSeed, clientSeed, nonce, nodeHmac),
      smallBlind: this.config.smallBlind,
      bigBlind: this.config.bigBlind,
    });
    this.fairness = { handNo: nonce, serverSeed, serverSeedHash: hash, clientSeed, nonce };
    this.dealt = new Map(
      players.flatMap((o) => (o.userId && o.sitId ? [[o.id, { userId: o.userId, sitId: o.sitId }] as const] : [])),
    );
    for (const o of players) o.waiting = false;
    this.nextHandAt = null;
    this.idle = false;
  }

  private async finishHand(h: HandState): Promise<void> {
    this.settledHandNo = h.handNo;
    this.busy = true;
    try {
      for (const p of h.players) {
        const o = this.seats[p.seat];
        if (!o || o.id !== p.id) continue;
        o.stack = p.stack + o.pending;
        o.pending = 0;
        if (o.kind === 'human' && o.stack === 0) o.sittingOut = true;
      }
      const fairness = this.fairness!;
      const summary = handSummary(h, { ...fairness }, Date.now());
      this.history.unshift(summary);
      this.history.length = Math.min(this.history.length, HISTORY);
      const net = h.result!.net;
      await this.hooks
        .handEnded({
          tableId: this.config.id,
          fairness,
          humans: h.players
            .filter((p) => p.kind === 'human')
            .map((p) => ({
              ...this.dealt.get(p.id)!,
              seat: p.seat,
              before: p.startStack,
              after: p.startStack + net[p.seat],
            })),
          botsNet: h.players.filter((p) => p.kind === 'bot').reduce((a, p) => a + net[p.seat], 0),
          summary,
        })
        .catch((e) => this.hooks.error(`poker table ${this.config.id}: could not record hand ${h.handNo}`, e));
    } finally {
      this.lastHandEnd = Date.now();
      this.busy = false;
    }
    this.afterChange();
  }
}
