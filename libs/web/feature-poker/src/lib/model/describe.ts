import type { HandEvent } from '@cosmic/poker';
import { cardLabel } from './cards';
import { chips } from './bet-sizing';

const VERB: Record<string, [string, string]> = {
  fold: ['folds', 'fold'],
  check: ['checks', 'check'],
  call: ['calls', 'call'],
  bet: ['bets', 'bet'],
  raise: ['raises to', 'raise to'],
  allin: ['goes all-in', 'go all-in'],
  blind: ['posts', 'post'],
  show: ['shows', 'show'],
  win: ['wins', 'win'],
};

/** One hand-history line: "Nova raises to 60", "Flop: 2♦ 7♣ K♥", "Vega wins 120 with Pair of Kings". */
export function describeEvent(e: HandEvent, name: (seat: number) => string): string {
  // "You" takes the plain verb: "You call 10", "Nova calls 10"
  const verb = (key: string, seat: number) => VERB[key][name(seat) === 'You' ? 1 : 0];
  switch (e.type) {
    case 'blind':
      return `${name(e.seat)} ${verb('blind', e.seat)} the ${e.blind} blind (${chips(e.amount)})`;
    case 'action': {
      const amount =
        e.action === 'call' || e.action === 'bet'
          ? ` ${chips(e.action === 'bet' ? e.to : e.amount)}`
          : e.action === 'raise'
            ? ` ${chips(e.to)}`
            : e.action === 'allin'
              ? ` (${chips(e.to)})`
              : '';
      const why = e.auto === 'timeout' ? ' (time ran out)' : e.auto === 'left' ? ' (left the table)' : '';
      return `${name(e.seat)} ${verb(e.action, e.seat)}${amount}${why}`;
    }
    case 'street':
      return `${e.street[0].toUpperCase()}${e.street.slice(1)}: ${e.cards.map(cardLabel).join(' ')}`;
    case 'refund':
      return `${chips(e.amount)} uncalled returned to ${name(e.seat)}`;
    case 'show':
      return `${name(e.seat)} ${verb('show', e.seat)} ${e.cards.map(cardLabel).join(' ')} (${e.description})`;
    case 'win':
      return `${name(e.seat)} ${verb('win', e.seat)} ${chips(e.amount)}${e.pot > 0 ? ` from side pot ${e.pot}` : ''}${e.description ? ` with ${e.description}` : ''}`;
  }
}
