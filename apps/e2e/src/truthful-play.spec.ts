// Issue 29 (items 2 — dice, plinko and slots —, 3, 4, 6, 7, 8 and the game parts of 13): what a player sees matches what
// happened, played as a player would at 390×844 (a 3× phone) and 1280×800. The server seed is
// secret, so a test that needs a given outcome writes a known seed pair into the e2e database (as
// the server would have drawn it) and finds, with game-engine itself, the nonce that gives it.
// Screenshots go to tmp/screenshots/<name>-<size>.png.
import { expect, test, type Page } from '@playwright/test';
import {
  blackjackDeal,
  fairStream,
  hiloCashout,
  hiloGuess,
  hiloStart,
  playDice,
  playPlinko,
  playSlots,
  settledPayout,
  toNumber,
} from '@cosmic/game-engine';
import { openAsFreshGuest } from './support/play';

const SEED = 'e2e9'.repeat(16);
const CLIENT = 'truthful';
const COIN = 100_000_000n;
const stream = (n: number) => fairStream(SEED, CLIENT, n);

function findNonce(pred: (n: number) => boolean): number {
  for (let n = 0; n < 300_000; n++) if (pred(n)) return n;
  throw new Error('no such nonce');
}

const balance = (page: Page) => page.getByTestId('hc-balance');
const outcome = (page: Page) => page.getByTestId('game-outcome');
const hc = (n: bigint | number) => `${n.toLocaleString('en-US')} HC`;

/** Opens a game as a fresh guest (1,000 HC); with `nonce`, puts the known seed pair at that nonce on its account. */
const open = (page: Page, path: string, nonce?: number) =>
  openAsFreshGuest(page, path, nonce === undefined ? undefined : { serverSeed: SEED, clientSeed: CLIENT, nonce });

