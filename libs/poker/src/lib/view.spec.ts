import { sfc32 } from '@cosmic/game-engine';
import { shuffleDeck } from './shuffle';
import { applyAction, startHand } from './table';
import { stackedDeck } from './test-decks';
import { publicHand } from './view';

const players = [0, 1, 2].map((seat) => ({
  seat,
  id: `p${seat}`,
  name: `P${seat}`,
  kind: 'human' as const,
  stack: 500,
}));

describe('publicHand', () => {
  it('shows the viewer their own cards only, never the deck', () => {
    const s = startHand({ handNo: 3, players, button: 0, deck: shuffleDeck(sfc32(5)), smallBlind: 5, bigBlind: 10 });
    const v = publicHand(s, 1);
    expect(v.players.map((p) => p.cards)).toEqual([null, s.players[1].hole, null]);
    expect(JSON.stringify(v)).not.toContain('"deck"');
    expect(v.pot).toBe(15);
    expect(v.legal).toBeNull();
    expect(publicHand(s, 0).legal).toMatchObject({ seat: 0, toCall: 10 });
    expect(publicHand(s, null).players.every((p) => p.cards === null)).toBe(true);
  });

  it('reveals the hands shown at the showdown but not folded ones', () => {
    let s = startHand({
      handNo: 1,
      players,
      button: 0,
      deck: stackedDeck(0, { 0: 'As Ad', 1: 'Ks Kd', 2: '7h 2c' }, '2d 3s 9h Jc Qd'),
      smallBlind: 5,
      bigBlind: 10,
    });
    for (const [seat, type] of [
      [0, 'allin'],
      [1, 'allin'],
      [2, 'fold'],
    ] as const) {
      const r = applyAction(s, seat, { type });
      if (!r.ok) throw new Error(r.error);
      s = r.state;
    }
    const v = publicHand(s, null);
    expect(v.players.map((p) => p.cards !== null)).toEqual([true, true, false]);
  });
});
