import { type RefObject, useEffect, useRef } from 'react';
import type { Ball } from './use-plinko';
import { BALL_R, BOARD_H, BOARD_W, PEG_R, ROWS, SLOT_H, SLOT_TOP, SLOTS, GAP, pegX, pegY, positionAt, slotX } from './plinko-physics';

const slotColour = (m: number) => (m >= 10 ? '#ec4899' : m >= 2 ? '#8b5cf6' : m >= 1 ? '#22d3ee' : '#2a2668');

/** The 400×500 board: pegs, labelled slots and every ball in flight (drawn each animation frame). */
export function PlinkoBoard({ balls, multipliers, lit, onLand }: { balls: RefObject<Ball[]>; multipliers: readonly number[]; lit: number | null; onLand(ball: Ball): void }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const props = useRef({ multipliers, lit, onLand });
  props.current = { multipliers, lit, onLand };

  useEffect(() => {
    const el = canvas.current;
    const ctx = el?.getContext('2d');
    if (!el || !ctx) return;
    let frame = 0;
    const draw = (now: number) => {
      const { multipliers: ms, lit: hot, onLand: landed } = props.current;
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
      ctx.font = 'bold 10px system-ui, sans-serif';
      ctx.textAlign = 'center';
      ctx.textBaseline = 'middle';
      for (let s = 0; s < SLOTS; s++) {
        const x = slotX(s) - GAP / 2 + 1;
        const m = ms[s] ?? 0;
        ctx.fillStyle = hot === s ? '#fbbf24' : slotColour(m);
        ctx.globalAlpha = hot === null || hot === s ? 1 : 0.75;
        ctx.beginPath();
        ctx.roundRect(x, SLOT_TOP, GAP - 2, SLOT_H, 6);
        ctx.fill();
        ctx.globalAlpha = 1;
        ctx.fillStyle = hot === s ? '#05040f' : '#f4f2ff';
        ctx.fillText(`${m}x`, slotX(s), SLOT_TOP + SLOT_H + 12);
      }
      for (const ball of [...(balls.current ?? [])]) {
        const elapsed = (now - ball.startedAt) / 1000;
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
  }, [balls]);

  return (
    <canvas
      ref={canvas}
      width={BOARD_W}
      height={BOARD_H}
      className="cc-plinko__canvas"
      role="img"
      aria-label={`Plinko board: ${ROWS} rows of pegs above ${SLOTS} slots paying ${multipliers.join('x, ')}x`}
    />
  );
}
