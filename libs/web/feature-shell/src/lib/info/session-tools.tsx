import { useEffect, useState } from 'react';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { Card } from '@cosmic/web-ui';
import {
  errorMessage,
  useRealityCheckQuery,
  useRequestAddress,
  useSetRealityIntervalMutation,
  useToast,
} from '@cosmic/web-data-access';
import { formatNet, formatSessionTime, type PlaySession, REALITY_CHECK_MINUTES } from '@cosmic/contracts';

const CURRENCY_WORDS: Record<string, string> = { HC: 'House Coins', AMINA: 'AMINA' };

/**
 * The session clock (how long each currency's session has gone, its net result) and the reality
 * check interval per currency (RTS 13): House Coins may be off, AMINA is hourly unless shorter.
 */
export function SessionTools() {
  const address = useRequestAddress('player');
  const { data, fetchedAt } = useSessions(address);
  const [setInterval_, setting] = useSetRealityIntervalMutation();
  const { toast } = useToast();
  const now = useTick(1000);

  const onChange = async (currency: 'HC' | 'AMINA', value: string) => {
    if (!address) return;
    try {
      await setInterval_({
        walletAddress: address,
        currency,
        intervalSeconds: value === 'off' ? null : Number(value),
      }).unwrap();
      toast({ title: 'Reality check saved', variant: 'success' });
    } catch (e) {
      toast({ title: 'Reality check not saved', description: errorMessage(e), variant: 'error' });
    }
  };

  return (
    <section className="cc-info__section" aria-labelledby="session-title">
      <h2 id="session-title">Session clock and reality checks</h2>
      <p>
        A reality check pauses play at the interval you choose and shows how long you have played and what you have won
        or lost since the session started. It is always on for AMINA (every 60 minutes unless you choose less).
      </p>
      <div className="cc-tools">
        {(data?.sessions ?? []).map((s) => (
          <Card key={s.currency} className="cc-tool">
            <h3>{CURRENCY_WORDS[s.currency] ?? s.currency}</h3>
            <p data-testid={`session-${s.currency}`}>{sessionText(s, now - fetchedAt)}</p>
            <div className="cc-field">
              <label htmlFor={`reality-${s.currency}`}>Reality check every</label>
              <select
                id={`reality-${s.currency}`}
                className="cc-input"
                disabled={!address || setting.isLoading}
                value={s.intervalSeconds === null ? 'off' : String(s.intervalSeconds)}
                onChange={(e) => void onChange(s.currency as 'HC' | 'AMINA', e.target.value)}
              >
                {s.currency === 'HC' && <option value="off">Off</option>}
                {REALITY_CHECK_MINUTES.map((m) => (
                  <option key={m} value={m * 60}>
                    {m} minutes
                  </option>
                ))}
                {s.intervalSeconds !== null && !REALITY_CHECK_MINUTES.some((m) => m * 60 === s.intervalSeconds) && (
                  <option value={s.intervalSeconds}>{s.intervalSeconds} seconds (test)</option>
                )}
              </select>
            </div>
          </Card>
        ))}
      </div>
    </section>
  );
}

/** `Session 12m 05s · net +5 HC · 7 bets`, or that none is going. */
function sessionText(s: PlaySession, sinceFetch: number): string {
  if (!s.startedAt)
    return s.intervalSeconds === null ? 'No session clock while reality checks are off' : 'No session going';
  const seconds = s.elapsedSeconds + Math.max(0, Math.floor(sinceFetch / 1000));
  return `Session ${formatSessionTime(seconds)} · net ${formatNet(s.net, s.currency)} · ${s.bets} ${s.bets === 1 ? 'bet' : 'bets'}`;
}

/**
 * The player's sessions, re-read every 30 s (a bet elsewhere may start one), with when they were read:
 * the answer's elapsed time is as of its arrival, which for a cached answer (the page opened again)
 * may be minutes before this page showed it.
 */
function useSessions(address: string | null) {
  const q = useRealityCheckQuery(address ?? skipToken, { pollingInterval: 30_000 });
  return { data: q.data, fetchedAt: q.fulfilledTimeStamp ?? Date.now() };
}

/** The current time, refreshed every `ms`. */
function useTick(ms: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const t = setInterval(() => setNow(Date.now()), ms);
    return () => clearInterval(t);
  }, [ms]);
  return now;
}
