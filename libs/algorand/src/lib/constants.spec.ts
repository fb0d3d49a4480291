import * as algosdk from 'algosdk';
import * as constants from './constants';

describe('constants', () => {
  it('pins the mainnet facts the design names', () => {
    expect(constants.AMINA_DECIMALS).toBe(8);
    expect(constants.AMINA_UNIT_NAME).toBe('AMINA');
    expect(constants.AMINA_MAINNET_ASSET_ID).toBe(1107424865n);
    expect(constants.MAINNET_GENESIS_ID).toBe('mainnet-v1.0');
    expect(constants.MAINNET_CHAIN_ID).toBe(416001);
  });

  it('has a 32-byte mainnet genesis hash', () => {
    expect(algosdk.base64ToBytes(constants.MAINNET_GENESIS_HASH)).toHaveLength(32);
  });

  it('has the uint64 maximum', () => {
    expect(constants.MAX_UINT64).toBe(18446744073709551615n);
  });
});
