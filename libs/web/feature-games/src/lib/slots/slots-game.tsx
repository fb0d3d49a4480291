import { useEffect, useRef, useState } from 'react';
import type { SlotsSpin } from '@cosmic/web-data-access';
import { Button, Dialog, betRange } from '@cosmic/web-ui';
import { AnimationSpeedPicker } from '../shared/animation-speed-picker';
import { AutobetPanel, type BetMode, BetModeTabs } from '../shared/autobet-panel';
import { GameLayout, Outcome } from '../shared/game-layout';
import { usePlayerExtras } from '../shared/player-extras';
import { bonusBuyBet, slotsBet } from '../shared/session-stats';
import { useAnimationSpeed } from '../shared/use-animation-speed';
import { useAutobet } from '../shared/use-autobet';
import { emojiArt, symbolName } from './slots-art';
import { SlotsGrid } from './slots-grid';
import { SlotsRules } from './slots-rules';
import { slotsMessage, useSlots } from './use-slots';
import './slots.css';

/** The banner's ✨, decoration only. */
const Sparkles = () => <img className="cc-slots__sparkles" src={emojiArt('✨')} alt="" />;

/** Every cluster the spin paid, across its cascades: symbol, size and pay × bet. */
function WinningClusters({ spin }: { spin: SlotsSpin }) {
  const clusters = spin.cascades.flatMap((c) => c.clusters);
  if (!clusters.length) return null;
  return (
    <ul className="cc-slots__clusters" aria-label="Winning clusters" data-testid="winning-clusters">
      {clusters.map((c, i) => (
        <li key={i}>
          <img src={emojiArt(c.symbol ?? '')} alt="" /> {c.size} × {symbolName(c.symbol ?? '')} —{' '}
          {Math.round(c.multiplier * 100) / 100}x
        </li>
      ))}
    </ul>
  );
}

