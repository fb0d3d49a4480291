import { advance, createStarfield, drawStarfield, NEAR, type Pen } from './starfield';

// A deterministic stand-in for Math.random.
function lcg(seed = 1) {
  let s = seed;
  return () => (s = (s * 1664525 + 1013904223) >>> 0) / 2 ** 32;
}

class Recorder implements Pen {
  fillStyle: unknown = '';
  strokeStyle: unknown = '';
  lineWidth = 1;
  lineCap: CanvasLineCap = 'butt';
  calls: string[] = [];
  segments = 0;
  fillRect() {
    this.calls.push('fillRect');
  }
  beginPath() {
    this.calls.push('beginPath');
  }
  moveTo() {
    this.segments++;
  }
  lineTo() {
    /* counted by moveTo */
  }
  stroke() {
    this.calls.push('stroke');
  }
}

describe('starfield', () => {
  it('creates 800 stars in typed arrays within the unit cube', () => {
    const f = createStarfield(800, lcg());
    expect(f.x).toBeInstanceOf(Float32Array);
    expect(f.x).toHaveLength(800);
    for (let i = 0; i < 800; i++) {
      expect(Math.abs(f.x[i])).toBeLessThanOrEqual(1);
      expect(Math.abs(f.y[i])).toBeLessThanOrEqual(1);
      expect(f.z[i]).toBeGreaterThan(NEAR);
      expect(f.z[i]).toBeLessThanOrEqual(1);
    }
  });

  it('advance moves every star closer and recycles those that pass NEAR to the back', () => {
    const f = createStarfield(3, lcg());
    f.z.set([0.5, NEAR + 0.01, 1]);
    advance(f, 0.02, () => 0.75);
    expect(f.z[0]).toBeCloseTo(0.48, 6);
    expect(f.z[1]).toBeCloseTo(NEAR + 0.01 - 0.02 + (1 - NEAR), 6);
    expect(f.x[1]).toBeCloseTo(0.5, 6);
    expect(f.z[2]).toBeCloseTo(0.98, 6);
  });

  it('keeps every star in depth range over many frames', () => {
    const f = createStarfield(800, lcg(7));
    for (let frame = 0; frame < 600; frame++) advance(f, 0.05, lcg(frame));
    for (let i = 0; i < 800; i++) {
      expect(f.z[i]).toBeGreaterThan(NEAR);
      expect(f.z[i]).toBeLessThanOrEqual(1);
    }
  });

  it('draws a frame as one fill, one path and one stroke, one segment per star on screen', () => {
    const pen = new Recorder();
    const f = createStarfield(800, lcg());
    drawStarfield(pen, f, 1440, 900, 0.05, 2);
    expect(pen.calls).toEqual(['fillRect', 'beginPath', 'stroke']);
    expect(pen.lineWidth).toBe(2);
    let onScreen = 0;
    for (let i = 0; i < 800; i++)
      if (Math.abs(f.x[i] * 720) / f.z[i] <= 720 && Math.abs(f.y[i] * 720) / f.z[i] <= 450) onScreen++;
    expect(pen.segments).toBe(onScreen);
    expect(onScreen).toBeGreaterThan(100);
  });

  it('skips stars that project off screen', () => {
    const f = createStarfield(2, lcg());
    f.x.set([0, 1]);
    f.y.set([0, 1]);
    f.z.set([0.5, 0.1]);
    const pen = new Recorder();
    drawStarfield(pen, f, 100, 100, 0.01, 1);
    expect(pen.segments).toBe(1);
  });
});
