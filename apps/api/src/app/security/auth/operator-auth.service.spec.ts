import { Logger } from '@nestjs/common';
import type { AppConfig } from '../../config/app-config';
import { FindingsService } from '../findings.service';
import { Sentinel } from '../personas/sentinel';
import { LOCKOUT } from '../../rate-limit/limits';
import { MemoryLockoutStore } from '../../rate-limit/lockout.store';
import { ActivityLog } from '../telemetry/activity-log';
import { OffenderTable } from '../telemetry/offenders';
import { hashPassword } from '../../common/password-hash';
import { OperatorAuthService } from './operator-auth.service';

async function service() {
  const config = {
    sessionSecret: 'x'.repeat(40),
    operatorPasswordHash: await hashPassword('open sesame', { N: 2 ** 14, r: 8, p: 1 }),
    vaultPasswordHash: await hashPassword('vault door', { N: 2 ** 14, r: 8, p: 1 }),
    rateLimitPerMinute: 1200,
  } as AppConfig;
  const findings = new FindingsService();
  const sentinel = new Sentinel(config, findings, new OffenderTable(), new ActivityLog());
  return { auth: new OperatorAuthService(config, new MemoryLockoutStore(), sentinel), sentinel, findings };
}

describe('OperatorAuthService', () => {
  beforeAll(() => Logger.overrideLogger(false));

  it(`raises the global alarm after ${LOCKOUT.global} wrong passwords from many addresses, yet never refuses the right password for it`, async () => {
    const { auth, sentinel, findings } = await service();
    for (let i = 0; i < LOCKOUT.global; i++) {
      await expect(auth.exchange('operator', `guess ${i}`, `192.0.2.${i}`)).rejects.toMatchObject({
        status: 401,
        message: 'Access Denied - Incorrect Password',
      });
    }
    // a global lock would let anyone lock the operators out of the dashboard and the emergency switch
    await expect(auth.exchange('operator', 'open sesame', '198.51.100.1')).resolves.toMatchObject({
      scope: 'operator',
    });
    await expect(auth.exchange('operator', 'another guess', '198.51.100.2')).rejects.toMatchObject({ status: 401 });
    expect(sentinel.stats(Date.now()).bruteForce).toMatchObject({
      globalLockouts: 1,
      failedLogins: LOCKOUT.global + 1,
    });
    expect(findings.recent(5)).toContainEqual(
      expect.objectContaining({
        type: 'brute-force',
        severity: 'critical',
        fixedCode:
          'alarm for 15 min: each address still locked after its own wrong passwords (slow scrypt hash); the right password still gets in',
      }),
    );
  });

  it('doubles the lockout of an address each time it is locked again within a day (per-IP backoff)', async () => {
    const { auth } = await service();
    // half an hour before midnight UTC: the second and third lockouts fall on the next day and
    // must still remember the earlier ones (a window that turns at midnight forgot them)
    const t0 = Date.UTC(2026, 10, 28, 23, 30);
    const at = jest.spyOn(Date, 'now');
    try {
      const minutes: number[] = [];
      let now = t0;
      for (let round = 0; round < 3; round++) {
        at.mockReturnValue(now);
        for (let i = 0; i < LOCKOUT.perIp; i++)
          await expect(auth.exchange('operator', `guess ${i}`, '203.0.113.9')).rejects.toMatchObject({ status: 401 });
        const locked = await auth
          .exchange('operator', 'open sesame', '203.0.113.9')
          .catch((e: { message: string }) => e.message);
        minutes.push(Number(/in (\d+) minute/.exec(String(locked))?.[1]));
        now += minutes[round] * 60_000 + 1000;
      }
      expect(minutes).toEqual([15, 30, 60]);
      at.mockReturnValue(now);
      await expect(auth.exchange('operator', 'open sesame', '203.0.113.9')).resolves.toMatchObject({
        scope: 'operator',
      });
    } finally {
      at.mockRestore();
    }
  });

  it('lets parallel guesses from one address check at most 5 passwords', async () => {
    const { auth, sentinel } = await service();
    const results = await Promise.allSettled(
      Array.from({ length: 12 }, (_, i) => auth.exchange('operator', `guess ${i}`, '203.0.113.5')),
    );
    const statuses = results.map((r) => (r.status === 'rejected' ? (r.reason as { status: number }).status : 200));
    expect(statuses.filter((s) => s === 401)).toHaveLength(LOCKOUT.perIp);
    expect(statuses.filter((s) => s === 429)).toHaveLength(12 - LOCKOUT.perIp);
    expect(sentinel.stats(Date.now()).bruteForce.failedLogins).toBe(LOCKOUT.perIp);
  });

  it('successes never count toward the global lockout', async () => {
    const { auth } = await service();
    for (let i = 0; i <= LOCKOUT.global; i++) await auth.exchange('operator', 'open sesame', `192.0.2.${i % 250}`);
    await expect(auth.exchange('operator', 'open sesame', '192.0.2.251')).resolves.toMatchObject({ scope: 'operator' });
  });

  it('issues tokens the same instance (or any other with the same secret) verifies by scope', async () => {
    const { auth } = await service();
    const op = await auth.exchange('operator', 'open sesame', '127.0.0.1');
    const vault = await auth.exchange('vault', 'vault door', '127.0.0.1', 'Warden');
    expect(auth.verify(op.token, 'operator').scope).toBe('operator');
    expect(auth.verify(vault.token, 'vault').scope).toBe('vault');
    expect(() => auth.verify(op.token, 'vault')).toThrow('Security session not valid: unlock the dashboard again');
    await expect(auth.exchange('vault', 'open sesame', '127.0.0.1', 'Warden')).rejects.toMatchObject({
      status: 401,
      message: 'Access Denied - Warden Only',
    });
  });

  it('answers 503 naming the variable when a hash is not configured', async () => {
    const a = new OperatorAuthService(
      { sessionSecret: 'x'.repeat(40) } as AppConfig,
      new MemoryLockoutStore(),
      {} as Sentinel,
    );
    await expect(a.exchange('operator', 'x', '127.0.0.1')).rejects.toMatchObject({
      status: 503,
      message: 'The security dashboard is not configured: set OPERATOR_PASSWORD_HASH',
    });
    expect(() => a.verify('cc1.a.b', 'operator')).toThrow('Security session required: unlock the dashboard first');
  });
});