/** Cosmic Chaos Slots: cluster pays with cascading wins, free spins and a buyable bonus; spin by hand or autobet. */
export default function SlotsGame() {
  // the animation speed also paces free spins that play by themselves
  const [speed, setSpeed] = useAnimationSpeed();
  const {
    bet,
    frame,
    spinning,
    buying,
    result,
    winLit,
    freeLeft,
    bonus,
    bonusTotal,
    bonusWin,
    freeRun,
    freeRefusal,
    stopFree,
    bonusQuestion,
    askBonus,
    cancelBonus,
    spin,
    autoSpin,
    buyBonus,
  } = useSlots({ speed });
  const [mode, setMode] = useState<BetMode>('manual');
  const freePlaying = freeRun !== 'idle';
  const autobet = useAutobet({
    place: (amount) => autoSpin(amount),
    range: betRange(bet.currency, bet.panel),
    currency: bet.currency,
  });
  const auto = autobet.status.running;
  const extras = usePlayerExtras({
    panel: bet.panel,
    betLocked: spinning || freeLeft > 0 || auto || !bet.canBet,
    placing: spinning,
    main: {
      help: 'Spin (plays the free spins while you have some), on the Manual tab',
      run: () => mode === 'manual' && !spinning && !freePlaying && (freeLeft > 0 || bet.canBet) && void spin(),
    },
    auto: {
      help: 'Switch Manual / Auto (stops a running autobet)',
      run: () => (auto ? autobet.stop() : setMode((m) => (m === 'manual' ? 'auto' : 'manual'))),
    },
  });
  const { settle } = extras;
  useEffect(() => settle(result && slotsBet(result)), [result, settle]);
  // a bonus purchase is a bet of its own (its cost); its answer has no bet id, so the page numbers it
  const bought = useRef(0);
  const buy = () =>
    void buyBonus().then((r) => settle(r && bonusBuyBet(r, `bonus-buy-${Date.now()}-${++bought.current}`)));
  const message = result ? slotsMessage(result) : null;
  // free spins need no balance: the bet panel does not talk about it while they run
  const panel =
    freeLeft > 0
      ? { ...bet.panel, note: `${freeLeft} free spin${freeLeft === 1 ? '' : 's'} to play: they cost nothing` }
      : bet.panel;
  return (
    <>
      <GameLayout
        speed={<AnimationSpeedPicker speed={speed} onChange={setSpeed} />}
        className="cc-slots"
        panel={panel}
        extras={extras.card}
        refusal={freeLeft > 0 ? freeRefusal : bet.refusal}
        disabled={spinning || freeLeft > 0 || auto}
        verify={
          result && {
            game: 'slots',
            nonce: result.nonce,
            clientSeed: result.clientSeed,
            serverSeedHash: result.serverSeedHash,
            extra: { freeSpins: result.isFreeSpin ? '1' : '0' },
            stake: { amount: result.betAmount, currency: result.currency },
          }
        }
        board={
          <>
            {bonus && (
              <p className="cc-slots__banner" role="status">
                <Sparkles /> Bonus round — {freeLeft} free spin{freeLeft === 1 ? '' : 's'} left at ×3 <Sparkles />
              </p>
            )}
            <SlotsGrid frame={frame} spinning={spinning} win={winLit} />
            <Outcome tone={message?.tone}>{message?.text}</Outcome>
            {result && !spinning && <WinningClusters spin={result} />}
            {result?.bonusTriggered && (
              <p className="cc-slots__award">{result.bonusSpinsAwarded} free spins awarded!</p>
            )}
            {bonusWin && (
              <p className="cc-slots__bonus-win" data-testid="bonus-win">
                Bonus win: <strong>{bonusWin.amount}</strong> {bonusWin.currency}
              </p>
            )}
            {bonusTotal && (
              <p className="cc-slots__total" role="status" data-testid="bonus-total">
                Bonus round over: {bonusTotal.amount} {bonusTotal.currency} won in total
              </p>
            )}
          </>
        }
        controls={
          <>
            <p className="cc-game__stats">
              <span>
                Free spins <strong data-testid="free-spins">{freeLeft}</strong>
              </span>
            </p>
            <BetModeTabs mode={mode} onChange={setMode} locked={auto || freePlaying} />
            {mode === 'manual' ? (
              <>
                {freePlaying ? (
                  <Button size="lg" disabled={freeRun === 'stopping'} onClick={stopFree}>
                    {freeRun === 'stopping' ? 'Stopping after this spin…' : 'Stop free spins'}
                  </Button>
                ) : (
                  <Button
                    variant="primary"
                    size="lg"
                    disabled={spinning || (freeLeft === 0 && !bet.canBet)}
                    onClick={() => void spin()}
                  >
                    {spinning ? 'Spinning…' : freeLeft > 0 ? `Play free spins (${freeLeft})` : 'Spin'}
                  </Button>
                )}
                <Button disabled={spinning || buying || freeLeft > 0 || freePlaying || !bet.canBet} onClick={askBonus}>
                  Buy Bonus (100× bet)
                </Button>
              </>
            ) : (
              <AutobetPanel
                status={autobet.status}
                currency={bet.currency}
                canStart={bet.canBet && !spinning && !buying && !freePlaying}
                onStart={(settings) => {
                  if (freeLeft > 0 || bet.refusalBefore() === null)
                    void autobet.start(settings, bet.panel.value.amount);
                }}
                onStop={autobet.stop}
              />
            )}
          </>
        }
      />
      <SlotsRules />
      {bonusQuestion && (
        <Dialog
          title={bonusQuestion}
          onClose={cancelBonus}
          actions={
            <>
              <Button onClick={cancelBonus}>Cancel</Button>
              <Button variant="primary" onClick={buy}>
                Buy
              </Button>
            </>
          }
        >
          <p>The cost is taken at once. The free spins pay ×3, cost nothing and start by themselves.</p>
        </Dialog>
      )}
    </>
  );
}
