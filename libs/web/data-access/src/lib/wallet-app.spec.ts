/** @jest-environment node */
import type { SignInChallenge } from './ownership.api';
import {
  type WalletApp,
  walletAppOf,
  registerWalletApp,
  walletAppSigner,
  walletAppAfterResume,
  walletAppResumeEnded,
  walletAppResumeStarted,
  walletAppResuming,
  RESUME_WAIT_MS,
} from './wallet-app';

const ADDRESS = 'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAY5HFKQ';
const OTHER = 'BBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBA';
const CHALLENGE = {
  challengeId: 'c1',
  message: '{}',
  txnB64: 'AQID',
  arc60: { data: 'e30=', domain: 'casino.test', authenticatorData: 'YWJj' },
  expiresAt: '2030-01-01T00:00:00Z',
} as SignInChallenge;

/** A registered app that records what it is asked to sign. */
function app(address: string | null = ADDRESS): WalletApp & { asked: Uint8Array[][] } {
  const asked: Uint8Array[][] = [];
  return {
    name: 'Pera',
    address,
    asked,
    signTransactions: async (txns) => {
      asked.push(txns);
      return txns.map((t) => Uint8Array.from([...t].reverse()));
    },
    signChallenge: async () => ({ signedTxnB64: 'c2lnbmVk' }),
    disconnect: () => undefined,
  };
}

describe('walletAppSigner (signing with the registered wallet app from another screen)', () => {
  it('decodes the base64 transactions, hands the exact bytes to the app, and returns the signed ones in base64', async () => {
    const a = app();
    await expect(walletAppSigner(a, ADDRESS).signTransactions(['AQID', 'BAUG'])).resolves.toEqual(['AwIB', 'BgUE']);
    expect(a.asked).toEqual([[Uint8Array.from([1, 2, 3]), Uint8Array.from([4, 5, 6])]]);
  });

  it('signs a challenge through the app', async () => {
    await expect(walletAppSigner(app(), ADDRESS).signChallenge(CHALLENGE)).resolves.toEqual({
      signedTxnB64: 'c2lnbmVk',
    });
  });

  it('refuses when the app is no longer connected, or has another account active, and asks nothing', async () => {
    const gone = app(null);
    await expect(walletAppSigner(gone, ADDRESS).signTransactions(['AQID'])).rejects.toThrow(
      new Error('Pera Wallet is not connected: connect it again from the wallet menu'),
    );
    const other = app(OTHER);
    await expect(walletAppSigner(other, ADDRESS).signTransactions(['AQID'])).rejects.toThrow(
      new Error('Pera Wallet has BBBBBB…BBBA active, not AAAAAA…HFKQ: switch to AAAAAA…HFKQ in the wallet'),
    );
    await expect(walletAppSigner(other, ADDRESS).signChallenge(CHALLENGE)).rejects.toThrow(/active, not AAAAAA/);
    expect(gone.asked).toEqual([]);
    expect(other.asked).toEqual([]);
  });

  it('says so when the app returns fewer signed transactions than asked', async () => {
    const a = { ...app(), signTransactions: async () => [] };
    await expect(walletAppSigner(a, ADDRESS).signTransactions(['AQID'])).rejects.toThrow(
      'Pera Wallet signed 0 of 1 transactions',
    );
  });

  it('registerWalletApp keeps one app per kind', () => {
    const a = app();
    registerWalletApp('lute', a);
    expect(walletAppOf('lute')).toBe(a);
    expect(walletAppOf('defly')).toBeUndefined();
    expect(walletAppOf(null)).toBeUndefined();
  });

  it('a disconnect during a resume waits for the app the resume registers', async () => {
    const a = app();
    walletAppResumeStarted({ kind: 'pera', address: 'A'.repeat(58) });
    // what it resumes stays fixed, whatever the state does meanwhile (a disconnect clears it)
    expect(walletAppResuming()).toEqual({ kind: 'pera', address: 'A'.repeat(58) });
    let found: WalletApp | undefined | 'pending' = 'pending';
    const waiting = walletAppAfterResume('pera').then((x) => (found = x));
    await Promise.resolve();
    expect(found).toBe('pending');
    registerWalletApp('pera', a);
    walletAppResumeEnded();
    await waiting;
    expect(found).toBe(a);
    expect(walletAppResuming()).toBeNull();
  });

  it('a resume that never ends holds a disconnect back for RESUME_WAIT_MS only', async () => {
    jest.useFakeTimers();
    try {
      walletAppResumeStarted({ kind: 'pera', address: 'A'.repeat(58) });
      let settled = false;
      const waiting = walletAppAfterResume('defly').then(() => (settled = true));
      await jest.advanceTimersByTimeAsync(RESUME_WAIT_MS - 1);
      expect(settled).toBe(false);
      await jest.advanceTimersByTimeAsync(1);
      await waiting;
      expect(settled).toBe(true);
    } finally {
      walletAppResumeEnded();
      jest.useRealTimers();
    }
  });
});
