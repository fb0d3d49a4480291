import { expect, test, type Page } from '@playwright/test';
import { betHistory, seriousViolations } from './support/play';

// Issue 24 items 3 and 4, as a player uses them on Nebula Dice: the session card's figures are the
// bets the server recorded and Reset empties them; sound is off until turned on, stays on after a
// reload, and then a roll plays the bet sound (and the win sound when it wins); the shortcuts (on
// from their dialog) roll once per Space press, halve and double the amount, switch to Auto, and do
// nothing while the player types in the amount field.

const fmt = (n: number) => n.toLocaleString('en-US', { maximumFractionDigits: 8 });
const signed = (n: number) => `${n < 0 ? '−' : n > 0 ? '+' : ''}${fmt(Math.abs(n))}`;

async function openDice(page: Page) {
  await page.goto('/game/dice');
  await expect(page.getByRole('heading', { level: 1, name: 'Nebula Dice' })).toBeVisible();
  await expect(page.getByTestId('hc-balance')).toHaveText('1,000 HC');
}

/** Presses a dice bet and waits until the session counts it (the roll has shown). */
async function roll(page: Page, bet: 'Low' | 'Seven' | 'High', count: number) {
  await page.getByRole('button', { name: new RegExp(`^${bet}`) }).click();
  await expect(page.getByTestId('session-bets')).toHaveText(String(count), { timeout: 15_000 });
}

test('session stats are the bets the server recorded, with a chart and its text; Reset empties them; axe clean; phone and desktop screenshots', async ({
  page,
}) => {
  await openDice(page);
  const card = page.getByTestId('session-stats');
  await expect(card.getByRole('heading', { name: 'Session' })).toBeVisible();
  await expect(page.getByTestId('session-since')).toContainText(/^Since \d{1,2}:\d{2}.*until you leave it or reset/);
  await expect(page.getByTestId('session-bets')).toHaveText('0');
  await expect(card.getByRole('img', { name: 'No HC bets yet this session' })).toBeVisible();

  await page.getByLabel('Bet amount').fill('10');
  await roll(page, 'Low', 1);
  await page.getByLabel('Bet amount').fill('25');
  await roll(page, 'Seven', 2);
  await page.getByLabel('Bet amount').fill('5');
  await roll(page, 'High', 3);

  const bets = (await betHistory(page)).filter((b) => b.game === 'dice').reverse();
  expect(bets.map((b) => Number(b.amount))).toEqual([10, 25, 5]);
  const wagered = bets.reduce((s, b) => s + Number(b.amount), 0);
  const net = bets.reduce((s, b) => s + Number(b.payout) - Number(b.amount), 0);
  const wins = bets.filter((b) => Number(b.payout) > Number(b.amount)).length;
  const losses = bets.filter((b) => Number(b.payout) < Number(b.amount)).length;
  await expect(page.getByTestId('session-wagered')).toHaveText(`${fmt(wagered)} HC`);
  await expect(page.getByTestId('session-net')).toHaveText(`${signed(net)} HC`);
  await expect(page.getByTestId('session-wins')).toHaveText(String(wins));
  await expect(page.getByTestId('session-losses')).toHaveText(String(losses));
  expect(wins + losses).toBe(3);
  // the header's balance agrees
  await expect(page.getByTestId('hc-balance')).toHaveText(`${fmt(1000 + net)} HC`);

  // the line is drawn (Chartist's SVG), and its text alternative says where the session went
  let running = 0;
  const nets = [0, ...bets.map((b) => (running += Number(b.payout) - Number(b.amount)))];
  const summary = `Net profit over 3 bets: now ${signed(net)} HC, highest ${signed(Math.max(...nets))} HC, lowest ${signed(Math.min(...nets))} HC`;
  await expect(card.getByRole('img', { name: summary })).toBeVisible();
  await expect(page.getByTestId('session-chart').locator('svg path.ct-line')).toHaveCount(1);

  expect(await seriousViolations(page)).toEqual([]);
  for (const [w, h] of [
    [390, 844],
    [1280, 800],
  ] as const) {
    await page.setViewportSize({ width: w, height: h });
    await card.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `tmp/screenshots/session-stats-${w}x${h}.png`, fullPage: w === 390 });
  }

  await card.getByRole('button', { name: 'Reset stats' }).click();
  await expect(page.getByTestId('session-bets')).toHaveText('0');
  await expect(page.getByTestId('session-wagered')).toHaveText('0 HC');
  await expect(page.getByTestId('session-net')).toHaveText('0 HC');
  await expect(page.getByTestId('session-wins')).toHaveText('0');
  await expect(page.getByTestId('session-losses')).toHaveText('0');
  await expect(card.getByRole('img', { name: 'No HC bets yet this session' })).toBeVisible();
  // a bet after the reset is the new session's first
  await page.setViewportSize({ width: 1280, height: 800 });
  await roll(page, 'Low', 1);
  const last = (await betHistory(page))[0];
  await expect(page.getByTestId('session-net')).toHaveText(`${signed(Number(last.payout) - Number(last.amount))} HC`);
});

