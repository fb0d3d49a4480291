import type { FloatSource } from './source';

/**
 * Seeded sfc32 (Chris Doty-Humphrey's Small Fast Counting generator), for simulations only.
 * Each float is u32 / 2^32, the same resolution as the provably-fair floats, so every game
 * mapping sees the same kind of input. Never used for real bets.
 */
export function sfc32(seed: number): FloatSource {
  let a = 0x9e3779b9;
  let b = 0x243f6a88;
  let c = 0xb7e15162;
  let d = seed >>> 0;
  const step = (): number => {
    const t = (((a + b) | 0) + d) | 0;
    d = (d + 1) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    c = (c + t) | 0;
    return t >>> 0;
  };
  // Mix in the high part of the seed too, then warm up so nearby seeds diverge.
  b ^= Math.floor(seed / 0x100000000) >>> 0;
  for (let i = 0; i < 15; i++) step();
  return { next: () => step() / 4294967296 };
}
