import { TextField } from './text-field';
import type { VerifyInput } from './verify-link';

interface Props {
  input: VerifyInput;
  onChange(patch: Partial<VerifyInput>): void;
}

function Choice({
  id,
  label,
  value,
  options,
  onChange,
}: {
  id: string;
  label: string;
  value: string;
  options: string[];
  onChange(v: string): void;
}) {
  return (
    <div className="cc-field">
      <label htmlFor={id}>{label}</label>
      <select id={id} className="cc-input" value={value} onChange={(e) => onChange(e.target.value)}>
        {options.map((o) => (
          <option key={o} value={o}>
            {o}
          </option>
        ))}
      </select>
    </div>
  );
}

/** The parameter that decides the game's result: dice bet, plinko risk, hi-lo guesses, blackjack actions, a slots free spin. */
export function GameParamField({ input, onChange }: Props) {
  switch (input.game) {
    case 'dice':
      return (
        <Choice
          id="verify-bet-type"
          label="Bet type"
          value={input.betType}
          options={['low', 'seven', 'high']}
          onChange={(betType) => onChange({ betType })}
        />
      );
    case 'plinko':
      return (
        <Choice
          id="verify-risk"
          label="Risk"
          value={input.risk}
          options={['low', 'medium', 'high']}
          onChange={(risk) => onChange({ risk })}
        />
      );
    case 'blackjack':
      return (
        <TextField
          id="verify-actions"
          label="Actions"
          value={input.actions}
          onChange={(actions) => onChange({ actions })}
          placeholder="hit, stand"
          hint="In order: hit, stand, double, split"
        />
      );
    case 'slots':
      return (
        <label className="cc-fair__check">
          <input
            type="checkbox"
            checked={input.freeSpins}
            onChange={(e) => onChange({ freeSpins: e.target.checked })}
          />{' '}
          A free spin (free-spin symbols, pays ×3)
        </label>
      );
    case 'hilo':
      return (
        <div className="cc-field">
          <TextField
            id="verify-guesses"
            label="Guesses"
            value={input.guesses}
            onChange={(guesses) => onChange({ guesses })}
            placeholder="higher, lower"
            hint="In order: higher or lower"
          />
          <label className="cc-fair__check">
            <input type="checkbox" checked={input.cashout} onChange={(e) => onChange({ cashout: e.target.checked })} />{' '}
            Cashed out after the last guess
          </label>
        </div>
      );
  }
}
