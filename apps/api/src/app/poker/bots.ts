import { createHash } from 'node:crypto';
import { sfc32, type FloatSource } from '@cosmic/game-engine';
import type { BotStyle } from '@cosmic/poker';

const ROSTER: Array<{ name: string; style: BotStyle }> = [
  { name: 'Nova', style: { tightness: 0, aggression: 0.55, bluff: 0.06 } },
  { name: 'Quasar', style: { tightness: -1, aggression: 0.75, bluff: 0.12 } },
  { name: 'Vega', style: { tightness: 1, aggression: 0.35, bluff: 0.03 } },
  { name: 'Sirius', style: { tightness: 0, aggression: 0.45, bluff: 0.05 } },
  { name: 'Lyra', style: { tightness: 2, aggression: 0.6, bluff: 0.04 } },
  { name: 'Rigel', style: { tightness: -1, aggression: 0.4, bluff: 0.08 } },
  { name: 'Altair', style: { tightness: 1, aggression: 0.7, bluff: 0.07 } },
  { name: 'Deneb', style: { tightness: 0, aggression: 0.5, bluff: 0.1 } },
];

/** The n-th bot to sit down: a name from the roster (not already at the table) and its temperament. */
export function botPersona(n: number, taken: ReadonlySet<string>): { name: string; style: BotStyle } {
  for (let i = 0; i < ROSTER.length; i++) {
    const p = ROSTER[(n + i) % ROSTER.length];
    if (!taken.has(p.name)) return p;
  }
  return { name: `Bot ${n}`, style: ROSTER[0].style };
}

/**
 * The random source of one bot decision: sfc32 seeded from SHA-256 of
 * "serverSeed:handNo:step", so a decision can be replayed once the hand's seed is revealed and
 * never depends on the clock or Math.random.
 */
export function botRandom(serverSeed: string, handNo: number, step: number): FloatSource {
  const digest = createHash('sha256').update(`${serverSeed}:${handNo}:${step}`).digest();
  return sfc32(digest.readUInt32BE(0) + digest.readUInt32BE(4) * 0x100000);
}