test('sound is off by default (no sound file is even fetched); turned on it stays on after a reload and a roll plays the bet sound, and the win sound on a win', async ({
  page,
}) => {
  // count every audio play() the page makes, by file
  await page.addInitScript(() => {
    const w = window as unknown as { __plays: string[] };
    w.__plays = [];
    const play = HTMLMediaElement.prototype.play;
    HTMLMediaElement.prototype.play = function (this: HTMLMediaElement) {
      w.__plays.push(new URL(this.src).pathname);
      return play.call(this);
    };
  });
  const fetched: string[] = [];
  page.on('request', (r) => {
    if (/\.ogg$/.test(new URL(r.url()).pathname)) fetched.push(new URL(r.url()).pathname);
  });
  const plays = () => page.evaluate(() => (window as unknown as { __plays: string[] }).__plays);

  await openDice(page);
  const sound = page.getByRole('switch', { name: 'Sound' });
  await expect(sound).not.toBeChecked();
  await page.getByLabel('Bet amount').fill('10');
  await roll(page, 'Low', 1);
  expect(await plays()).toEqual([]);
  expect(fetched).toEqual([]);

  await sound.check();
  expect(await page.evaluate(() => localStorage.getItem('cosmic:sound'))).toBe('on');
  await expect.poll(() => fetched.length).toBeGreaterThanOrEqual(3);

  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Nebula Dice' })).toBeVisible();
  await expect(page.getByRole('switch', { name: 'Sound' })).toBeChecked();
  await page.getByLabel('Bet amount').fill('10');
  // a new page's session: counts from 0 again
  await expect(page.getByTestId('session-bets')).toHaveText('0');
  for (let i = 1; i <= 3; i++) await roll(page, 'Low', i);
  const bets = (await betHistory(page)).slice(0, 3).reverse();
  const won = bets.filter((b) => Number(b.payout) > Number(b.amount)).length;
  await expect.poll(async () => (await plays()).filter((p) => /\/bet\.[0-9a-f]+\.ogg$/.test(p)).length).toBe(3);
  await expect
    .poll(async () => (await plays()).filter((p) => /\/(big-)?win\.[0-9a-f]+\.ogg$/.test(p)).length)
    .toBe(won);

  // off again: no more sound
  await page.getByRole('switch', { name: 'Sound' }).uncheck();
  const before = (await plays()).length;
  await roll(page, 'Low', 4);
  expect((await plays()).length).toBe(before);
  expect(await page.evaluate(() => localStorage.getItem('cosmic:sound'))).toBe('off');
});

