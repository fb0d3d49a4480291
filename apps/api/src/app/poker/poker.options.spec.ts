import { DEFAULT_POKER_OPTIONS, DEFAULT_TABLES, pokerOptions } from './poker.options';

describe('pokerOptions', () => {
  it('runs the three tables with the production timings by default', () => {
    expect(pokerOptions({ pokerTables: 3, pokerBotDelayMs: 1100, pokerBetweenHandsMs: 4000 })).toEqual(
      DEFAULT_POKER_OPTIONS,
    );
  });

  it("adds bot-filled tables with Andromeda's stakes after the three, each with its own id and name", () => {
    const o = pokerOptions({ pokerTables: 5, pokerBotDelayMs: 0, pokerBetweenHandsMs: 250 });
    expect(o.tables.map((t) => [t.id, t.name, t.botsFill])).toEqual([
      ['andromeda', 'Andromeda', true],
      ['orion', 'Orion', true],
      ['pulsar', 'Pulsar', false],
      ['nebula-4', 'Nebula 4', true],
      ['nebula-5', 'Nebula 5', true],
    ]);
    expect(o.tables[4]).toMatchObject({ smallBlind: 5, bigBlind: 10, minBuyIn: 2, maxBuyIn: 20 });
    expect(DEFAULT_TABLES).toHaveLength(3); // the defaults are not changed
    expect([o.botDelayMs, o.betweenHandsMs, o.turnMs]).toEqual([0, 250, DEFAULT_POKER_OPTIONS.turnMs]);
  });
});
