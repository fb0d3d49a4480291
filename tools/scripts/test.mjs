// `npm test`: every check CI runs, in order — lint (with module boundaries), type check, unit
// tests, integration tests on a real PostgreSQL, the production build, and browser tests in
// chromium. Ends with one line "N passed, N failed" counting every test.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import failures from './test-failures.cjs';

const env = { ...process.env, NX_DAEMON: 'false', NX_NO_CLOUD: 'true', NX_TUI: 'false', FORCE_COLOR: '0' };
const results = 'tmp/test-results';
rmSync(results, { recursive: true, force: true });
mkdirSync(results, { recursive: true });

const only = process.argv.slice(2);
const steps = [
  { name: 'lint', cmd: ['node', 'tools/scripts/lint.mjs'] },
  { name: 'typecheck', cmd: ['npx', 'tsc', '-p', 'tsconfig.check.json'] },
  {
    name: 'unit',
    cmd: ['npx', 'jest', '-c', 'jest.config.ts', '--ci', '--forceExit', '--json', `--outputFile=${results}/unit.json`],
    report: 'jest',
  },
  {
    name: 'integration',
    cmd: [
      'npx',
      'jest',
      '-c',
      'jest.int.config.ts',
      '--ci',
      '--runInBand',
      '--forceExit',
      '--json',
      `--outputFile=${results}/int.json`,
    ],
    report: 'jest',
  },
  { name: 'docker', cmd: ['node', 'tools/scripts/check-docker.mjs'], report: 'counts' },
  { name: 'build', cmd: ['npx', 'nx', 'run-many', '-t', 'build', '--parallel=2', '--outputStyle=static'] },
  {
    name: 'reliability',
    cmd: [
      'npx',
      'jest',
      '-c',
      'jest.reliability.config.ts',
      '--ci',
      '--runInBand',
      '--forceExit',
      '--json',
      `--outputFile=${results}/reliability.json`,
    ],
    report: 'jest',
    needs: 'build',
  },
  { name: 'e2e', cmd: ['node', 'tools/scripts/e2e.mjs'], report: 'playwright', needs: 'build' },
];

let passed = 0;
let failed = 0;
const failedSteps = [];
const why = [];
for (const step of steps) {
  if (only.length && !only.includes(step.name)) continue;
  if (step.needs && failedSteps.includes(step.needs)) {
    console.log(`\n=== ${step.name}: skipped because ${step.needs} failed`);
    failedSteps.push(step.name);
    continue;
  }
  console.log(`\n=== ${step.name}: ${step.cmd.join(' ')}`);
  const t = Date.now();
  const status = spawnSync(step.cmd[0], step.cmd.slice(1), { stdio: 'inherit', env }).status;
  const counts = count(step);
  passed += counts.passed;
  failed += counts.failed;
  console.log(
    `=== ${step.name}: ${status === 0 ? 'ok' : 'FAILED'} in ${Math.round((Date.now() - t) / 1000)} s${counts.total ? ` (${counts.passed} passed, ${counts.failed} failed)` : ''}`,
  );
  if (status !== 0) failedSteps.push(step.name);
  why.push(...failures.failureLines(step.name, failuresOf(step)));
}

console.log(`\n${failedSteps.length ? `failed steps: ${failedSteps.join(', ')}` : 'all steps passed'}`);
if (why.length) console.log(`\n${why.join('\n')}\n`);
if (failedSteps.length && failed === 0) failed = failedSteps.length; // a step that failed outside any test still fails the run
console.log(`${passed} passed, ${failed} failed`);
process.exit(failedSteps.length ? 1 : 0);

/** The step's JSON report, when it wrote one. */
function reportOf(step) {
  const file =
    step.report === 'jest'
      ? step.cmd.find((a) => a.startsWith('--outputFile=')).slice('--outputFile='.length)
      : `${results}/${step.report === 'playwright' ? 'e2e' : step.name}.json`;
  return existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : null;
}

/** Each test of the step that failed, with its error's first lines (test-failures.cjs). */
function failuresOf(step) {
  try {
    const report = step.report === 'jest' || step.report === 'playwright' ? reportOf(step) : null;
    if (!report) return [];
    return step.report === 'jest' ? failures.jestFailures(report) : failures.playwrightFailures(report);
  } catch {
    return [];
  }
}

function count(step) {
  const zero = { passed: 0, failed: 0, total: 0 };
  try {
    const r = step.report ? reportOf(step) : null;
    if (!r) return zero;
    if (step.report === 'jest')
      return {
        passed: r.numPassedTests,
        failed: r.numFailedTests + r.numRuntimeErrorTestSuites,
        total: r.numTotalTests,
      };
    if (step.report === 'counts') return { passed: r.passed, failed: r.failed, total: r.passed + r.failed };
    const s = r.stats; // playwright
    return { passed: s.expected + s.flaky, failed: s.unexpected, total: s.expected + s.flaky + s.unexpected };
  } catch {
    return zero;
  }
}
