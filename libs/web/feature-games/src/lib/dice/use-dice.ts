import { useCallback, useEffect, useRef, useState } from 'react';
import { type DiceBetType, type DiceResult, useRollDiceMutation, useWinReveal } from '@cosmic/web-data-access';
import { formatAmount } from '@cosmic/algorand';
import { DICE_BETS as BET_TYPES, DICE_PAYTABLE, toNumber } from '@cosmic/game-engine';
import { type AnimationSpeed, scaledMs } from '../shared/animation-speed';
import { units } from '../shared/autobet';
import { INSUFFICIENT_BALANCE } from '../shared/refusals';
import type { PlaceResult } from '../shared/use-autobet';
import { useGameBet } from '../shared/use-game-bet';

/** The roll animates for 1.5 s at normal speed; the selection clears 2 s after the result. */
export const ROLL_MS = 1500;
export const CLEAR_MS = 2000;

const LABELS: Record<DiceBetType, string> = { low: 'Low', seven: 'Seven', high: 'High' };
const totalsText = (totals: readonly number[]) =>
  totals.length === 1 ? `${totals[0]}` : `${totals[0]}–${totals[totals.length - 1]}`;

/** The three bets as the buttons show them: winning totals and multiplier from the engine's paytable (low/high 2x, seven 4x). */
export const DICE_BETS: readonly { type: DiceBetType; label: string; range: string; multiplier: number }[] =
  BET_TYPES.map((type) => ({
    type,
    label: LABELS[type],
    range: totalsText(DICE_PAYTABLE[type].totals),
    multiplier: toNumber(DICE_PAYTABLE[type].multiplier),
  }));

/** The result line of a roll. */
export function diceMessage(r: Pick<DiceResult, 'total' | 'isWin' | 'winAmount' | 'currency'>): string {
  return r.isWin
    ? `Rolled ${r.total} — you win ${r.winAmount} ${r.currency}!`
    : `Rolled ${r.total} — no luck this time`;
}

const randomFace = () => 1 + Math.floor(Math.random() * 6);

/** Dice: pick a bet → rolling 1.5 s (faces tumble) → result; the selection clears 2 s later. The win joins the shown balance when the dice stop. */
export function useDice() {
  const bet = useGameBet();
  const [roll] = useRollDiceMutation();
  const withhold = useWinReveal();
  const [selected, setSelected] = useState<DiceBetType | null>(null);
  const [rolling, setRolling] = useState(false);
  const [faces, setFaces] = useState<[number, number]>([1, 1]);
  const [result, setResult] = useState<DiceResult | null>(null);
  const timers = useRef<number[]>([]);
  useEffect(() => () => timers.current.forEach((t) => window.clearTimeout(t)), []);

  const busy = useRef(false);
  /**
   * One roll at the player's animation `speed` (instant: no tumble, the faces and the win show as
   * soon as the server answers; fast: a shorter tumble). Autobet passes its own `amount`; the answer
   * says what was staked and paid, or why not.
   */
  const play = useCallback(
    async (
      betType: DiceBetType,
      { amount, speed = 'normal' }: { amount?: bigint; speed?: AnimationSpeed } = {},
    ): Promise<PlaceResult> => {
      if (busy.current) return { ok: false, refusal: { title: 'A roll is still in progress' } };
      if (!bet.canBet) return { ok: false, refusal: { title: 'This wallet cannot bet' } };
      const refused = bet.refusalBefore(1n, INSUFFICIENT_BALANCE, amount);
      if (refused) return { ok: false, refusal: refused };
      busy.current = true;
      setSelected(betType);
      setRolling(true);
      setResult(null);
      const rollMs = scaledMs(ROLL_MS, speed);
      const tumble = rollMs === 0 ? undefined : window.setInterval(() => setFaces([randomFace(), randomFace()]), 90);
      const started = Date.now();
      try {
        const betAmount = amount === undefined ? bet.betAmount : formatAmount(amount);
        const r = await roll({
          walletAddress: bet.requestAddress(),
          currency: bet.currency,
          betAmount,
          betType,
        }).unwrap();
        const reveal = withhold(r);
        if (rollMs > 0)
          await new Promise((done) =>
            timers.current.push(window.setTimeout(done, Math.max(0, rollMs - (Date.now() - started)))),
          );
        setFaces([r.dice1, r.dice2]);
        setResult({ ...r, betType: r.betType ?? betType });
        reveal();
        return { ok: true, stake: units(betAmount), payout: units(r.winAmount) };
      } catch (e) {
        return { ok: false, refusal: bet.fail(e, 'Failed to process bet!') };
      } finally {
        window.clearInterval(tumble);
        busy.current = false;
        setRolling(false);
        timers.current.push(window.setTimeout(() => setSelected(null), CLEAR_MS));
      }
    },
    [bet, roll, withhold],
  );

  return { bet, selected, rolling, faces, result, play };
}
