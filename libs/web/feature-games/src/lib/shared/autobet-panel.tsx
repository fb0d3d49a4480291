import { type ReactNode, useState } from 'react';
import { parseAmount } from '@cosmic/algorand';
import { type BetCurrency, Button, groupedAmount } from '@cosmic/web-ui';
import { type Adjust, type AutobetSettings, parsePercent } from './autobet';
import type { AutobetStatus } from './use-autobet';

/** Manual (one bet per press) or Auto (autobet) — the two tabs above a game's controls. */
export type BetMode = 'manual' | 'auto';

/** The Manual / Auto switch; locked while a run is going. */
export function BetModeTabs({
  mode,
  onChange,
  locked,
}: {
  mode: BetMode;
  onChange(mode: BetMode): void;
  locked?: boolean;
}) {
  return (
    <div className="cc-game__row cc-autobet__modes" role="group" aria-label="Bet mode">
      {(['manual', 'auto'] as const).map((m) => (
        <Button
          key={m}
          size="sm"
          className="cc-game__choice"
          aria-pressed={mode === m}
          disabled={locked && mode !== m}
          onClick={() => onChange(m)}
        >
          {m === 'manual' ? 'Manual' : 'Auto'}
        </Button>
      ))}
    </div>
  );
}

/** The Auto tab's typed values, kept as typed until Start reads them. */
interface Form {
  bets: string;
  onWin: 'reset' | 'increase';
  winPercent: string;
  onLoss: 'reset' | 'increase';
  lossPercent: string;
  stopProfit: string;
  stopLoss: string;
  stopWin: string;
}

const EMPTY: Form = {
  bets: '10',
  onWin: 'reset',
  winPercent: '100',
  onLoss: 'reset',
  lossPercent: '100',
  stopProfit: '',
  stopLoss: '',
  stopWin: '',
};

/** Most bets one AMINA autobet run may place; it always has a count (RTS 8: no "until stopped" with real money). */
export const AMINA_AUTOBET_MAX_BETS = 100;

/**
 * The form read as settings, or the first field that is wrong, named so the player can fix it.
 * AMINA (real money, RTS 8): 1 to 100 bets, never until stopped, and a loss limit (Stop on loss) required.
 */
export function readAutobetForm(
  form: Form,
  currency: BetCurrency = 'HC',
): { ok: true; settings: AutobetSettings } | { ok: false; error: string } {
  const real = currency === 'AMINA';
  if (!/^\d{1,6}$/.test(form.bets.trim()))
    return {
      ok: false,
      error: real
        ? `Number of bets: enter a whole number from 1 to ${AMINA_AUTOBET_MAX_BETS}`
        : 'Number of bets: enter a whole number (0 = until stopped)',
    };
  const count = Number(form.bets.trim());
  if (real && (count < 1 || count > AMINA_AUTOBET_MAX_BETS))
    return {
      ok: false,
      error: `Number of bets: AMINA autobet runs 1 to ${AMINA_AUTOBET_MAX_BETS} bets, never until stopped`,
    };
  if (real && !form.stopLoss.trim())
    return { ok: false, error: 'Stop on loss (AMINA): AMINA autobet needs a loss limit' };
  const adjust = (kind: 'reset' | 'increase', text: string, field: string): Adjust | string => {
    if (kind === 'reset') return { kind: 'reset' };
    const bp = parsePercent(text);
    return bp === null
      ? `${field}: enter a percentage like 100 (up to 2 decimals)`
      : { kind: 'increase', basisPoints: bp };
  };
  const amount = (text: string, field: string): bigint | null | string => {
    if (!text.trim()) return null;
    const parsed = parseAmount(text.trim());
    return parsed.ok && parsed.value > 0n ? parsed.value : `${field}: enter an amount like 50, or leave it empty`;
  };
  const onWin = adjust(form.onWin, form.winPercent, 'On win');
  const onLoss = adjust(form.onLoss, form.lossPercent, 'On loss');
  const stopProfit = amount(form.stopProfit, 'Stop on profit');
  const stopLoss = amount(form.stopLoss, 'Stop on loss');
  const stopWin = amount(form.stopWin, 'Stop on a single win');
  for (const v of [onWin, onLoss, stopProfit, stopLoss, stopWin])
    if (typeof v === 'string') return { ok: false, error: v };
  return {
    ok: true,
    settings: {
      bets: Number(form.bets.trim()),
      onWin: onWin as Adjust,
      onLoss: onLoss as Adjust,
      stopProfit: stopProfit as bigint | null,
      stopLoss: stopLoss as bigint | null,
      stopWin: stopWin as bigint | null,
    },
  };
}

/**
 * The Auto tab: number of bets, what a win and a loss do to the bet, the three stop amounts,
 * Start / Stop, and the run's progress and why it stopped. `choice` holds the game's
 * own pick (dice's bet type) that every bet of the run uses.
 */
