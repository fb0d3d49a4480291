import type { HandEvent } from '@cosmic/poker';
import { cardLabel } from './cards';
import { chips } from './bet-sizing';

const VERB: Record<string, string> = { fold: 'folds', check: 'checks', call: 'calls', bet: 'bets', raise: 'raises to', allin: 'goes all-in' };

/** One hand-history line: "Nova raises to 60", "Flop: 2♦ 7♣ K♥", "Vega wins 120 with Pair of Kings". */
export function describeEvent(e: HandEvent, name: (seat: number) => string): string {
  switch (e.type) {
    case 'blind':
      return `${name(e.seat)} posts the ${e.blind} blind (${chips(e.amount)})`;
    case 'action': {
      const amount = e.action === 'call' || e.action === 'bet' ? ` ${chips(e.action === 'bet' ? e.to : e.amount)}` : e.action === 'raise' ? ` ${chips(e.to)}` : e.action === 'allin' ? ` (${chips(e.to)})` : '';
      const why = e.auto === 'timeout' ? ' (time ran out)' : e.auto === 'left' ? ' (left the table)' : '';
      return `${name(e.seat)} ${VERB[e.action]}${amount}${why}`;
    }
    case 'street':
      return `${e.street[0].toUpperCase()}${e.street.slice(1)}: ${e.cards.map(cardLabel).join(' ')}`;
    case 'refund':
      return `${chips(e.amount)} uncalled returned to ${name(e.seat)}`;
    case 'show':
      return `${name(e.seat)} shows ${e.cards.map(cardLabel).join(' ')} (${e.description})`;
    case 'win':
      return `${name(e.seat)} wins ${chips(e.amount)}${e.pot > 0 ? ` from side pot ${e.pot}` : ''}${e.description ? ` with ${e.description}` : ''}`;
  }
}
