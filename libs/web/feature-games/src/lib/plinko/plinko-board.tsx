import { type RefObject, useEffect, useRef, useSyncExternalStore } from 'react';
import type { Ball, LitSlot } from './use-plinko';
import {
  BALL_R,
  BOARD_H,
  BOARD_W,
  PEG_R,
  ROWS,
  SLOT_H,
  SLOT_TOP,
  SLOTS,
  GAP,
  pegX,
  pegY,
  positionAt,
  slotX,
} from './plinko-physics';

const slotColour = (m: number) => (m >= 10 ? '#ec4899' : m >= 2 ? '#8b5cf6' : m >= 1 ? '#22d3ee' : '#2a2668');

/** The canvas's backing-store scale: the screen's pixel ratio (3 on many phones), at least 1, at most 4. */
export function pixelRatio(ratio: number | undefined): number {
  return Math.min(4, Math.max(1, ratio && Number.isFinite(ratio) ? ratio : 1));
}

/** The smallest a slot label is drawn on screen, in CSS px; and its largest size in board units. */
export const LABEL_MIN_CSS_PX = 10;
const LABEL_MAX_PX = 16;

/** Writes `text` centred at (x, y) in bold `px`, smaller where it would be wider than `maxWidth`. */
function fitText(ctx: CanvasRenderingContext2D, text: string, x: number, y: number, maxWidth: number, px: number) {
  let size = px;
  ctx.font = `bold ${size}px system-ui, sans-serif`;
  while (size > 8 && ctx.measureText(text).width > maxWidth) ctx.font = `bold ${--size}px system-ui, sans-serif`;
  ctx.fillText(text, x, y);
}

/** A multiplier as a slot label: "0.2x", "25x". */
export const slotLabel = (m: number) => `${m}x`;

/** Calls `changed` when the screen's pixel ratio changes (zoom, a move to another screen). */
function subscribePixelRatio(changed: () => void): () => void {
  if (typeof window.matchMedia !== 'function') return () => undefined;
  let query: MediaQueryList | undefined;
  const onChange = () => {
    watch();
    changed();
  };
  const watch = () => {
    query?.removeEventListener?.('change', onChange);
    query = window.matchMedia(`(resolution: ${window.devicePixelRatio}dppx)`);
    query.addEventListener?.('change', onChange);
  };
  watch();
  return () => query?.removeEventListener?.('change', onChange);
}

/**
 * The screen's pixel ratio, following zoom and moves between screens; 1 while prerendering and
 * hydrating (the games remote's published first screen, apps/games-mfe/src/fragments.tsx, has no screen).
 */
function usePixelRatio(): number {
  return useSyncExternalStore(
    subscribePixelRatio,
    () => pixelRatio(window.devicePixelRatio),
    () => 1,
  );
}

/**
 * The 400×500 board: pegs, labelled slots and every ball in flight (drawn each animation frame),
 * at the screen's pixel ratio so the labels stay sharp on a phone. The lit slot shows the
 * multiplier its ball was paid.
 */
export function PlinkoBoard({
  balls,
  multipliers,
  lit,
  onLand,
}: {
  balls: RefObject<Ball[]>;
  multipliers: readonly number[];
  lit: LitSlot | null;
  onLand(ball: Ball): void;
}) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const ratio = usePixelRatio();
  const props = useRef({ multipliers, lit, onLand });
  props.current = { multipliers, lit, onLand };

  useEffect(() => {
    const el = canvas.current;
    const ctx = el?.getContext('2d');
    if (!el || !ctx) return;
    let frame = 0;
    const draw = (now: number) => {
      const { multipliers: ms, lit: litSlot, onLand: landed } = props.current;
      const hot = litSlot?.slot ?? null;
      ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
      ctx.clearRect(0, 0, BOARD_W, BOARD_H);
      for (let row = 0; row < ROWS; row++) {
        for (let i = 0; i < row + 3; i++) {
          ctx.beginPath();
          ctx.arc(pegX(row, i), pegY(row), PEG_R, 0, Math.PI * 2);
          ctx.fillStyle = '#c4b5fd';
          ctx.shadowColor = '#8b5cf6';
          ctx.shadowBlur = 6;
          ctx.fill();
        }
      }
      ctx.shadowBlur = 0;
      ctx.textAlign = 'center';
      ctx.textBaseline = 'middle';
      // labels at least LABEL_MIN_CSS_PX on screen, however small the board is drawn (a phone's)
      const scale = el.clientWidth > 0 ? el.clientWidth / BOARD_W : 1;
      const labelPx = Math.min(LABEL_MAX_PX, Math.max(11, Math.ceil(LABEL_MIN_CSS_PX / scale)));
      const labelY = SLOT_TOP + SLOT_H + 13;
      for (let s = 0; s < SLOTS; s++) {
        const x = slotX(s) - GAP / 2 + 1;
        const m = hot === s && litSlot ? litSlot.multiplier : (ms[s] ?? 0);
        ctx.fillStyle = hot === s ? '#fbbf24' : slotColour(m);
        ctx.globalAlpha = hot === null || hot === s ? 1 : 0.75;
        ctx.beginPath();
        ctx.roundRect(x, SLOT_TOP, GAP - 2, SLOT_H, 6);
        ctx.fill();
        ctx.globalAlpha = 1;
        if (hot === s) continue;
        ctx.fillStyle = '#f4f2ff';
        fitText(ctx, slotLabel(m), slotX(s), labelY, GAP - 1, labelPx);
      }
      if (hot !== null && litSlot) {
        // the lit slot's label: dark on a gold pill, over its neighbours, so it reads at a glance
        const text = slotLabel(litSlot.multiplier);
        ctx.font = `800 ${labelPx + 1}px system-ui, sans-serif`;
        const w = ctx.measureText(text).width + 10;
        const cx = Math.min(BOARD_W - w / 2, Math.max(w / 2, slotX(hot)));
        ctx.fillStyle = '#fbbf24';
        ctx.beginPath();
        ctx.roundRect(cx - w / 2, labelY - (labelPx + 6) / 2, w, labelPx + 6, 6);
        ctx.fill();
        ctx.fillStyle = '#05040f';
        ctx.fillText(text, cx, labelY);
      }
      for (const ball of [...(balls.current ?? [])]) {
        const elapsed = ((now - ball.startedAt) / 1000) * ball.pace;
        const p = positionAt(ball.trajectory, elapsed);
        ctx.beginPath();
        ctx.arc(p.x, p.y, BALL_R, 0, Math.PI * 2);
        const g = ctx.createRadialGradient(p.x - 2, p.y - 2, 1, p.x, p.y, BALL_R);
        g.addColorStop(0, '#fde68a');
        g.addColorStop(1, '#f59e0b');
        ctx.fillStyle = g;
        ctx.shadowColor = '#fbbf24';
        ctx.shadowBlur = 12;
        ctx.fill();
        ctx.shadowBlur = 0;
        if (elapsed >= ball.trajectory.duration) landed(ball);
      }
      frame = requestAnimationFrame(draw);
    };
    frame = requestAnimationFrame(draw);
    return () => cancelAnimationFrame(frame);
  }, [balls, ratio]);

  return (
    <canvas
      ref={canvas}
      width={BOARD_W * ratio}
      height={BOARD_H * ratio}
      data-pixel-ratio={ratio}
      data-lit={lit ? `${lit.slot}:${slotLabel(lit.multiplier)}` : undefined}
      className="cc-plinko__canvas"
      role="img"
      aria-label={`Plinko board: ${ROWS} rows of pegs above ${SLOTS} slots paying ${multipliers.join('x, ')}x`}
    />
  );
}
