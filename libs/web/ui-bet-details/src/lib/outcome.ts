import type { BetOutcome } from '@cosmic/contracts';
import { PLINKO_MULTIPLIERS, SLOTS_MODEL } from '@cosmic/game-engine';

type O = Record<string, unknown>;

const SYMBOLS = new Map(SLOTS_MODEL.symbols.map((s) => [s.id, s]));

/** A slots symbol's emoji and name (an unknown id shows as itself). */
export function slotSymbol(id: string): { emoji: string; name: string } {
  const s = SYMBOLS.get(id);
  return s ? { emoji: s.emoji, name: s.name ?? id } : { emoji: id, name: id };
}

/** A slots symbol's hue on the colour wheel (its place in the paytable spread around it). */
export function symbolHue(id: string): number {
  const i = SLOTS_MODEL.symbols.findIndex((s) => s.id === id);
  return i < 0 ? 0 : Math.round((i * 360) / SLOTS_MODEL.symbols.length);
}

/** A card from its label ("10♥": the suit is the last character). */
export { cardOfLabel } from '@cosmic/contracts';

const dirWord = (d: string) => (d === 'higher' ? 'higher' : d === 'lower' ? 'lower' : d);

/** Plinko's way down as words: one per peg row, 0 left and 1 right. */
export function plinkoSteps(path: readonly number[]): ('left' | 'right')[] {
  return path.map((s) => (s === 1 ? 'right' : 'left'));
}

/** The multiplier of the plinko slot a ball landed in, as the paytable writes it (null for a risk or slot the table lacks). */
export function plinkoSlotMultiplier(risk: string, slot: number): string | null {
  return (PLINKO_MULTIPLIERS as Partial<Record<string, readonly string[]>>)[risk]?.[slot] ?? null;
}

/** One cell of a drawn slots grid: its symbol and whether a paying cluster took it. */
export interface SlotCell {
  symbol: string;
  emoji: string;
  name: string;
  won: boolean;
}

/** A 5×5 grid (row-major symbol ids) as rows of cells, the cells of `clusters` marked as won. */
export function slotRows(
  grid: readonly string[],
  clusters: readonly { positions: readonly { row: number; col: number }[] }[] = [],
): SlotCell[][] {
  const side = Math.round(Math.sqrt(grid.length)) || 1;
  const won = new Set(clusters.flatMap((c) => c.positions.map((p) => p.row * side + p.col)));
  const rows: SlotCell[][] = [];
  for (let r = 0; r < grid.length / side; r++) {
    rows.push(
      grid
        .slice(r * side, r * side + side)
        .map((symbol, c) => ({ symbol, ...slotSymbol(symbol), won: won.has(r * side + c) })),
    );
  }
  return rows;
}

/** One line saying what the bet drew (the dialog's description, read with its title). */
export function outcomeSummary(o: BetOutcome): string {
  switch (o.game) {
    case 'dice':
      return `Rolled ${o.dice.join(' + ')} = ${o.total} on a ${o.betType} bet: ${o.won ? 'won' : 'lost'}`;
    case 'plinko':
      return `The ball went ${plinkoSteps(o.path)
        .map((s) => (s === 'right' ? 'R' : 'L'))
        .join(' ')} and landed in slot ${o.slot} (${o.risk} risk)`;
    case 'slots': {
      if (o.mode === 'bonus-buy') return `Bought ${o.spinsBought} free spins (each spin is a bet of its own)`;
      const wins = o.cascades.reduce((n, c) => n + c.clusters.length, 0);
      const spin = o.mode === 'free' ? 'Free spin' : 'Spin';
      const bonus = o.freeSpinsAwarded > 0 ? `, ${o.freeSpinsAwarded} free spins awarded` : '';
      return `${spin}: ${o.cascades.length} cascade${o.cascades.length === 1 ? '' : 's'}, ${wins} winning cluster${wins === 1 ? '' : 's'}, ${o.scatters} scatter${o.scatters === 1 ? '' : 's'}${bonus}`;
    }
    case 'blackjack': {
      const hands = o.hands.map(
        (h, i) =>
          `${o.hands.length > 1 ? `hand ${i + 1} ` : ''}${h.cards.map((c) => c.label).join(' ')} (${h.total})${h.result ? ` ${h.result}` : ''}`,
      );
      return `Dealer ${o.dealer.map((c) => c.label).join(' ')} (${o.dealerTotal}); ${hands.join('; ')}`;
    }
    case 'hilo': {
      const guesses = o.guesses.map((g) => `${dirWord(g.direction)} → ${g.card.label} ${g.won ? '✓' : '✗'}`);
      const end = o.status === 'cashed' ? `cashed out after ${o.streak} right` : `lost after ${o.streak} right`;
      return `Started on ${o.cards[0]?.label ?? '?'}${guesses.length ? `, ${guesses.join(', ')}` : ''}: ${end}`;
    }
  }
}

function equal(a: unknown, b: unknown): boolean {
  if (Array.isArray(a) || Array.isArray(b))
    return Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((x, i) => equal(x, b[i]));
  if (a !== null && b !== null && typeof a === 'object' && typeof b === 'object') {
    const ka = Object.keys(a).sort();
    const kb = Object.keys(b).sort();
    return equal(ka, kb) && ka.every((k) => equal((a as O)[k], (b as O)[k]));
  }
  return a === b;
}

/** The fields where a recomputed outcome differs from the settled one (empty when they match), by name. */
export function outcomeDifferences(settled: BetOutcome, recomputed: BetOutcome): string[] {
  if (settled.game !== recomputed.game) return ['game'];
  const keys = new Set([...Object.keys(settled), ...Object.keys(recomputed)]);
  return [...keys].filter((k) => !equal((settled as unknown as O)[k], (recomputed as unknown as O)[k]));
}
