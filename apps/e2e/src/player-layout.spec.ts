// Issue 40 items 3, 4 and 5, played as a player at 390×844 (a touch phone) and 1280×800: a bet's
// money is on the screen without a sideways scroll (live feed, "Your recent bets"), no poker seat
// covers the table's title, and the cashier has one deposit action whose abandoned transfers end
// as "Not sent". Screenshots go to tmp/screenshots/<name>-<size>.png.
import { expect, test, type Locator, type Page } from '@playwright/test';
import { advanceRounds } from './support/chain';
import { seriousViolations } from './support/play';
import { connectDemoWallet, devWallet, openAsGuest, toast } from './support/wallet';

const SIZES = [
  { name: '390x844', viewport: { width: 390, height: 844 }, phone: true },
  { name: '1280x800', viewport: { width: 1280, height: 800 }, phone: false },
] as const;

type Box = { x: number; y: number; width: number; height: number };
const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** Where `target` pokes out of the screen sideways, in px (0 when it is within the viewport's width). */
async function sideways(page: Page, target: Locator): Promise<number> {
  const box = await target.boundingBox();
  if (!box) return Number.POSITIVE_INFINITY;
  const width = page.viewportSize()!.width;
  return Math.round(Math.max(0, -box.x) + Math.max(0, box.x + box.width - width));
}

/** How far `container` (and the page) can be scrolled sideways, in px. */
const sidewaysScroll = (container: Locator) =>
  container.evaluate(
    (el) =>
      Math.max(0, el.scrollWidth - el.clientWidth) +
      Math.max(0, document.documentElement.scrollWidth - window.innerWidth),
  );

for (const size of SIZES) {
  test.describe(`at ${size.name}`, () => {
    test.use({ viewport: size.viewport, hasTouch: size.phone, isMobile: size.phone });
    const shot = (name: string) => `tmp/screenshots/${name}-${size.name}.png`;
    const press = (target: Locator) => (size.phone ? target.tap() : target.click());

    test('item 3: a bet’s multiplier, payout and Verify are on the screen in the live feed and in Your recent bets', async ({
      page,
    }) => {
      test.setTimeout(90_000);
      const wallet = await devWallet(page, 'player-3');
      await openAsGuest(page, '/game/dice');
      await connectDemoWallet(page, wallet);
      await page.getByRole('button', { name: /^Low/ }).click();
      await expect(page.getByTestId('game-outcome')).toHaveText(/Rolled \d+/);

      // the game page's feed, "My bets": the newest row is this bet
      const feed = page.getByRole('region', { name: 'Live bets' });
      await press(feed.getByRole('tab', { name: 'My bets' }));
      const row = feed.getByTestId('live-bet').first();
      await expect(row.getByRole('cell').nth(5)).toHaveText(/^[\d.,]+ HC$/);
      await row.scrollIntoViewIfNeeded();
      for (const [name, cell] of [
        ['multiplier', row.getByRole('cell').nth(4)],
        ['payout', row.getByRole('cell').nth(5)],
        ['fairness', row.getByRole('cell').nth(6)],
      ] as const) {
        await expect(cell).toBeVisible();
        expect(await sideways(page, cell), `the live feed's ${name} is within the screen`).toBe(0);
      }
      await expect(row.getByRole('cell').nth(4)).toHaveText(/^\d+(\.\d+)?×$/);
      expect(await sidewaysScroll(feed.getByRole('tabpanel')), 'the feed does not scroll sideways').toBe(0);
      await page.screenshot({ path: shot('live-bets-game') });
      // the bet's details are a tap away
      await press(row.getByRole('button', { name: /: details$/ }));
      const dialog = page.getByRole('dialog', { name: /^Bet #\d+$/ });
      await expect(dialog.getByTestId('bet-details')).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(dialog).toHaveCount(0);
      await page.emulateMedia({ reducedMotion: 'reduce' });
      expect(await seriousViolations(page), 'the feed with rows passes axe').toEqual([]);

      // the lobby's feed
      await page.goto('/casino');
      const lobbyRow = feed.getByTestId('live-bet').first();
      await expect(lobbyRow).toBeVisible();
      await lobbyRow.scrollIntoViewIfNeeded();
      expect(await sideways(page, lobbyRow.getByRole('cell').nth(5)), "the lobby's payout is within the screen").toBe(
        0,
      );
      expect(await sidewaysScroll(feed.getByRole('tabpanel'))).toBe(0);
      await page.screenshot({ path: shot('live-bets-lobby') });

      // /fairness, Your recent bets
      await page.goto('/fairness');
      const bet = page.getByTestId('history-bet').first();
      await expect(bet).toBeVisible();
      await bet.scrollIntoViewIfNeeded();
      for (const [name, cell] of [
        ['multiplier', bet.getByRole('cell').nth(3)],
        ['payout', bet.getByRole('cell').nth(4)],
        ['verify', bet.getByRole('cell').nth(6)],
      ] as const) {
        await expect(cell).toBeVisible();
        expect(await sideways(page, cell), `the history's ${name} is within the screen`).toBe(0);
      }
      await expect(bet.getByRole('cell').nth(4)).toHaveText(/^[\d.,]+ HC$/);
      expect(
        await sidewaysScroll(bet.locator('xpath=ancestor::table/..')),
        'the history does not scroll sideways',
      ).toBe(0);
      await page.screenshot({ path: shot('fairness-recent-bets') });
      await press(bet.getByRole('button', { name: /: details$/ }));
      await expect(page.getByRole('dialog', { name: /^Bet #\d+$/ }).getByTestId('bet-details')).toBeVisible();
      await page.keyboard.press('Escape');
      expect(await seriousViolations(page), 'Your recent bets with rows passes axe').toEqual([]);
    });

    test('item 4: at the poker table no seat, badge or bet covers the title, another seat, the board or the status', async ({
      page,
    }) => {
      test.setTimeout(90_000);
      await openAsGuest(page, '/poker');
      await press(page.getByRole('button', { name: 'Take a seat at Andromeda' }));
      const buyIn = page.getByRole('dialog', { name: 'Buy in at Andromeda' });
      await buyIn.getByLabel('Buy-in (HC)').fill('5');
      await buyIn.getByRole('button', { name: 'Sit down' }).click();
      await expect(page.getByRole('heading', { name: 'Your seat' })).toBeAttached();
      const felt = page.getByRole('group', { name: 'Andromeda table' });
      await expect(felt.getByRole('img', { name: 'face-down card' }).first()).toBeVisible({ timeout: 20_000 });
      const title = page.getByRole('heading', { level: 2, name: 'Andromeda · blinds 5/10' });
      await expect(title).toBeVisible();

      /** What overlaps what on the table `table` draws now (an empty list when nothing does). */
      const problems = async (table: Locator = felt): Promise<string[]> => {
        const found: string[] = [];
        const bar = (await title.locator('..').boundingBox())!;
        const board = (await table.getByRole('group', { name: 'Community cards' }).boundingBox())!;
        const middle = [
          (await table.locator('.pk-pot').boundingBox())!,
          (await table.locator('.pk-status').boundingBox())!,
        ];
        // what a seat draws: its cards, name plate (or open seat), badge, bet and dealer button, read
        // in one go: badges and bets come and go as the bots act, and a part listed a moment before
        // may be gone when asked for its box
        const seats: Array<{ name: string; parts: Array<Box & { part: string }> }> = await table
          .locator('.pk-seat')
          .evaluateAll((all) =>
            all.map((seat) => ({
              name: (seat.getAttribute('aria-label') ?? '').split(',')[0],
              parts: [
                ...seat.querySelectorAll(
                  '.pk-seat__cards, .pk-seat__plate, .pk-seat__open, .pk-seat__tag, .pk-seat__bet, .pk-dealer',
                ),
              ]
                .map((part) => ({ part, box: part.getBoundingClientRect() }))
                .filter(({ box }) => box.width > 0)
                .map(({ part, box: { x, y, width, height } }) => ({
                  part: `${part.className.split(' ')[0]} "${part.textContent}" in ${seat.className}`,
                  x,
                  y,
                  width,
                  height,
                })),
            })),
          );
        // a problem names the part and both boxes, so that a failure says what met what
        const at = (b: Box) => `${Math.round(b.x)},${Math.round(b.y)} ${Math.round(b.width)}×${Math.round(b.height)}`;
        const met = (p: Box & { part: string }, q: Box) => `: ${p.part} at ${at(p)} meets ${at(q)}`;
        for (const s of seats) {
          const overBar = s.parts.find((p) => overlaps(p, bar));
          if (overBar) found.push(`${s.name} covers the title${met(overBar, bar)}`);
          const overBoard = s.parts.find((p) => overlaps(p, board));
          if (overBoard) found.push(`${s.name} covers the board${met(overBoard, board)}`);
          for (const m of middle) {
            const over = s.parts.find((p) => overlaps(p, m));
            if (over) found.push(`${s.name} covers the pot or the status${met(over, m)}`);
          }
          if (s.parts.some((p) => p.x < 0 || p.x + p.width > size.viewport.width))
            found.push(`${s.name} is cut off the screen`);
          for (const o of seats) {
            const over = o === s ? undefined : s.parts.find((p) => o.parts.some((q) => overlaps(p, q)));
            if (over) found.push(`${s.name} covers ${o.name}${met(over, o.parts.find((q) => overlaps(over, q))!)}`);
          }
        }
        return found;
      };

      // watched through the hand as the bots act (badges come and go): never anything on top of another
      const seen = new Set<string>();
      const until = Date.now() + 15_000;
      let shotTaken = false;
      while (Date.now() < until) {
        for (const p of await problems()) seen.add(p);
        const tags = await felt.locator('.pk-seat__tag').count();
        if (tags > 0 && !shotTaken) {
          await page.screenshot({ path: shot('poker-table') });
          shotTaken = true;
        }
        await page.waitForTimeout(300);
      }
      if (!shotTaken) await page.screenshot({ path: shot('poker-table') });
      expect([...seen]).toEqual([]);

      // Which seats bet, wear a badge or win at once depends on the seat this guest got and on the
      // cards: a still copy of the table (the bots go on acting on the live one) is dressed as the
      // busiest it can look, every taken seat at once, and still nothing overlaps. The widest bet a
      // table can hold is six buy-ins of 20 HC; the longest status is a split win with a long hand.
      const busiest = [
        { tag: 'All-in', bet: '12,000', status: 'cosmic_ufrduwkt to act', hand: '' },
        {
          tag: '+12,000',
          bet: '',
          status: 'cosmic_ufrduwkt wins 12,000 (split)',
          hand: 'with Full House, Threes full of Sevens',
        },
        { tag: '', bet: '12,000', status: 'Your turn', hand: '' },
      ];
      // the live felt is found by its class here: it is hidden while its copy is measured
      const live = page.locator('.pk-felt:not(.pk-felt--still)');
      for (const dress of busiest) {
        const dressed = await live.evaluate((el, d) => {
          const still = el.cloneNode(true) as HTMLElement;
          still.removeAttribute('role');
          still.removeAttribute('aria-label');
          still.classList.add('pk-felt--still');
          el.after(still);
          el.style.display = 'none';
          const status = still.querySelector('.pk-status')!;
          status.textContent = d.status;
          if (d.hand) {
            const hand = document.createElement('span');
            hand.className = 'pk-status__hand';
            hand.textContent = ` ${d.hand}`;
            status.append(hand);
          }
          let seats = 0;
          for (const seat of still.querySelectorAll('.pk-seat:not(.pk-seat--empty)')) {
            // a seat waiting for the next hand holds no cards: dealt in here, two face down
            if (!seat.querySelector('.pk-seat__cards')) {
              const cards = document.createElement('div');
              cards.className = 'pk-seat__cards';
              const size = seat.classList.contains('pk-seat--you') ? 'md' : 'sm';
              cards.innerHTML = `<span class="pk-card pk-card--${size} pk-card--back"></span>`.repeat(2);
              seat.prepend(cards);
            }
            seat.querySelector('.pk-seat__bet')?.remove();
            seat.querySelector('.pk-seat__tag')?.remove();
            for (const [kind, text] of [
              ['pk-seat__tag', d.tag],
              ['pk-seat__bet', d.bet],
            ]) {
              if (!text) continue;
              const part = document.createElement('span');
              part.className = kind;
              part.textContent = text;
              seat.append(part);
            }
            seats += 1;
          }
          return seats;
        }, dress);
        expect(dressed, 'every taken seat is dressed').toBeGreaterThanOrEqual(4);
        const still = page.locator('.pk-felt--still');
        await page.screenshot({ path: shot(`poker-table-busiest-${busiest.indexOf(dress) + 1}`) });
        expect(await problems(still), `${JSON.stringify(dress)}`).toEqual([]);
        await live.evaluate((el) => {
          el.nextElementSibling?.remove();
          el.style.display = '';
        });
      }
    });

    test('item 5: one Deposit button, the paste path as its fallback, and an abandoned transfer ends as Not sent', async ({
      page,
    }) => {
      test.setTimeout(120_000);
      const wallet = await devWallet(page, 'player-3');
      await openAsGuest(page, '/');
      await connectDemoWallet(page, wallet);
      await page.goto('/cashier');
      const panel = page.locator('.cc-cashier__panel').filter({ hasText: 'Deposit AMINA' });
      await expect(panel.getByRole('textbox', { name: 'Deposit amount (AMINA)' })).toBeVisible();

      // one deposit action; the paste path is offered as a fallback under it
      const deposit = panel.getByRole('button', { name: 'Deposit', exact: true });
      await expect(deposit).toBeVisible();
      await expect(panel.getByRole('button', { name: /Create Deposit Transaction/ })).toHaveCount(0);
      const elsewhere = panel.getByRole('button', { name: 'Sign elsewhere? Paste a signed transaction' });
      await expect(elsewhere).toBeVisible();
      const [main, fallback] = [(await deposit.boundingBox())!, (await elsewhere.boundingBox())!];
      expect(fallback.y, 'the fallback sits under the deposit button').toBeGreaterThanOrEqual(main.y + main.height);
      // a quiet text action, not a second button: no frame, no fill, smaller type
      const look = (el: Element) => {
        const c = getComputedStyle(el);
        return { border: c.borderStyle, fill: c.backgroundColor, size: parseFloat(c.fontSize) };
      };
      const [mainLook, fallbackLook] = [await deposit.evaluate(look), await elsewhere.evaluate(look)];
      expect(fallbackLook).toMatchObject({ border: 'none', fill: 'rgba(0, 0, 0, 0)' });
      expect(fallbackLook.size).toBeLessThan(mainLook.size);
      await page.screenshot({ path: shot('cashier-deposit') });

      // the fallback: a transfer built, then abandoned; history says it awaits a signature
      await panel.getByRole('textbox', { name: 'Deposit amount (AMINA)' }).fill('2');
      await press(elsewhere);
      await expect(panel.getByRole('textbox', { name: 'Transaction to sign (base64)' })).toHaveValue(
        /^[A-Za-z0-9+/]+=*$/,
      );
      await expect(panel.getByRole('textbox', { name: 'Signed transaction or its transaction ID' })).toBeVisible();
      await page.screenshot({ path: shot('cashier-sign-elsewhere') });
      await press(panel.getByRole('button', { name: 'Back', exact: true }));
      const history = page.getByTestId('cashier-history');
      const abandoned = history.locator('li').filter({ hasText: '+2 AMINA' }).first();
      await page.reload();
      await expect(abandoned).toContainText(/awaiting signature/i);

      // the chain moves past the transfer's last valid round: the server answers "not sent"
      await advanceRounds(1001);
      // asked of the API as the page's session until it says so, then the page reloaded once (a
      // reload against a short timeout can fail every time on a loaded machine)
      await expect
        .poll(
          async () => {
            const res = await page.request.get(`/api/crypto/transactions?walletAddress=${wallet.address}`);
            const rows = (await res.json()) as Array<{ kind: string; amount: string; status: string }>;
            return rows.find((r) => r.kind === 'deposit' && r.amount === '2')?.status;
          },
          { timeout: 30_000 },
        )
        .toBe('not sent');
      await page.reload();
      await expect(abandoned).toContainText(/not sent/i);
      await abandoned.scrollIntoViewIfNeeded();
      await page.screenshot({ path: shot('cashier-not-sent') });

      // the one button: the wallet signs, and the deposit is credited
      await panel.getByRole('textbox', { name: 'Deposit amount (AMINA)' }).fill('0.1');
      await press(deposit);
      await expect(toast(page, 'Deposit Submitted')).toBeVisible({ timeout: 20_000 });
      await expect(page.getByTestId('deposit-status')).toContainText('Credited', { timeout: 60_000 });
    });
  });
}
