// The warp star field: plain typed arrays and one canvas path per frame, so the animation loop
// allocates nothing and does a few thousand float operations per frame.

/** Closest depth a star reaches before it is recycled to the back. */
export const NEAR = 0.04;

/** 800 stars in 3-D: x, y in [-1, 1] and depth z in (NEAR, 1]. */
export interface Starfield {
  readonly count: number;
  readonly x: Float32Array;
  readonly y: Float32Array;
  readonly z: Float32Array;
}

/** A fresh field of `count` stars spread through the whole depth. */
export function createStarfield(count: number, random: () => number = Math.random): Starfield {
  const f = { count, x: new Float32Array(count), y: new Float32Array(count), z: new Float32Array(count) };
  for (let i = 0; i < count; i++) {
    f.x[i] = random() * 2 - 1;
    f.y[i] = random() * 2 - 1;
    f.z[i] = NEAR + random() * (1 - NEAR);
  }
  return f;
}

/** Moves every star `distance` closer; a star that passes NEAR reappears at the back. */
export function advance(f: Starfield, distance: number, random: () => number = Math.random): void {
  const { x, y, z, count } = f;
  for (let i = 0; i < count; i++) {
    let d = z[i] - distance;
    if (d <= NEAR) {
      d += 1 - NEAR;
      x[i] = random() * 2 - 1;
      y[i] = random() * 2 - 1;
    }
    z[i] = d;
  }
}

/** The canvas calls the drawing uses (a 2-D context satisfies it; tests pass a recorder). */
export interface Pen {
  fillStyle: unknown;
  strokeStyle: unknown;
  lineWidth: number;
  lineCap: CanvasLineCap;
  fillRect(x: number, y: number, w: number, h: number): void;
  beginPath(): void;
  moveTo(x: number, y: number): void;
  lineTo(x: number, y: number): void;
  stroke(): void;
}

/**
 * Paints the frame: background, then every visible star as one streak from where it was
 * `trail` depth units ago to where it is, all in a single path and a single stroke.
 */
export function drawStarfield(
  pen: Pen,
  f: Starfield,
  width: number,
  height: number,
  trail: number,
  lineWidth: number,
): void {
  const { x, y, z, count } = f;
  const cx = width / 2;
  const cy = height / 2;
  const scale = Math.max(width, height) / 2;
  pen.fillRect(0, 0, width, height);
  pen.lineWidth = lineWidth;
  pen.beginPath();
  for (let i = 0; i < count; i++) {
    const k = scale / z[i];
    const sx = cx + x[i] * k;
    const sy = cy + y[i] * k;
    if (sx < 0 || sx > width || sy < 0 || sy > height) continue;
    const kt = scale / (z[i] + trail);
    pen.moveTo(cx + x[i] * kt, cy + y[i] * kt);
    pen.lineTo(sx, sy);
  }
  pen.stroke();
}
