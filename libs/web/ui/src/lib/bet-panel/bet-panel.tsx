import { BetAmountInput } from './bet-amount-input';
import { BetButtons } from './bet-buttons';
import {
  type BetContext,
  type BetCurrency,
  betProblem,
  betProblemText,
  betRange,
  convertBet,
  formatMoney,
} from './bet-math';
import { CurrencyToggle } from './currency-toggle';
import { Skeleton } from '../skeleton';
import './bet-panel.css';

/** A bet: currency and amount in base units. */
export interface BetValue {
  currency: BetCurrency;
  amount: bigint;
  /** The typed text is not an amount (empty, letters, HC with decimals): no bet until it is fixed. */
  invalid?: boolean;
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
  /** Shown instead of the amount's problem while the bet does not apply (free spins cost nothing). */
  note?: string;
  /** Whose balance it is when not the player's own (a watched wallet's): "Balance of ABCDEF…WXYZ". */
  owner?: string;
}

/**
 * The shared bet panel: currency toggle, amount, quick bets, Half, Double, Max. The
 * buttons clamp to the range; a typed amount is kept as typed and the panel names the limit it breaks.
 */
export function BetPanel({
  value,
  onChange,
  aminaEnabled,
  aminaHint = 'Connect and verify a wallet to bet AMINA',
  lockCurrency,
  disabled,
  note,
  owner,
  ...ctx
}: BetPanelProps) {
  const range = betRange(value.currency, ctx);
  const problem = value.invalid ? null : betProblem(value.amount, value.currency, ctx);
  const setAmount = (amount: bigint) => onChange({ currency: value.currency, amount });
  const typeAmount = (amount: bigint | null) =>
    onChange(
      amount === null
        ? { currency: value.currency, amount: value.amount, invalid: true }
        : { currency: value.currency, amount },
    );
  const setCurrency = (currency: BetCurrency) => {
    if (currency !== value.currency)
      onChange({ currency, amount: convertBet(value.amount, value.currency, currency, ctx) });
  };
  const balance = value.currency === 'AMINA' ? ctx.aminaBalance : ctx.hcBalance;
  // why AMINA is off is written out, not only in a hover title (a phone has no hover)
  // a fixed id (one bet panel a page): useId's ids depend on the tree around the games remote, which
  // its published first screen does not share with the shell (apps/games-mfe/src/fragments.tsx)
  const hintId = 'bet-amina-hint';
  const showHint = !aminaEnabled;
  return (
    <section className="cc-bet cc-card" aria-label="Bet">
      <div className="cc-bet__head">
        <CurrencyToggle
          value={value.currency}
          onChange={setCurrency}
          aminaEnabled={aminaEnabled}
          aminaHint={aminaHint}
          hintId={showHint ? hintId : undefined}
          disabled={disabled || lockCurrency}
        />
        {/* until the player's record arrives (and on a prerendered first screen) the balance is a
            placeholder, never the guest's default amount */}
        {ctx.balanceKnown !== false ? (
          <p className="cc-bet__balance" data-testid="bet-balance">
            {owner ? `Balance of ${owner}` : 'Balance'} <strong>{formatMoney(balance, value.currency)}</strong>
          </p>
        ) : (
          <p className="cc-bet__balance" data-testid="bet-balance" aria-busy="true">
            Balance <span className="cc-sr-only">loading</span>
            <strong>
              <Skeleton width={8} />
            </strong>
          </p>
        )}
      </div>
      {showHint && (
        <p className="cc-bet__hint" id={hintId} data-testid="amina-hint">
          {aminaHint}
        </p>
      )}
      <BetAmountInput
        currency={value.currency}
        amount={value.amount}
        invalid={value.invalid}
        onChange={typeAmount}
        disabled={disabled}
      />
      <BetButtons
        currency={value.currency}
        amount={value.amount}
        range={range}
        onChange={setAmount}
        disabled={disabled}
      />
      {note ? (
        <p className="cc-bet__note" data-testid="bet-note">
          {note}
        </p>
      ) : (
        problem && (
          <p className="cc-bet__problem" data-testid="bet-problem">
            {betProblemText(problem, value.currency, ctx)}
          </p>
        )
      )}
    </section>
  );
}

export default BetPanel;
