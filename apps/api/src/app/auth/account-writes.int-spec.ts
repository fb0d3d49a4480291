import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import * as algosdk from 'algosdk';
import { SqlService } from '../database/sql.service';
import { createIntApp, intChain } from '../../test/int-app';
import { signIn, type TestPlayer } from '../../test/player';
import { deposit, verifiedPlayer } from '../../test/chain';
import { DiceService } from '../games/dice.service';
import type { DiceBody } from '../games/dto';
import { PROOF_REQUIRED, PROOF_REQUIRED_CODE } from './ownership';

// Issue 20: an Algorand address is public. For EVERY mutating endpoint in the OpenAPI document, a
// session that names a wallet without having signed with its key gets 403 and changes nothing,
// while the wallet's proven session makes the same call. The route list comes from the document,
// so a new route without an entry here fails this test instead of shipping unprotected.

type Body = (p: TestPlayer) => Record<string, unknown>;
interface Call {
  url: string;
  body?: Body;
  /** Calls a proven session makes first so this one has something to act on. */
  before?: Array<{ url: string; body?: Body }>;
  /** Plays with a devnet demo wallet that holds AMINA and deposits this much first (a fresh key has none). */
  deposit?: string;
  /** A business refusal the proven call may answer, with why (it passed the ownership check). */
  mayRefuse?: { status: number; why: string };
}

const me: Body = (p) => ({ walletAddress: p.walletAddress });
const hc =
  (extra: Record<string, unknown>): Body =>
  (p) => ({ walletAddress: p.walletAddress, currency: 'HC', ...extra });

/** Every mutating route that changes a player's account, with a body that makes it do so. */
const ACCOUNT_WRITES: Record<string, Call> = {
  'POST /api/users/{id}/claim-allowance': { url: '/api/users/{me}/claim-allowance' },
  'POST /api/game-seeds/update-client-seed': {
    url: '/api/game-seeds/update-client-seed',
    body: (p) => ({ walletAddress: p.walletAddress, clientSeed: 'mine-now' }),
  },
  'POST /api/game-seeds/new-server-seed': { url: '/api/game-seeds/new-server-seed', body: me },
  'POST /api/games/dice': { url: '/api/games/dice', body: hc({ betAmount: '1', betType: 'low' }) },
  'POST /api/games/plinko/deduct': { url: '/api/games/plinko/deduct', body: hc({ betAmount: '1', risk: 'low' }) },
  'POST /api/games/plinko/result': {
    url: '/api/games/plinko/result',
    body: me,
    before: [{ url: '/api/games/plinko/deduct', body: hc({ betAmount: '1', risk: 'low' }) }],
  },
  'POST /api/games/hilo/start': { url: '/api/games/hilo/start', body: hc({ bet: '1' }) },
  'POST /api/games/hilo/guess': {
    url: '/api/games/hilo/guess',
    body: (p) => ({ walletAddress: p.walletAddress, direction: 'higher' }),
    before: [{ url: '/api/games/hilo/start', body: hc({ bet: '1' }) }],
    mayRefuse: {
      status: 400,
      why: "the run may start on a King, and the rules refuse a guess of higher ('Cannot guess higher than a King')",
    },
  },
  'POST /api/games/hilo/cashout': {
    url: '/api/games/hilo/cashout',
    body: me,
    before: [{ url: '/api/games/hilo/start', body: hc({ bet: '1' }) }],
    mayRefuse: { status: 409, why: 'cashing out before any correct guess is refused by the rules' },
  },
  'POST /api/games/hilo/loss': {
    url: '/api/games/hilo/loss',
    body: me,
    mayRefuse: { status: 409, why: 'answers the last finished run; there is none yet' },
  },
  'POST /api/games/blackjack/deal': { url: '/api/games/blackjack/deal', body: hc({ betAmount: '1' }) },
  'POST /api/games/blackjack/hit': {
    url: '/api/games/blackjack/hit',
    body: me,
    before: [{ url: '/api/games/blackjack/deal', body: hc({ betAmount: '1' }) }],
    mayRefuse: { status: 409, why: 'a natural blackjack settles on the deal' },
  },
  'POST /api/games/blackjack/stand': {
    url: '/api/games/blackjack/stand',
    body: me,
    before: [{ url: '/api/games/blackjack/deal', body: hc({ betAmount: '1' }) }],
    mayRefuse: { status: 409, why: 'a natural blackjack settles on the deal' },
  },
  'POST /api/games/blackjack/double': {
    url: '/api/games/blackjack/double',
    body: me,
    before: [{ url: '/api/games/blackjack/deal', body: hc({ betAmount: '1' }) }],
    mayRefuse: { status: 409, why: 'a natural blackjack settles on the deal' },
  },
  'POST /api/games/blackjack/split': {
    url: '/api/games/blackjack/split',
    body: me,
    before: [{ url: '/api/games/blackjack/deal', body: hc({ betAmount: '1' }) }],
    mayRefuse: { status: 409, why: 'only a pair can be split' },
  },
  'POST /api/games/blackjack/bust': {
    url: '/api/games/blackjack/bust',
    body: me,
    mayRefuse: { status: 409, why: 'answers the last settled hand; there is none yet' },
  },
  'POST /api/games/slots': { url: '/api/games/slots', body: hc({ betAmount: '1' }) },
  'POST /api/games/slots/buy-bonus': { url: '/api/games/slots/buy-bonus', body: hc({ betAmount: '1' }) },
  // withdraws all it deposits: other suites expect the demo wallet to hold no casino AMINA
  'POST /api/crypto/withdraw': {
    url: '/api/crypto/withdraw',
    body: (p) => ({ walletAddress: p.walletAddress, amount: '0.2' }),
    deposit: '0.2',
  },
  'POST /api/crypto/withdraw/challenge': {
    url: '/api/crypto/withdraw/challenge',
    body: (p) => ({
      walletAddress: p.walletAddress,
      amount: '0.1',
      toAddress: algosdk.generateAccount().addr.toString(),
    }),
  },
  'POST /api/responsible-gaming/limits': {
    url: '/api/responsible-gaming/limits',
    body: (p) => ({ walletAddress: p.walletAddress, dailyLossLimitHC: '900' }),
  },
  'POST /api/responsible-gaming/self-exclude': {
    url: '/api/responsible-gaming/self-exclude',
    body: (p) => ({ walletAddress: p.walletAddress, period: '6m' }),
  },
  'POST /api/responsible-gaming/confirm-play': {
    url: '/api/responsible-gaming/confirm-play',
    body: (p) => ({ walletAddress: p.walletAddress }),
  },
  'POST /api/responsible-gaming/reality-check': {
    url: '/api/responsible-gaming/reality-check',
    body: (p) => ({ walletAddress: p.walletAddress, currency: 'AMINA', action: 'continue' }),
    mayRefuse: { status: 409, why: 'a fresh player has no reality check due to acknowledge' },
  },
  'POST /api/responsible-gaming/reality-check/interval': {
    url: '/api/responsible-gaming/reality-check/interval',
    body: (p) => ({ walletAddress: p.walletAddress, currency: 'HC', intervalSeconds: 1800 }),
  },
  'POST /api/poker/tables/{id}/buy-in': { url: '/api/poker/tables/pulsar/buy-in', body: () => ({ amount: 5 }) },
  'POST /api/poker/tables/{id}/act': {
    url: '/api/poker/tables/pulsar/act',
    body: () => ({ action: 'check' }),
    mayRefuse: { status: 409, why: 'no hand is dealt to a lone human at Pulsar' },
  },
  'POST /api/poker/tables/{id}/sit-in': {
    url: '/api/poker/tables/pulsar/sit-in',
    mayRefuse: { status: 409, why: 'only a seated player can sit in' },
  },
  'POST /api/poker/cash-out': {
    url: '/api/poker/cash-out',
    before: [{ url: '/api/poker/tables/pulsar/buy-in', body: () => ({ amount: 5 }) }],
  },
};

