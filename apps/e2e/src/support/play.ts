import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import { Client } from 'pg';
import { createHash } from 'node:crypto';
import { baseURL } from '../../playwright.config';

// What several browser tests do as or for a player: the two screen sizes issue 29 asks for, the
// guest's bet history, a known seed pair planted on a fresh guest, and axe's serious findings.

/** A 390×844 phone and a 1280×800 desktop (issue 29's two sizes). */
export const PHONE_AND_DESKTOP = [
  { name: '390x844', viewport: { width: 390, height: 844 } },
  { name: '1280x800', viewport: { width: 1280, height: 800 } },
] as const;

/** A bet as GET /api/bets has it. */
export interface HistoryBet {
  game: string;
  amount: string;
  payout: string;
}

/** The guest's settled bets, newest first, as the history API has them. */
export const betHistory = (page: Page) =>
  page.evaluate(async () => {
    const walletAddress = localStorage.getItem('guestUserId') ?? '';
    const r = await fetch(`/api/bets?walletAddress=${encodeURIComponent(walletAddress)}&limit=50`, {
      credentials: 'include',
    });
    return (await r.json()) as HistoryBet[];
  });

/** The e2e server's embedded database (apps/e2e/playwright.config.ts: the API's port + 20000). */
const DB = `postgresql://cosmic:cosmic-local@127.0.0.1:${Number(new URL(baseURL).port) + 20000}/cosmic`;

/**
 * Opens `path` as a fresh guest and, with `seed`, makes that pair the guest's active one at its
 * nonce, as the server would have drawn it: the server seed is secret, so a test that needs a
 * given outcome plants a known one (and finds the nonce that gives the outcome with game-engine).
 */
export async function openAsFreshGuest(
  page: Page,
  path: string,
  seed?: { serverSeed: string; clientSeed: string; nonce: number },
): Promise<void> {
  await page.goto(path);
  await expect(page.getByTestId('hc-balance')).toHaveText('1,000 HC');
  if (!seed) return;
  const db = new Client({ connectionString: DB });
  await db.connect();
  try {
    const hash = createHash('sha256').update(seed.serverSeed, 'ascii').digest('hex');
    // the balance shows 1,000 HC before the guest's account exists on the server: wait for it
    await expect
      .poll(
        async () => {
          const wallet = await page.evaluate(() => localStorage.getItem('guestUserId'));
          const r = await db.query(
            `UPDATE seed_pairs SET server_seed = $2, server_seed_hash = $3, client_seed = $4, nonce = $5
            WHERE active AND user_id = (SELECT id FROM users WHERE wallet_address = $1)`,
            [wallet, seed.serverSeed, hash, seed.clientSeed, seed.nonce],
          );
          return r.rowCount;
        },
        { timeout: 15_000 },
      )
      .toBe(1);
  } finally {
    await db.end();
  }
}

/** Each WCAG 2 A/AA violation axe finds, with the first nodes it names (selector and markup). */
export function describeViolations(violations: Awaited<ReturnType<AxeBuilder['analyze']>>['violations']): string[] {
  return violations.map(
    (v) =>
      `${v.id}: ${v.help} (${v.nodes
        .map((n) => `${n.target.join(' ')} ${n.html.slice(0, 160)} ${n.failureSummary ?? ''}`.trim())
        .slice(0, 3)
        .join(' | ')})`,
  );
}

/** The WCAG 2 A/AA violations axe finds inside `selector` (the whole page when absent) as it is now. */
export async function wcagViolations(page: Page, selector?: string): Promise<string[]> {
  const builder = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']);
  const results = await (selector ? builder.include(selector) : builder).analyze();
  return describeViolations(results.violations);
}

/** The serious or critical WCAG 2 A/AA violations axe finds on the page as it is now. */
export async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return describeViolations(results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical'));
}

/**
 * Holds the page's requests to `url` until `release()` (the app's code arriving late, on demand);
 * `held()` says how many were held.
 */
export async function holdRequests(page: Page, url: RegExp) {
  let release = () => undefined as void;
  const gate = new Promise<void>((r) => (release = r));
  let count = 0;
  await page.route(url, async (route) => {
    count++;
    await gate;
    await route.continue();
  });
  return { release, held: () => count };
}
