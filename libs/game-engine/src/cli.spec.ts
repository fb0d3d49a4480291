import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { verify } from './verify';

// Spawns the real CLI (tools/scripts/verify.mjs), which builds dist/libs/game-engine on demand.
const root = path.resolve(__dirname, '../../..');
const cli = path.join(root, 'tools/scripts/verify.mjs');
const vectors = JSON.parse(fs.readFileSync(path.resolve(__dirname, 'fixtures/engine-vectors.json'), 'utf8'));
const V = vectors.seeds[2];

function run(...args: string[]) {
  const r = spawnSync(process.execPath, [cli, ...args], { cwd: root, encoding: 'utf8', timeout: 120_000 });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

describe('verify CLI', () => {
  beforeAll(() => {
    // The first call may compile the library (a few seconds); later calls reuse dist.
    run('--help');
  }, 120_000);

  it('prints the verified dice outcome as JSON, the same as verify()', () => {
    const { code, out } = run(
      '--game',
      'dice',
      '--server-seed',
      V.serverSeed,
      '--client-seed',
      V.clientSeed,
      '--nonce',
      String(V.nonce),
      '--bet-type',
      'low',
    );
    expect(code).toBe(0);
    expect(JSON.parse(out)).toEqual(
      JSON.parse(JSON.stringify(verify('dice', V.serverSeed, V.clientSeed, V.nonce, { betType: 'low' }))),
    );
  });

  it('--currency HC pays whole House Coins (rounded down), the AMINA default pays base units', () => {
    const S = vectors.seeds[1]; // plinko slot 4: 0.6x at high risk
    const args = [
      '--game',
      'plinko',
      '--server-seed',
      S.serverSeed,
      '--client-seed',
      S.clientSeed,
      '--nonce',
      String(S.nonce),
      '--risk',
      'high',
      '--stake',
      '300000000',
    ];
    const hc = JSON.parse(run(...args, '--currency', 'HC').out);
    const amina = JSON.parse(run(...args).out);
    expect(hc.payout).toBe('100000000'); // 3 HC × 0.6 = 1.8 → 1 HC
    expect(amina.payout).toBe('180000000');
    expect(run(...args, '--currency', 'EUR').code).toBe(1);
  });

  it('replays hi-lo guesses with cash-out and blackjack actions', () => {
    const h = vectors.hilo.find((x: { cashout: boolean }) => x.cashout);
    const hilo = run(
      '--game',
      'hilo',
      '--server-seed',
      h.serverSeed,
      '--client-seed',
      h.clientSeed,
      '--nonce',
      String(h.nonce),
      '--guesses',
      h.guesses.join(','),
      '--cashout',
    );
    expect(JSON.parse(hilo.out).multiplier).toEqual(h.expected.multiplier);
    const b = vectors.blackjack.find((x: { actions: string[] }) => x.actions.includes('split'));
    const bj = run(
      '--game',
      'blackjack',
      '--server-seed',
      b.serverSeed,
      '--client-seed',
      b.clientSeed,
      '--nonce',
      String(b.nonce),
      '--actions',
      b.actions.join(','),
      '--stake',
      '100',
    );
    expect(JSON.parse(bj.out).outcome.dealer).toEqual(b.expected.dealer);
  });

  it('replays a slots spin with the shipped model, paid or free, the same as verify()', () => {
    for (const v of vectors.slots.spins.filter((x: { name: string }) => /three or more cascades/.test(x.name))) {
      const args = [
        '--game',
        'slots',
        '--server-seed',
        v.serverSeed,
        '--client-seed',
        v.clientSeed,
        '--nonce',
        String(v.nonce),
        '--stake',
        '100000000',
      ];
      const { code, out } = run(...args, ...(v.mode === 'free' ? ['--free-spins'] : []));
      expect(code).toBe(0);
      const expected = verify('slots', v.serverSeed, v.clientSeed, v.nonce, {
        freeSpins: v.mode === 'free',
        stake: '100000000',
      });
      expect(JSON.parse(out)).toEqual(JSON.parse(JSON.stringify(expected)));
      expect(JSON.parse(out).multiplier).toEqual(v.expected.multiplier);
    }
  });

  it('--hash checks the commitment: 0 when the seed hashes to it, 1 when it does not', () => {
    const args = [
      '--game',
      'dice',
      '--server-seed',
      V.serverSeed,
      '--client-seed',
      V.clientSeed,
      '--nonce',
      String(V.nonce),
      '--bet-type',
      'low',
    ];
    const hash = verify('dice', V.serverSeed, V.clientSeed, V.nonce, { betType: 'low' });
    if (!hash.ok) throw new Error(hash.error);
    const good = run(...args, '--hash', hash.serverSeedHash.toUpperCase());
    expect([good.code, JSON.parse(good.out)]).toEqual([
      0,
      expect.objectContaining({ ok: true, hashMatches: true, serverSeedHash: hash.serverSeedHash }),
    ]);
    const bad = run(...args, '--hash', '0'.repeat(64));
    expect([bad.code, JSON.parse(bad.out)]).toEqual([
      1,
      expect.objectContaining({
        ok: false,
        hashMatches: false,
        error: 'SHA-256 of the server seed does not match the committed hash',
      }),
    ]);
  });

  it('exits 1 with an error result for a bad seed or nonce', () => {
    const bad = run(
      '--game',
      'dice',
      '--server-seed',
      'XYZ',
      '--client-seed',
      'c',
      '--nonce',
      '1',
      '--bet-type',
      'low',
    );
    expect(bad.code).toBe(1);
    expect(JSON.parse(bad.out)).toEqual({ ok: false, error: 'serverSeed must be 64 lowercase hex characters' });
    for (const nonce of ['--nonce=-3', '--nonce=1.5', '--nonce=abc']) {
      const r = run('--game', 'dice', '--server-seed', V.serverSeed, '--client-seed', 'c', nonce, '--bet-type', 'low');
      expect([r.code, JSON.parse(r.out)]).toEqual([1, { ok: false, error: 'nonce must be a non-negative integer' }]);
    }
  });

  it('exits 2 on an unknown option', () => {
    const r = run('--gmae', 'dice');
    expect(r.code).toBe(2);
    expect(r.err).toContain('Usage');
  });
});
