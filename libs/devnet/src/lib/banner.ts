import type { Devnet } from './devnet';

/** The text the CLI prints at start: endpoints, token, asset, house and demo wallets. */
export function formatBanner(devnet: Devnet, dataDir: string | undefined): string {
  const info = devnet.info();
  const lines = [
    'Cosmic devnet (algod v2 + indexer v2 subset) is running',
    `  algod    ${devnet.algodUrl}   (header X-Algo-API-Token)`,
    `  indexer  ${devnet.indexerUrl}   (header X-Indexer-API-Token)`,
    `  token    ${devnet.token}`,
    `  genesis  ${info.genesisId}  ${info.genesisHash}`,
    `  round    ${info.round}`,
    `  state    ${dataDir ?? 'in memory only'}`,
    '',
    `AMINA asset id ${info.assetId} (${info.assetDecimals} decimals, total ${info.assetTotal} base units)`,
    `house      ${info.house.address}`,
    `  mnemonic ${info.house.mnemonic}`,
    `dispenser  ${info.dispenser.address}`,
    `  mnemonic ${info.dispenser.mnemonic}`,
    '',
    'Demo wallets:',
    ...devnet
      .wallets()
      .flatMap((w) => [
        `${w.label.padEnd(16)} ${w.address}${w.optedIn ? '' : '  (not opted in to AMINA)'}`,
        `  mnemonic ${w.mnemonic}`,
      ]),
    '',
    `Faults: POST ${devnet.algodUrl}/devnet/faults {"failSends"|"acceptThenTimeout"|"down": true}, POST /devnet/advance {"rounds": n}`,
  ];
  return lines.join('\n');
}
