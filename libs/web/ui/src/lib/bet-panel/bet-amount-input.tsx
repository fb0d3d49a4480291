import { useEffect, useId, useState } from 'react';
import { formatAmount, parseAmount } from '@cosmic/algorand';
import { type BetCurrency, type BetRange, capBet } from './bet-math';

export interface BetAmountInputProps {
  currency: BetCurrency;
  amount: bigint;
  range: BetRange;
  onChange(amount: bigint): void;
  disabled?: boolean;
}

/** The bet amount field: decimal text in, base units out, capped at the maximum as the player types. */
export function BetAmountInput({ currency, amount, range, onChange, disabled }: BetAmountInputProps) {
  const id = useId();
  const [text, setText] = useState(() => formatAmount(amount));
  const [invalid, setInvalid] = useState(false);

  // Buttons (half, double, max, currency switch) change the amount from outside: show it.
  useEffect(() => {
    setText((current) => {
      const parsed = parseAmount(current);
      return parsed.ok && parsed.value === amount ? current : formatAmount(amount);
    });
    setInvalid(false);
  }, [amount]);

  const change = (next: string) => {
    const parsed = parseAmount(next.trim());
    if (!parsed.ok) {
      setText(next);
      setInvalid(next.trim() !== '');
      return;
    }
    const capped = capBet(parsed.value, range);
    setText(capped === parsed.value ? next : formatAmount(capped));
    setInvalid(false);
    onChange(capped);
  };

  return (
    <div className="cc-bet__amount">
      <label htmlFor={id}>Bet amount</label>
      <div className="cc-bet__amount-box">
        <input
          id={id}
          className="cc-input cc-bet__input"
          inputMode="decimal"
          autoComplete="off"
          value={text}
          disabled={disabled}
          aria-invalid={invalid || undefined}
          onChange={(e) => change(e.target.value)}
        />
        <span className="cc-bet__unit" aria-hidden="true">{currency}</span>
      </div>
      {invalid && <p className="cc-bet__error" role="alert">Enter an amount like 1.5 (up to 8 decimals)</p>}
    </div>
  );
}
