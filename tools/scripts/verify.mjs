#!/usr/bin/env node
// Provably-fair verifier CLI: recomputes a bet from revealed seeds with the same game-engine code
// the server uses, and prints the outcome as JSON.
//   npm run verify -- --game dice --server-seed <64 hex> --client-seed <seed> --nonce 3 --bet-type low
// --hash checks the commitment: the server seed hash shown while the pair was active (which was
// already shown as "Next server seed (hashed)" before the player chose that pair's client seed).
// --reserves <proof.json> checks a proof-of-reserves inclusion proof (downloaded from
// /fairness/reserves) with the same game-engine code the page uses; --root/--total compare it with
// the root and total you read on chain, --indexer <url> reads them from the anchoring transaction.
// --receipt <receipt.json> checks a bet's anchor receipt (GET /api/bets/<id>/receipt) with SHA-256
// alone: the leaf is SHA-256 of the record, the path leads to the root; --indexer <url> also reads
// the anchoring transaction and checks its note holds that root and previous root.
// Exit code 0 when verified, 1 when the input is rejected or the hash does not match (the JSON
// says why), 2 on usage errors.
import fs from 'node:fs';
import { parseArgs } from 'node:util';
import { loadEngine } from '../../libs/game-engine/scripts/load-engine.mjs';

const USAGE = `Usage: npm run verify -- --receipt <receipt.json> [--indexer <url> [--indexer-token <t>]]
       npm run verify -- --reserves <proof.json> [--root <hex> --total <base units>] [--indexer <url> [--indexer-token <t>]]
       npm run verify -- --game <dice|plinko|hilo|blackjack|slots> --server-seed <hex> --client-seed <seed> --nonce <n> [game options]
  dice       --bet-type low|seven|high
  plinko     --risk low|medium|high
  hilo       --guesses higher,lower,...  [--cashout]
  blackjack  --actions hit,stand,double,split,...
  slots      [--free-spins]   a paid spin, or a free spin (×3); [--model <model.json>] replays another model
  any        --stake <base units>   also compute the payout; --currency HC pays whole House Coins
                    (rounded down, the fraction stays with the house), AMINA (default) base units
             --hash <hex>   the committed hash (shown as the next, then the active server seed hash): checks the seed's SHA-256`;

