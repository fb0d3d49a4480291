import * as algosdk from 'algosdk';
import { AMINA, createGenesis, DEVNET_GENESIS_ID, PLAYER_AMINA } from './genesis';

describe('createGenesis', () => {
  const now = (): number => 1_700_000_000_000;

  it('is deterministic for a seed and differs across seeds', () => {
    const a = createGenesis({ now });
    const b = createGenesis({ now });
    const c = createGenesis({ seed: 'other', now });
    expect(a.wallets).toEqual(b.wallets);
    expect(a.house).toEqual(b.house);
    expect(a.genesisHash).toEqual(b.genesisHash);
    expect(c.house.address).not.toBe(a.house.address);
    expect(c.genesisHash).not.toEqual(a.genesisHash);
  });

  it('labels the demo wallets and gives valid mnemonics', () => {
    const state = createGenesis({ now });
    expect(state.wallets.map((w) => [w.label, w.optedIn])).toEqual([
      ['player-1', true],
      ['player-2', true],
      ['player-3', true],
      ['player-4', true],
      ['player-no-optin', false],
    ]);
    for (const wallet of [...state.wallets, state.house, state.dispenser]) {
      expect(algosdk.mnemonicToSecretKey(wallet.mnemonic).addr.toString()).toBe(wallet.address);
    }
  });

  it('uses a caller-supplied house mnemonic', () => {
    const mnemonic = algosdk.secretKeyToMnemonic(algosdk.generateAccount().sk);
    const state = createGenesis({ houseMnemonic: mnemonic, now });
    expect(state.house.mnemonic).toBe(mnemonic);
    expect(state.assets.get(state.assetId)?.creator).toBe(state.house.address);
  });

  it('mints AMINA in round 1 and grants it in round 2, conserving the supply', () => {
    const state = createGenesis({ now });
    expect(state.genesisId).toBe(DEVNET_GENESIS_ID);
    expect(state.round).toBe(2n);
    expect(state.assetId).toBe(1001n);
    let total = 0n;
    for (const account of state.accounts.values()) total += account.holdings.get(state.assetId)?.amount ?? 0n;
    expect(total).toBe(AMINA.total);
    for (const wallet of state.wallets) {
      const held = state.accounts.get(wallet.address)?.holdings.get(state.assetId)?.amount;
      expect(held).toBe(wallet.optedIn ? PLAYER_AMINA : undefined);
    }
  });
});
