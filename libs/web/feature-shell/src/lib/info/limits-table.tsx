import { useState } from 'react';
import { Button, ScrollRegion } from '@cosmic/web-ui';
import { errorMessage, useSetLossLimitMutation, useToast, type PlayerLimitsDto } from '@cosmic/web-data-access';
import { LIMIT_PERIODS, type LimitCurrency, type LimitKind, type LimitPeriod } from '@cosmic/contracts';

const PERIOD_LABEL: Record<string, string> = { '24h': '24 hours', '7d': '7 days', '30d': '30 days' };
const GROUPS: Array<{ kind: LimitKind; currency: LimitCurrency; title: string }> = [
  { kind: 'loss', currency: 'HC', title: 'Loss limits (HC)' },
  { kind: 'loss', currency: 'AMINA', title: 'Loss limits (AMINA)' },
  { kind: 'wager', currency: 'HC', title: 'Wager limits (HC)' },
  { kind: 'wager', currency: 'AMINA', title: 'Wager limits (AMINA)' },
  { kind: 'deposit', currency: 'AMINA', title: 'Deposit limits (AMINA)' },
];

/** Every loss, wager and deposit limit over 24 hours, 7 and 30 days: the limit, what the window used, what is left, and a form to set one. */
export function LimitsTable({ limits, walletAddress }: { limits: PlayerLimitsDto; walletAddress: string }) {
  const [save, saving] = useSetLossLimitMutation();
  const { toast } = useToast();
  const [group, setGroup] = useState(0);
  const [period, setPeriod] = useState<LimitPeriod>('24h');
  const [value, setValue] = useState('');
  const g = GROUPS[group];
  const onSave = async (v: string | null) => {
    try {
      const r = await save({
        walletAddress,
        limits: [{ kind: g.kind, currency: g.currency, period, value: v }],
      }).unwrap();
      toast({ title: 'Limits updated', description: r.message, variant: 'success' });
    } catch (e) {
      toast({ title: 'Limit not saved', description: errorMessage(e), variant: 'error' });
    }
  };
  return (
    <div className="cc-tools__limits" data-testid="limits-table">
      <h3>Every limit</h3>
      <p>
        The lowest limit that applies wins. Lowering applies at once; raising or removing takes effect after 24 hours.
      </p>
      {limits.depositLocked && (
        <p data-testid="deposit-locked">
          {limits.depositLocked.amount} AMINA from a deposit beyond your deposit limit is locked from play until{' '}
          {new Date(limits.depositLocked.until).toLocaleString()} (it can still be withdrawn).
        </p>
      )}
      {GROUPS.map((grp) => (
        // in its wrap, as every table: on a phone it scrolls inside, never the page sideways
        <ScrollRegion key={`${grp.kind}-${grp.currency}`} label={grp.title}>
          <table className="cc-table">
            <caption>{grp.title}</caption>
            <thead>
              <tr>
                <th scope="col">Window</th>
                <th scope="col">Limit</th>
                <th scope="col">Used</th>
                <th scope="col">Left</th>
              </tr>
            </thead>
            <tbody>
              {limits.limits
                .filter((l) => l.kind === grp.kind && l.currency === grp.currency)
                .map((l) => (
                  <tr key={l.period} data-testid={`limit-${l.kind}-${l.currency}-${l.period}`}>
                    <td>{PERIOD_LABEL[l.period]}</td>
                    <td>{l.limit === null ? 'none' : `${l.limit} ${l.currency}`}</td>
                    <td>{`${l.used} ${l.currency}`}</td>
                    <td>
                      {l.left === null ? '—' : `${l.left} ${l.currency}`}
                      {l.pending &&
                        ` (${l.pending.value === null ? 'removal' : `${l.pending.value} ${l.currency}`} from ${new Date(l.pending.effectiveAt).toLocaleString()})`}
                    </td>
                  </tr>
                ))}
            </tbody>
          </table>
        </ScrollRegion>
      ))}
      <div className="cc-field">
        <label htmlFor="limit-kind">Limit</label>
        <select id="limit-kind" className="cc-input" value={group} onChange={(e) => setGroup(Number(e.target.value))}>
          {GROUPS.map((x, i) => (
            <option key={x.title} value={i}>
              {x.title}
            </option>
          ))}
        </select>
        <label htmlFor="limit-period">Window</label>
        <select
          id="limit-period"
          className="cc-input"
          value={period}
          onChange={(e) => setPeriod(e.target.value as LimitPeriod)}
        >
          {LIMIT_PERIODS.map((p) => (
            <option key={p} value={p}>
              {PERIOD_LABEL[p]}
            </option>
          ))}
        </select>
        <label htmlFor="limit-value">Amount ({g.currency})</label>
        <input id="limit-value" className="cc-input" value={value} onChange={(e) => setValue(e.target.value)} />
      </div>
      <div className="cc-tool__actions">
        <Button disabled={saving.isLoading || value.trim() === ''} onClick={() => void onSave(value.trim())}>
          Set this limit
        </Button>
        <Button variant="ghost" disabled={saving.isLoading} onClick={() => void onSave(null)}>
          Remove this limit
        </Button>
      </div>
    </div>
  );
}
