import { type FormEvent, useState } from 'react';
import { Button } from '@cosmic/web-ui';
import { errorMessage, useSetLossLimitMutation, useToast } from '@cosmic/web-data-access';
import { LIMIT_PERIODS, type LimitPeriod } from '@cosmic/contracts';

const PERIOD_WORDS: Record<LimitPeriod, string> = { '24h': '24 hours', '7d': '7 days', '30d': '30 days' };
const skipKey = (address: string) => `cc-deposit-limit-prompt-skipped:${address}`;

/** Whether the player skipped the first-deposit limit prompt on this device. */
export function depositPromptSkipped(address: string): boolean {
  try {
    return localStorage.getItem(skipKey(address)) === '1';
  } catch {
    return false;
  }
}

/**
 * Before a player's first AMINA deposit: an offer to set a deposit limit (24 hours, 7 days or 30
 * days; apps/api's cashier refuses deposits beyond it), which the player may skip.
 */
export function DepositLimitPrompt({ walletAddress, onDone }: { walletAddress: string; onDone(): void }) {
  const [amount, setAmount] = useState('');
  const [period, setPeriod] = useState<LimitPeriod>('24h');
  const [save, saving] = useSetLossLimitMutation();
  const { toast } = useToast();
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    try {
      const r = await save({
        walletAddress,
        limits: [{ kind: 'deposit', currency: 'AMINA', period, value: amount.trim() }],
      }).unwrap();
      toast({ title: 'Deposit limit set', description: r.message, variant: 'success' });
      onDone();
    } catch (err) {
      toast({ title: 'Limit not saved', description: errorMessage(err), variant: 'error' });
    }
  };
  const skip = () => {
    try {
      localStorage.setItem(skipKey(walletAddress), '1');
    } catch {
      // private mode: the prompt comes back next visit, which is harmless
    }
    onDone();
  };
  return (
    <form
      className="cc-cashier__form"
      aria-labelledby="deposit-limit-title"
      data-testid="deposit-limit-prompt"
      onSubmit={(e) => void submit(e)}
      noValidate
    >
      <h3 id="deposit-limit-title">Before your first deposit: set a deposit limit?</h3>
      <p className="cc-cashier__hint">
        A deposit limit caps what you can deposit over a period. Lowering it later applies at once; raising or removing
        it waits 24 hours. You can change it any time on the Responsible gaming page.
      </p>
      <label className="cc-cashier__field">
        <span>Deposit limit (AMINA)</span>
        <input
          className="cc-cashier__input"
          inputMode="decimal"
          autoComplete="off"
          placeholder="e.g. 5"
          value={amount}
          onChange={(e) => setAmount(e.target.value)}
        />
      </label>
      <label className="cc-cashier__field">
        <span>Over</span>
        <select
          className="cc-cashier__input"
          value={period}
          onChange={(e) => setPeriod(e.target.value as LimitPeriod)} // one of LIMIT_PERIODS
        >
          {LIMIT_PERIODS.map((p) => (
            <option key={p} value={p}>
              {PERIOD_WORDS[p]}
            </option>
          ))}
        </select>
      </label>
      <Button type="submit" variant="primary" disabled={saving.isLoading || amount.trim() === ''}>
        Set limit
      </Button>
      <Button type="button" variant="ghost" onClick={skip}>
        Skip for now
      </Button>
    </form>
  );
}
