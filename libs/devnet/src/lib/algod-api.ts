import * as algosdk from 'algosdk';
import { accountJson, assetJson, assetParamsJson, holdingJson } from './algod-json';
import type { DevnetFaults } from './faults';
import { errorReply, type Reply, type RequestContext, type Route } from './http-server';
import type { Ledger } from './ledger';
import { TxnRejectedError } from './rejection';
import { CONSENSUS_VERSION, MIN_FEE } from './state';

/** What the algod routes need from the devnet. */
export interface AlgodDeps {
  ledger: Ledger;
  faults: DevnetFaults;
  waitTimeoutMs: number;
  log: (line: string) => void;
}

const UINT = /^\d{1,20}$/;
const MAX_UINT64 = (1n << 64n) - 1n;

function parseUint(text: string): bigint | null {
  if (!UINT.test(text)) return null;
  const value = BigInt(text);
  return value <= MAX_UINT64 ? value : null;
}

function jsonOnly(ctx: RequestContext): Reply | null {
  const format = ctx.query.get('format');
  if (format && format !== 'json')
    return errorReply(400, `devnet: format ${format} is only supported on pending transactions`);
  return null;
}

function status(deps: AlgodDeps): Reply {
  const { ledger } = deps;
  const sinceLast = BigInt(Math.max(0, Date.now() - ledger.lastRoundTime * 1000)) * 1_000_000n;
  return {
    status: 200,
    json: {
      'catchup-time': 0,
      'last-round': ledger.round,
      'last-version': CONSENSUS_VERSION,
      'next-version': CONSENSUS_VERSION,
      'next-version-round': ledger.round + 1n,
      'next-version-supported': true,
      'stopped-at-unsupported-round': false,
      'time-since-last-round': sinceLast,
    },
  };
}

function params(deps: AlgodDeps): Reply {
  const { state } = deps.ledger;
  return {
    status: 200,
    json: {
      'consensus-version': CONSENSUS_VERSION,
      fee: 0,
      'genesis-hash': Buffer.from(state.genesisHash).toString('base64'),
      'genesis-id': state.genesisId,
      'last-round': state.round,
      'min-fee': MIN_FEE,
    },
  };
}

/** algod's refusal when its transaction pool is full (pools/transactionPool.go). */
export const POOL_FULL_MESSAGE = 'TransactionPool.checkPendingQueueSize: transaction pool have reached capacity';

async function sendRaw(deps: AlgodDeps, ctx: RequestContext): Promise<Reply> {
  const { faults, ledger } = deps;
  const body = await ctx.body();
  if (faults.failSends) {
    const code = faults.failSends === true ? 503 : faults.failSends;
    return errorReply(code, `devnet fault: failSends (HTTP ${code}), nothing was accepted`);
  }
  if (faults.poolFull === 'refuse') return errorReply(400, POOL_FULL_MESSAGE);
  let txId: string;
  try {
    txId = faults.pool ? ledger.remember(body) : ledger.submit(body);
  } catch (error) {
    if (error instanceof TxnRejectedError) return errorReply(error.status, error.message);
    throw error;
  }
  deps.log(`algod: accepted ${txId} ${faults.pool ? 'into the pool' : `in round ${ledger.round}`}`);
  if (faults.poolFull === 'accept') return errorReply(400, POOL_FULL_MESSAGE);
  if (faults.restartOnAcceptMs > 0) {
    // The node restarts: the answer is lost with the connection, the pool with the process.
    const downMs = faults.restartOnAcceptMs;
    faults.restartOnAcceptMs = 0;
    ledger.dropPool();
    faults.down = true;
    setTimeout(() => (faults.down = false), downMs).unref();
    ctx.res.destroy();
    return { handled: true };
  }
  if (faults.acceptThenTimeout) {
    // The group is in the ledger; the client never hears so.
    // unref: a hung answer must not keep the process alive after close().
    setTimeout(() => ctx.res.destroy(), faults.hangMs).unref();
    return { handled: true };
  }
  return { status: 200, json: { txId } };
}

function pendingModel(
  deps: AlgodDeps,
  id: string,
): { model: algosdk.modelsv2.PendingTransactionResponse; poolError: string } | null {
  const { ledger } = deps;
  const record = ledger.transaction(id);
  if (record) {
    const model = new algosdk.modelsv2.PendingTransactionResponse({
      poolError: '',
      txn: ledger.signedTxn(record),
      confirmedRound: record.round,
      closingAmount: record.closingAmount,
      assetClosingAmount: record.assetClosingAmount,
      assetIndex: record.createdAssetId,
      senderRewards: 0,
      receiverRewards: 0,
      closeRewards: 0,
    });
    return { model, poolError: '' };
  }
  const pooled = ledger.pooled(id);
  if (pooled)
    return {
      model: new algosdk.modelsv2.PendingTransactionResponse({ poolError: '', txn: pooled.stxn }),
      poolError: '',
    };
  // algod reports a transaction its pool kicked out with the reason, as `pool-error`
  const dropped = ledger.droppedFromPool(id);
  if (dropped)
    return {
      model: new algosdk.modelsv2.PendingTransactionResponse({ poolError: dropped.error, txn: dropped.txn.stxn }),
      poolError: dropped.error,
    };
  return null;
}

