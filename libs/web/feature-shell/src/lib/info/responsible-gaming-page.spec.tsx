import { render, screen, within } from '@testing-library/react';
import { Provider } from 'react-redux';
import { createStore } from '@cosmic/web-data-access';
import { ODDS } from './odds';
import { ResponsibleGamingPage } from './responsible-gaming-page';

describe('ResponsibleGamingPage', () => {
  // no wallet connected in jsdom: the tools are shown but cannot be used yet
  beforeEach(() => render(<Provider store={createStore()}><ResponsibleGamingPage /></Provider>));

  it('has its title and the responsible-gaming warning', () => {
    expect(screen.getByRole('heading', { level: 1, name: 'Responsible Gaming' })).toBeInTheDocument();
    expect(screen.getByRole('note')).toHaveTextContent('Play responsibly. Gambling can be addictive.');
  });

  it('renders the odds table from the ODDS constant, one row per bet', () => {
    const table = screen.getByRole('table');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(ODDS.length);
    ODDS.forEach((o, i) => {
      expect(within(rows[i]).getByRole('rowheader')).toHaveTextContent(o.game);
      expect(rows[i]).toHaveTextContent(o.chance);
      expect(rows[i]).toHaveTextContent(o.pays);
    });
    expect(within(table).getByRole('row', { name: /Nebula Dice Seven 16.7% \(6 in 36\) 4x/ })).toBeInTheDocument();
  });

  it('shows the player tools with every control disabled and the not-yet note', () => {
    const tools = screen.getByRole('region', { name: 'Player tools' });
    expect(within(tools).getByText(/Available once your account is connected/)).toBeInTheDocument();
    expect(within(tools).getByRole('heading', { name: 'Daily loss limit' })).toBeInTheDocument();
    expect(within(tools).getByRole('heading', { name: 'Self-exclusion' })).toBeInTheDocument();
    expect(within(tools).getByLabelText('Daily limit (HC)')).toBeDisabled();
    expect(within(tools).getByLabelText('Exclude me for')).toBeDisabled();
    const buttons = within(tools).getAllByRole('button');
    expect(buttons.map((b) => b.textContent)).toEqual(['Save limit', 'Start self-exclusion']);
    buttons.forEach((b) => expect(b).toBeDisabled());
  });
});
