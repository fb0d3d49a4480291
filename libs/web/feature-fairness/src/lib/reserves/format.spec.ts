import { amina, percent, short } from './format';

describe('reserves formatting', () => {
  it.each([
    ['0', '0.00000000 AMINA'],
    ['1', '0.00000001 AMINA'],
    ['150000000', '1.50000000 AMINA'],
    ['123456789012345', '1,234,567.89012345 AMINA'],
  ])('amina(%s) = %s', (units, text) => expect(amina(units)).toBe(text));

  it.each([
    ['1.2500', '125.00%'],
    ['0.9999', '99.99%'],
    ['12.0003', '1,200.03%'],
  ])('percent(%s) = %s', (ratio, text) => expect(percent(ratio)).toBe(text));

  it('shortens long hashes only', () => {
    expect(short('a'.repeat(64))).toBe('aaaaaaaa…aaaaaaaa');
    expect(short('12')).toBe('12');
  });
});