/** Mutating routes a watch-only session may call: they change nothing of the account. */
const WATCH_ONLY = [
  'POST /api/users/logout',
  'POST /api/crypto/verify-wallet',
  'POST /api/crypto/ownership/challenge',
  'POST /api/crypto/ownership/verify',
  'POST /api/crypto/build-deposit',
  'POST /api/crypto/submit-deposit',
  'POST /api/crypto/notify-deposit',
];
/** Mutating routes without a player session: sign-up, and operator routes behind their own token. */
const NO_PLAYER_SESSION = [
  'POST /api/users',
  'POST /api/security/session',
  'POST /api/security/{name}/vault/session',
  'POST /api/security/emergency-domain-fix',
  'POST /api/security/resume-amina',
  'POST /api/reserves/snapshots',
];

/** Every table an account write can touch, row by row, as text: "unchanged" means byte-for-byte. */
const STATE_TABLES = [
  'users',
  'balances',
  'ledger',
  'player_limits',
  'seed_pairs',
  'bets',
  'game_rounds',
  'withdrawals',
  'poker_seats',
  'poker_wallets',
  'idempotency_keys',
  'ownership_challenges',
];

/**
 * A row's text where part of it is not account state. A seat's lease_until is the heartbeat of the
 * process that holds the seat: it renews every seat it holds on a timer, whatever any request does.
 */
const ROW_TEXT: Record<string, string> = {
  poker_seats:
    '(t.user_id, t.id, t.table_id, t.seat, t.chips, t.instance_id, t.created_at, t.updated_at, t.seen_at)::text',
};

