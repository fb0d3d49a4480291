import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { formatAmount, parseAmount } from '@cosmic/algorand';
import { BET_STEP, type BetCurrency } from './bet-math';

export interface BetAmountInputProps {
  currency: BetCurrency;
  amount: bigint;
  /** The typed text is not an amount of this currency: the bet stays refused until it is fixed. */
  invalid?: boolean;
  /** The typed amount exactly as typed (never capped: the panel says what is wrong), or null when the text is not an amount. */
  onChange(amount: bigint | null): void;
  disabled?: boolean;
}

/** HC bets are whole coins, AMINA bets have up to 8 decimals. */
export const AMOUNT_HINT: Readonly<Record<BetCurrency, string>> = {
  HC: 'Enter a whole number of House Coins, like 25',
  AMINA: 'Enter an amount like 1.5 (up to 8 decimals)',
};

/** The text as an amount of `currency` in base units, or null (empty, not a number, or HC with decimals). */
export function readBetAmount(text: string, currency: BetCurrency): bigint | null {
  const parsed = parseAmount(text.trim());
  return parsed.ok && parsed.value % BET_STEP[currency] === 0n ? parsed.value : null;
}

/**
 * The bet amount field: decimal text in, base units out. What the player types is the bet — it is
 * never silently replaced by the maximum or the balance (issue 29 item 5); the panel names the limit.
 */
export function BetAmountInput({ currency, amount, invalid = false, onChange, disabled }: BetAmountInputProps) {
  // fixed ids (one bet panel a page), as BetPanel's own (bet-panel.tsx)
  const id = 'bet-amount';
  const hintId = 'bet-amount-error';
  const [text, setText] = useState(() => formatAmount(amount));

  // Buttons (half, double, max, quick bets, currency switch) change the amount from outside: show it.
  useEffect(() => {
    if (!invalid) setText((current) => (readBetAmount(current, currency) === amount ? current : formatAmount(amount)));
  }, [amount, currency, invalid]);

  const change = (next: string) => {
    setText(next);
    onChange(readBetAmount(next, currency));
  };

  // A field the server drew (a game's published first screen, apps/games-mfe/src/fragments.tsx) can
  // be typed in before its code arrives. Hydration keeps what the DOM holds but takes the state from
  // the props, so the bet sent would not be the bet shown: once, as it mounts, the field takes what
  // was typed. (Rendered in the browser, the DOM holds `text` and nothing changes.)
  const input = useRef<HTMLInputElement>(null);
  const takeTyped = useRef(change);
  takeTyped.current = change;
  useLayoutEffect(() => {
    const typed = input.current?.value;
    if (typed !== undefined && typed !== text) takeTyped.current(typed);
    // on mount only: later typing comes through onChange
  }, []);

  return (
    <div className="cc-bet__amount">
      <label htmlFor={id}>Bet amount</label>
      <div className="cc-bet__amount-box">
        <input
          ref={input}
          id={id}
          className="cc-input cc-bet__input"
          inputMode={currency === 'HC' ? 'numeric' : 'decimal'}
          autoComplete="off"
          value={text}
          disabled={disabled}
          aria-invalid={invalid || undefined}
          aria-describedby={invalid ? hintId : undefined}
          onChange={(e) => change(e.target.value)}
        />
        <span className="cc-bet__unit" aria-hidden="true">
          {currency}
        </span>
      </div>
      {invalid && (
        <p id={hintId} className="cc-bet__error" role="alert">
          {AMOUNT_HINT[currency]}
        </p>
      )}
    </div>
  );
}
