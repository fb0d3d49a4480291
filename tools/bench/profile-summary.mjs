// Summarises a V8 CPU profile (node --cpu-prof): where the process spent its samples, by package
// (or project folder) and by function, self time and total time (self + callees).
//
//   node tools/bench/profile-summary.mjs PROFILE.cpuprofile [--top 30] [--skip-first SECONDS]
// Percentages are of the busy samples (idle excluded); --skip-first drops start-up;
// --callers NAME shows the call chains that lead to the function NAME, by samples.
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';

const { values: opts, positionals } = parseArgs({
  options: {
    top: { type: 'string', default: '30' },
    'skip-first': { type: 'string', default: '0' },
    callers: { type: 'string' },
  },
  allowPositionals: true,
});
if (positionals.length !== 1) {
  console.error('usage: node tools/bench/profile-summary.mjs PROFILE.cpuprofile [--top 30]');
  process.exit(2);
}
const profile = JSON.parse(readFileSync(positionals[0], 'utf8'));
const top = Number(opts.top);

const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const parent = new Map();
for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);

// self samples per node, after the skipped start, idle excluded
const skipUs = Number(opts['skip-first']) * 1e6;
const self = new Map();
let t = 0;
let total = 0;
let idle = 0;
profile.samples.forEach((id, i) => {
  t += profile.timeDeltas[i];
  if (t < skipUs) return;
  if (byId.get(id).callFrame.functionName === '(idle)') {
    idle++;
    return;
  }
  self.set(id, (self.get(id) ?? 0) + 1);
  total++;
});

/** node_modules/<pkg>, a project folder (apps/api/src/app/games), node internals, or the VM. */
function area(frame) {
  const url = frame.url || '';
  if (!url) return frame.functionName.startsWith('(') ? frame.functionName : '(native)';
  const nm = url.lastIndexOf('node_modules/');
  if (nm >= 0) {
    const rest = url.slice(nm + 'node_modules/'.length).split('/');
    return rest[0].startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0];
  }
  if (url.startsWith('node:')) return url;
  const m = /(apps|libs)\/.*\//.exec(url);
  return m ? m[0].replace(/\/$/, '').replace(/^.*?(apps|libs)\//, '$1/') : url;
}

function label(frame) {
  const file = (frame.url || '').split('/').slice(-1)[0];
  return `${frame.functionName || '(anonymous)'} ${file}${file ? `:${frame.lineNumber + 1}` : ''}`;
}

const selfBy = (key) => {
  const m = new Map();
  for (const [id, n] of self) {
    const k = key(byId.get(id).callFrame);
    m.set(k, (m.get(k) ?? 0) + n);
  }
  return m;
};

// total (inclusive) time per function: count each sample once per distinct function on its stack
const inclusive = new Map();
for (const [id, n] of self) {
  const seen = new Set();
  for (let cur = id; cur !== undefined; cur = parent.get(cur)) {
    const k = label(byId.get(cur).callFrame);
    if (seen.has(k)) continue;
    seen.add(k);
    inclusive.set(k, (inclusive.get(k) ?? 0) + n);
  }
}

const pct = (n) => `${((100 * n) / total).toFixed(1).padStart(5)}%`;
const print = (title, m) => {
  console.log(`\n${title}`);
  for (const [k, n] of [...m].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(`${pct(n)}  ${k}`);
};

const ms = (profile.endTime - profile.startTime) / 1000;
console.log(`${total} busy samples (${idle} idle) over ${(ms / 1000).toFixed(1)} s; percentages of busy`);
print('Self time by package or folder', selfBy(area));
print('Self time by function', selfBy(label));
print('Total time by function (self + callees)', inclusive);

if (opts.callers) {
  const chains = new Map();
  for (const [id, n] of self) {
    const stack = [];
    for (let cur = id; cur !== undefined; cur = parent.get(cur)) stack.push(byId.get(cur).callFrame);
    const at = stack.findIndex((f) => f.functionName === opts.callers);
    if (at < 0) continue;
    const k = stack
      .slice(at, at + 8)
      .map(label)
      .join(' <- ');
    chains.set(k, (chains.get(k) ?? 0) + n);
  }
  print(`Call chains into ${opts.callers}`, chains);
}
