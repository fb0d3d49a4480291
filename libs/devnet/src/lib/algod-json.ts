import type { AccountState, AssetState, Holding } from './state';
import { minBalance } from './state';

// Response bodies shaped like algod's JSON (kebab-case keys, uint64 as numbers, bytes base64).

const b64 = (bytes: Uint8Array): string => Buffer.from(bytes).toString('base64');
const utf8b64 = (text: string): string => Buffer.from(text, 'utf8').toString('base64');

/** Asset params as algod and the indexer report them. */
export function assetParamsJson(asset: AssetState): Record<string, unknown> {
  const out: Record<string, unknown> = {
    creator: asset.creator,
    decimals: asset.decimals,
    'default-frozen': asset.defaultFrozen,
    total: asset.total,
  };
  if (asset.clawback) out.clawback = asset.clawback;
  if (asset.freeze) out.freeze = asset.freeze;
  if (asset.manager) out.manager = asset.manager;
  if (asset.reserve) out.reserve = asset.reserve;
  if (asset.metadataHash) out['metadata-hash'] = b64(asset.metadataHash);
  if (asset.name !== undefined) {
    out.name = asset.name;
    out['name-b64'] = utf8b64(asset.name);
  }
  if (asset.unitName !== undefined) {
    out['unit-name'] = asset.unitName;
    out['unit-name-b64'] = utf8b64(asset.unitName);
  }
  if (asset.url !== undefined) {
    out.url = asset.url;
    out['url-b64'] = utf8b64(asset.url);
  }
  return out;
}

/** GET /v2/assets/{id} body. */
export function assetJson(asset: AssetState): Record<string, unknown> {
  return { index: asset.id, params: assetParamsJson(asset) };
}

/** One asset slot as algod reports it. */
export function holdingJson(id: bigint, holding: Holding): Record<string, unknown> {
  return { amount: holding.amount, 'asset-id': id, 'is-frozen': holding.frozen };
}

/** GET /v2/accounts/{address} body; a missing account reads as an empty one, as on algod. */
export function accountJson(
  address: string,
  account: AccountState | undefined,
  created: AssetState[],
  round: bigint,
  exclude: boolean,
): Record<string, unknown> {
  const amount = account?.amount ?? 0n;
  const holdings = [...(account?.holdings ?? new Map<bigint, Holding>())].sort(([a], [b]) => (a < b ? -1 : 1));
  const out: Record<string, unknown> = {
    address,
    amount,
    'amount-without-pending-rewards': amount,
    'apps-total-schema': { 'num-byte-slice': 0, 'num-uint': 0 },
    'min-balance': minBalance(account),
    'pending-rewards': 0,
    'reward-base': 0,
    rewards: 0,
    round,
    status: 'Offline',
    'total-apps-opted-in': 0,
    'total-assets-opted-in': holdings.length,
    'total-box-bytes': 0,
    'total-boxes': 0,
    'total-created-apps': 0,
    'total-created-assets': created.length,
  };
  if (!exclude) {
    out.assets = holdings.map(([id, holding]) => holdingJson(id, holding));
    out['created-assets'] = created.map(assetJson);
  }
  if (account?.authAddr) out['auth-addr'] = account.authAddr;
  return out;
}
