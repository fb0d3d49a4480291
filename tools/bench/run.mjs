// `npm run bench [-- api mixed poker web lighthouse slots growth main-thread]`: builds, runs the chosen benchmarks (all but growth and main-thread by default) and
// writes their figures with the machine and the date into BENCHMARKS.md (between the markers).
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus as cpus_ } from 'node:os';

const chosen = process.argv.slice(2).filter((a) => !a.startsWith('-'));
const run = (name) => chosen.length === 0 || chosen.includes(name);
const env = { ...process.env, NX_DAEMON: 'false' };

const build = spawnSync('npx', ['nx', 'run-many', '-t', 'build', '--outputStyle=static'], { stdio: 'inherit', env });
if (build.status !== 0) process.exit(build.status ?? 1);

function json(cmd, args) {
  const r = spawnSync(cmd, args, {
    encoding: 'utf8',
    env,
    maxBuffer: 64 * 1024 * 1024,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(' ')} failed`);
  const out = r.stdout;
  return JSON.parse(out.slice(out.indexOf('{')));
}

const sections = {}; // api | mixed | poker | web | lighthouse | slots | growth → markdown
const chromiumVersion = () =>
  spawnSync(process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', ['--version'], { encoding: 'utf8' }).stdout?.trim() ||
  'chromium';
const date = new Date().toISOString().slice(0, 10);
if (run('api')) {
  const r = json('node', ['tools/bench/api-bench.mjs', '--duration', process.env.BENCH_SECONDS ?? '20']);
  const m = r.machine;
  sections.api = `### API: dice bets over HTTP vs pgbench (${date})

Machine: ${m.cores} cores ${m.cpu}, ${m.memoryGiB} GiB, Node ${m.node}; embedded PostgreSQL 18; wrk 1 thread, ${r.connections} connections, ${r.durationSeconds} s per run; pgbench tpcb-like scale 10, 16 clients, before and after the HTTP runs.

| run | bets/s | p50 ms | p99 ms | non-2xx | pgbench TPS (mean) | ratio bets/s ÷ TPS | ledger exact | commits per bet |
|---|---|---|---|---|---|---|---|---|
| 64 players | ${r.spread.betsPerSecond.toFixed(0)} | ${r.spread.p50ms} | ${r.spread.p99ms} | ${r.spread.non2xx} | ${r.pgbenchTps.mean.toFixed(0)} | **${r.spread.ratio.toFixed(2)}** | ${r.spread.ledger.exact ? 'yes' : 'NO'} (${r.spread.ledger.bets} bets) | ${r.spread.commitsPerBet} |
${
  r.spreadWithoutGroupCommit
    ? `| 64 players, every bet its own transaction (BET_BATCH_MAX=1) | ${r.spreadWithoutGroupCommit.betsPerSecond.toFixed(0)} | ${r.spreadWithoutGroupCommit.p50ms} | ${r.spreadWithoutGroupCommit.p99ms} | ${r.spreadWithoutGroupCommit.non2xx} | ${r.pgbenchTps.mean.toFixed(0)} | ${r.spreadWithoutGroupCommit.ratio.toFixed(2)} | ${r.spreadWithoutGroupCommit.ledger.exact ? 'yes' : 'NO'} | ${r.spreadWithoutGroupCommit.commitsPerBet} |
`
    : ''
}| 1 hot player | ${r.hot.betsPerSecond.toFixed(0)} | ${r.hot.p50ms} | ${r.hot.p99ms} | ${r.hot.non2xx} | ${r.pgbenchTps.mean.toFixed(0)} | ${r.hot.ratio.toFixed(2)} | ${r.hot.ledger.exact ? 'yes' : 'NO'} (${r.hot.ledger.bets} bets) | ${r.hot.commitsPerBet} |
| place_bet() from pgbench, no HTTP/Node (one client per player, 16) | ${r.dbOnly.betsPerSecond.toFixed(0)} | | | | ${r.pgbenchTps.mean.toFixed(0)} | ${r.dbOnly.ratio.toFixed(2)} | ${r.dbOnly.ledger.exact ? 'yes' : 'NO'} | 1 |

CPU time per bet (per transaction for pgbench), µs, by process, from /proc: where a bet's cost goes.

| run | API (Node) | PostgreSQL | load generator | total |
|---|---|---|---|---|
| 64 players over HTTP | ${r.spread.cpuPerBetUs.api} | ${r.spread.cpuPerBetUs.postgres} | ${r.spread.cpuPerBetUs.wrk} (wrk) | ${r.spread.cpuPerBetUs.api + r.spread.cpuPerBetUs.postgres + r.spread.cpuPerBetUs.wrk} |
${
  r.spreadWithoutGroupCommit
    ? `| 64 players, BET_BATCH_MAX=1 | ${r.spreadWithoutGroupCommit.cpuPerBetUs.api} | ${r.spreadWithoutGroupCommit.cpuPerBetUs.postgres} | ${r.spreadWithoutGroupCommit.cpuPerBetUs.wrk} (wrk) | ${r.spreadWithoutGroupCommit.cpuPerBetUs.api + r.spreadWithoutGroupCommit.cpuPerBetUs.postgres + r.spreadWithoutGroupCommit.cpuPerBetUs.wrk} |
`
    : ''
}| 1 hot player over HTTP | ${r.hot.cpuPerBetUs.api} | ${r.hot.cpuPerBetUs.postgres} | ${r.hot.cpuPerBetUs.wrk} (wrk) | ${r.hot.cpuPerBetUs.api + r.hot.cpuPerBetUs.postgres + r.hot.cpuPerBetUs.wrk} |
| place_bet() from pgbench | — | ${r.dbOnly.cpuPerBetUs.postgres} | ${r.dbOnly.cpuPerBetUs.pgbench} (pgbench) | ${r.dbOnly.cpuPerBetUs.postgres + r.dbOnly.cpuPerBetUs.pgbench} |
| pgbench tpcb-like (the baseline) | — | ${r.pgbenchCpuPerTxUs.postgres} | ${r.pgbenchCpuPerTxUs.pgbench} (pgbench) | ${r.pgbenchCpuPerTxUs.postgres + r.pgbenchCpuPerTxUs.pgbench} |

The API's garbage collector during each run (V8's \`--trace-gc-nvp\`): every pause stops the event loop, so the bets in flight wait for it.

| run | young collections/s | pause mean ms | pause max ms | MB surviving each | MB promoted each | full collections | full pause max ms |
|---|---|---|---|---|---|---|---|
${[
  ['64 players', r.spread.gc],
  ...(r.spreadWithoutGroupCommit ? [['64 players, BET_BATCH_MAX=1', r.spreadWithoutGroupCommit.gc]] : []),
  ['1 hot player', r.hot.gc],
]
  .map(
    ([name, g]) =>
      `| ${name} | ${g.scavengesPerSecond} | ${g.scavengePauseMeanMs} | ${g.scavengePauseMaxMs} | ${g.survivedMBEach} | ${g.promotedMBEach} | ${g.markCompacts} | ${g.markCompactPauseMaxMs} |`,
  )
  .join('\n')}
`;
}
if (run('mixed')) {
  const r = json('node', ['tools/bench/mixed-bench.mjs', '--duration', process.env.BENCH_SECONDS ?? '20']);
  const m = r.machine;
  const ms = (x) => (x === null ? '—' : x);
  const gameRows = Object.entries(r.solo)
    .map(
      ([game, g]) =>
        `| ${game} alone | ${g.actionsPerSecond} | ${g.settledPerSecond} | ${(g.settledPerSecond / r.pgbenchTps.mean).toFixed(2)} | ${g.statementsPerAction} | ${g.commitsPerAction} | ${g.writesPerAction ?? '—'} | ${g.cpuPerActionUs.api} | ${g.cpuPerActionUs.postgres} | ${g.cpuPerActionUs.loadGenerator} | ${g.failed} |`,
    )
    .join('\n');
  const actionRows = Object.entries(r.mixed.byAction)
    .map(
      ([action, a]) =>
        `| ${action} | ${a.count} | ${a.perSecond} | ${ms(a.p50ms)} | ${ms(a.p99ms)} | ${a.failed} | ${a.p99ms < r.targets.p99ms ? 'yes' : 'NO'} |`,
    )
    .join('\n');
  sections.mixed = `### Mixed players: five games over HTTP vs pgbench (${r.date.slice(0, 10)})

Machine: ${m.cores} cores ${m.cpu}, ${m.memoryGiB} GiB, Node ${m.node}; embedded PostgreSQL 18 with pg_stat_statements; ${r.players} players in one Node load generator, each with its own session, playing sessions in the mix ${Object.entries(
    r.mix,
  )
    .map(([g, s]) => `${g} ${Math.round(s * 100)}%`)
    .join(
      ', ',
    )}; each game alone for ${r.soloDurationSeconds} s, then the mix for ${r.durationSeconds} s; pgbench tpcb-like scale 10, 16 clients, before and after (mean ${r.pgbenchTps.mean.toFixed(0)} TPS). Targets: settled bets/s ≥ ${r.targets.ratio}× pgbench TPS (${r.targets.ratioMet ? 'met' : 'NOT met'}), p99 < ${r.targets.p99ms} ms for every action (${r.targets.p99Met ? 'met' : 'NOT met'}). Ledger exact after the run: ${r.ledger.exact ? 'yes' : 'NO'} (${r.ledger.players} players).

| run | actions/s | settled bets/s | ÷ pgbench TPS | statements per action | commits per action (reads included) | writing commits per action | API CPU µs/action | PostgreSQL CPU µs/action | load generator CPU µs/action | failed |
|---|---|---|---|---|---|---|---|---|---|---|
${gameRows}
| **the mix** | ${r.mixed.actionsPerSecond} | ${r.mixed.settledPerSecond} | **${r.mixed.ratio.toFixed(2)}** | ${r.mixed.statementsPerAction} | ${r.mixed.commitsPerAction} | ${r.mixed.writesPerAction ?? '—'} | ${r.mixed.cpuPerActionUs.api} | ${r.mixed.cpuPerActionUs.postgres} | ${r.mixed.cpuPerActionUs.loadGenerator} | ${r.mixed.failed} |

Each action in the mix:

| action | count | per s | p50 ms | p99 ms | failed | p99 within target |
|---|---|---|---|---|---|---|
${actionRows}
`;
}
if (run('poker')) {
  // production timings, then no pauses at all: what the tables cost, then how many hands one process can play
  const runs = [
    [
      'production timings',
      json('node', ['tools/bench/poker-bench.mjs', '--tables', '100', '--duration', process.env.BENCH_SECONDS ?? '30']),
    ],
    [
      'bots and hands without pauses',
      json('node', [
        'tools/bench/poker-bench.mjs',
        ...[
          '--tables',
          '100',
          '--duration',
          process.env.BENCH_SECONDS ?? '30',
          '--bot-delay',
          '0',
          '--between-hands',
          '0',
          '--human-delay',
          '100',
        ],
        ...['--port', '3520'],
      ]),
    ],
  ];
  const [, first] = runs[0];
  const m = first.machine;
  const rows = runs
    .map(
      ([name, r]) =>
        `| ${name} (bots ${r.botDelayMs} ms, between hands ${r.betweenHandsMs} ms, human ${r.humanDelayMs} ms) | ${r.tables} (${r.tablesThatFinishedHands} dealt) | ${r.seatedHumans} (${r.humansStillDealtIn} still dealt in) | ${r.handsPerSecond} | ${r.viewsPerSecond} | ${r.update.p50ms} | ${r.update.p99ms} | ${r.moveToUpdate.p50ms} | ${r.moveToUpdate.p99ms} | ${r.cpu.apiPercentOfOneCore}% | ${r.cpu.postgresPercentOfOneCore}% | ${r.cpu.apiMsPerHand} | ${r.errors + r.refusedMoves + r.socketsClosed} |`,
    )
    .join('\n');
  sections.poker = `### Poker: tables full of bots, one WebSocket human each, in one API process (${first.date.slice(0, 10)})

Machine: ${m.cores} cores ${m.cpu}, ${m.memoryGiB} GiB, Node ${m.node}; embedded PostgreSQL 18; ${first.durationSeconds} s per run after a warm-up. Each human buys in over HTTP (20 HC), watches its table over the WebSocket and acts on its turn after the human delay (check, else fold, so it keeps its chips; Pulsar, the humans-only table, deals no hand with one human). Without pauses the human waits 100 ms: a socket that sends more than 100 messages in 5 s is closed. Update latency: a table view's arrival at the human's socket less the view's \`serverTime\` (one clock). Move-to-update: the human's act to the first view past its turn. Target: ≥ ${first.target.tables} tables per process with update p99 < ${first.target.p99ms} ms at production timings (${first.target.met ? 'met' : 'NOT met'}).

| run | tables | humans seated | hands/s | views/s | update p50 ms | update p99 ms | move-to-update p50 ms | move-to-update p99 ms | API CPU (one core) | PostgreSQL CPU | API CPU ms per hand | errors (refused moves, closed sockets) |
|---|---|---|---|---|---|---|---|---|---|---|---|---|
${rows}
`;
}
if (run('web')) {
  const r = json('node', ['tools/bench/web-bench.mjs']);
  const rows = r.routes
    .map(
      (x) =>
        `| ${x.path} | ${x.kib} | +${x.moreThanHome} | ${x.remoteEntries.join(', ') || '—'} | ${x.withinTarget ? 'yes' : 'NO'} |`,
    )
    .join('\n');
  const cpus = cpus_();
  sections.web = `### Front end: JS to render each screen, gzip, in chromium (${date})

Machine: ${cpus.length} cores ${cpus[0]?.model ?? ''}, Node ${process.version}, ${chromiumVersion()}.

| route | KiB gzip | more than \`/\` | remoteEntry fetched | within target |
|---|---|---|---|---|
| / | ${r.home.kib} | — | ${r.home.remoteEntries.join(', ') || 'none'} | ${r.home.withinTarget ? 'yes' : 'NO'} |
${rows}
${
  r.wallet
    ? `
The wallet (1280x800): what each step fetches, KiB gzip. Target: \`/\` fetches no wallet library code, "Connect Wallet" fetches it (${r.wallet.withinTarget ? 'yes' : 'NO'}).

| step | KiB gzip | wallet library code | scripts (KiB gzip each) |
|---|---|---|---|
| \`/\` | ${r.wallet.home.kib} | ${r.wallet.home.walletCode ? 'YES' : 'none'} | ${r.wallet.home.scripts.join(', ')} |
| click "Connect Wallet" (chooser + use-wallet) | +${r.wallet.connectWallet.kib} | ${r.wallet.connectWallet.walletCode ? 'yes' : 'NO'} | ${r.wallet.connectWallet.scripts.join(', ')} |
| pick "Pera Wallet" (Pera Connect) | +${r.wallet.pickPera.kib} | | ${r.wallet.pickPera.scripts.join(', ')} |
`
    : ''
}`;
}
if (run('lighthouse')) {
  const r = json('node', ['tools/bench/lighthouse-bench.mjs', '--runs', process.env.LIGHTHOUSE_RUNS ?? '3']);
  const m = r.machine;
  const t = r.targets;
  const mark = (ok, text) => (ok ? String(text) : `**${text}**`);
  const rows = r.routes
    .map(
      (x) =>
        `| ${x.path} | ${mark(x.performance >= t.performance, x.performance)} | ${mark(x.accessibility >= t.accessibility, x.accessibility)} | ${mark(x.bestPractices >= t.bestPractices, x.bestPractices)} | ${mark(x.lcpMs <= t.lcpMs, (x.lcpMs / 1000).toFixed(2))} | ${mark(x.cls <= t.cls, x.cls)} | ${mark(x.tbtMs <= t.tbtMs, x.tbtMs)} | ${(x.fcpMs / 1000).toFixed(2)} | ${x.benchmarkIndex} | ${x.missed.length ? 'NO' : 'yes'} |`,
    )
    .join('\n');
  sections.lighthouse = `### Lighthouse: Core Web Vitals of each screen (${r.date.slice(0, 10)})

Machine: ${m.cores} cores ${m.cpu}, ${m.memoryGiB} GiB, Node ${m.node}, ${r.browser} (Debian's chromium, \`--headless=new --no-sandbox\`), Lighthouse ${r.lighthouse}: ${r.settings}; the median of ${r.runsPerRoute} runs per route, each from a cold cache. Targets: performance ≥ ${t.performance}, accessibility and best practices ${t.accessibility}, LCP ≤ ${(t.lcpMs / 1000).toFixed(1)} s, CLS ≤ ${t.cls}, TBT ≤ ${t.tbtMs} ms (a figure that misses its target is in bold). CLS counts every shift of the run's trace. TBT and LCP scale with the host's CPU: the benchmark index is Lighthouse's measure of it during the run (the machines of these runs measured 2,100–3,700 when quiet; other work on a shared machine lowers it, down to ~300).

| route | performance | accessibility | best practices | LCP s | CLS | TBT ms | FCP s | benchmark index | all targets |
|---|---|---|---|---|---|---|---|---|---|
${rows}
`;
}
if (run('slots') && existsSync('libs/game-engine/scripts/slots-sim.mjs')) {
  const r = spawnSync(
    'node',
    ['libs/game-engine/scripts/slots-sim.mjs', '--spins', process.env.SLOTS_SPINS ?? '2000000', '--seed', '7'],
    { encoding: 'utf8', env },
  );
  sections.slots = `### Slots simulation on one core (${date})

\`\`\`
${(r.stdout || r.stderr).trim()}
\`\`\`
`;
}

// hours of data generation: only when asked for by name (`npm run bench -- growth`)
if (chosen.includes('growth')) {
  const args = ['tools/bench/growth-bench.mjs', '--duration', process.env.BENCH_SECONDS ?? '20'];
  if (process.env.GROWTH_BETS) args.push('--bets', process.env.GROWTH_BETS);
  const r = json('node', args);
  const m = r.machine;
  const g = r.generated;
  const a = r.audit.audits;
  const gen = Object.entries(g.seconds)
    .map(([k, v]) => `${k} ${v} s`)
    .join(', ');
  sections.growth = `### Data growth: a year of bets, then the same dice run (${r.date.slice(0, 10)})

Machine: ${m.cores} cores ${m.cpu}, ${m.memoryGiB} GiB, Node ${m.node}; embedded PostgreSQL 18; wrk 1 thread, ${r.connections} connections, ${r.durationSeconds} s per run, 64 fresh players each time; pgbench tpcb-like scale 10, 16 clients, before and after each HTTP run. Generated in SQL: ${r.requested.bets.toLocaleString('en')} bets and ${r.requested.ledgerRows.toLocaleString('en')} ledger rows by ${r.requested.players.toLocaleString('en')} players over ${r.requested.months} months in ${Math.round(Object.values(g.seconds).reduce((x, y) => x + y, 0))} s (${gen}), so the tables then held ${g.bets.toLocaleString('en')} bets and ${g.ledgerRows.toLocaleString('en')} ledger rows (${r.partitions} weekly partitions each); database ${r.databaseGiB} GiB, of which bets and ledger ${r.betsAndLedgerGiB} GiB. The partition job checkpointed ${r.audit.weeksCheckpointed} ended weeks in ${r.audit.checkpointSeconds} s.

| database | bets/s | p99 ms | non-2xx | pgbench TPS (mean) | ratio bets/s ÷ TPS | ledger exact |
|---|---|---|---|---|---|---|
| empty | ${r.empty.betsPerSecond.toFixed(0)} | ${r.empty.p99ms} | ${r.empty.non2xx} | ${r.empty.pgbenchTps} | ${r.empty.ratio.toFixed(2)} | ${r.empty.ledgerExact ? 'yes' : 'NO'} |
| loaded | ${r.loaded.betsPerSecond.toFixed(0)} | ${r.loaded.p99ms} | ${r.loaded.non2xx} | ${r.loaded.pgbenchTps} | ${r.loaded.ratio.toFixed(2)} | ${r.loaded.ledgerExact ? 'yes' : 'NO'} |

Loaded ratio ÷ empty ratio: **${(r.ratioKept * 100).toFixed(0)}%** (target ≥ 90%: ${r.ratioKept >= 0.9 ? 'met' : 'NOT met'}). The auditor's scheduled runs on the loaded database: ${a.map((x) => `${x.durationMs} ms (${x.ok ? 'books balance' : 'PROBLEMS'}; rows read from ${x.weeks?.rowsFrom ?? '—'}, week re-read ${x.reverified?.join(', ') || '—'})`).join('; ')} (target < 5 s: ${a.every((x) => x.durationMs < 5000) ? 'met' : 'NOT met'}).
`;
}

// two builds compared, or one measured: only when asked for by name (`npm run bench -- main-thread`);
// MAIN_THREAD_BASE names the build to compare with (a worktree's dist copied into the workspace)
if (chosen.includes('main-thread')) {
  const args = ['tools/bench/main-thread-bench.mjs', '--runs', process.env.MAIN_THREAD_RUNS ?? '5'];
  if (process.env.MAIN_THREAD_ARGS) args.push(...process.env.MAIN_THREAD_ARGS.split(/\s+/).filter(Boolean));
  if (process.env.MAIN_THREAD_BASE) args.push('--base', process.env.MAIN_THREAD_BASE);
  const r = json('node', args);
  const m = r.machine;
  const cells = (f) =>
    `${f.taskMs} | ${f.longTasks} | ${f.blockingMs} | ${f.script} | ${f.style} | ${f.layout} | ${f.paint} | ${f.parseHtml}`;
  const rows = Object.keys(r.medians.dist)
    .flatMap((path) => [
      ...(r.medians.base ? [`| ${path} | base | ${cells(r.medians.base[path])} |`] : []),
      `| ${path} | dist | ${cells(r.medians.dist[path])} |`,
      ...(r.ratio ? [`| ${path} | dist ÷ base | ${cells(r.ratio[path])} |`] : []),
    ])
    .join('\n');
  sections.mainThread = `### Main thread: each screen's load in chromium (${r.date.slice(0, 10)})

Machine: ${m.cores} cores ${m.cpu}, ${m.memoryGiB} GiB, Node ${m.node}, chromium ${r.browser}; the CPU slowed ${r.settings.rate}× by DevTools${r.settings.scale > 1 ? ` and each task counted ${r.settings.scale} times as long` : ''}, ${r.settings.viewport}, traced until ${r.settings.waitMs} ms after the load event; medians of ${r.settings.runs} runs per route and build, the builds alternated${r.builds.base ? ` (base: \`${r.builds.base}\`)` : ''}. Milliseconds of the page's main thread: all its tasks, the tasks over 50 ms (and their time beyond 50 ms each: blocking time at this slowdown), then script, style, layout, paint and HTML parsing.

| route | build | tasks ms | long tasks | blocking ms | script | style | layout | paint | parse HTML |
|---|---|---|---|---|---|---|---|---|---|
${rows}
`;
}

const file = 'BENCHMARKS.md';
const BEGIN = '<!-- bench:begin -->';
const END = '<!-- bench:end -->';
let doc = existsSync(file) ? readFileSync(file, 'utf8') : `# Benchmarks\n\n${BEGIN}\n${END}\n`;
if (!doc.includes(BEGIN)) doc += `\n${BEGIN}\n${END}\n`;
// a partial run (`npm run bench -- api`) keeps the other benchmarks' latest figures
const HEADINGS = {
  api: '### API:',
  mixed: '### Mixed players:',
  poker: '### Poker:',
  growth: '### Data growth',
  web: '### Front end:',
  lighthouse: '### Lighthouse',
  mainThread: '### Main thread:',
  slots: '### Slots simulation',
};
const previous = doc.slice(doc.indexOf(BEGIN), doc.indexOf(END));
for (const [key, heading] of Object.entries(HEADINGS)) {
  if (sections[key] || !previous.includes(heading)) continue;
  const start = previous.indexOf(heading);
  const next = Object.values(HEADINGS)
    .map((h) => previous.indexOf(h, start + 1))
    .filter((i) => i > start);
  sections[key] = previous.slice(start, next.length ? Math.min(...next) : undefined).trimEnd() + '\n';
}
const ordered = Object.keys(HEADINGS)
  .filter((k) => sections[k])
  .map((k) => sections[k]);
const generated = `${BEGIN}\n## Latest run (\`npm run bench\`)\n\n${ordered.join('\n')}\n${END}`;
doc = doc.slice(0, doc.indexOf(BEGIN)) + generated + doc.slice(doc.indexOf(END) + END.length);
writeFileSync(file, doc);
console.log(ordered.join('\n'));