function pending(deps: AlgodDeps, ctx: RequestContext): Reply {
  const found = deps.faults.pendingBlind ? null : pendingModel(deps, ctx.params[0]);
  if (!found) return errorReply(404, 'txn does not exist');
  const { model, poolError } = found;
  // algosdk omits empty fields, but algod always sends "pool-error" (it is required).
  if (ctx.query.get('format') === 'msgpack') {
    const fields = algosdk.msgpackRawDecode(algosdk.encodeMsgpack(model)) as Record<string, unknown>;
    return { status: 200, msgpack: algosdk.msgpackRawEncode({ ...fields, 'pool-error': poolError }) };
  }
  const fields = algosdk.parseJSON(algosdk.encodeJSON(model), { intDecoding: algosdk.IntDecoding.BIGINT }) as object;
  return { status: 200, json: { ...fields, 'pool-error': poolError } };
}

// Groups are confirmed as they arrive, so the pool is always empty.
function emptyPool(ctx: RequestContext): Reply {
  const model = new algosdk.modelsv2.PendingTransactionsResponse({ topTransactions: [], totalTransactions: 0 });
  if (ctx.query.get('format') === 'json') return { status: 200, jsonText: algosdk.encodeJSON(model) };
  return { status: 200, msgpack: algosdk.encodeMsgpack(model) };
}

function address(text: string): string | null {
  return algosdk.isValidAddress(text) ? text : null;
}

function account(deps: AlgodDeps, ctx: RequestContext): Reply {
  const bad = jsonOnly(ctx);
  if (bad) return bad;
  const addr = address(ctx.params[0]);
  if (!addr) return errorReply(400, 'failed to parse the address');
  const { ledger } = deps;
  const created = [...ledger.state.assets.values()].filter((a) => a.creator === addr);
  const exclude = ctx.query.get('exclude') === 'all';
  return { status: 200, json: accountJson(addr, ledger.account(addr), created, ledger.round, exclude) };
}

function accountAsset(deps: AlgodDeps, ctx: RequestContext): Reply {
  const bad = jsonOnly(ctx);
  if (bad) return bad;
  const addr = address(ctx.params[0]);
  if (!addr) return errorReply(400, 'failed to parse the address');
  const id = parseUint(ctx.params[1]);
  if (id === null) return errorReply(400, 'invalid asset id');
  const holding = deps.ledger.account(addr)?.holdings.get(id);
  if (!holding) return errorReply(404, 'account asset info not found');
  const out: Record<string, unknown> = { 'asset-holding': holdingJson(id, holding), round: deps.ledger.round };
  const asset = deps.ledger.asset(id);
  if (asset && asset.creator === addr) out['created-asset'] = assetParamsJson(asset);
  return { status: 200, json: out };
}

function asset(deps: AlgodDeps, ctx: RequestContext): Reply {
  const bad = jsonOnly(ctx);
  if (bad) return bad;
  const id = parseUint(ctx.params[0]);
  if (id === null) return errorReply(400, 'invalid asset id');
  const found = deps.ledger.asset(id);
  if (!found) return errorReply(404, 'asset does not exist');
  return { status: 200, json: assetJson(found) };
}

async function waitForBlock(deps: AlgodDeps, ctx: RequestContext): Promise<Reply> {
  const round = parseUint(ctx.params[0]);
  if (round === null) return errorReply(400, 'invalid round');
  const aborted = new AbortController();
  ctx.res.once('close', () => aborted.abort());
  await deps.ledger.waitForBlockAfter(round, deps.waitTimeoutMs, aborted.signal);
  return status(deps);
}

function versions(deps: AlgodDeps): Reply {
  const { state } = deps.ledger;
  return {
    status: 200,
    json: {
      build: { branch: 'cosmic-devnet', build_number: 0, channel: 'dev', commit_hash: 'devnet', major: 4, minor: 0 },
      genesis_hash_b64: Buffer.from(state.genesisHash).toString('base64'),
      genesis_id: state.genesisId,
      versions: ['v2'],
    },
  };
}

/** The algod v2 routes the devnet serves. */
export function algodRoutes(deps: AlgodDeps): Route[] {
  const ok: Reply = { status: 200, empty: true };
  return [
    { method: 'GET', pattern: /^\/health$/, handle: () => ok },
    { method: 'GET', pattern: /^\/ready$/, handle: () => ok },
    { method: 'GET', pattern: /^\/versions$/, handle: () => versions(deps) },
    { method: 'GET', pattern: /^\/v2\/status$/, handle: () => status(deps) },
    {
      method: 'GET',
      pattern: /^\/v2\/status\/wait-for-block-after\/([^/]+)$/,
      handle: (ctx) => waitForBlock(deps, ctx),
    },
    { method: 'GET', pattern: /^\/v2\/transactions\/params$/, handle: () => params(deps) },
    { method: 'POST', pattern: /^\/v2\/transactions$/, handle: (ctx) => sendRaw(deps, ctx) },
    { method: 'GET', pattern: /^\/v2\/transactions\/pending$/, handle: (ctx) => emptyPool(ctx) },
    { method: 'GET', pattern: /^\/v2\/transactions\/pending\/([^/]+)$/, handle: (ctx) => pending(deps, ctx) },
    { method: 'GET', pattern: /^\/v2\/accounts\/([^/]+)\/transactions\/pending$/, handle: (ctx) => emptyPool(ctx) },
    { method: 'GET', pattern: /^\/v2\/accounts\/([^/]+)$/, handle: (ctx) => account(deps, ctx) },
    { method: 'GET', pattern: /^\/v2\/accounts\/([^/]+)\/assets\/([^/]+)$/, handle: (ctx) => accountAsset(deps, ctx) },
    { method: 'GET', pattern: /^\/v2\/assets\/([^/]+)$/, handle: (ctx) => asset(deps, ctx) },
  ];
}
