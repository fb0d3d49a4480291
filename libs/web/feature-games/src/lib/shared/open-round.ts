/**
 * The `selectFromResult` of a game's "current round" query (hi-lo, blackjack): the open round, or
 * undefined (none open, not asked yet, in flight or failed). RTK Query compares what it selects
 * shallowly, so the game renders again only when an open round arrives: the query's start and its
 * usual answer on a first visit ("none open") each were a synchronous render of the whole game
 * just after the page hydrated (BENCHMARKS.md, "The games' queries select what they show").
 */
export function openRound<T extends { active: boolean }>({
  data,
}: {
  data?: T;
}): { current: Extract<T, { active: true }> | undefined } {
  return { current: data?.active ? (data as Extract<T, { active: true }>) : undefined };
}
