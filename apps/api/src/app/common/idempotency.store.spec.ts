import { KeyTakenError, type PendingClaim } from './idempotency-claim';
import type { IdempotencyRepository } from './idempotency.repository';
import { IdempotencyStore } from './idempotency.store';

// What IdempotencyStore.run stores after a request's work, by how the work left the key's claim
// (common/idempotency-claim.ts): a game's statement records in the key's row what answers a retry.

function store(stored: { request_hash: string; status_code: number; response: unknown } | null = null) {
  const keys = {
    answer: jest.fn(async () => undefined),
    find: jest.fn(async () => stored),
    release: jest.fn(async () => undefined),
  };
  return { keys, store: new IdempotencyStore(keys as unknown as IdempotencyRepository) };
}

const ok = () => 200;

describe('IdempotencyStore.run', () => {
  it("stores no answer after a game's statement that recorded what answers a retry", async () => {
    const { keys, store: s } = store();
    const out = await s.run('7', 'k', 'h', ok, async (claim: PendingClaim) => {
      claim.claimedWithRecord();
      return { balance: '9' };
    });
    expect(out).toEqual({ body: { balance: '9' } });
    expect(keys.answer).not.toHaveBeenCalled();
  });

  it('answers a retry the game played again from that record as a replay, storing nothing', async () => {
    const { keys, store: s } = store();
    const out = await s.run('7', 'k', 'h', ok, async (claim: PendingClaim) => {
      claim.replayedFromRecord();
      return { balance: '9' };
    });
    expect(out).toEqual({ replay: { status: 200, body: { balance: '9' } } });
    expect(keys.answer).not.toHaveBeenCalled();
  });

  it('stores the answer of work that claimed the key without a record (a Nest route), with its status', async () => {
    const { keys, store: s } = store();
    const out = await s.run(
      '7',
      'k',
      'h',
      () => 201,
      async (claim: PendingClaim) => {
        claim.take();
        claim.committed();
        return { id: 3 };
      },
    );
    expect(out).toEqual({ body: { id: 3 } });
    expect(keys.answer).toHaveBeenCalledWith([{ userId: '7', key: 'k', hash: 'h', status: 201, response: '{"id":3}' }]);
  });

  it('a recorded write whose request answers another status than 200 stores that answer', async () => {
    const { keys, store: s } = store();
    await s.run(
      '7',
      'k',
      'h',
      () => 202,
      async (claim: PendingClaim) => {
        claim.claimedWithRecord();
        return 'queued';
      },
    );
    expect(keys.answer).toHaveBeenCalledTimes(1);
  });

  it('answers a key taken by an earlier request from its stored answer when the work cannot replay it', async () => {
    const { keys, store: s } = store({ request_hash: 'h', status_code: 200, response: { balance: '5' } });
    const out = await s.run('7', 'k', 'h', ok, async () => {
      throw new KeyTakenError();
    });
    expect(out).toEqual({ replay: { status: 200, body: { balance: '5' } } });
    expect(keys.answer).not.toHaveBeenCalled();
  });
});
