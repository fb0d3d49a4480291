import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { createStore, StoreProvider } from '@cosmic/web-data-access';
import { HC_BET_RANGE, MAX_WINS } from './games';
import { LobbyPage } from './lobby-page';

// no API in jsdom: the cards show the spec's values until the published paytables arrive
const renderLobby = () =>
  render(
    <StoreProvider store={createStore()}>
      <MemoryRouter>
        <LobbyPage />
      </MemoryRouter>
    </StoreProvider>,
  );
const card = (title: string) => screen.getByRole('heading', { name: title }).closest('article') as HTMLElement;
const stat = (el: HTMLElement, label: string) => within(el).getByText(label).nextElementSibling;

// Each card: id, title, note text, max win.
const CARDS: Array<[string, string, RegExp, string]> = [
  ['slots', 'Cosmic Chaos Slots', /cluster pays with cascading wins/i, '30x+'],
  ['plinko', 'Quantum Plinko', /12 rows of pegs/, '60x'],
  ['blackjack', 'Galaxy Blackjack', /21/, '4x'],
  ['hilo', 'Cosmic Hi-Lo', /Higher or lower/, 'unlimited'],
  ['dice', 'Nebula Dice', /dual dice/i, '4x'],
];

describe('LobbyPage', () => {
  it("has the welcome banner and the 'Choose Your Cosmic Adventure' grid of six cards", () => {
    renderLobby();
    expect(screen.getByRole('region', { name: 'Welcome' })).toHaveTextContent('Welcome to Cosmic Casino');
    expect(screen.getByRole('heading', { level: 1, name: 'Choose Your Cosmic Adventure' })).toBeInTheDocument();
    expect(screen.getAllByRole('article')).toHaveLength(6);
  });

  it("the banner's bet range is the cards' (issue 40 item 9: money written one way on a page)", () => {
    renderLobby();
    const banner = screen.getByRole('region', { name: 'Welcome' });
    expect(within(banner).getByText('1 - 1000').parentElement).toHaveTextContent(/^1 - 1000 HC per bet$/);
    expect(within(banner).getByRole('button', { name: 'Claim daily 1,000 HC' })).toBeInTheDocument();
    for (const el of screen.getAllByRole('article').slice(0, 5))
      expect(stat(el, 'Bet range')).toHaveTextContent(HC_BET_RANGE);
  });

  it("the banner's '5 games' are the five house-game cards; poker is a multiplayer group of its own (issue 29 item 13)", () => {
    renderLobby();
    expect(within(screen.getByRole('region', { name: 'Welcome' })).getByText('5').nextElementSibling).toHaveTextContent(
      'games',
    );
    const house = screen.getByRole('list', { name: '5 house games' });
    expect(
      within(house)
        .getAllByRole('article')
        .map((a) => within(a).getByRole('heading').textContent),
    ).toEqual(CARDS.map((c) => c[1]));
    const multiplayer = screen.getByRole('list', { name: 'Multiplayer' });
    expect(
      within(multiplayer)
        .getAllByRole('article')
        .map((a) => within(a).getByRole('heading').textContent),
    ).toEqual(['Cosmic Poker']);
  });

  it.each(CARDS)('%s: %s links to /game/%s with its note, max win and bet range', (id, title, note, maxWin) => {
    renderLobby();
    const el = card(title);
    expect(within(el).getByRole('link', { name: title })).toHaveAttribute('href', `/game/${id}`);
    expect(el).toHaveTextContent(note);
    expect(stat(el, 'Max win')).toHaveTextContent(maxWin);
    expect(stat(el, 'Bet range')).toHaveTextContent('1 - 1000 HC');
  });

  it('poker is open now that humans play each other: links to /poker and says how many seats', () => {
    renderLobby();
    const el = card('Cosmic Poker');
    expect(el).toHaveTextContent("6-seat multiplayer Texas Hold'em");
    expect(within(el).getByRole('link', { name: 'Cosmic Poker' })).toHaveAttribute('href', '/poker');
    expect(within(el).queryByRole('button', { name: 'Coming Soon' })).toBeNull();
    expect(stat(el, 'Bet range')).toHaveTextContent('Buy-in 2 - 100 HC');
    expect(stat(el, 'Max win')).toHaveTextContent('unlimited');
  });

  it('reads every max win from the one MAX_WINS map', () => {
    expect(MAX_WINS).toEqual({
      slots: '30x+',
      plinko: '60x',
      blackjack: '4x',
      hilo: 'unlimited',
      dice: '4x',
      poker: 'unlimited',
    });
    expect(HC_BET_RANGE).toBe('1 - 1000 HC');
  });
});
