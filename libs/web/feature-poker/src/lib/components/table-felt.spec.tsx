import { render, screen, within } from '@testing-library/react';
import type { PublicHand, SeatView, TableView } from '@cosmic/poker';
import { TableFelt } from './table-felt';

const seat = (n: number, name: string, kind: 'human' | 'bot' = 'bot'): SeatView => ({
  seat: n,
  id: `p${n}`,
  name,
  kind,
  stack: 990,
  sittingOut: false,
  waiting: false,
});
const player = (
  n: number,
  name: string,
  cards: number[] | null,
  over: Partial<PublicHand['players'][number]> = {},
) => ({
  seat: n,
  id: `p${n}`,
  name,
  kind: 'bot' as const,
  stack: 990,
  bet: 0,
  total: 10,
  folded: false,
  allIn: false,
  cards,
  ...over,
});

function view(over: Partial<TableView> = {}, hand: Partial<PublicHand> = {}): TableView {
  return {
    table: {
      id: 'andromeda',
      name: 'Andromeda',
      seats: 6,
      humans: 1,
      bots: 2,
      smallBlind: 5,
      bigBlind: 10,
      minBuyIn: 2,
      maxBuyIn: 20,
      botsFill: true,
    },
    seats: [seat(0, 'Nova'), null, seat(2, 'cosmic_ab12cd34', 'human'), null, seat(4, 'Vega'), null],
    hand: {
      handNo: 7,
      button: 0,
      smallBlindSeat: 2,
      bigBlindSeat: 4,
      smallBlind: 5,
      bigBlind: 10,
      street: 'flop',
      board: [0, 13, 51],
      pot: 60,
      currentBet: 20,
      toAct: 4,
      players: [
        player(0, 'Nova', null, { bet: 20 }),
        { ...player(2, 'cosmic_ab12cd34', [50, 48]), kind: 'human' },
        player(4, 'Vega', null, { folded: true }),
      ],
      legal: null,
      events: [],
      finished: false,
      result: null,
      ...hand,
    },
    you: { seat: 2, stack: 990, sittingOut: false },
    turn: null,
    nextHandAt: null,
    fairness: { current: null, nextServerSeedHash: 'ab' },
    history: [],
    serverTime: 0,
    ...over,
  };
}

describe('TableFelt', () => {
  it('shows your cards, the others face down, the board, the pot and whose turn it is', () => {
    render(<TableFelt view={view()} clockOffset={0} now={0} />);
    const felt = screen.getByRole('group', { name: 'Andromeda table' });
    expect(within(felt).getByLabelText(/^Seat 3: you, 990 chips/)).toBeInTheDocument();
    expect(within(felt).getByRole('img', { name: 'ace of spades' })).toBeInTheDocument();
    expect(within(felt).getAllByRole('img', { name: 'face-down card' })).toHaveLength(4);
    expect(
      within(screen.getByRole('group', { name: 'Community cards' }))
        .getAllByRole('img')
        .map((c) => c.getAttribute('aria-label')),
    ).toEqual(['two of diamonds', 'five of hearts', 'ace of clubs']);
    expect(screen.getByText('Pot')).toHaveTextContent('Pot 60');
    expect(screen.getByRole('status')).toHaveTextContent('Vega to act');
    expect(within(felt).getByLabelText(/^Seat 5: Vega \(bot\), 990 chips, to act, folded/)).toBeInTheDocument();
    expect(within(felt).getAllByLabelText(/: empty$/)).toHaveLength(3);
  });

  it("shows another player's username as it is (the spec's cosmic_ name), never cut down to the bare id", () => {
    render(<TableFelt view={view({ you: null })} clockOffset={0} now={0} />);
    const felt = screen.getByRole('group', { name: 'Andromeda table' });
    expect(within(felt).getByText('cosmic_ab12cd34')).toBeInTheDocument();
    expect(within(felt).queryByText('ab12cd34')).toBeNull();
  });

  it('puts you at the bottom: your seat is position 0, the next seat clockwise position 1', () => {
    const { container } = render(<TableFelt view={view()} clockOffset={0} now={0} />);
    expect(container.querySelector('.pk-seat--pos0')).toHaveAttribute(
      'aria-label',
      expect.stringMatching(/^Seat 3: you/),
    );
    expect(container.querySelector('.pk-seat--pos2')).toHaveAttribute(
      'aria-label',
      expect.stringMatching(/^Seat 5: Vega/),
    );
  });

  it('announces the winner of a finished hand', () => {
    const finished = view(
      {},
      {
        finished: true,
        street: 'showdown',
        toAct: null,
        events: [{ type: 'win', seat: 2, amount: 60, pot: 0, description: 'Pair of Aces' }],
        result: { uncontested: false, pots: [], won: { 2: 60 }, net: { 0: -20, 2: 30, 4: -10 } },
      },
    );
    render(<TableFelt view={finished} clockOffset={0} now={0} />);
    expect(screen.getByRole('status')).toHaveTextContent('You win 60 with Pair of Aces');
    // the winning hand on a line of its own (the stylesheet makes it a block)
    expect(screen.getByText('with Pair of Aces')).toHaveClass('pk-status__hand');
    expect(screen.getByText('+60')).toBeInTheDocument();
  });

  it('counts down to the next hand', () => {
    render(<TableFelt view={view({ hand: null, nextHandAt: 3_000 })} clockOffset={0} now={500} />);
    expect(screen.getByRole('status')).toHaveTextContent('Next hand in 3 s');
  });
});
