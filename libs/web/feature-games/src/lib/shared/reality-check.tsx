import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { useNavigate } from 'react-router-dom';
import { formatNet, formatSessionTime, type PlaySession } from '@cosmic/contracts';
import {
  useAnswerRealityCheckMutation,
  useRealityCheckQuery,
  useRequestAddress,
  useWallet,
} from '@cosmic/web-data-access';
import { Button, Dialog } from '@cosmic/web-ui';
import { realityCheckDue, setRealityCheckDue, subscribeRealityPause } from './reality-pause';

/**
 * Calls `ask` when a balance the player's record gave (`value`; undefined until the record is
 * read) changes while `waiting`; not when waiting begins, nor when the record is first read: the
 * answer that said so is as fresh as that balance (the page's first answer asks nothing more).
 */
function useAskOnChange(value: bigint | undefined, waiting: boolean, ask: () => void) {
  const seen = useRef(value);
  useEffect(() => {
    if (seen.current === value) return;
    const changed = seen.current !== undefined;
    seen.current = value;
    if (changed && waiting) ask();
  }, [value, waiting, ask]);
}

/**
 * The reality check over a game (RTS 13): it knows each currency's session from the API, falls due
 * when the server's due time passes (or a bet is refused with REALITY_CHECK), then pauses play
 * behind a dialog with the session's time and net result: Keep playing, Leave, or Set a limit.
 */
export function RealityCheckGate() {
  const { balances, user } = useWallet();
  const wallet = useRequestAddress('player') ?? '';
  const { data, refetch } = useRealityCheckQuery(wallet, { skip: !wallet });
  const [answer, { isLoading: answering }] = useAnswerRealityCheckMutation();
  // a page rendered ahead (apps/games-mfe/src/fragments.tsx) has no check due
  const due = useSyncExternalStore(subscribeRealityPause, realityCheckDue, () => false);
  const navigate = useNavigate();
  // RTK Query's refetch throws when the query has not started yet (skipped, or its arg changed in
  // this very render): there is nothing to ask again then, the query asks when it starts
  const askAgain = useCallback(() => {
    if (!wallet) return;
    try {
      void refetch();
    } catch {
      // not started yet
    }
  }, [wallet, refetch]);

  // a bet starts a session: while a currency with checks on has none going, its balance changing may mean one started
  const waiting = (currency: string) =>
    data?.sessions.some((s) => s.currency === currency && s.intervalSeconds !== null && !s.startedAt) ?? false;
  useAskOnChange(user && balances.hc, waiting('HC'), askAgain);
  useAskOnChange(user && balances.amina, waiting('AMINA'), askAgain);

  // the server says what is due; otherwise ask again when the next check falls due by its clock
  useEffect(() => {
    if (!data) return;
    setRealityCheckDue(data.sessions.some((s) => s.due));
    const skew = Date.parse(data.serverTime) - Date.now();
    const next = data.sessions
      .filter((s) => s.dueAt && !s.due)
      .map((s) => Date.parse(s.dueAt as string) - skew - Date.now());
    if (!next.length) return;
    const timer = window.setTimeout(askAgain, Math.max(0, Math.min(...next)) + 250);
    return () => window.clearTimeout(timer);
  }, [data, askAgain]);

  // a bet refused as due: fetch the session to show
  useEffect(() => {
    if (due) askAgain();
  }, [due, askAgain]);
  useEffect(() => () => setRealityCheckDue(false), []);

  const session = data?.sessions.find((s) => s.due);
  if (!due || !session) return null;
  const reply = async (action: 'continue' | 'leave', then?: string) => {
    await answer({ walletAddress: wallet, currency: session.currency as 'HC' | 'AMINA', action });
    setRealityCheckDue(false);
    if (then) navigate(then);
  };
  return (
    <Dialog
      title="Reality check"
      description="Play is paused until you choose."
      onClose={() => void reply('continue')}
      actions={
        <>
          <Button variant="primary" disabled={answering} onClick={() => void reply('continue')}>
            Keep playing
          </Button>
          <Button disabled={answering} onClick={() => void reply('leave', '/casino')}>
            Leave
          </Button>
          <Button variant="ghost" disabled={answering} onClick={() => void reply('continue', '/responsible-gaming')}>
            Set a limit
          </Button>
        </>
      }
    >
      <RealityCheckSummary session={session} />
    </Dialog>
  );
}

/** The session's time (ticking) and net result, as the dialog shows them. */
function RealityCheckSummary({ session }: { session: PlaySession }) {
  // one clock reading for both: two could straddle a millisecond and start the count one second short
  const [fetchedAt] = useState(() => Date.now());
  const [now, setNow] = useState(fetchedAt);
  useEffect(() => {
    const t = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(t);
  }, []);
  const seconds = session.elapsedSeconds + Math.floor((now - fetchedAt) / 1000);
  return (
    <dl className="cc-reality">
      <dt>Session time</dt>
      <dd data-testid="reality-time">{formatSessionTime(seconds)}</dd>
      <dt>Net result ({session.currency === 'HC' ? 'House Coins' : 'AMINA'})</dt>
      <dd data-testid="reality-net">{formatNet(session.net, session.currency)}</dd>
      <dt>Bets this session</dt>
      <dd data-testid="reality-bets">{session.bets}</dd>
    </dl>
  );
}
