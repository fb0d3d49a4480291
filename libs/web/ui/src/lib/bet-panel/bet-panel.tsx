import { formatAmount } from '@cosmic/algorand';
import { BetAmountInput } from './bet-amount-input';
import { BetButtons } from './bet-buttons';
import { type BetContext, type BetCurrency, betProblem, betRange, convertBet } from './bet-math';
import { CurrencyToggle } from './currency-toggle';
import './bet-panel.css';

/** A bet: currency and amount in base units. */
export interface BetValue {
  currency: BetCurrency;
  amount: bigint;
}

export interface BetPanelProps extends BetContext {
  value: BetValue;
  onChange(next: BetValue): void;
  /** AMINA needs a connected wallet with proven ownership. */
  aminaEnabled: boolean;
  /** Why AMINA is off (shown on the disabled button). */
  aminaHint?: string;
  /** Lock the currency (blackjack plays in HC only). */
  lockCurrency?: boolean;
  disabled?: boolean;
}

const PROBLEM: Record<NonNullable<ReturnType<typeof betProblem>>, (min: string, max: string, c: BetCurrency) => string> = {
  insufficient: (min, _max, c) => `Insufficient balance: the minimum bet is ${min} ${c}`,
  'below-min': (min, _max, c) => `Minimum bet is ${min} ${c}`,
  'above-max': (_min, max, c) => `Maximum bet is ${max} ${c}`,
};

// "12345.5" → "12,345.5"
const grouped = (amount: bigint) => formatAmount(amount).replace(/^\d+/, (whole) => whole.replace(/\B(?=(\d{3})+$)/g, ','));

/** The shared bet panel (spec §2, §5): currency toggle, amount, quick bets, Half, Double, Max. */
export function BetPanel({ value, onChange, aminaEnabled, aminaHint = 'Connect and verify a wallet to bet AMINA', lockCurrency, disabled, ...ctx }: BetPanelProps) {
  const range = betRange(value.currency, ctx);
  const problem = betProblem(value.amount, range);
  const setAmount = (amount: bigint) => onChange({ currency: value.currency, amount });
  const setCurrency = (currency: BetCurrency) => {
    if (currency !== value.currency) onChange({ currency, amount: convertBet(value.amount, value.currency, currency, ctx) });
  };
  const balance = value.currency === 'AMINA' ? ctx.aminaBalance : ctx.hcBalance;
  return (
    <section className="cc-bet cc-card" aria-label="Bet">
      <div className="cc-bet__head">
        <CurrencyToggle value={value.currency} onChange={setCurrency} aminaEnabled={aminaEnabled} aminaHint={aminaHint} disabled={disabled || lockCurrency} />
        <p className="cc-bet__balance">
          Balance <strong>{grouped(balance)} {value.currency}</strong>
        </p>
      </div>
      <BetAmountInput currency={value.currency} amount={value.amount} range={range} onChange={setAmount} disabled={disabled} />
      <BetButtons currency={value.currency} amount={value.amount} range={range} onChange={setAmount} disabled={disabled} />
      {problem && <p className="cc-bet__problem">{PROBLEM[problem](formatAmount(range.min), formatAmount(range.max), value.currency)}</p>}
    </section>
  );
}

export default BetPanel;
