import { checkChainAtBoot, checkGenesis, PUBLIC_NETWORKS, type BootCheckedChain } from './chain-boot-check';
import { ChainConfigError, ChainUnavailableError } from './chain.errors';
import type { ChainAsset } from './chain.types';

const MAINNET = { id: 'mainnet-v1.0', hash: 'wGHE2Pwdvd7S12BL5FaOP20EGYesN73ktiC1qzkkit8=' };
const DEVNET = { id: 'cosmic-devnet-v1', hash: 'ZGV2bmV0LWhhc2gtbm90LW1haW5uZXQtMDAwMDAwMDA=' };
const AMINA: ChainAsset = {
  id: 1107424865n,
  decimals: 8,
  unitName: 'AMINA',
  name: 'AMINA',
  total: 10n ** 18n,
  creator: '',
};

/** A chain whose node is down for the first `downFor` calls to genesis(). */
function chain(over: Partial<BootCheckedChain> = {}, downFor = 0): BootCheckedChain & { calls: number } {
  const c = {
    calls: 0,
    genesis: async () => {
      c.calls++;
      if (c.calls <= downFor)
        throw new ChainUnavailableError(
          'read suggested params',
          'read suggested params failed: connect ECONNREFUSED 10.0.0.5:4001',
        );
      return MAINNET;
    },
    checkAsset: async () => AMINA,
    checkHouseKey: async () => undefined,
    ...over,
  };
  return c;
}

describe('checkChainAtBoot', () => {
  it('asks again, backing off, until the node answers, instead of skipping the checks', async () => {
    const waits: number[] = [];
    const retries: number[] = [];
    const c = chain({}, 7);
    const report = await checkChainAtBoot(c, {
      network: 'mainnet',
      canSign: true,
      sleep: async (ms) => void waits.push(ms),
      onRetry: (n) => retries.push(n),
    });
    expect(waits).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000]);
    expect(retries).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(report).toMatchObject({
      network: 'mainnet',
      genesisId: 'mainnet-v1.0',
      asset: { id: '1107424865', decimals: 8, unit: 'AMINA' },
      houseKey: 'verified',
      attempts: 8,
    });
  });

  it.each<[string, Partial<BootCheckedChain>, string, RegExp]>([
    [
      'decimals',
      {
        checkAsset: async () =>
          Promise.reject(
            new ChainConfigError(
              'assetDecimals',
              'Asset 1 on mainnet has 6 decimals but assetDecimals is configured as 8',
            ),
          ),
      },
      'assetDecimals',
      /^AMINA_DECIMALS: .*6 decimals/,
    ],
    [
      'unknown asset',
      { checkAsset: async () => Promise.reject(new ChainConfigError('assetId', 'Asset 1 does not exist on mainnet')) },
      'assetId',
      /^AMINA_ASSET_ID: /,
    ],
    [
      'house key',
      {
        checkHouseKey: async () =>
          Promise.reject(new ChainConfigError('houseMnemonic', 'HOUSE_MNEMONIC does not control the house address X')),
      },
      'houseMnemonic',
      /^HOUSE_MNEMONIC does not control/,
    ],
  ])('refuses to start on a wrong %s, naming the variable (no retry)', async (_name, over, field, message) => {
    const sleep = jest.fn();
    const error = await checkChainAtBoot(chain(over), { network: 'mainnet', canSign: true, sleep }).catch((e) => e);
    expect(error).toBeInstanceOf(ChainConfigError);
    expect(error).toMatchObject({ field, message: expect.stringMatching(message) });
    expect(sleep).not.toHaveBeenCalled();
  });

  it('checks the house key only when HOUSE_MNEMONIC is configured (watch-only otherwise)', async () => {
    const checkHouseKey = jest.fn();
    const report = await checkChainAtBoot(chain({ checkHouseKey }), { network: 'mainnet', canSign: false });
    expect(checkHouseKey).not.toHaveBeenCalled();
    expect(report.houseKey).toBe('watch-only');
  });
});

describe('checkGenesis', () => {
  it.each<[string, { id: string; hash: string }, string | null]>([
    ['mainnet', MAINNET, null],
    [
      'mainnet',
      DEVNET,
      'ALGORAND_NETWORK is mainnet but the node at ALGOD_URL serves genesis "cosmic-devnet-v1" (mainnet is mainnet-v1.0)',
    ],
    [
      'mainnet',
      { id: 'mainnet-v1.0', hash: DEVNET.hash },
      'ALGORAND_NETWORK is mainnet but the node at ALGOD_URL serves genesis "mainnet-v1.0" (mainnet is mainnet-v1.0)',
    ],
    ['testnet', { id: 'testnet-v1.0', hash: PUBLIC_NETWORKS['testnet'].genesisHash! }, null],
    [
      'testnet',
      MAINNET,
      'ALGORAND_NETWORK is testnet but the node at ALGOD_URL serves genesis "mainnet-v1.0" (testnet is testnet-v1.0)',
    ],
    ['devnet', DEVNET, null],
    ['devnet', MAINNET, 'ALGORAND_NETWORK is devnet but the node at ALGOD_URL serves mainnet (genesis "mainnet-v1.0")'],
    ['localnet', { id: 'dockernet-v1', hash: 'x' }, null],
  ])('ALGORAND_NETWORK=%s against %j', (network, genesis, message) => {
    if (message === null) expect(() => checkGenesis(network, genesis)).not.toThrow();
    else expect(() => checkGenesis(network, genesis)).toThrow(message);
  });
});
