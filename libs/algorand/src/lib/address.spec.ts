import * as algosdk from 'algosdk';
import { ADDRESS_LENGTH, encodeAddress, isValidAddress, parseAddress } from './address';

// Published addresses: the zero address and mainnet's fee sink.
const ZERO = 'A'.repeat(52) + 'Y5HFKQ';
const FEE_SINK = 'Y76M3MSY6DKBRHBL7C3NNDXGS5IIMQVQVUAB6MP4XEMMGVF2QWNPL226CA';

function changeChar(address: string, at: number): string {
  return address.slice(0, at) + (address[at] === 'A' ? 'B' : 'A') + address.slice(at + 1);
}

describe('parseAddress', () => {
  it.each([ZERO, FEE_SINK])('accepts the published address %s', (address) => {
    expect(parseAddress(address).ok).toBe(true);
    expect(algosdk.isValidAddress(address)).toBe(true);
  });

  it('returns the 32-byte public key', () => {
    const account = algosdk.generateAccount();
    const result = parseAddress(account.addr.toString());
    expect(result).toEqual({ ok: true, publicKey: account.addr.publicKey });
  });

  it('agrees with algosdk on 200 random keys and their one-character typos', () => {
    for (let i = 0; i < 200; i++) {
      const address = algosdk.generateAccount().addr.toString();
      expect(isValidAddress(address)).toBe(true);
      const typo = changeChar(address, i % 57);
      expect(isValidAddress(typo)).toBe(false);
      expect(algosdk.isValidAddress(typo)).toBe(false);
    }
  });

  // Regression: algosdk accepts spare bits in the last character; algod does not.
  it('refuses a non-canonical last character that algosdk would accept', () => {
    const nonCanonical = ZERO.slice(0, 57) + 'R';
    expect(algosdk.isValidAddress(nonCanonical)).toBe(true);
    expect(parseAddress(nonCanonical)).toMatchObject({ ok: false, error: 'non-canonical' });
  });

  it.each<[string, unknown, string]>([
    ['a number', 42, 'not-a-string'],
    ['undefined', undefined, 'not-a-string'],
    ['an empty string', '', 'wrong-length'],
    ['57 characters', FEE_SINK.slice(1), 'wrong-length'],
    ['59 characters', FEE_SINK + 'A', 'wrong-length'],
    ['lower case', FEE_SINK.toLowerCase(), 'bad-character'],
    ['a digit outside 2-7', FEE_SINK.slice(0, 10) + '8' + FEE_SINK.slice(11), 'bad-character'],
    ['a padding character', FEE_SINK.slice(0, 57) + '=', 'bad-character'],
    ['a changed key byte', 'B' + FEE_SINK.slice(1), 'bad-checksum'],
    ['a changed checksum', changeChar(FEE_SINK, 53), 'bad-checksum'],
    ['non-zero spare bits', ZERO.slice(0, 57) + 'R', 'non-canonical'],
  ])('refuses %s', (_name, input, error) => {
    const result = parseAddress(input);
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.error).toBe(error);
      expect(result.message.length).toBeGreaterThan(0);
    }
    expect(isValidAddress(input)).toBe(false);
  });

  it('has the documented length', () => {
    expect(ADDRESS_LENGTH).toBe(ZERO.length);
  });
});

describe('encodeAddress', () => {
  it('matches algosdk', () => {
    for (let i = 0; i < 20; i++) {
      const account = algosdk.generateAccount();
      expect(encodeAddress(account.addr.publicKey)).toBe(account.addr.toString());
    }
  });

  it('encodes the zero key as the zero address', () => {
    expect(encodeAddress(new Uint8Array(32))).toBe(ZERO);
  });

  it('throws for a key that is not 32 bytes (a programmer error)', () => {
    expect(() => encodeAddress(new Uint8Array(31))).toThrow(RangeError);
  });
});
