// The types of test-failures.cjs (read by its spec; test.mjs is plain JavaScript).
export interface Failure {
  /** The test's file and name (Jest), or file:line and describe titles (Playwright). */
  test: string;
  /** Its error's first lines, indented, without colours. */
  error: string;
}
export function jestFailures(report: unknown): Failure[];
export function playwrightFailures(report: unknown): Failure[];
export function failureLines(step: string, failures: Failure[]): string[];
