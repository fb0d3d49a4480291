import { useEffect, useState } from 'react';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { Button, Card } from '@cosmic/web-ui';
import {
  errorMessage,
  useConfirmPlayMutation,
  usePlayerLimitsQuery,
  useRequestAddress,
  useSelfExcludeMutation,
  useSetLossLimitMutation,
  useToast,
  useWallet,
} from '@cosmic/web-data-access';
import { EXCLUSION_PERIODS, type ExclusionPeriod } from '@cosmic/contracts';
import { pendingLimitText } from './pending-limit';
import { LimitsTable } from './limits-table';

const NOT_YET = 'Available once your account is connected';
/** A watch-only wallet's limits are its owner's to see (the API answers 403): it is asked to sign in instead. */
const WATCH_ONLY = 'Watch-only wallet: sign in with your wallet to see and set its limits';
const PERIODS = Object.entries(EXCLUSION_PERIODS).map(([period, p]) => ({ period: period as ExclusionPeriod, ...p }));
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
  const address = useRequestAddress('player');
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
  const [period, setPeriod] = useState<ExclusionPeriod>('6m');
  const [confirmPlay, confirmingPlay] = useConfirmPlayMutation();
  const chosen = EXCLUSION_PERIODS[period];
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
      await exclude({ walletAddress: address, period }).unwrap();
      toast({
        title: chosen.kind === 'time-out' ? 'Time-out started' : 'Self-exclusion started',
        description: 'Betting is blocked until the period ends.',
        variant: 'success',
      });
    } catch (e) {
      toast({ title: 'Self-exclusion failed', description: errorMessage(e), variant: 'error' });
    }
  };
  const onConfirmPlay = async () => {
    if (!address) return;
    try {
      await confirmPlay({ walletAddress: address }).unwrap();
      toast({ title: 'Play is open again', variant: 'success' });
    } catch (e) {
      toast({ title: 'Not confirmed', description: errorMessage(e), variant: 'error' });
    }
  };
  const ended = limits?.exclusion?.ended ? limits.exclusion : null;

  return (
    <section className="cc-info__section" aria-labelledby="tools-title">
      <h2 id="tools-title">Player tools</h2>
      {!ready &&
        (wallet.watchOnly ? (
          <p className="cc-tools__note" id="tools-note">
            {WATCH_ONLY}.{' '}
            <Button variant="ghost" onClick={wallet.requestSignIn}>
              Sign in with wallet
            </Button>
          </p>
        ) : (
          <p className="cc-tools__note" id="tools-note">
            {NOT_YET}.
          </p>
        ))}
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
              // House Coins are whole coins: the API refuses "1.5"
              inputMode="numeric"
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
          <p>
            Take a break from playing: a time-out (24 hours, 7 days, 6 weeks) or a self-exclusion (6 months, 1 year, 5
            years). During it you cannot bet or deposit, and it cannot be shortened; when it ends you confirm before
            playing again.
          </p>
          {excludedUntil && (
            <p data-testid="exclusion-status">
              {limits?.exclusion?.kind === 'time-out' ? 'On a time-out' : 'Self-excluded'} until{' '}
              {excludedUntil.toLocaleString()}
            </p>
          )}
          {ended && (
            <p data-testid="exclusion-ended">
              Your {ended.kind} has ended.{' '}
              <Button disabled={confirmingPlay.isLoading} onClick={() => void onConfirmPlay()}>
                I want to play again
              </Button>
            </p>
          )}
          <div className="cc-field">
            <label htmlFor="exclusion">Exclude me for</label>
            <select
              id="exclusion"
              className="cc-input"
              disabled={!ready}
              aria-describedby="tools-note"
              value={period}
              onChange={(e) => {
                setPeriod(e.target.value as ExclusionPeriod); // one of PERIODS
                setConfirming(false);
              }}
            >
              {PERIODS.map((p) => (
                <option key={p.period} value={p.period}>
                  {p.label} ({p.kind})
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
              ? `Confirm: exclude me for ${chosen.label}`
              : chosen.kind === 'time-out'
                ? 'Start time-out'
                : 'Start self-exclusion'}
          </Button>
        </Card>
      </div>
      {limits && address && <LimitsTable limits={limits} walletAddress={address} />}
    </section>
  );
}
