import { useEffect, useState } from 'react';
import { parseAmount } from '@cosmic/algorand';
import { DAILY_ALLOWANCE_HC } from '@cosmic/contracts';
import { Button, formatMoney } from '@cosmic/web-ui';
import { errorMessage, useClaimAllowanceMutation, useToast, useWallet } from '@cosmic/web-data-access';
import { whenText } from './shared/when-text';

/** The clock, read when `until` changes and every half minute until then (the wait counts down, the button comes back when due). */
function useNow(until: number | null): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    if (until === null) return;
    setNow(new Date());
    const t = window.setInterval(() => setNow(new Date()), 30_000);
    return () => window.clearInterval(t);
  }, [until]);
  return now;
}

/** House Coins the server says it credited (a decimal string), the allowance itself if it cannot be read. */
function credited(text: string): bigint {
  const parsed = parseAmount(text);
  return parsed.ok ? parsed.value : DAILY_ALLOWANCE_HC;
}

/** The daily allowance: 1,000 HC once every 24 hours (the server says when the next one is due). */
export function DailyAllowance() {
  const wallet = useWallet();
  const [claim, { isLoading }] = useClaimAllowanceMutation();
  const { toast } = useToast();
  const userId = wallet.userId;
  const next = wallet.user?.nextAllowanceAt ? new Date(wallet.user.nextAllowanceAt) : null;
  const now = useNow(next?.getTime() ?? null);
  const waiting = next !== null && next.getTime() > now.getTime();

  const onClaim = async () => {
    if (!userId) return;
    try {
      const r = await claim(userId).unwrap();
      toast({
        title: 'Daily bonus claimed!',
        description: `+${formatMoney(credited(r.credited), 'HC')}`,
        variant: 'success',
      });
      wallet.refreshBalance();
    } catch (e) {
      toast({
        title: 'Not yet',
        description: errorMessage(e, 'Failed to claim the daily allowance'),
        variant: 'error',
      });
    }
  };

  return (
    <div className="cc-lobby-banner__allowance">
      <Button variant="primary" onClick={() => void onClaim()} disabled={!userId || isLoading || waiting}>
        {isLoading ? 'Claiming…' : `Claim daily ${formatMoney(DAILY_ALLOWANCE_HC, 'HC')}`}
      </Button>
      {waiting && <NextAllowance at={next} now={now} />}
    </div>
  );
}

/** "Next allowance tomorrow at 12:08 PM (in 23 h 59 min)": the day is named, so it never reads like now. */
function NextAllowance({ at, now }: { at: Date; now: Date }) {
  const { day, wait } = whenText(at, now);
  return (
    <p className="cc-lobby-banner__text" data-testid="next-allowance">
      Next allowance {day} <span className="cc-lobby-banner__wait">({wait})</span>
    </p>
  );
}
