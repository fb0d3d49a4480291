import { lazy, type ReactNode, Suspense, useEffect, useState } from 'react';
import { type BetCurrency, Button, groupedAmount, Skeleton } from '@cosmic/web-ui';
import { clockText } from './clock-text';
import { chartSummary, type SessionStats, signedAmount } from './session-stats';
import './session-stats.css';

// Chartist comes with the first settled bet: before it there is no line to draw.
const SessionStatsChart = lazy(() => import(/* webpackChunkName: "session-chart" */ './session-stats-chart'));

/**
 * When the session started, in the player's clock ("16:31"), or null in the first render: the
 * games remote's published first screen (apps/games-mfe/src/fragments.tsx) was rendered at build
 * time, in no player's clock, and hydration must find the same HTML.
 */
function useClockText(at: number): string | null {
  const [text, setText] = useState<string | null>(null);
  useEffect(() => setText(clockText(at)), [at]);
  return text;
}

/**
 * The session card: profit, wagered, bets, wins and losses of the bets settled on this page since it
 * opened (or Reset), in one currency at a time (the bet panel's, or the one picked when both were
 * played), and the net-profit line with its text alternative. `tools` sit in its header (sound, shortcuts).
 */
export function SessionStatsPanel({
  stats,
  currency,
  onReset,
  tools,
}: {
  stats: SessionStats;
  currency: BetCurrency;
  onReset(): void;
  tools?: ReactNode;
}) {
  // a fixed id (one panel a page), as the bet panel's (libs/web/ui/src/lib/bet-panel/bet-panel.tsx)
  const titleId = 'session-stats-title';
  const [picked, setPicked] = useState<BetCurrency | null>(null);
  const since = useClockText(stats.since);
  const both = stats.currencies.HC.bets > 0 && stats.currencies.AMINA.bets > 0;
  const shown =
    both && picked
      ? picked
      : stats.currencies[currency].bets > 0 || !both
        ? currency
        : currency === 'HC'
          ? 'AMINA'
          : 'HC';
  const s = stats.currencies[shown];
  const tone = s.net > 0n ? 'is-up' : s.net < 0n ? 'is-down' : '';
  const figure = (label: string, value: ReactNode, testId: string, className = '') => (
    <div className="cc-session__figure">
      <dt>{label}</dt>
      <dd className={className} data-testid={testId}>
        {value}
      </dd>
    </div>
  );
  return (
    <section className="cc-session cc-card" aria-labelledby={titleId} data-testid="session-stats">
      <div className="cc-session__head">
        <h2 id={titleId} className="cc-session__title">
          Session
        </h2>
        {tools && <div className="cc-session__tools">{tools}</div>}
      </div>
      <p className="cc-session__since" data-testid="session-since">
        Since {/* a box of one width, empty in the server's HTML: the time filling it moves no text */}
        <span className="cc-session__clock">{since ?? <Skeleton width={5} />}</span> — the bets you settle on this page,
        until you leave it or reset
      </p>
      {both && (
        <div className="cc-game__row cc-session__currencies" role="group" aria-label="Session currency">
          {(['HC', 'AMINA'] as const).map((c) => (
            <Button
              key={c}
              size="sm"
              className="cc-game__choice"
              aria-pressed={shown === c}
              onClick={() => setPicked(c)}
            >
              {c}
            </Button>
          ))}
        </div>
      )}
      <dl className="cc-session__figures">
        {figure('Profit', `${signedAmount(s.net)} ${shown}`, 'session-net', `cc-session__net ${tone}`)}
        {figure('Wagered', `${groupedAmount(s.wagered)} ${shown}`, 'session-wagered')}
        {figure('Bets', s.bets, 'session-bets')}
        {figure('Wins', s.wins, 'session-wins', 'is-up')}
        {figure('Losses', s.losses, 'session-losses', 'is-down')}
      </dl>
      <div className="cc-session__chart" role="img" aria-label={chartSummary(s, shown)} data-testid="session-chart-box">
        {s.bets > 0 ? (
          <Suspense fallback={<div className="cc-session__plot" />}>
            <SessionStatsChart points={s.points} />
          </Suspense>
        ) : (
          <p className="cc-session__empty" aria-hidden="true">
            Your profit line starts with your first bet
          </p>
        )}
      </div>
      <Button size="sm" variant="ghost" className="cc-session__reset" onClick={onReset}>
        Reset stats
      </Button>
    </section>
  );
}
