import type { LegalActions } from '@cosmic/poker';

/** A raise or bet preset the action bar offers. */
export interface BetPreset {
  label: string;
  amount: number;
}

/** The bet or raise range (street totals), whichever applies now. */
export function betRange(legal: LegalActions): { min: number; max: number; kind: 'bet' | 'raise' } | null {
  if (legal.bet) return { ...legal.bet, kind: 'bet' };
  if (legal.raise) return { ...legal.raise, kind: 'raise' };
  return null;
}

/**
 * Presets as street totals, clamped to the legal range: half pot and pot (a pot-sized raise
 * is the call plus the pot after calling), then all-in. `pot` counts every chip in the middle,
 * current bets included; `currentBet` is the street's bet level.
 */
export function betPresets(legal: LegalActions, pot: number, currentBet: number): BetPreset[] {
  const range = betRange(legal);
  if (!range) return [];
  const clamp = (x: number) => Math.min(range.max, Math.max(range.min, Math.round(x)));
  const afterCall = pot + legal.toCall;
  const presets: BetPreset[] = [
    { label: '½ pot', amount: clamp(currentBet + afterCall / 2) },
    { label: 'Pot', amount: clamp(currentBet + afterCall) },
    { label: 'All-in', amount: range.max },
  ];
  return presets.filter((p, i) => presets.findIndex((q) => q.amount === p.amount) === i || p.label === 'All-in');
}

/** Chips as the table prints them: 12,345. */
export function chips(n: number): string {
  return n.toLocaleString('en-US');
}
