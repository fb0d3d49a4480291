import { PendingClaim, pendingClaim, withPendingClaim } from './idempotency-claim';

describe('the pending Idempotency-Key claim of a request', () => {
  it('is seen by the work of its request only, across awaits and timers, until taken or closed', async () => {
    const claim = new PendingClaim('7', 'k', 'h');
    expect(pendingClaim()).toBeUndefined();
    const seen = await withPendingClaim(claim, async () => {
      const before = pendingClaim();
      await new Promise((r) => setTimeout(r, 1));
      return [before, pendingClaim()];
    });
    expect(seen).toEqual([claim, claim]);
    expect(pendingClaim()).toBeUndefined(); // outside the request

    claim.state = 'claimed';
    expect(withPendingClaim(claim, () => pendingClaim())).toBeUndefined();
  });

  it('is no longer offered once its request has answered: a timer it left behind cannot claim it', async () => {
    const claim = new PendingClaim('7', 'k', 'h');
    let later: Promise<PendingClaim | undefined> = Promise.resolve(undefined);
    withPendingClaim(claim, () => {
      later = new Promise((r) => setTimeout(() => r(pendingClaim()), 5));
    });
    claim.close();
    expect(claim.state).toBe('closed');
    expect(await later).toBeUndefined();
    // a claimed key stays claimed when its request closes
    const taken = new PendingClaim('7', 'k2', 'h');
    taken.state = 'claimed';
    taken.close();
    expect(taken.claimed).toBe(true);
  });
});
