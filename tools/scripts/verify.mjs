#!/usr/bin/env node
// Provably-fair verifier CLI: recomputes a bet from revealed seeds with the same game-engine code
// the server uses, and prints the outcome as JSON.
//   npm run verify -- --game dice --server-seed <64 hex> --client-seed <seed> --nonce 3 --bet-type low
// --hash checks the commitment: the server seed hash shown while the pair was active (which was
// already shown as "Next server seed (hashed)" before the player chose that pair's client seed).
// Exit code 0 when verified, 1 when the input is rejected or the hash does not match (the JSON
// says why), 2 on usage errors.
import fs from 'node:fs';
import { parseArgs } from 'node:util';
import { loadEngine } from '../../libs/game-engine/scripts/load-engine.mjs';

const USAGE = `Usage: npm run verify -- --game <dice|plinko|hilo|blackjack|slots> --server-seed <hex> --client-seed <seed> --nonce <n> [game options]
  dice       --bet-type low|seven|high
  plinko     --risk low|medium|high
  hilo       --guesses higher,lower,...  [--cashout]
  blackjack  --actions hit,stand,double,split,...
  slots      [--free-spins]   a paid spin, or a free spin (×3); [--model <model.json>] replays another model
  any        --stake <base units>   also compute the payout
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
      hash: { type: 'string' },
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

const list = (s) => (s === undefined ? undefined : s.split(',').map((x) => x.trim()).filter(Boolean));
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
});
if (result.ok && values.hash !== undefined) {
  const hashMatches = result.serverSeedHash === values.hash.trim().toLowerCase();
  Object.assign(result, { committedHash: values.hash, hashMatches });
  if (!hashMatches) Object.assign(result, { ok: false, error: 'SHA-256 of the server seed does not match the committed hash' });
}
console.log(JSON.stringify(result, null, 2));
process.exit(result.ok ? 0 : 1);
