// test-failures.cjs: what test.mjs prints at the end of a run about each failed test, from the
// reports Jest (--json) and Playwright (json reporter) write, in the shapes they write them.
import { failureLines, jestFailures, playwrightFailures } from './test-failures.cjs';

const jestReport = {
  numFailedTests: 1,
  testResults: [
    {
      name: '/ci/apps/api/src/reliability/sigterm-drain.rel-spec.ts',
      status: 'failed',
      message: '',
      assertionResults: [
        { fullName: 'SIGTERM drains on an external PostgreSQL', status: 'passed', failureMessages: [] },
        {
          fullName: 'SIGTERM drains on its embedded PostgreSQL',
          status: 'failed',
          failureMessages: [
            '\u001b[31mError: API exited with 1: API failed to start: undefined\u001b[39m\n\n    at startApi (api-process.ts:52:40)\n' +
              Array.from({ length: 20 }, (_, i) => `    at frame${i}`).join('\n'),
          ],
        },
      ],
    },
    // a suite that did not run its tests at all
    {
      name: '/ci/apps/api/src/broken.int-spec.ts',
      status: 'failed',
      message: 'Test suite failed to run\n\nSyntaxError: x',
      assertionResults: [],
    },
    { name: '/ci/apps/api/src/fine.int-spec.ts', status: 'passed', message: '', assertionResults: [] },
  ],
};

const playwrightReport = {
  suites: [
    {
      title: 'quiet-dashboard.spec.ts',
      file: 'quiet-dashboard.spec.ts',
      specs: [],
      suites: [
        {
          title: 'at 390x844',
          file: 'quiet-dashboard.spec.ts',
          specs: [
            {
              title: 'ordinary player journeys raise no finding',
              file: 'quiet-dashboard.spec.ts',
              line: 83,
              tests: [
                {
                  status: 'unexpected',
                  results: [
                    {
                      status: 'failed',
                      errors: [
                        { message: 'Error: expect(received).toEqual(expected)\n- []\n+ ["MEDIUM session abuse"]' },
                      ],
                    },
                  ],
                },
              ],
            },
            {
              title: 'passes',
              file: 'quiet-dashboard.spec.ts',
              line: 90,
              tests: [{ status: 'expected', results: [] }],
            },
            { title: 'flaky', file: 'quiet-dashboard.spec.ts', line: 95, tests: [{ status: 'flaky', results: [] }] },
          ],
        },
      ],
    },
  ],
};

describe('test-failures', () => {
  it("names each failed Jest test and its error's first lines, without colours, and a suite that did not run", () => {
    const found = jestFailures(jestReport);
    expect(found.map((f) => f.test)).toEqual([
      '/ci/apps/api/src/reliability/sigterm-drain.rel-spec.ts › SIGTERM drains on its embedded PostgreSQL',
      '/ci/apps/api/src/broken.int-spec.ts',
    ]);
    expect(found[0].error.split('\n')).toHaveLength(8);
    expect(found[0].error).toMatch(/^ {4}Error: API exited with 1: API failed to start: undefined\n {4}at startApi/);
    expect(found[0].error).not.toContain('\u001b');
    expect(found[1].error).toBe('    Test suite failed to run\n    SyntaxError: x');
  });

  it('names each Playwright test that did not end as expected with its describe titles and first error', () => {
    expect(playwrightFailures(playwrightReport)).toEqual([
      {
        test: 'quiet-dashboard.spec.ts:83 › at 390x844 › ordinary player journeys raise no finding',
        error: '    Error: expect(received).toEqual(expected)\n    - []\n    + ["MEDIUM session abuse"]',
      },
    ]);
  });

  it('prints nothing for a step without failures, and at most twelve with how many more', () => {
    expect(failureLines('unit', [])).toEqual([]);
    const many = Array.from({ length: 15 }, (_, i) => ({ test: `t${i}`, error: `    e${i}` }));
    const lines = failureLines('e2e', many);
    expect(lines[0]).toBe('e2e: why it failed');
    expect(lines.slice(1, -1)).toHaveLength(12);
    expect(lines[1]).toBe('  ✘ t0\n    e0');
    expect(lines.at(-1)).toBe('  … and 3 more');
  });
});
