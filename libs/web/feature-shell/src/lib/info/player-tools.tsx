import { useEffect, useState } from 'react';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { Button, Card } from '@cosmic/web-ui';
import {
  errorMessage,
  usePlayerLimitsQuery,
  useSelfExcludeMutation,
  useSetLossLimitMutation,
  useToast,
  useWallet,
} from '@cosmic/web-data-access';
import type { SelfExcludeRequest } from '@cosmic/contracts';
import { pendingLimitText } from './pending-limit';

const NOT_YET = 'Available once your account is connected';
const PERIODS = [
  { days: 1, label: '24 hours' },
  { days: 7, label: '7 days' },
  { days: 30, label: '30 days' },
  { days: 180, label: '6 months' },
] as const;
/** While a raise or removal waits: the time left ticks, and the limits are re-read (the API promotes due changes on read). */
const TICK_MS = 30_000;
const PENDING_POLL_MS = 60_000;

/** The current time, refreshed every `ms` while `active`. */
function useNow(active: boolean, ms: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active) return undefined;
    setNow(Date.now());
    const t = setInterval(() => setNow(Date.now()), ms);
    return () => clearInterval(t);
  }, [active, ms]);
  return now;
}

/** Daily loss limit and self-exclusion, set per player and enforced by the API on every bet. */
export function PlayerTools() {
  const wallet = useWallet();
  const address = wallet.connected ? wallet.address : null;
  const [pollPending, setPollPending] = useState(false);
  const { data: limits } = usePlayerLimitsQuery(address ?? skipToken, {
    pollingInterval: pollPending ? PENDING_POLL_MS : 0,
  });
  const pending = limits?.pendingLimitHC ?? null;
  useEffect(() => setPollPending(pending !== null), [pending]);
  const now = useNow(pending !== null, TICK_MS);
  const [saveLimit, saving] = useSetLossLimitMutation();
  const [exclude, excluding] = useSelfExcludeMutation();
  const { toast } = useToast();
  const [limit, setLimit] = useState('');
  const [days, setDays] = useState<SelfExcludeRequest['days']>(7);
  const [confirming, setConfirming] = useState(false);
  const ready = Boolean(address && limits);
  const excludedUntil = limits?.selfExcludedUntil ? new Date(limits.selfExcludedUntil) : null;

  const onSave = async (dailyLossLimitHC: string | null) => {
    if (!address) return;
    try {
      const r = await saveLimit({ walletAddress: address, dailyLossLimitHC }).unwrap();
      // the answer says whether it applied now or waits for the cool-off
      toast({
        title: r.pendingLimitHC ? 'Limit change scheduled' : 'Limit saved',
        description: r.message,
        variant: 'success',
      });
    } catch (e) {
      toast({ title: 'Limit not saved', description: errorMessage(e), variant: 'error' });
    }
  };
  const onExclude = async () => {
    if (!address) return;
    if (!confirming) return setConfirming(true);
    setConfirming(false);
    try {
      await exclude({ walletAddress: address, days }).unwrap();
      toast({
        title: 'Self-exclusion started',
        description: 'Betting is blocked until the period ends.',
        variant: 'success',
      });
    } catch (e) {
      toast({ title: 'Self-exclusion failed', description: errorMessage(e), variant: 'error' });
    }
  };

  return (
    <section className="cc-info__section" aria-labelledby="tools-title">
      <h2 id="tools-title">Player tools</h2>
      {!ready && (
        <p className="cc-tools__note" id="tools-note">
          {NOT_YET}.
        </p>
      )}
      <div className="cc-tools">
        <Card className="cc-tool">
          <h3>Daily loss limit</h3>
          <p>
            Set the most you can lose in a day. Bets that would pass it are refused until the day is over. Lowering a
            limit applies at once; raising or removing it takes effect 24 hours after you ask, and until then the lower
            limit stays.
          </p>
          {limits && (
            <p data-testid="loss-status">
              {limits.dailyLossLimitHC
                ? `Limit ${limits.dailyLossLimitHC} HC · lost today ${limits.lostTodayHC} HC`
                : `No limit set · lost today ${limits.lostTodayHC} HC`}
            </p>
          )}
          {pending && (
            <p className="cc-tool__pending" data-testid="loss-pending">
              {pendingLimitText(pending, 'HC', now)}
            </p>
          )}
          <div className="cc-field">
            <label htmlFor="loss-limit">Daily limit (HC)</label>
            <input
              id="loss-limit"
              className="cc-input"
              inputMode="decimal"
              placeholder="e.g. 500"
              disabled={!ready}
              value={limit}
              onChange={(e) => setLimit(e.target.value)}
              aria-describedby="tools-note"
            />
          </div>
          <div className="cc-tool__actions">
            <Button
              disabled={!ready || saving.isLoading || limit.trim() === ''}
              onClick={() => void onSave(limit.trim())}
            >
              Save limit
            </Button>
            {limits?.dailyLossLimitHC && pending?.value !== null && (
              <Button variant="ghost" disabled={saving.isLoading} onClick={() => void onSave(null)}>
                Remove limit
              </Button>
            )}
          </div>
        </Card>
        <Card className="cc-tool">
          <h3>Self-exclusion</h3>
          <p>Take a break from playing. During the break you cannot bet, and it cannot be undone early.</p>
          {excludedUntil && <p data-testid="exclusion-status">Self-excluded until {excludedUntil.toLocaleString()}</p>}
          <div className="cc-field">
            <label htmlFor="exclusion">Exclude me for</label>
            <select
              id="exclusion"
              className="cc-input"
              disabled={!ready}
              aria-describedby="tools-note"
              value={days}
              onChange={(e) => {
                setDays(Number(e.target.value) as SelfExcludeRequest['days']); // one of PERIODS
                setConfirming(false);
              }}
            >
              {PERIODS.map((p) => (
                <option key={p.days} value={p.days}>
                  {p.label}
                </option>
              ))}
            </select>
          </div>
          <Button
            variant={confirming ? 'primary' : undefined}
            disabled={!ready || excluding.isLoading}
            onClick={() => void onExclude()}
          >
            {confirming
              ? `Confirm: exclude me for ${PERIODS.find((p) => p.days === days)?.label}`
              : 'Start self-exclusion'}
          </Button>
        </Card>
      </div>
    </section>
  );
}
