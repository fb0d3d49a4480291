// Why each test of a `npm test` step failed, read from the step's JSON report (Jest's --json,
// Playwright's json reporter), in a few lines each: test.mjs prints them after the summary line's
// counts, so the end of a long CI log still names each failure and its first lines of error.

const LINES = 8;
const MAX = 12;

/** A message without colours, its first `LINES` non-empty lines. */
function head(message) {
  return (
    String(message ?? '')
      // eslint-disable-next-line no-control-regex
      .replace(/\u001b\[[0-9;]*m/g, '')
      .split('\n')
      .filter((l) => l.trim())
      .slice(0, LINES)
      .map((l) => `    ${l.trim()}`)
      .join('\n')
  );
}

/** Each failed test of a Jest JSON report: its file and name, and its error's first lines. */
function jestFailures(report) {
  const out = [];
  for (const suite of report.testResults ?? []) {
    const failed = (suite.assertionResults ?? []).filter((a) => a.status === 'failed');
    for (const a of failed) out.push({ test: `${suite.name} › ${a.fullName}`, error: head(a.failureMessages?.[0]) });
    // a suite that failed outside its tests (it did not compile, a hook threw)
    if (!failed.length && suite.status === 'failed') out.push({ test: suite.name, error: head(suite.message) });
  }
  return out;
}

/** Each test of a Playwright JSON report that did not end as expected: file, titles, first error. */
function playwrightFailures(report) {
  const out = [];
  const walk = (suite, titles) => {
    for (const spec of suite.specs ?? [])
      for (const t of spec.tests ?? [])
        if (t.status === 'unexpected') {
          const result = t.results?.[t.results.length - 1];
          out.push({
            test: `${spec.file}:${spec.line} › ${[...titles, spec.title].join(' › ')}`,
            error: head(result?.errors?.[0]?.message ?? result?.error?.message),
          });
        }
    for (const child of suite.suites ?? []) walk(child, [...titles, child.title]);
  };
  // the top level is one suite per file, titled with the file's name
  for (const suite of report.suites ?? []) walk(suite, []);
  return out;
}

/** The lines test.mjs prints: each failure (at most MAX), then how many more. */
function failureLines(step, failures) {
  if (!failures.length) return [];
  const shown = failures.slice(0, MAX).map((f) => `  ✘ ${f.test}\n${f.error}`);
  const more = failures.length > MAX ? [`  … and ${failures.length - MAX} more`] : [];
  return [`${step}: why it failed`, ...shown, ...more];
}

module.exports = { jestFailures, playwrightFailures, failureLines };
