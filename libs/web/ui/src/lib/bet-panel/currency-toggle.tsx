import type { BetCurrency } from './bet-math';

export interface CurrencyToggleProps {
  value: BetCurrency;
  onChange(currency: BetCurrency): void;
  /** AMINA needs a verified wallet. */
  aminaEnabled: boolean;
  aminaHint: string;
  /** The id of the visible text saying why AMINA is off. */
  hintId?: string;
  disabled?: boolean;
}

const OPTIONS: ReadonlyArray<{ id: BetCurrency; label: string }> = [
  { id: 'AMINA', label: 'AMINA' },
  { id: 'HC', label: 'HC' },
];

/** Two-way AMINA / HC switch; AMINA is disabled (with a reason) without a verified wallet. */
export function CurrencyToggle({ value, onChange, aminaEnabled, aminaHint, hintId, disabled }: CurrencyToggleProps) {
  return (
    <div className="cc-bet__currency" role="group" aria-label="Currency">
      {OPTIONS.map((o) => {
        const off = disabled || (o.id === 'AMINA' && !aminaEnabled);
        return (
          <button
            key={o.id}
            type="button"
            className="cc-bet__currency-btn"
            aria-pressed={value === o.id}
            disabled={off}
            title={o.id === 'AMINA' && !aminaEnabled ? aminaHint : undefined}
            aria-describedby={o.id === 'AMINA' && !aminaEnabled ? hintId : undefined}
            onClick={() => onChange(o.id)}
          >
            {o.label}
          </button>
        );
      })}
    </div>
  );
}