test('shortcuts: off until turned on in their dialog; Space rolls once per press (held or on a focused button) without scrolling, S/D halve/double, A opens Auto; typing "s d a " in the amount fires nothing', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await openDice(page);
  const posts: string[] = [];
  page.on('request', (r) => {
    if (new URL(r.url()).pathname === '/api/games/dice' && r.method() === 'POST')
      posts.push(r.headers()['idempotency-key'] ?? '');
  });
  const amount = page.getByLabel('Bet amount');
  await amount.fill('10');
  const blur = () => page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await blur();

  // off by default: keys do nothing
  await page.keyboard.press('d');
  await page.keyboard.press('Space');
  await expect(amount).toHaveValue('10');
  await page.waitForTimeout(300);
  expect(posts).toHaveLength(0);

  // the help lists the keys; it passes axe; the switch in it turns them on (kept in this browser)
  await page.getByRole('button', { name: 'Keyboard shortcuts' }).click();
  const dialog = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  await expect(dialog.getByTestId('hotkeys-list')).toContainText('SpaceRoll your last bet again (now Low)');
  await expect(dialog.getByTestId('hotkeys-list')).toContainText('SHalve the bet');
  await expect(dialog.getByTestId('hotkeys-list')).toContainText('DDouble the bet');
  await expect(dialog.getByTestId('hotkeys-list')).toContainText('ASwitch Manual / Auto');
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: 'tmp/screenshots/hotkeys-dialog-1280x800.png' });
  await dialog.getByRole('switch', { name: /Shortcuts on/ }).check();
  // while the dialog is open, keys are not shortcuts
  await page.keyboard.press('d');
  await expect(amount).toHaveValue('10');
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('switch', { name: 'Shortcuts' })).toBeChecked();
  await blur();

  await page.keyboard.press('d');
  await expect(amount).toHaveValue('20');
  await page.keyboard.press('s');
  await page.keyboard.press('s');
  await expect(amount).toHaveValue('5');

  // Space: one roll per press, even held down (its repeats are not presses), and the page does not scroll
  await page.evaluate(() => window.scrollTo(0, 120));
  const y = await page.evaluate(() => window.scrollY);
  await page.keyboard.down('Space');
  await page.keyboard.down('Space');
  await page.keyboard.down('Space');
  await page.keyboard.up('Space');
  await expect(page.getByTestId('session-bets')).toHaveText('1', { timeout: 15_000 });
  expect(posts).toHaveLength(1);
  expect(await page.evaluate(() => window.scrollY)).toBe(y);

  // Space with a button focused: the shortcut rolls (the last bet pressed, Seven) and the focused button is not pressed
  await roll(page, 'Seven', 2);
  const autoTab = page.getByRole('group', { name: 'Bet mode' }).getByRole('button', { name: 'Auto' });
  await autoTab.focus();
  await expect(autoTab).toBeFocused();
  await page.evaluate(() => {
    const w = window as unknown as { __clicks: number };
    w.__clicks = 0;
    document.addEventListener('click', () => w.__clicks++, true);
  });
  await page.keyboard.press('Space');
  // the shortcut rolled; the focused button was not pressed as well
  expect(await page.evaluate(() => (window as unknown as { __clicks: number }).__clicks)).toBe(0);
  await expect(autoTab).toHaveAttribute('aria-pressed', 'false');
  await expect(page.getByTestId('session-bets')).toHaveText('3', { timeout: 15_000 });
  await page.waitForTimeout(500);
  expect(posts).toHaveLength(3);
  expect(new Set(posts).size).toBe(3);
  const bets = (await betHistory(page)).filter((b) => b.game === 'dice');
  expect(bets.map((b) => Number(b.amount))).toEqual([5, 5, 5]);

  // typing into the amount: every key is the field's
  await amount.click();
  await amount.fill('');
  await page.keyboard.type('s d a ');
  await expect(amount).toHaveValue('s d a ');
  await page.waitForTimeout(500);
  expect(posts).toHaveLength(3);
  await expect(page.getByRole('group', { name: 'Bet mode' }).getByRole('button', { name: 'Manual' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await amount.fill('10');

  // A: the Auto tab, and back
  await blur();
  await page.keyboard.press('a');
  await expect(page.getByRole('group', { name: 'Bet mode' }).getByRole('button', { name: 'Auto' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(page.getByTestId('autobet')).toBeVisible();
  await page.keyboard.press('a');
  await expect(page.getByRole('group', { name: 'Bet mode' }).getByRole('button', { name: 'Manual' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );

  // remembered; and off again means Space is the page's again
  await page.reload();
  await expect(page.getByRole('switch', { name: 'Shortcuts' })).toBeChecked();
  await page.getByRole('switch', { name: 'Shortcuts' }).uncheck();
  await blur();
  await page.keyboard.press('Space');
  await page.waitForTimeout(500);
  expect(posts).toHaveLength(3);
});

/** The session card agrees with the server's record of this game's bets. */
async function cardMatchesHistory(page: Page, game: string) {
  const bets = (await betHistory(page)).filter((b) => b.game === game);
  expect(bets.length).toBeGreaterThan(0);
  const wagered = bets.reduce((s, b) => s + Number(b.amount), 0);
  const net = bets.reduce((s, b) => s + Number(b.payout) - Number(b.amount), 0);
  await expect(page.getByTestId('session-bets')).toHaveText(String(bets.length));
  await expect(page.getByTestId('session-wagered')).toHaveText(`${fmt(wagered)} HC`);
  await expect(page.getByTestId('session-net')).toHaveText(`${signed(net)} HC`);
  await expect(page.getByTestId('session-wins')).toHaveText(
    String(bets.filter((b) => Number(b.payout) > Number(b.amount)).length),
  );
  await expect(page.getByTestId('session-losses')).toHaveText(
    String(bets.filter((b) => Number(b.payout) < Number(b.amount)).length),
  );
}

test('plinko, hi-lo, blackjack and slots: the session card counts each settled round as the server recorded it', async ({
  page,
}) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  const outcome = page.getByTestId('game-outcome');
  const open = async (game: string, title: string) => {
    await page.goto(`/game/${game}`);
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(page.getByTestId('session-bets')).toHaveText('0');
  };

  await open('plinko', 'Quantum Plinko');
  await page.getByRole('button', { name: 'Drop ball' }).click();
  await page.getByRole('button', { name: /Drop (another )?ball/ }).click();
  await expect(page.getByRole('list', { name: 'Last results' }).locator('li')).toHaveCount(2, { timeout: 20_000 });
  await cardMatchesHistory(page, 'plinko');

  await open('hilo', 'Cosmic Hi-Lo');
  await page.getByRole('button', { name: 'Start' }).click();
  const higher = page.getByRole('button', { name: /Higher/ });
  await expect(higher).toContainText('%');
  await ((await higher.isEnabled()) ? higher : page.getByRole('button', { name: /Lower/ })).click();
  await expect(outcome).toHaveText(/Correct! Streak 1|Wrong! Game over|Equal cards! Game over/);
  if ((await outcome.textContent())?.startsWith('Correct'))
    await page.getByRole('button', { name: /Cash Out/ }).click();
  await expect(outcome).toHaveText(/Cashed out|Game over/);
  await cardMatchesHistory(page, 'hilo');

  await open('blackjack', 'Galaxy Blackjack');
  await page.getByRole('button', { name: 'Deal' }).click();
  const over =
    /BLACKJACK! You win!|Bust! You lose|Push! Bet returned|Dealer wins|You win!|Dealer busts! You win!|Bust! Dealer wins/;
  // double when the server allows it, so the card counts the doubled stake the server recorded
  const double = page.getByRole('button', { name: 'Double Down' });
  // the hand is dealt: over at once (a natural), or waiting for the player
  await expect
    .poll(
      async () =>
        over.test((await outcome.textContent()) ?? '') ||
        (await page.getByRole('button', { name: 'Stand' }).isEnabled()),
      { timeout: 10_000 },
    )
    .toBe(true);
  if (await double.isEnabled()) await double.click();
  for (let i = 0; i < 4 && !over.test((await outcome.textContent()) ?? ''); i++) {
    const stand = page.getByRole('button', { name: 'Stand' });
    if (await stand.isEnabled()) await stand.click();
    await page.waitForTimeout(300);
  }
  await expect(outcome).toHaveText(over);
  await cardMatchesHistory(page, 'blackjack');

  await open('slots', 'Cosmic Chaos Slots');
  await page.getByRole('button', { name: 'Spin', exact: true }).click();
  await expect(outcome).toHaveText(/Win!|Returned \d|No win this time/, { timeout: 20_000 });
  await cardMatchesHistory(page, 'slots');
});
