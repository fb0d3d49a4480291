import type { SignInChallenge } from '@cosmic/web-data-access';
import { type LibraryWallet, isUserRejection, WalletConnector } from './wallet-connector';
import { connectFailure, walletTexts } from './wallet-texts';

const ADDRESS = 'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAY5HFKQ';
const CHALLENGE: SignInChallenge = {
  challengeId: 'c1',
  message: '{"domain":"casino.test"}',
  txnB64: 'AQID', // bytes 1 2 3
  arc60: { data: 'eyJkb21haW4iOiJjYXNpbm8udGVzdCJ9', domain: 'casino.test', authenticatorData: 'YWJj' },
  expiresAt: '2030-01-01T00:00:00Z',
};

/** A use-wallet wallet as the library hands it out (BaseWallet's members the adapter calls). */
function libraryWallet(
  over: Partial<LibraryWallet> = {},
): LibraryWallet & { [K in 'connect' | 'disconnect' | 'signTransactions' | 'signData']: jest.Mock } {
  const state = { connected: false };
  return {
    metadata: { name: 'Pera', icon: 'data:image/svg+xml;base64,' },
    canSignData: false,
    get isConnected() {
      return state.connected;
    },
    get activeAddress() {
      return state.connected ? ADDRESS : null;
    },
    connect: jest.fn(async () => {
      state.connected = true;
      return [{ name: 'Pera Account 1', address: ADDRESS }];
    }),
    disconnect: jest.fn(async () => void (state.connected = false)),
    signTransactions: jest.fn(async () => [new Uint8Array([9, 8, 7])]),
    signData: jest.fn(),
    ...over,
  } as never;
}

describe('wallet texts (with the wallet name where the specification says Pera)', () => {
  it.each([
    [
      'Pera',
      'Pera Wallet Connected!',
      'Pera Connection Failed',
      'No accounts returned from Pera Wallet',
      'Failed to connect Pera Wallet. Please try manual address entry.',
      'Please install Pera Wallet or enter your wallet address manually',
      'Pera Wallet is not installed. Please install Pera Wallet extension.',
    ],
    [
      'Defly',
      'Defly Wallet Connected!',
      'Defly Connection Failed',
      'No accounts returned from Defly Wallet',
      'Failed to connect Defly Wallet. Please try manual address entry.',
      'Please install Defly Wallet or enter your wallet address manually',
      'Defly Wallet is not installed. Please install Defly Wallet extension.',
    ],
    [
      'Lute',
      'Lute Wallet Connected!',
      'Lute Connection Failed',
      'No accounts returned from Lute Wallet',
      'Failed to connect Lute Wallet. Please try manual address entry.',
      'Please install Lute Wallet or enter your wallet address manually',
      'Lute Wallet is not installed. Please install Lute Wallet extension.',
    ],
  ])('%s', (name, connected, failedTitle, noAccounts, generic, install, notInstalled) => {
    const t = walletTexts(name);
    expect(t).toMatchObject({ connected, failedTitle, noAccounts, failedGeneric: generic, install, notInstalled });
    expect(t.failedWith('boom')).toBe(`${name} Wallet connection failed: boom`);
    expect(t.failedDescription('why')).toBe('why - Try manual entry instead.');
  });

  it.each([
    [
      'the wallet package could not load',
      Object.assign(new Error('Loading chunk 512 failed.'), { name: 'ChunkLoadError' }),
      'Please install Pera Wallet or enter your wallet address manually',
    ],
    [
      'the app says it is not installed',
      new Error('Pera Wallet is not installed. Please install Pera Wallet extension.'),
      'Please install Pera Wallet or enter your wallet address manually',
    ],
    [
      "use-wallet's empty account list",
      new Error('No accounts found!'),
      'Pera Wallet connection failed: No accounts returned from Pera Wallet',
    ],
    [
      'the user closed the modal',
      new Error('Connect modal is closed by user'),
      'Pera Wallet connection failed: Connect modal is closed by user',
    ],
    ['an error without a message', new Error(''), 'Failed to connect Pera Wallet. Please try manual address entry.'],
    ['something that is not an error', undefined, 'Failed to connect Pera Wallet. Please try manual address entry.'],
  ])('connect failure: %s', (_, error, reason) => {
    expect(connectFailure('Pera', error)).toBe(reason);
  });
});