describe('account writes need a proven session (PostgreSQL + devnet)', () => {
  let app: NestFastifyApplication;
  let sql: SqlService;

  beforeAll(async () => {
    app = await createIntApp();
    sql = app.get(SqlService);
  });
  afterAll(() => app.close());

  async function snapshot(): Promise<string[]> {
    const out: string[] = [];
    for (const t of STATE_TABLES) {
      const rows = await sql.query<{ r: string }>(`SELECT ${ROW_TEXT[t] ?? 't::text'} AS r FROM ${t} t ORDER BY 1`);
      out.push(`${t}: ${rows.map((x) => x.r).join('\n')}`);
    }
    return out;
  }

  const send = (p: TestPlayer, url: string, body?: Body) =>
    p.post(url.replace('{me}', p.walletAddress), body ? body(p) : {});

  it('the OpenAPI document lists exactly the routes this test knows, each in one class', async () => {
    const doc = (await app.inject({ method: 'GET', url: '/api/docs-json' })).json() as {
      paths: Record<string, Record<string, unknown>>;
    };
    const mutating = Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.keys(ops)
        .filter((m) => ['post', 'put', 'patch', 'delete'].includes(m))
        .map((m) => `${m.toUpperCase()} ${path}`),
    );
    expect(mutating.length).toBeGreaterThan(30);
    expect([...mutating].sort()).toEqual([...Object.keys(ACCOUNT_WRITES), ...WATCH_ONLY, ...NO_PLAYER_SESSION].sort());
  });

  it.each(Object.entries(ACCOUNT_WRITES))(
    '%s: 403 for a watch-only session, nothing changed; the proven session makes the call',
    async (_route, call) => {
      // a fresh key per route: its own account with 1,000 HC and no open rounds
      const account = algosdk.generateAccount();
      // player-4 must stay unknown to the casino: the cashier suite parks its transfer as an unknown sender's
      const wallet = call.deposit
        ? (intChain().wallets.find((w) => w.label === 'player-2') ?? intChain().wallets[0])
        : { address: account.addr.toString(), mnemonic: algosdk.secretKeyToMnemonic(account.sk) };
      const owner = await verifiedPlayer(app, wallet);
      if (call.deposit) {
        const txId = await deposit(owner, wallet.mnemonic, call.deposit);
        expect(
          (await owner.post('/api/crypto/notify-deposit', { walletAddress: wallet.address, txId })).body.status,
        ).toBe('credited');
      }
      for (const step of call.before ?? []) expect((await send(owner, step.url, step.body)).status).toBe(200);

      const watcher = await signIn(app, wallet.address); // anyone can type the address
      const before = await snapshot();
      const refused = await send(watcher, call.url, call.body);
      expect(refused).toEqual({
        status: 403,
        body: { statusCode: 403, error: PROOF_REQUIRED_CODE, message: PROOF_REQUIRED },
      });
      expect(await snapshot()).toEqual(before);

      const done = await send(owner, call.url, call.body);
      if (call.mayRefuse && done.status === call.mayRefuse.status) {
        expect(done.body.error).not.toBe(PROOF_REQUIRED_CODE);
      } else {
        expect({ route: call.url, status: done.status, body: done.status === 200 ? 'ok' : done.body }).toEqual({
          route: call.url,
          status: 200,
          body: 'ok',
        });
      }
      await owner.post('/api/poker/cash-out'); // the seat goes back to the table
    },
  );

  it("the fast bet path's SQL refuses an unproven wallet session even when the process believes it proven (a stale cache)", async () => {
    const account = algosdk.generateAccount();
    const watcher = await signIn(app, account.addr.toString());
    const [row] = await sql.query<{ token_hash: Buffer }>(`SELECT token_hash FROM sessions WHERE user_id = $1`, [
      watcher.id,
    ]);
    const forged = {
      tokenHash: row.token_hash,
      userId: watcher.id,
      walletAddress: watcher.walletAddress,
      username: 'x',
      isGuest: false,
      ownershipVerified: true,
    };
    const before = await snapshot();
    await expect(
      app.get(DiceService).roll(forged, {
        walletAddress: watcher.walletAddress,
        currency: 'HC',
        betAmount: '1',
        betType: 'low',
      } as DiceBody),
    ).rejects.toThrow('Prove you own this wallet first');
    expect(await snapshot()).toEqual(before);
  });

  it('a guest changes its own account without any signature', async () => {
    const guest = await signIn(app);
    expect(
      (
        await guest.post('/api/games/dice', {
          walletAddress: guest.walletAddress,
          currency: 'HC',
          betAmount: '1',
          betType: 'seven',
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await guest.post('/api/responsible-gaming/limits', {
          walletAddress: guest.walletAddress,
          dailyLossLimitHC: '500',
        })
      ).status,
    ).toBe(200);
  });

  it('a watch-only session reads the account and may build a deposit, but not the cashier history (issue 37 item 6)', async () => {
    const wallet = intChain().wallets.find((w) => w.label === 'player-1') ?? intChain().wallets[0];
    const watcher = await signIn(app, wallet.address);
    expect((await watcher.get(`/api/users/${wallet.address}`)).body).toMatchObject({
      walletAddress: wallet.address,
      ownershipVerified: false,
    });
    expect((await watcher.get('/api/crypto/transactions')).status).toBe(403);
    expect((await watcher.get(`/api/bets?walletAddress=${wallet.address}`)).status).toBe(200);
    expect(
      (await watcher.post('/api/crypto/build-deposit', { walletAddress: wallet.address, amount: '0.1' })).status,
    ).toBe(200);
  });
});
