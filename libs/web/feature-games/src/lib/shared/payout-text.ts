import { parseAmount } from '@cosmic/algorand';

/** What a settled bet did for the player: a net win, some or all of the stake back, or nothing back. */
export type PayoutKind = 'win' | 'returned' | 'loss';

const units = (text: string) => {
  const r = parseAmount(text);
  return r.ok ? r.value : 0n;
};

/** A payout above the stake is a win; a payout up to the stake (e.g. 0.7x) is returned; none is a loss. */
export function payoutKind(stake: string, win: string): PayoutKind {
  const paid = units(win);
  if (paid === 0n) return 'loss';
  return paid > units(stake) ? 'win' : 'returned';
}

/** How the outcome line says it: only a net win is celebrated ("Win! 25 HC"); "Returned 7 HC" otherwise; `lose` when nothing came back. */
export function payoutText(
  stake: string,
  win: string,
  currency: string,
): { kind: PayoutKind; text: string; tone: 'win' | 'lose' | 'neutral' } {
  const kind = payoutKind(stake, win);
  if (kind === 'win') return { kind, text: `Win! ${win} ${currency}`, tone: 'win' };
  if (kind === 'returned') return { kind, text: `Returned ${win} ${currency}`, tone: 'neutral' };
  return { kind, text: 'No win', tone: 'lose' };
}