/** Opens "Verify this bet", reveals the seed, and checks the recomputed bet says `headline`. */
async function verifyLastBet(page: Page, headline: RegExp, shot?: string): Promise<void> {
  await page.getByRole('button', { name: 'Verify this bet' }).click();
  const dialog = page.getByRole('dialog', { name: 'Verify this bet' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Reveal the server seed' }).click();
  await expect(
    dialog.getByText('✓ The revealed server seed matches the hash you were shown before betting'),
  ).toBeVisible();
  await expect(dialog.getByTestId('verify-headline')).toHaveText(headline);
  if (shot) await page.screenshot({ path: shot });
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
}

const SIZES = [
  { name: '390x844', viewport: { width: 390, height: 844 }, deviceScaleFactor: 3 },
  { name: '1280x800', viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1 },
] as const;

for (const size of SIZES) {
  test.describe(`at ${size.name}`, () => {
    test.use({ viewport: size.viewport, deviceScaleFactor: size.deviceScaleFactor });
    const shot = (name: string) => `tmp/screenshots/${name}-${size.name}.png`;

    test('item 2: dice takes the stake at once and shows the win only when the dice stop', async ({ page }) => {
      const n = findNonce((i) => {
        const r = playDice(stream(i), 'high');
        return r.ok && r.outcome.won;
      });
      await open(page, '/game/dice', n);
      await page.getByRole('button', { name: /^High/ }).click();
      await expect(page.getByText('Rolling…')).toBeVisible();
      // the server has settled (1,010 HC) but the dice are still rolling: the stake shows as taken, the win not yet
      await expect(balance(page)).toHaveText('990 HC');
      await expect(page.getByRole('region', { name: 'Bet', exact: true }).getByText('990 HC')).toBeVisible();
      await page.screenshot({ path: shot('dice-rolling') });
      await expect(outcome(page)).toHaveText(/you win 20 HC/);
      await expect(balance(page)).toHaveText('1,010 HC');
    });

    test('items 2 and 3: plinko shows each win when its ball lands, keeps the risk while balls fall and lights the multiplier it paid', async ({
      page,
    }) => {
      const n = findNonce((i) => {
        const r = playPlinko(stream(i), 'high');
        return r.ok && toNumber(r.outcome.multiplier) >= 3;
      });
      const drop = playPlinko(stream(n), 'high');
      if (!drop.ok) throw new Error(drop.error);
      const m = toNumber(drop.outcome.multiplier);
      const win = settledPayout('HC', 10n * COIN, drop.outcome.multiplier) / COIN;
      await open(page, '/game/plinko', n);
      const canvas = page.locator('canvas.cc-plinko__canvas');
      // drawn for the screen's pixel ratio: 1200 × 1500 backing pixels on a 3× phone
      await expect(canvas).toHaveAttribute('data-pixel-ratio', String(size.deviceScaleFactor));
      await expect(canvas).toHaveAttribute('width', String(400 * size.deviceScaleFactor));
      await page.getByRole('button', { name: 'High', exact: true }).click();
      // the slot stays lit 3 s: every value the board's data-lit takes is kept, so a slow machine
      // that takes longer over the screenshot below does not miss it
      await page.evaluate(() => {
        const seen: string[] = [];
        (window as unknown as { litSeen: string[] }).litSeen = seen;
        new MutationObserver((records) =>
          records.forEach((r) => {
            const v = (r.target as Element).getAttribute('data-lit');
            if (v) seen.push(v);
          }),
        ).observe(document.body, { subtree: true, attributes: true, attributeFilter: ['data-lit'] });
      });
      await page.getByRole('button', { name: 'Drop ball' }).click();
      await expect(page.getByTestId('risk-locked')).toBeVisible();
      await expect(page.getByRole('button', { name: 'Low', exact: true })).toBeDisabled();
      await expect(page.getByRole('button', { name: 'Medium', exact: true })).toBeDisabled();
      await expect(balance(page)).toHaveText('990 HC');
      await page.screenshot({ path: shot('plinko-falling') });
      await expect
        .poll(() => page.evaluate(() => (window as unknown as { litSeen: string[] }).litSeen), { timeout: 30_000 })
        .toEqual([`${drop.outcome.slot}:${m}x`]);
      await expect(balance(page)).toHaveText(hc(990n + win));
      await expect(outcome(page)).toHaveText(`${m}x — Win! ${win} HC`);
      await expect(page.getByRole('button', { name: 'Low', exact: true })).toBeEnabled();
      await page.screenshot({ path: shot('plinko-landed') });
    });

    test('item 2: slots takes the stake at once and adds the win only when the cascades have played', async ({
      page,
    }) => {
      const n = findNonce((i) => {
        const r = playSlots(stream(i), { mode: 'base' });
        return (
          r.freeSpinsAwarded === 0 &&
          r.cascades.length >= 2 &&
          settledPayout('HC', 10n * COIN, r.multiplier) > 10n * COIN
        );
      });
      const spin = playSlots(stream(n), { mode: 'base' });
      const win = settledPayout('HC', 10n * COIN, spin.multiplier) / COIN;
      await open(page, '/game/slots', n);
      const [answer] = await Promise.all([
        page.waitForResponse('**/api/games/slots'),
        page.getByRole('button', { name: 'Spin', exact: true }).click(),
      ]);
      expect(answer.ok()).toBe(true);
      // the server has settled (990 + win) while the reels still fall: the stake shows as taken, the win not yet
      await expect(balance(page)).toHaveText('990 HC');
      await expect(outcome(page)).not.toHaveText(/Win!/);
      await page.screenshot({ path: shot('slots-spinning') });
      await expect(outcome(page)).toHaveText(new RegExp(`^Win! ${win} HC`), { timeout: 20_000 });
      await expect(balance(page)).toHaveText(hc(990n + win));
      await page.screenshot({ path: shot('slots-won') });
    });

    test('item 4: Buy Bonus asks first, and a running bonus never sits beside "Insufficient balance"', async ({
      page,
    }) => {
      test.setTimeout(150_000);
      const sent: string[] = [];
      page.on(
        'request',
        (r) =>
          void (
            r.method() === 'POST' &&
            new URL(r.url()).pathname.startsWith('/api/games/') &&
            sent.push(new URL(r.url()).pathname)
          ),
      );
      await open(page, '/game/slots');
      // the phone plays the bonus round at the normal speed (about a minute); the desktop shows
      // each spin at once, which plays the same calls and texts without the cascades' frames
      if (size.name === '1280x800') await page.getByRole('radio', { name: 'Instant' }).check();
      await page.getByRole('button', { name: /Buy Bonus/ }).click();
      const ask = page.getByRole('dialog', { name: 'Buy 10 free spins for 1,000 HC?' });
      await expect(ask).toBeVisible();
      await page.screenshot({ path: shot('slots-bonus-question') });
      await ask.getByRole('button', { name: 'Cancel' }).click();
      await expect(ask).toBeHidden();
      expect(sent).toEqual([]);
      await expect(balance(page)).toHaveText('1,000 HC');
      await page.getByRole('button', { name: /Buy Bonus/ }).click();
      await ask.getByRole('button', { name: 'Buy' }).click();
      await expect(balance(page)).toHaveText('0 HC');
      await expect(page.getByTestId('bet-note')).toHaveText(/free spins? to play: they cost nothing/);
      await expect(page.getByText(/Insufficient balance/)).toHaveCount(0);
      await page.screenshot({ path: shot('slots-bonus-running') });
      // every free spin plays by itself (issue 40 item 1): no click, and never a balance refusal
      await expect
        .poll(
          async () => {
            expect(await page.getByText(/Insufficient balance/).count()).toBe(0);
            return Number(await page.getByTestId('free-spins').textContent());
          },
          { timeout: 120_000, intervals: [1_000] },
        )
        .toBe(0);
      // the bonus round's total is what the balance gained (it was 0 after the buy)
      const total = page.getByTestId('bonus-total');
      await expect(total).toHaveText(/^Bonus round over: \d+ HC won in total$/, { timeout: 30_000 });
      const won = Number((await total.textContent())!.match(/(\d+) HC/)![1]);
      await expect(balance(page)).toHaveText(hc(won));
      await page.screenshot({ path: shot('slots-bonus-total') });
    });

    test('item 6: hi-lo cashes out whole House Coins', async ({ page }) => {
      // a first card where "higher" wins, with a fractional run multiplier
      const n = findNonce((i) => {
        const s = stream(i);
        const g = hiloGuess(hiloStart(s), 'higher', s);
        if (!g.ok || g.state.status !== 'active') return false;
        const c = hiloCashout(g.state);
        return c.ok && settledPayout('AMINA', 10n * COIN, c.multiplier) % COIN !== 0n;
      });
      const s = stream(n);
      const g = hiloGuess(hiloStart(s), 'higher', s);
      const c = g.ok ? hiloCashout(g.state) : null;
      if (!c?.ok) throw new Error('no cash-out');
      const paid = settledPayout('HC', 10n * COIN, c.multiplier) / COIN;
      await open(page, '/game/hilo', n);
      await page.getByRole('button', { name: 'Start' }).click();
      await page.getByRole('button', { name: /Higher/ }).click();
      await expect(page.getByTestId('hilo-streak')).toHaveText('1');
      await expect(page.getByRole('button', { name: `Cash Out ${paid} HC` })).toBeVisible();
      await page.getByRole('button', { name: /^Cash Out/ }).click();
      await expect(outcome(page)).toHaveText(`Cashed out ${paid} HC!`);
      await expect(balance(page)).toHaveText(hc(990n + paid));
      await expect(balance(page)).toHaveText(/^[\d,]+ HC$/);
      await page.screenshot({ path: shot('hilo-whole-coins') });
    });

    test('item 7: a slots payout below the stake is "Returned", not a win; the clusters and the rules are shown', async ({
      page,
    }) => {
      const n = findNonce((i) => {
        const r = playSlots(stream(i), { mode: 'base' });
        const paid = settledPayout('HC', 10n * COIN, r.multiplier);
        return r.freeSpinsAwarded === 0 && paid > 0n && paid < 10n * COIN;
      });
      const spin = playSlots(stream(n), { mode: 'base' });
      const paid = settledPayout('HC', 10n * COIN, spin.multiplier) / COIN;
      await open(page, '/game/slots', n);
      await page.getByRole('button', { name: 'Spin', exact: true }).click();
      await expect(outcome(page)).toHaveText(new RegExp(`^Returned ${paid} HC \\(`), { timeout: 20_000 });
      await expect(outcome(page)).not.toHaveText(/Win!/);
      await expect(page.getByTestId('winning-clusters').getByRole('listitem')).toHaveCount(
        spin.cascades.reduce((k, c) => k + c.clusters.length, 0),
      );
      await expect(balance(page)).toHaveText(hc(990n + paid));
      await page.screenshot({ path: shot('slots-returned') });
      const rules = page.getByTestId('slots-rules');
      await rules.getByText('Rules and paytable').click();
      await expect(rules.getByRole('table')).toContainText('Moon');
      await expect(rules).toContainText('scatter');
      await expect(rules).toContainText('Buy Bonus: 100× the bet for 10 free spins');
      await rules.scrollIntoViewIfNeeded();
      await page.screenshot({ path: shot('slots-rules') });
    });

    test('item 8: "Verify this bet" verifies the dice bet that was played, for each bet type, and opens the verifier prefilled', async ({
      page,
    }) => {
      test.setTimeout(120_000);
      await open(page, '/game/dice');
      for (const [type, label] of [
        ['low', /^Low/],
        ['seven', /^Seven/],
        ['high', /^High/],
      ] as const) {
        await page.getByRole('button', { name: label }).click();
        await expect(page.getByText('Rolling…')).toBeVisible();
        await expect(outcome(page)).toHaveText(/^Rolled \d+/);
        const rolled = Number((await outcome(page).textContent())!.match(/Rolled (\d+)/)![1]);
        const won = type === 'low' ? rolled <= 6 : type === 'seven' ? rolled === 7 : rolled >= 8;
        await verifyLastBet(
          page,
          new RegExp(`= ${rolled} on a ${type} bet: ${won ? 'won' : 'lost'}$`),
          type === 'seven' ? shot('verify-dice-seven') : undefined,
        );
      }
      await page.getByRole('button', { name: 'Verify this bet' }).click();
      await page.getByRole('dialog').getByRole('link', { name: 'Open in the verifier' }).click();
      await expect(page).toHaveURL(/\/fairness\?game=dice&.*betType=high/);
      await expect(page.getByTestId('verified-outcome')).toContainText('high bet');
    });

    test('item 8: plinko verifies each risk it was played at, hi-lo its guesses and cash-out, blackjack its actions, slots its spin', async ({
      page,
    }) => {
      test.setTimeout(240_000);
      await open(page, '/game/plinko');
      for (const risk of ['Low', 'Medium', 'High']) {
        await page.getByRole('button', { name: risk, exact: true }).click();
        await page.getByRole('button', { name: 'Drop ball' }).click();
        await expect(page.getByTestId('risk-locked')).toBeVisible();
        await expect(page.getByTestId('risk-locked')).toBeHidden({ timeout: 15_000 });
        await verifyLastBet(page, new RegExp(`\\(${risk.toLowerCase()} risk\\)$`));
      }

      await page.goto('/game/hilo');
      await page.getByRole('button', { name: 'Start' }).click();
      // guess the likelier side once: a win is cashed out, a loss ends the run
      const higher = Number(
        ((await page.getByRole('button', { name: /Higher/ }).textContent()) ?? '').match(/([\d.]+)%/)?.[1] ?? 0,
      );
      await page.getByRole('button', { name: higher >= 50 ? /Higher/ : /Lower/ }).click();
      const next = page.getByRole('button', { name: /^Cash Out \d+ HC$|^Play again$/ });
      await expect(next).toBeVisible();
      const cashed = /Cash Out/.test((await next.textContent()) ?? '');
      if (cashed) await next.click();
      await expect(page.getByRole('button', { name: 'Play again' })).toBeVisible();
      await verifyLastBet(page, new RegExp(`run ${cashed ? 'cashed' : 'lost'}, streak \\d+$`), shot('verify-hilo'));

      await page.goto('/game/blackjack');
      await page.getByRole('button', { name: 'Deal' }).click();
      // the hand is dealt (and settled at once on a blackjack), or the player stands
      await expect(page.getByTestId('player-total-0')).toBeVisible();
      const stand = page.getByRole('button', { name: 'Stand' });
      const deal = page.getByRole('button', { name: 'Deal' });
      await expect.poll(async () => (await stand.isEnabled()) || (await deal.isEnabled())).toBe(true);
      if (await stand.isEnabled()) await stand.click();
      await expect(page.getByRole('button', { name: 'Deal' })).toBeEnabled();
      await verifyLastBet(page, /^Dealer .+; hand 1 .+ — (blackjack|win|lose|push|bust)$/);

      await page.goto('/game/slots');
      // a spin that awards free spins plays them all by itself: at the normal speed that takes
      // longer than the wait below, so the spins are shown at once (the last one is then verified)
      await page.getByRole('radio', { name: 'Instant' }).check();
      await page.getByRole('button', { name: 'Spin', exact: true }).click();
      await expect(page.getByRole('button', { name: /^(Spin|Free Spin)$/ })).toBeEnabled({ timeout: 45_000 });
      await verifyLastBet(page, /winning cascades?, \d+ scatters?/, shot('verify-slots'));
    });

    test('item 13: blackjack shows a dealer blackjack as "Blackjack" and has one Double button; the lobby counts five games; AMINA says why it is off', async ({
      page,
    }) => {
      const n = findNonce((i) => {
        const s = blackjackDeal(stream(i));
        return s.status === 'settled' && s.dealer.length === 2 && s.hands[0].result === 'lose';
      });
      await open(page, '/game/blackjack', n);
      await page.getByRole('button', { name: 'Deal' }).click();
      await expect(page.getByTestId('dealer-total')).toHaveText('Blackjack');
      await expect(outcome(page)).toHaveText('Dealer wins');
      await expect(page.getByRole('button', { name: 'Double', exact: true })).toHaveCount(1); // the bet panel's
      await expect(page.getByRole('button', { name: 'Double Down' })).toHaveCount(1);
      await expect(page.getByTestId('amina-hint')).toHaveText('Connect and verify a wallet to bet AMINA');
      await expect(page.getByTestId('amina-hint')).toBeVisible();
      await page.screenshot({ path: shot('blackjack-dealer-blackjack') });

      await page.goto('/casino');
      await expect(page.getByRole('region', { name: 'Welcome' })).toContainText('5 games');
      await expect(page.getByRole('list', { name: '5 house games' }).getByRole('article')).toHaveCount(5);
      await expect(
        page.getByRole('list', { name: 'Multiplayer' }).getByRole('heading', { name: 'Cosmic Poker' }),
      ).toBeVisible();
      await page.getByRole('list', { name: 'Multiplayer' }).scrollIntoViewIfNeeded();
      await page.screenshot({ path: shot('lobby-groups') });
      // HC amounts are whole coins in the header
      await expect(balance(page)).toHaveText(/^[\d,]+ HC$/);
    });
  });
}