let values;
try {
  ({ values } = parseArgs({
    options: {
      game: { type: 'string' },
      'server-seed': { type: 'string' },
      'client-seed': { type: 'string' },
      nonce: { type: 'string' },
      'bet-type': { type: 'string' },
      risk: { type: 'string' },
      guesses: { type: 'string' },
      cashout: { type: 'boolean' },
      actions: { type: 'string' },
      model: { type: 'string' },
      'free-spins': { type: 'boolean' },
      stake: { type: 'string' },
      currency: { type: 'string' },
      hash: { type: 'string' },
      reserves: { type: 'string' },
      receipt: { type: 'string' },
      root: { type: 'string' },
      total: { type: 'string' },
      indexer: { type: 'string' },
      'indexer-token': { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  }));
} catch (e) {
  console.error(`${e.message}\n${USAGE}`);
  process.exit(2);
}
if (values.help) {
  console.log(USAGE);
  process.exit(0);
}

if (values.reserves !== undefined) process.exit(await verifyReserves());
if (values.receipt !== undefined) process.exit(await verifyReceipt());

const list = (s) =>
  s === undefined
    ? undefined
    : s
        .split(',')
        .map((x) => x.trim())
        .filter(Boolean);
// A nonce that is not a plain integer is passed through so the verifier names the problem.
const nonce = values.nonce !== undefined && /^\d+$/.test(values.nonce) ? Number(values.nonce) : values.nonce;
let model;
if (values.model !== undefined) {
  try {
    model = JSON.parse(fs.readFileSync(values.model, 'utf8'));
  } catch (e) {
    console.error(`Cannot read the slots model ${values.model}: ${e.message}`);
    process.exit(2);
  }
}

const engine = loadEngine();
const result = engine.verify(values.game, values['server-seed'], values['client-seed'], nonce, {
  betType: values['bet-type'],
  risk: values.risk,
  guesses: list(values.guesses),
  cashout: values.cashout,
  actions: list(values.actions),
  model,
  freeSpins: values['free-spins'],
  stake: values.stake,
  currency: values.currency,
});
if (result.ok && values.hash !== undefined) {
  const hashMatches = result.serverSeedHash === values.hash.trim().toLowerCase();
  Object.assign(result, { committedHash: values.hash, hashMatches });
  if (!hashMatches)
    Object.assign(result, { ok: false, error: 'SHA-256 of the server seed does not match the committed hash' });
}
console.log(JSON.stringify(result, null, 2));
process.exit(result.ok ? 0 : 1);

/**
 * Proof of reserves: the proof must lead to its root; that root and total must be the anchored
 * ones (--root/--total, or the note of the anchoring transaction read from --indexer).
 */
async function verifyReserves() {
  let proof;
  try {
    proof = JSON.parse(fs.readFileSync(values.reserves, 'utf8'));
  } catch (e) {
    console.error(`Cannot read the proof ${values.reserves}: ${e.message}`);
    return 2;
  }
  if ((values.root === undefined) !== (values.total === undefined)) {
    console.error(`--root and --total go together\n${USAGE}`);
    return 2;
  }
  const engine = loadEngine();
  let anchored =
    values.root === undefined ? undefined : { hash: values.root.trim().toLowerCase(), sum: values.total.trim() };
  let anchor;
  if (values.indexer !== undefined) {
    const txId = proof?.anchor?.txId;
    if (typeof txId !== 'string')
      return report({ ok: false, error: 'the proof names no anchoring transaction (anchor.txId) to look up' });
    const url = `${values.indexer.replace(/\/$/, '')}/v2/transactions/${encodeURIComponent(txId)}`;
    let body;
    try {
      const res = await fetch(url, {
        headers: values['indexer-token'] ? { 'X-Indexer-API-Token': values['indexer-token'] } : {},
      });
      if (!res.ok) return report({ ok: false, error: `the indexer answered ${res.status} for ${txId}` });
      body = await res.json();
    } catch (e) {
      return report({ ok: false, error: `cannot reach the indexer at ${values.indexer}: ${e.message}` });
    }
    const note = engine.parseReservesNote(Buffer.from(body?.transaction?.note ?? '', 'base64'));
    if (!note.ok) return report({ ok: false, error: `anchoring transaction ${txId}: ${note.error}` });
    const c = note.commitment;
    if (c.snapshot !== proof.snapshotId)
      return report({
        ok: false,
        error: `anchoring transaction ${txId} is for snapshot ${c.snapshot}, not ${proof.snapshotId}`,
      });
    anchor = {
      txId,
      round: String(body.transaction['confirmed-round'] ?? ''),
      sender: body.transaction.sender,
      commitment: c,
    };
    if (anchored && (anchored.hash !== c.root || anchored.sum !== c.liabilities))
      return report({ ok: false, error: `--root/--total differ from the note of ${txId}`, anchor });
    anchored = { hash: c.root, sum: c.liabilities };
  }
  const result = engine.verifyReservesProof(proof, anchored);
  return report({ ...result, anchoredRootChecked: anchored !== undefined, ...(anchor ? { anchor } : {}) });
}

/**
 * A bet's anchor receipt: the leaf must be SHA-256 of the record and the path must lead to the
 * root; with --indexer, the note of the receipt's transaction must hold that root and previous root.
 */
async function verifyReceipt() {
  let receipt;
  try {
    receipt = JSON.parse(fs.readFileSync(values.receipt, 'utf8'));
  } catch (e) {
    console.error(`Cannot read the receipt ${values.receipt}: ${e.message}`);
    return 2;
  }
  const engine = loadEngine();
  if (receipt?.status === 'pending')
    return report({ ok: false, error: `the bet is not anchored yet: ${receipt.message ?? 'no anchor'}` });
  let anchor;
  if (values.indexer !== undefined) {
    const txId = receipt?.txid;
    if (typeof txId !== 'string' || !/^[A-Z2-7]{52}$/.test(txId))
      return report({ ok: false, error: 'the receipt names no anchoring transaction (txid) to look up' });
    const body = await indexerTransaction(txId);
    if (body.error) return report({ ok: false, error: body.error });
    const note = engine.parseBetAnchorNote(Buffer.from(body.transaction?.note ?? '', 'base64'));
    if (!note.ok) return report({ ok: false, error: `anchoring transaction ${txId}: ${note.error}` });
    anchor = {
      txId,
      round: String(body.transaction['confirmed-round'] ?? ''),
      sender: body.transaction.sender,
      commitment: note.commitment,
    };
  }
  const result = engine.verifyBetReceipt(receipt, anchor?.commitment);
  return report({ ...result, anchoredRootChecked: anchor !== undefined, ...(anchor ? { anchor } : {}) });
}

/** GET /v2/transactions/<txid> from --indexer: the body, or { error } saying why not. */
async function indexerTransaction(txId) {
  const url = `${values.indexer.replace(/\/$/, '')}/v2/transactions/${encodeURIComponent(txId)}`;
  try {
    const res = await fetch(url, {
      headers: values['indexer-token'] ? { 'X-Indexer-API-Token': values['indexer-token'] } : {},
    });
    if (!res.ok) return { error: `the indexer answered ${res.status} for ${txId}` };
    return await res.json();
  } catch (e) {
    return { error: `cannot reach the indexer at ${values.indexer}: ${e.message}` };
  }
}

function report(result) {
  console.log(JSON.stringify(result, null, 2));
  return result.ok ? 0 : 1;
}
