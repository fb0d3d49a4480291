import { fireEvent, render, screen, within } from '@testing-library/react';
import type { HouseInfo } from '@cosmic/web-data-access';
import { BuyAminaCard } from './buy-amina-card';

const query = { data: undefined as HouseInfo | undefined, isLoading: false, isError: false, refetch: jest.fn() };
jest.mock('@cosmic/web-data-access', () => ({ useHouseInfoQuery: () => query }));

const INFO: HouseInfo = {
  network: 'Algorand',
  chainId: 416001,
  assetId: '1107424865',
  name: 'AMINA',
  unit: 'AMINA',
  decimals: 8,
  totalSupply: '1000',
  creator: 'HZ57J3K46JIJXILONBBZOHX6BKPXEM2VVXNRFSUED6DKFD5ZD24PMJ3MVA',
  houseAddress: 'HZ57J3K46JIJXILONBBZOHX6BKPXEM2VVXNRFSUED6DKFD5ZD24PMJ3MVA',
  exchangeLinks: [
    { name: 'Tinyman', url: 'https://app.tinyman.org/#/swap?asset_in=0&asset_out=1107424865' },
    { name: 'Vestige', url: 'https://vestige.fi/asset/1107424865' },
  ],
};

function open() {
  render(<BuyAminaCard />);
  fireEvent.click(screen.getByRole('button', { name: /Buy AMINA/ }));
  return screen.getByRole('region', { name: 'Buy AMINA' });
}
const fact = (card: HTMLElement, label: string) => within(card).getByText(label).nextElementSibling as HTMLElement;

describe('BuyAminaCard', () => {
  beforeEach(() => Object.assign(query, { data: undefined, isLoading: false, isError: false, refetch: jest.fn() }));

  it('is collapsed until its header is pressed', () => {
    render(<BuyAminaCard />);
    expect(screen.getByRole('button', { name: /Buy AMINA/ })).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByText('Total supply')).not.toBeVisible();
  });

  it('with house info: supply, network, asset id, creator and one new-tab button per exchange', () => {
    query.data = INFO;
    const card = open();
    expect(fact(card, 'Total supply')).toHaveTextContent('1,000 AMINA');
    expect(fact(card, 'Network')).toHaveTextContent('Algorand');
    expect(fact(card, 'Asset ID')).toHaveTextContent('1107424865');
    expect(fact(card, 'Creator')).toHaveTextContent(INFO.creator);
    for (const l of INFO.exchangeLinks) {
      const link = within(card).getByRole('link', { name: new RegExp(`Buy on ${l.name}`) });
      expect(link).toHaveAttribute('href', l.url);
      expect(link).toHaveAttribute('target', '_blank');
      expect(link.getAttribute('rel')).toContain('noopener');
    }
  });

  it('while loading: static facts, placeholders for asset id and creator, no buttons yet', () => {
    query.isLoading = true;
    const card = open();
    expect(card.querySelector('[aria-busy]')).toHaveAttribute('aria-busy', 'true');
    expect(fact(card, 'Total supply')).toHaveTextContent('1,000 AMINA');
    expect(fact(card, 'Asset ID')).toHaveTextContent('Loading…');
    expect(within(card).getByText('Loading exchanges…')).toBeInTheDocument();
    expect(within(card).queryByRole('link')).toBeNull();
  });

  it("when the call fails: static facts, 'Asset details unavailable', and a retry", () => {
    query.isError = true;
    const card = open();
    expect(fact(card, 'Total supply')).toHaveTextContent('1,000 AMINA');
    expect(fact(card, 'Network')).toHaveTextContent('Algorand');
    expect(fact(card, 'Asset ID')).toHaveTextContent('Asset details unavailable');
    expect(fact(card, 'Creator')).toHaveTextContent('Asset details unavailable');
    expect(within(card).queryByRole('link')).toBeNull();
    fireEvent.click(within(card).getByRole('button', { name: 'Try again' }));
    expect(query.refetch).toHaveBeenCalled();
  });
});
