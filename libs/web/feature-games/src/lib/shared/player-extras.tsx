import { lazy, type ReactNode, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { type BetCurrency, type BetPanelProps, betRange, doubleBet, halfBet } from '@cosmic/web-ui';
import type { SettledBet } from './session-stats';
import { SessionStatsPanel } from './session-stats-panel';
import { outcomeSound } from './sound';
import { useHotkeys } from './use-hotkeys';
import { useSessionStats } from './use-session-stats';
import { useSound } from './use-sound';

/** What a game page gives its extras. */
export interface PlayerExtrasOptions {
  /** The bet panel (its value, onChange and limits): S halves and D doubles it, as its buttons do. */
  panel: Pick<BetPanelProps, 'value' | 'onChange' | 'aminaBalance' | 'hcBalance' | 'aminaMaxLimit'>;
  /** The bet cannot change now (a round in play, autobet running, a watch-only wallet): S and D do nothing. */
  betLocked: boolean;
  /** True (or how many) while bets are being placed: each new one plays the bet sound. */
  placing: boolean | number;
  /** Space: the game's main action, and how the help says it; run() does nothing when the game's button is disabled. */
  main: { help: string; run(): void };
  /** A: switch Manual / Auto (or stop a running autobet); absent in a game without autobet. */
  auto?: { help: string; run(): void };
}

const HEARD = 64;

// the shortcuts help is fetched when the player opens it
const HotkeysDialog = lazy(() => import(/* webpackChunkName: "hotkeys-help" */ './hotkeys-dialog'));

/**
 * A game page's session stats, sound and shortcuts (issue 24 items 3 and 4). The game reports each
 * bet it settled (`settle`, when its outcome shows): the stats count it once and the win sounds
 * play. Returns the card to put beside the game (GameLayout's `extras`).
 */
export function usePlayerExtras({ panel, betLocked, placing, main, auto }: PlayerExtrasOptions): {
  settle(bet: SettledBet | null): void;
  card: ReactNode;
} {
  const { stats, record, reset } = useSessionStats();
  const sound = useSound();
  const { play } = sound;
  const [help, setHelp] = useState(false);
  const heard = useRef<string[]>([]);

  const settle = useCallback(
    (bet: SettledBet | null) => {
      if (!bet || heard.current.includes(bet.id)) return;
      heard.current = [...heard.current, bet.id].slice(-HEARD);
      record(bet);
      const s = outcomeSound(bet);
      if (s) play(s);
    },
    [record, play],
  );

  const wasPlacing = useRef(Number(placing));
  useEffect(() => {
    if (Number(placing) > wasPlacing.current) play('bet');
    wasPlacing.current = Number(placing);
  }, [placing, play]);

  const resize = (next: typeof halfBet) => () => {
    if (betLocked) return;
    const v = panel.value;
    panel.onChange({ currency: v.currency, amount: next(v.amount, betRange(v.currency, panel)) });
  };
  const hotkeys = useHotkeys({
    main: main.run,
    half: resize(halfBet),
    double: resize(doubleBet),
    ...(auto ? { auto: auto.run } : {}),
  });

  const card = (
    <SessionStatsPanel
      stats={stats}
      currency={panel.value.currency as BetCurrency}
      onReset={reset}
      tools={
        <>
          <label className="cc-session__switch">
            <input type="checkbox" role="switch" checked={sound.on} onChange={sound.toggle} /> Sound
          </label>
          <label className="cc-session__switch">
            <input
              type="checkbox"
              role="switch"
              checked={hotkeys.on}
              onChange={(e) => hotkeys.setOn(e.target.checked)}
            />{' '}
            Shortcuts
          </label>
          <button
            type="button"
            className="cc-chip cc-session__help"
            onClick={() => setHelp(true)}
            aria-label="Keyboard shortcuts"
            title="Keyboard shortcuts"
          >
            <span aria-hidden="true">⌨</span>
          </button>
          {help && (
            <Suspense fallback={null}>
              <HotkeysDialog
                on={hotkeys.on}
                onChange={hotkeys.setOn}
                onClose={() => setHelp(false)}
                help={{
                  main: main.help,
                  half: 'Halve the bet',
                  double: 'Double the bet',
                  ...(auto ? { auto: auto.help } : {}),
                }}
              />
            </Suspense>
          )}
        </>
      }
    />
  );
  return { settle, card };
}
