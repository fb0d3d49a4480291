import {
  MAX_SEATS,
  type CardIndex,
  type HandSummary,
  type LegalActions,
  type TableSummary,
  type TableView,
} from '@cosmic/poker';
import type { TableConfig } from './poker.options';

/** What only one seated player may see: their seat and stack, their hole cards, their legal moves. */
export interface PrivatePart {
  you: TableView['you'];
  cards: CardIndex[] | null;
  legal: LegalActions | null;
}

/**
 * A table as its owner last published it for the other instances: the spectator's view (no
 * history) and each seated human's private part, keyed by user id. Any viewer's own view is
 * rebuilt from it (`viewFromSnapshot`), so one row serves every socket of every instance.
 */
export interface TableSnapshot {
  view: TableView;
  players: Record<string, PrivatePart>;
}

/** A table someone can watch: run here (TableRuntime) or relayed from its owner (MirroredTable). */
export interface TableSource {
  readonly config: TableConfig;
  /** Changes whenever a hand joins the history (the newest hand's number; 0 while empty). */
  readonly historyVersion: number;
  view(userId: string | null, withHistory?: boolean): TableView;
  summary(): TableSummary;
}

/** `userId`'s view (null: a spectator) rebuilt from a snapshot: the spectator's view plus their private part. */
export function viewFromSnapshot(snapshot: TableSnapshot, userId: string | null): TableView {
  const mine = userId === null ? undefined : snapshot.players[userId];
  const view: TableView = { ...snapshot.view, you: mine?.you ?? null };
  const hand = view.hand;
  if (mine?.you && hand) {
    const seat = mine.you.seat;
    view.hand = {
      ...hand,
      legal: mine.legal,
      players: hand.players.map((p) => (p.seat === seat && mine.cards ? { ...p, cards: mine.cards } : p)),
    };
  }
  return view;
}

/** The view of a table nobody has published yet: empty seats (shown for a moment while an instance takes it over). */
export function emptyView(config: TableConfig): TableView {
  const { id, name, smallBlind, bigBlind, minBuyIn, maxBuyIn, botsFill } = config;
  return {
    table: { id, name, seats: MAX_SEATS, humans: 0, bots: 0, smallBlind, bigBlind, minBuyIn, maxBuyIn, botsFill },
    seats: new Array(MAX_SEATS).fill(null),
    hand: null,
    you: null,
    turn: null,
    nextHandAt: null,
    fairness: { current: null, nextServerSeedHash: '' },
    history: [],
    serverTime: Date.now(),
  };
}

/** A table another instance runs, as last published there: what this instance's sockets are sent. */
export class MirroredTable implements TableSource {
  private readonly receivedAt = Date.now();

  constructor(
    readonly config: TableConfig,
    /** The row's version this snapshot comes from. */
    readonly version: number,
    private readonly snapshot: TableSnapshot | null,
    readonly historyVersion: number,
    private readonly history: HandSummary[],
  ) {}

  view(userId: string | null, withHistory = true): TableView {
    if (!this.snapshot) {
      const empty = emptyView(this.config);
      if (withHistory) empty.history = this.history;
      else delete empty.history;
      return empty;
    }
    const view = viewFromSnapshot(this.snapshot, userId);
    // the owner's clock, moved on by the time the snapshot has been here: turn deadlines stay right
    view.serverTime = this.snapshot.view.serverTime + (Date.now() - this.receivedAt);
    if (withHistory) view.history = this.history;
    return view;
  }

  summary(): TableSummary {
    return this.snapshot ? this.snapshot.view.table : emptyView(this.config).table;
  }

  /** The same table with a newer snapshot (the history kept when the row's did not change). */
  next(
    version: number,
    snapshot: TableSnapshot | null,
    historyVersion: number,
    history: HandSummary[] | null,
  ): MirroredTable {
    return new MirroredTable(this.config, version, snapshot, historyVersion, history ?? this.history);
  }
}
