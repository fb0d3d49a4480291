import { assetJson } from './algod-json';
import type { DevnetFaults } from './faults';
import { errorReply, type Reply, type RequestContext, type Route } from './http-server';
import { indexerTxnJson } from './indexer-json';
import { SearchError, searchTransactions } from './indexer-search';
import type { Ledger } from './ledger';

/** Version string the devnet's indexer reports. */
export const INDEXER_VERSION = '3.0.0-cosmic-devnet';

/** The last round the indexer has ingested: algod's, less the `indexerLagRounds` fault. */
function indexedRound(ledger: Ledger, faults?: DevnetFaults): bigint {
  const lag = BigInt(faults?.indexerLagRounds ?? 0);
  return ledger.round > lag ? ledger.round - lag : 0n;
}

function txnJson(ledger: Ledger, id: string, upToRound: bigint): Record<string, unknown> | null {
  const record = ledger.transaction(id);
  if (!record || record.round > upToRound) return null;
  return indexerTxnJson(record, ledger.signedTxn(record), ledger.roundTime(record.round));
}

function search(ledger: Ledger, query: URLSearchParams, upToRound: bigint): Reply {
  try {
    const { records, nextToken } = searchTransactions(ledger, query, upToRound);
    const json: Record<string, unknown> = {
      'current-round': upToRound,
      transactions: records.map((r) => indexerTxnJson(r, ledger.signedTxn(r), ledger.roundTime(r.round))),
    };
    if (nextToken) json['next-token'] = nextToken;
    return { status: 200, json };
  } catch (error) {
    if (error instanceof SearchError) return errorReply(400, error.message);
    throw error;
  }
}

function withFixed(ctx: RequestContext, name: string, value: string): URLSearchParams {
  const query = new URLSearchParams(ctx.query);
  query.set(name, value);
  return query;
}

/** The indexer v2 routes the devnet serves; `faults.indexerLagRounds` keeps it behind algod. */
export function indexerRoutes(ledger: Ledger, faults?: DevnetFaults): Route[] {
  const upTo = (): bigint => indexedRound(ledger, faults);
  return [
    {
      method: 'GET',
      pattern: /^\/health$/,
      handle: () => ({
        status: 200,
        json: {
          'db-available': true,
          'is-migrating': false,
          message: upTo().toString(),
          round: upTo(),
          version: INDEXER_VERSION,
        },
      }),
    },
    { method: 'GET', pattern: /^\/v2\/transactions$/, handle: (ctx) => search(ledger, ctx.query, upTo()) },
    {
      method: 'GET',
      pattern: /^\/v2\/transactions\/([^/]+)$/,
      handle: (ctx) => {
        const round = upTo();
        const transaction = txnJson(ledger, ctx.params[0], round);
        if (!transaction) return errorReply(404, `no transaction found for transaction id: ${ctx.params[0]}`);
        return { status: 200, json: { 'current-round': round, transaction } };
      },
    },
    {
      method: 'GET',
      pattern: /^\/v2\/accounts\/([^/]+)\/transactions$/,
      handle: (ctx) => search(ledger, withFixed(ctx, 'address', ctx.params[0]), upTo()),
    },
    {
      method: 'GET',
      pattern: /^\/v2\/assets\/([^/]+)\/transactions$/,
      handle: (ctx) => search(ledger, withFixed(ctx, 'asset-id', ctx.params[0]), upTo()),
    },
    {
      method: 'GET',
      pattern: /^\/v2\/assets\/([^/]+)$/,
      handle: (ctx) => {
        const id = /^\d{1,20}$/.test(ctx.params[0]) ? BigInt(ctx.params[0]) : null;
        const asset = id === null ? undefined : ledger.asset(id);
        if (!asset) return errorReply(404, `no assets found for asset-id: ${ctx.params[0]}`);
        const json = assetJson(asset);
        return {
          status: 200,
          json: {
            asset: { ...json, 'created-at-round': asset.createdRound, deleted: false },
            'current-round': ledger.round,
          },
        };
      },
    },
  ];
}
