import { useId, useState } from 'react';
import type { LegalActions } from '@cosmic/poker';
import { Button } from '@cosmic/web-ui';
import { betPresets, betRange, chips } from '../model/bet-sizing';

export interface ActionBarProps {
  /** Your legal moves; null when it is not your turn. */
  legal: LegalActions | null;
  pot: number;
  currentBet: number;
  /** Who the table waits for, when it is not you. */
  waitingFor: string | null;
  busy: boolean;
  onAct(action: string, amount?: number): void;
}

/**
 * Fold, check or call, bet or raise with sizing (slider, amount, ½ pot / pot / all-in presets)
 * and all-in. Every button is enabled only when that move is legal now.
 */
export function ActionBar({ legal, pot, currentBet, waitingFor, busy, onAct }: ActionBarProps) {
  const range = legal ? betRange(legal) : null;
  const [amount, setAmount] = useState(range?.min ?? 0);
  const sliderId = useId();
  // a new decision (new range) starts the sizing at its minimum
  const key = legal ? `${legal.seat}:${legal.toCall}:${range?.min}:${range?.max}` : '';
  const [sizedFor, setSizedFor] = useState(key);
  if (sizedFor !== key) {
    setSizedFor(key);
    setAmount(range?.min ?? 0);
  }
  const mine = legal !== null && !busy;
  const valid = !!range && amount >= range.min && amount <= range.max;
  const sizeVerb = range?.kind === 'bet' ? 'Bet' : 'Raise to';
  const isAllIn = !!range && amount === range.max;
  return (
    <div className="pk-actions" role="group" aria-label="Your move">
      {!legal && (
        <p className="pk-actions__wait">{waitingFor ? `Waiting for ${waitingFor}…` : 'Waiting for the next hand…'}</p>
      )}
      <div className="pk-actions__main">
        <Button disabled={!mine || !legal?.fold} onClick={() => onAct('fold')}>
          Fold
        </Button>
        {legal?.call ? (
          <Button variant="primary" disabled={!mine} onClick={() => onAct('call')}>
            Call {chips(legal.toCall)}
          </Button>
        ) : (
          <Button variant="primary" disabled={!mine || !legal?.check} onClick={() => onAct('check')}>
            Check
          </Button>
        )}
        <Button disabled={!mine || !valid} onClick={() => (isAllIn ? onAct('allin') : onAct(range!.kind, amount))}>
          {range ? `${sizeVerb} ${chips(amount)}` : 'Raise'}
        </Button>
        <Button disabled={!mine || legal?.allIn === null || legal?.allIn === undefined} onClick={() => onAct('allin')}>
          All-in{legal?.allIn ? ` ${chips(legal.allIn)}` : ''}
        </Button>
      </div>
      {range && (
        <div className="pk-sizing">
          <div className="pk-sizing__presets">
            {betPresets(legal!, pot, currentBet).map((p) => (
              <Button
                key={p.label}
                size="sm"
                variant="ghost"
                disabled={!mine}
                aria-pressed={amount === p.amount}
                onClick={() => setAmount(p.amount)}
              >
                {p.label}
              </Button>
            ))}
          </div>
          <label className="cc-sr-only" htmlFor={sliderId}>
            {sizeVerb} amount
          </label>
          <input
            id={sliderId}
            className="pk-sizing__slider"
            type="range"
            min={range.min}
            max={range.max}
            step={1}
            value={amount}
            disabled={!mine}
            onChange={(e) => setAmount(Number(e.target.value))}
          />
          <input
            className="cc-input pk-sizing__amount"
            type="number"
            inputMode="numeric"
            aria-label={`${sizeVerb} amount in chips`}
            min={range.min}
            max={range.max}
            value={amount}
            disabled={!mine}
            onChange={(e) => setAmount(Math.floor(Number(e.target.value) || 0))}
          />
        </div>
      )}
    </div>
  );
}
