import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { GameCard, type GameCardProps } from './game-card';

const base: GameCardProps = {
  title: 'Nebula Dice',
  note: 'dual dice',
  art: <svg />,
  maxWin: '4x',
  betRange: '1 - 1000 HC',
  accent: 'pink',
};
const renderCard = (p: Partial<GameCardProps>) =>
  render(
    <MemoryRouter>
      <GameCard {...base} {...p} />
    </MemoryRouter>,
  );

describe('GameCard', () => {
  it('an open card: the title is the link, with note, max win and bet range', () => {
    renderCard({ href: '/game/dice' });
    expect(screen.getByRole('link', { name: 'Nebula Dice' })).toHaveAttribute('href', '/game/dice');
    expect(screen.getByRole('heading', { name: 'Nebula Dice' })).toBeInTheDocument();
    expect(screen.getByText('dual dice')).toBeInTheDocument();
    expect(screen.getByText('Max win').nextSibling).toHaveTextContent('4x');
    expect(screen.getByText('Bet range').nextSibling).toHaveTextContent('1 - 1000 HC');
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('a disabled card has no link and a disabled Coming Soon button', () => {
    renderCard({ href: '/game/dice', disabled: true });
    expect(screen.queryByRole('link')).toBeNull();
    expect(screen.getByRole('button', { name: 'Coming Soon' })).toBeDisabled();
  });

  it('hides the decorative art from assistive technology', () => {
    const { container } = renderCard({ href: '/game/dice' });
    expect(container.querySelector('.cc-game-card__art')).toHaveAttribute('aria-hidden', 'true');
  });
});
