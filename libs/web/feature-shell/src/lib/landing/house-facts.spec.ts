import type { HouseInfo } from '@cosmic/web-data-access';
import { formatSupply, safeExchangeLinks } from './house-facts';

describe('formatSupply', () => {
  it.each([
    ['1000', 'AMINA', '1,000 AMINA'],
    ['1000000', 'AMINA', '1,000,000 AMINA'],
    ['12.5', 'X', '12.5 X'],
    ['0', 'AMINA', '0 AMINA'],
    ['001000.10', 'AMINA', '1,000.1 AMINA'],
    ['1000.00000000', 'AMINA', '1,000 AMINA'],
    ['1234567.12345678', 'AMINA', '1,234,567.12345678 AMINA'],
    ['n/a', 'AMINA', 'n/a AMINA'],
  ])('%s %s → %s', (supply, unit, shown) => expect(formatSupply(supply, unit)).toBe(shown));
});

describe('safeExchangeLinks', () => {
  const info = (links: Array<{ name: string; url: string }>) => ({ exchangeLinks: links }) as HouseInfo;

  it('keeps https links in order', () => {
    const links = [
      { name: 'Tinyman', url: 'https://app.tinyman.org/#/swap?asset_in=0&asset_out=1107424865' },
      { name: 'Vestige', url: 'https://vestige.fi/asset/1107424865' },
    ];
    expect(safeExchangeLinks(info(links))).toEqual(links);
  });

  it.each([
    ['a script URL', 'javascript:alert(1)'],
    ['plain http', 'http://example.com'],
    ['a relative path', '/swap'],
    ['garbage', 'not a url'],
  ])('drops %s', (_what, url) => expect(safeExchangeLinks(info([{ name: 'X', url }]))).toEqual([]));

  it('drops nameless links and copes with no answer', () => {
    expect(safeExchangeLinks(info([{ name: ' ', url: 'https://x.example' }]))).toEqual([]);
    expect(safeExchangeLinks(undefined)).toEqual([]);
  });
});
