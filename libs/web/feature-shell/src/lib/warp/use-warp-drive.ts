import { useEffect, useRef, useState, type RefObject } from 'react';
import { advance, createStarfield, drawStarfield } from './starfield';
import {
  ACCELERATION_FRAMES,
  COMPLETE_MS,
  MAX_SPEED,
  MIN_SPEED,
  speedAtFrame,
  WARP_MS,
  warpFactor,
  type WarpPhase,
} from './warp-timeline';

/** The intro's star count. */
export const STAR_COUNT = 800;
const BACKGROUND = '#05040f';
const STAR_COLOUR = '#dbeafe';
/** A streak is as long as the distance a star covers in this many seconds. */
const TRAIL_SECONDS = 0.05;
/** Backing-store pixels per frame at most (a 1080p screen at full resolution). */
const MAX_PIXELS = 2_100_000;

/**
 * Runs the warp on `canvas`: 120 frames of acceleration, then 1 s of warp, 0.5 s of arrival,
 * then `onArrive`. The frame loop allocates nothing and touches the DOM only to repaint the
 * canvas and, when the shown value changes, the speed counter's text.
 */
export function useWarpDrive(
  canvas: RefObject<HTMLCanvasElement | null>,
  counter: RefObject<HTMLElement | null>,
  onArrive: () => void,
): WarpPhase {
  const [phase, setPhase] = useState<WarpPhase>('accelerating');
  const arrive = useRef(onArrive);
  useEffect(() => void (arrive.current = onArrive), [onArrive]);

  useEffect(() => {
    const el = canvas.current;
    const ctx = el?.getContext('2d', { alpha: false }) ?? null;
    let width = 1;
    let height = 1;
    let lineWidth = 1.6;
    const resize = () => {
      const css = window.innerWidth * window.innerHeight;
      // sharp on retina, but never more than MAX_PIXELS to fill per frame (big screens get a softer canvas)
      const ratio = Math.min(window.devicePixelRatio || 1, 2, Math.sqrt(MAX_PIXELS / Math.max(1, css)));
      width = Math.max(1, Math.round(window.innerWidth * ratio));
      height = Math.max(1, Math.round(window.innerHeight * ratio));
      lineWidth = 1.6 * ratio;
      if (el) Object.assign(el, { width, height });
      if (ctx) Object.assign(ctx, { fillStyle: BACKGROUND, strokeStyle: STAR_COLOUR, lineCap: 'round' });
    };
    resize();
    window.addEventListener('resize', resize);
    const field = createStarfield(STAR_COUNT);

    let current: WarpPhase = 'accelerating';
    const timers: number[] = [];
    const enter = (p: WarpPhase) => {
      current = p;
      setPhase(p);
    };
    const startWarp = () => {
      enter('warping');
      timers.push(
        window.setTimeout(() => {
          enter('completing');
          timers.push(window.setTimeout(() => arrive.current(), COMPLETE_MS));
        }, WARP_MS),
      );
    };

    let frame = 0;
    let last = -1;
    let speed = MIN_SPEED;
    let shown = -1;
    let raf = 0;
    const tick = (now: number) => {
      const dt = last < 0 ? 1 / 60 : Math.min(0.05, (now - last) / 1000);
      last = now;
      if (current === 'accelerating') {
        speed = speedAtFrame(++frame);
        if (frame >= ACCELERATION_FRAMES) startWarp();
      } else if (current === 'completing') {
        speed = Math.min(speed * 1.06, MAX_SPEED * 2);
      }
      advance(field, speed * dt);
      if (ctx) drawStarfield(ctx, field, width, height, speed * TRAIL_SECONDS, lineWidth);
      const tenths = Math.round(warpFactor(speed) * 10);
      if (tenths !== shown && counter.current) {
        shown = tenths;
        counter.current.textContent = (tenths / 10).toFixed(1);
      }
      raf = requestAnimationFrame(tick);
    };
    raf = requestAnimationFrame(tick);

    return () => {
      cancelAnimationFrame(raf);
      timers.forEach((t) => clearTimeout(t));
      window.removeEventListener('resize', resize);
    };
  }, [canvas, counter]);

  return phase;
}