export function AutobetPanel({
  status,
  currency,
  canStart,
  onStart,
  onStop,
  choice,
}: {
  status: AutobetStatus;
  currency: BetCurrency;
  canStart: boolean;
  onStart(settings: AutobetSettings): void;
  onStop(): void;
  choice?: ReactNode;
}) {
  const [form, setForm] = useState<Form>(EMPTY);
  const [error, setError] = useState<string | null>(null);
  // a fixed id (one panel a page), as the bet panel's (libs/web/ui/src/lib/bet-panel/bet-panel.tsx)
  const id = 'autobet';
  const set = (patch: Partial<Form>) => setForm((f) => ({ ...f, ...patch }));
  const start = () => {
    const read = readAutobetForm(form, currency);
    setError(read.ok ? null : read.error);
    if (read.ok) onStart(read.settings);
  };
  const locked = status.running;
  const adjustRow = (side: 'Win' | 'Loss') => {
    const kind = side === 'Win' ? form.onWin : form.onLoss;
    const percent = side === 'Win' ? form.winPercent : form.lossPercent;
    const setKind = (k: 'reset' | 'increase') => set(side === 'Win' ? { onWin: k } : { onLoss: k });
    return (
      <fieldset className="cc-autobet__adjust" disabled={locked}>
        <legend className="cc-game__label">On {side.toLowerCase()}</legend>
        <div className="cc-game__row">
          <Button
            size="sm"
            className="cc-game__choice"
            aria-pressed={kind === 'reset'}
            onClick={() => setKind('reset')}
          >
            Reset
          </Button>
          <Button
            size="sm"
            className="cc-game__choice"
            aria-pressed={kind === 'increase'}
            onClick={() => setKind('increase')}
          >
            Increase
          </Button>
          <label className="cc-autobet__percent">
            <span className="cc-sr-only">On {side.toLowerCase()} increase by (%)</span>
            <input
              className="cc-input"
              inputMode="decimal"
              value={percent}
              disabled={kind !== 'increase'}
              onChange={(e) => set(side === 'Win' ? { winPercent: e.target.value } : { lossPercent: e.target.value })}
            />
            <span aria-hidden="true">%</span>
          </label>
        </div>
      </fieldset>
    );
  };
  const field = (key: 'bets' | 'stopProfit' | 'stopLoss' | 'stopWin', label: string) => (
    <div className="cc-field cc-autobet__field">
      <label htmlFor={`${id}-${key}`}>{label}</label>
      <input
        id={`${id}-${key}`}
        className="cc-input"
        inputMode={key === 'bets' ? 'numeric' : 'decimal'}
        value={form[key]}
        disabled={locked}
        placeholder={key === 'bets' ? undefined : key === 'stopLoss' && currency === 'AMINA' ? 'required' : 'off'}
        aria-required={key === 'stopLoss' && currency === 'AMINA' ? true : undefined}
        onChange={(e) => set({ [key]: e.target.value })}
      />
    </div>
  );
  return (
    <div className="cc-autobet" data-testid="autobet">
      {choice}
      {field('bets', currency === 'AMINA' ? `Number of bets (1–${AMINA_AUTOBET_MAX_BETS})` : 'Number of bets')}
      {adjustRow('Win')}
      {adjustRow('Loss')}
      <div className="cc-autobet__stops">
        {field('stopProfit', `Stop on profit (${currency})`)}
        {field('stopLoss', `Stop on loss (${currency})`)}
        {field('stopWin', `Stop on a single win (${currency})`)}
      </div>
      {error && (
        <p className="cc-game__refusal" role="alert" data-testid="autobet-error">
          {error}
        </p>
      )}
      {status.running ? (
        <Button variant="primary" size="lg" onClick={onStop}>
          Stop autobet
        </Button>
      ) : (
        <Button variant="primary" size="lg" className="cc-autobet__go" disabled={!canStart} onClick={start}>
          Start autobet
        </Button>
      )}
      <p className="cc-autobet__status" role="status" aria-live="polite" data-testid="autobet-status">
        {status.running || status.placed > 0 || status.stopped ? (
          <>
            Bets <strong data-testid="autobet-placed">{status.placed}</strong> · Net{' '}
            <strong className={status.net < 0n ? 'is-loss' : status.net > 0n ? 'is-win' : ''}>
              {status.net < 0n ? '−' : status.net > 0n ? '+' : ''}
              {groupedAmount(status.net < 0n ? -status.net : status.net)} {currency}
            </strong>
          </>
        ) : null}
        {status.paused && <span data-testid="autobet-paused"> · Paused for a reality check</span>}
      </p>
      {status.stopped && (
        <p className="cc-autobet__stopped" data-testid="autobet-stopped">
          {status.stopped}
        </p>
      )}
    </div>
  );
}
