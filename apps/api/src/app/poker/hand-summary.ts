import type { HandFairness, HandState, HandSummary } from '@cosmic/poker';

/** The history entry of a finished hand: board, who showed what, winners, the story, the revealed seeds. */
export function handSummary(h: HandState, fairness: HandFairness, endedAt: number): HandSummary {
  const shown = new Set(h.events.flatMap((e) => (e.type === 'show' ? [e.seat] : [])));
  const name = (seat: number) => h.players.find((p) => p.seat === seat)?.name ?? `Seat ${seat + 1}`;
  const winners = new Map<number, { seat: number; name: string; amount: number; description: string | null }>();
  for (const e of h.events) {
    if (e.type !== 'win') continue;
    const w = winners.get(e.seat) ?? { seat: e.seat, name: name(e.seat), amount: 0, description: e.description };
    w.amount += e.amount;
    winners.set(e.seat, w);
  }
  return {
    handNo: h.handNo,
    board: [...h.board],
    players: h.players.map((p) => ({
      seat: p.seat,
      name: p.name,
      kind: p.kind,
      net: h.result?.net[p.seat] ?? 0,
      cards: shown.has(p.seat) ? [...p.hole] : null,
    })),
    winners: [...winners.values()],
    events: h.events,
    fairness,
    endedAt,
  };
}
