import type { BetDetails, BetOutcome, BetVerify, GameCard } from '@cosmic/contracts';
import { blackjackActions, cardLabel, handTotal, type Card } from '@cosmic/game-engine';
import { money } from '../common/amount';

/** The games a bet row can hold. */
export const DETAIL_GAMES = ['dice', 'plinko', 'slots', 'blackjack', 'hilo'] as const;
/** A game a bet row can hold. */
export type DetailGame = (typeof DETAIL_GAMES)[number];

type O = Record<string, unknown>;
const obj = (v: unknown): O => (v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as O) : {});
const arr = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
const num = (v: unknown): number => (typeof v === 'number' ? v : Number(v ?? 0));
const str = (v: unknown): string => (typeof v === 'string' ? v : '');
const strings = (v: unknown): string[] => arr(v).map(String);

function card(v: unknown): GameCard {
  const c = obj(v);
  const rank = str(c['rank']);
  const suit = str(c['suit']);
  return { rank, suit, label: cardLabel({ rank, suit } as Card) };
}
const cards = (v: unknown): GameCard[] => arr(v).map(card);
const total = (cs: GameCard[]) => handTotal(cs);

/**
 * A bet row's stored outcome (what settlement wrote: the engine's outcome for dice and plinko, the
 * spin for slots, the round's final state for blackjack and hi-lo) as the details answer shows it:
 * cards with their labels, totals, blackjack's actions read back from its hands. Only the fields
 * the answer declares are kept (a round's cursor or multiplier tally are not the player's story).
 */
export function betOutcome(game: DetailGame, stored: unknown): BetOutcome {
  const o = obj(stored);
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
      const mode = o['mode'] === 'free' || o['mode'] === 'bonus-buy' ? o['mode'] : 'base';
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
      const hands = arr(o['hands']).map((h) => {
        const cs = cards(obj(h)['cards']);
        const result = obj(h)['result'];
        return {
          cards: cs,
          total: total(cs),
          doubled: obj(h)['doubled'] === true,
          fromSplit: obj(h)['fromSplit'] === true,
          result: typeof result === 'string' ? result : null,
        };
      });
      return { game, dealer, dealerTotal: total(dealer), hands, actions: blackjackActions({ dealer, hands }) };
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

/**
 * The verifier's parameters of a bet and the base stake its payout comes from: a blackjack row
 * holds every stake of the hand (doubles and splits), so the base bet is that over the stakes; a
 * free spin stakes nothing (no payout to compare, the multiplier still is); a bonus purchase
 * draws nothing of its own (its spins are bets of their own), so it has nothing to replay.
 */
export function betVerify(
  outcome: BetOutcome,
  stored: unknown,
  amount: bigint,
  currency: BetDetails['currency'],
): BetVerify | null {
  const stake = (units: bigint) => ({ amount: money(units), currency });
  switch (outcome.game) {
    case 'dice':
      return { extra: { betType: outcome.betType }, stake: stake(amount) };
    case 'plinko':
      return { extra: { risk: outcome.risk }, stake: stake(amount) };
    case 'slots':
      if (outcome.mode === 'bonus-buy') return null;
      return {
        extra: { freeSpins: outcome.mode === 'free' ? '1' : '0' },
        stake: outcome.mode === 'free' ? null : stake(amount),
      };
    case 'blackjack': {
      const staked = BigInt(Math.max(1, num(obj(stored)['totalStaked'])));
      return { extra: { actions: outcome.actions.join(', ') }, stake: stake(amount / staked) };
    }
    case 'hilo':
      return {
        extra: {
          guesses: outcome.guesses.map((g) => g.direction).join(', '),
          cashout: outcome.status === 'cashed' ? '1' : '0',
        },
        stake: stake(amount),
      };
  }
}