describe('WalletConnector over a use-wallet wallet', () => {
  it('connect: resolves with the active account use-wallet returns', async () => {
    const w = libraryWallet();
    const c = new WalletConnector('pera', w);
    expect(c.address).toBeNull();
    await expect(c.connect()).resolves.toBe(ADDRESS);
    expect(w.connect).toHaveBeenCalledTimes(1);
    expect(c.address).toBe(ADDRESS);
    expect(c.texts.connected).toBe('Pera Wallet Connected!');
  });

  it("connect with no accounts: 'Pera Wallet connection failed: No accounts returned from Pera Wallet'", async () => {
    const c = new WalletConnector('pera', libraryWallet({ connect: jest.fn(async () => []) }));
    await expect(c.connect()).rejects.toThrow(
      new Error('Pera Wallet connection failed: No accounts returned from Pera Wallet'),
    );
  });

  it('connect rejected by the user (Defly): the reason is named', async () => {
    const c = new WalletConnector(
      'defly',
      libraryWallet({ connect: jest.fn(async () => Promise.reject(new Error('User Rejected Request'))) }),
    );
    await expect(c.connect()).rejects.toThrow(new Error('Defly Wallet connection failed: User Rejected Request'));
  });

  it("connect failing without a message: 'Failed to connect Lute Wallet. Please try manual address entry.'", async () => {
    const c = new WalletConnector('lute', libraryWallet({ connect: jest.fn(async () => Promise.reject({})) }));
    await expect(c.connect()).rejects.toThrow(
      new Error('Failed to connect Lute Wallet. Please try manual address entry.'),
    );
  });

  it('sign-in with a wallet that cannot sign data: signTransactions over the challenge transaction, base64 back', async () => {
    const w = libraryWallet();
    const c = new WalletConnector('pera', w);
    await c.connect();
    await expect(c.signChallenge(CHALLENGE)).resolves.toEqual({ signedTxnB64: 'CQgH' });
    expect(w.signTransactions).toHaveBeenCalledWith([new Uint8Array([1, 2, 3])]);
    expect(w.signData).not.toHaveBeenCalled();
  });

  it('sign-in with a wallet that can sign data (Lute): ARC-60 signData, scope AUTH, base64 encoding; signature and authenticator data back', async () => {
    const signData = jest.fn(async () => ({
      data: CHALLENGE.arc60.data,
      signer: new Uint8Array(32),
      domain: 'casino.test',
      authenticatorData: new Uint8Array([97, 98, 99]),
      signature: new Uint8Array([1, 2, 3, 4]),
    }));
    const w = libraryWallet({ canSignData: true, signData });
    const c = new WalletConnector('lute', w);
    await expect(c.signChallenge(CHALLENGE)).resolves.toEqual({
      signatureB64: 'AQIDBA==',
      authenticatorDataB64: 'YWJj',
    });
    expect(signData).toHaveBeenCalledWith(CHALLENGE.arc60.data, { scope: 1, encoding: 'base64' });
    expect(w.signTransactions).not.toHaveBeenCalled();
  });

  it("sign-in refused in the wallet: 'Transaction cancelled in your wallet'", async () => {
    const c = new WalletConnector(
      'pera',
      libraryWallet({
        signTransactions: jest.fn(async () => Promise.reject(new Error('Transaction signing is cancelled by user.'))),
      }),
    );
    await expect(c.signChallenge(CHALLENGE)).rejects.toThrow(new Error('Transaction cancelled in your wallet'));
  });

  it("a failure that is not a refusal keeps the wallet's reason", async () => {
    const c = new WalletConnector(
      'pera',
      libraryWallet({ signTransactions: jest.fn(async () => Promise.reject(new Error('Session expired'))) }),
    );
    await expect(c.signChallenge(CHALLENGE)).rejects.toThrow(new Error('Session expired'));
  });

  it('sign-in where the wallet returns nothing for the transaction: says so', async () => {
    const c = new WalletConnector('defly', libraryWallet({ signTransactions: jest.fn(async () => [null]) }));
    await expect(c.signChallenge(CHALLENGE)).rejects.toThrow('Defly Wallet did not sign the request');
  });

  it('signTransactions hands the exact bytes to use-wallet and returns what it signed', async () => {
    const w = libraryWallet({
      signTransactions: jest.fn(async (txns: Uint8Array[]) => txns.map((t) => Uint8Array.from([...t, 0xff]))) as never,
    });
    const c = new WalletConnector('dev', w);
    const deposit = Uint8Array.from([0x8a, 0xa3, 0x61, 0x6d, 0x74, 0xce, 0x05, 0xf5, 0xe1, 0x00]);
    await expect(c.signTransactions([deposit])).resolves.toEqual([Uint8Array.from([...deposit, 0xff])]);
    expect(w.signTransactions).toHaveBeenCalledTimes(1);
    expect(w.signTransactions.mock.calls[0][0]).toEqual([deposit]);
  });

  it.each([
    [
      'Pera (wrapped in data.detail)',
      Object.assign(new Error('Failed to sign transaction'), {
        data: { type: 'SIGN_TRANSACTIONS', detail: new Error('Transaction signing is cancelled by user.') },
      }),
    ],
    ['Lute (ARC-27 code 4001)', Object.assign(new Error('User Rejected Request'), { code: 4001 })],
    ['Defly', new Error('Transaction Request Rejected')],
  ])("signTransactions refused in %s: 'Transaction cancelled in your wallet'", async (_, error) => {
    expect(isUserRejection(error)).toBe(true);
    const c = new WalletConnector(
      'defly',
      libraryWallet({ signTransactions: jest.fn(async () => Promise.reject(error)) }),
    );
    await expect(c.signTransactions([new Uint8Array([1])])).rejects.toThrow(
      new Error('Transaction cancelled in your wallet'),
    );
  });

  it('signTransactions where the wallet leaves one unsigned: says so', async () => {
    const c = new WalletConnector('lute', libraryWallet({ signTransactions: jest.fn(async () => [null]) as never }));
    await expect(c.signTransactions([new Uint8Array([1])])).rejects.toThrow(
      'Lute Wallet did not sign every transaction',
    );
    expect(isUserRejection(new Error('Network error'))).toBe(false);
  });

  it("disconnect calls the wallet's disconnect", async () => {
    const w = libraryWallet();
    const c = new WalletConnector('dev', w);
    await c.connect();
    await c.disconnect();
    expect(w.disconnect).toHaveBeenCalledTimes(1);
    expect(c.address).toBeNull();
    expect(c.name).toBe('Dev');
  });
});
