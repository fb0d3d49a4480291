import { formatAmount } from '@cosmic/algorand';
import { type BetCurrency, type BetRange, clampBet, doubleBet, halfBet, maxBet, QUICK_BETS } from './bet-math';

export interface BetButtonsProps {
  currency: BetCurrency;
  amount: bigint;
  range: BetRange;
  onChange(amount: bigint): void;
  disabled?: boolean;
}

/** Quick bets for the currency, then Half, Double and Max; every result is clamped to the range. */
export function BetButtons({ currency, amount, range, onChange, disabled }: BetButtonsProps) {
  const adjust = [
    { label: 'Half', next: () => halfBet(amount, range) },
    { label: 'Double', next: () => doubleBet(amount, range) },
    { label: 'Max', next: () => maxBet(range) },
  ];
  return (
    <div className="cc-bet__buttons">
      <div className="cc-bet__quick" role="group" aria-label="Quick bets">
        {QUICK_BETS[currency].map((q) => (
          <button
            key={q.toString()}
            type="button"
            className="cc-chip"
            disabled={disabled}
            aria-pressed={amount === q}
            onClick={() => onChange(clampBet(q, range))}
          >
            {formatAmount(q)}
          </button>
        ))}
      </div>
      <div className="cc-bet__adjust" role="group" aria-label="Adjust bet">
        {adjust.map((a) => (
          <button
            key={a.label}
            type="button"
            className="cc-chip cc-chip--strong"
            disabled={disabled}
            onClick={() => onChange(a.next())}
          >
            {a.label}
          </button>
        ))}
      </div>
    </div>
  );
}
