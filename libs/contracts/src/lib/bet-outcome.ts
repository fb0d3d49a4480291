import { blackjackActions, cardLabel, handTotal, type Card } from '@cosmic/game-engine';
import type { BetOutcome } from './bet-details';
import type { GameCard } from './games';

type O = Record<string, unknown>;
const obj = (v: unknown): O => (v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as O) : {});
const arr = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
const num = (v: unknown): number => (typeof v === 'number' ? v : Number(v ?? 0));
const str = (v: unknown): string => (typeof v === 'string' ? v : '');
const strings = (v: unknown): string[] => arr(v).map(String);

/** A card from its label ("10♥": the suit is the last character). */
export function cardOfLabel(label: string): GameCard {
  const chars = [...label];
  return { rank: chars.slice(0, -1).join(''), suit: chars.at(-1) ?? '', label };
}

// a bet row stores cards as {rank, suit, index}; the engine's recomputation writes their labels
function card(v: unknown): GameCard {
  if (typeof v === 'string') return cardOfLabel(v);
  const c = obj(v);
  const rank = str(c['rank']);
  const suit = str(c['suit']);
  return { rank, suit, label: cardLabel({ rank, suit } as Card) };
}
const cards = (v: unknown): GameCard[] => arr(v).map(card);

/** How to read an outcome. */
export interface BetOutcomeOptions {
  /**
   * Keep a slots bonus purchase (mode 'bonus-buy', with the spins it bought): a bet row may be
   * one; the engine's recomputation never is, so without this every slots outcome is a spin
   * ('free', or 'base').
   */
  bonusBuy?: boolean;
}

/**
 * An outcome read into the `BetOutcome` contract, from either side of a verification: a bet
 * row's stored outcome (what settlement wrote: the engine's outcome for dice and plinko, the spin
 * for slots, the round's final state for blackjack and hi-lo; cards as objects) or the engine's
 * recomputed one (game-engine `verify`; cards as labels). Cards get their labels, hands their
 * totals, blackjack its actions read back from its hands; only the fields the contract declares
 * are kept (a round's cursor or multiplier tally are not the player's story).
 */
export function toBetOutcome(game: BetOutcome['game'], raw: unknown, options: BetOutcomeOptions = {}): BetOutcome {
  const o = obj(raw);
  switch (game) {
    case 'dice':
      return {
        game,
        dice: arr(o['dice']).map(num),
        total: num(o['total']),
        betType: str(o['betType']),
        won: o['won'] === true,
      };
    case 'plinko':
      return { game, risk: str(o['risk']), path: arr(o['path']).map(num), slot: num(o['slot']) };
    case 'slots': {
      const mode =
        o['mode'] === 'free' ? 'free' : options.bonusBuy === true && o['mode'] === 'bonus-buy' ? 'bonus-buy' : 'base';
      return {
        game,
        mode,
        initialGrid: strings(o['initialGrid']),
        finalGrid: strings(o['finalGrid']),
        cascades: arr(o['cascades']).map((c) => ({
          grid: strings(obj(c)['grid']),
          clusters: arr(obj(c)['clusters']).map((k) => ({
            symbol: str(obj(k)['symbol']),
            size: num(obj(k)['size']),
            positions: arr(obj(k)['positions']).map((p) => ({ row: num(obj(p)['row']), col: num(obj(p)['col']) })),
          })),
        })),
        scatters: num(o['scatters']),
        freeSpinsAwarded: num(o['freeSpinsAwarded']),
        capped: o['capped'] === true,
        spinsBought: mode === 'bonus-buy' ? num(o['spins']) : 0,
      };
    }
    case 'blackjack': {
      const dealer = cards(o['dealer']);
      // a stored hand says whether it came from a split; the engine's answer does not (two hands are a split)
      const split = arr(o['hands']).length > 1;
      const hands = arr(o['hands']).map((h) => {
        const cs = cards(obj(h)['cards']);
        const fromSplit = obj(h)['fromSplit'];
        const result = obj(h)['result'];
        return {
          cards: cs,
          total: handTotal(cs),
          doubled: obj(h)['doubled'] === true,
          fromSplit: typeof fromSplit === 'boolean' ? fromSplit : split,
          result: typeof result === 'string' ? result : null,
        };
      });
      return { game, dealer, dealerTotal: handTotal(dealer), hands, actions: blackjackActions({ dealer, hands }) };
    }
    case 'hilo':
      return {
        game,
        status: str(o['status']),
        cards: cards(o['cards']),
        guesses: arr(o['guesses']).map((g) => ({
          direction: str(obj(g)['direction']),
          card: card(obj(g)['card']),
          won: obj(g)['won'] === true,
        })),
        streak: num(o['streak']),
      };
  }
}
