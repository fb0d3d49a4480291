import { decideLimitChange, type LimitDecision, type LimitState } from './limit-change';

const at = new Date('2030-01-02T03:04:05.000Z');
const none: LimitState = { live: null, pending: null };
const live50: LimitState = { live: 50n, pending: null };
const raising: LimitState = { live: 50n, pending: { value: 500n, effectiveAt: at } };
const removing: LimitState = { live: 50n, pending: { value: null, effectiveAt: at } };

describe('decideLimitChange: lower at once, raise or remove after the cool-off', () => {
  it.each<[string, LimitState, bigint | null, LimitDecision]>([
    ['a first limit applies at once', none, 20n, { kind: 'now', live: 20n, cancelled: null }],
    ['lowering applies at once', live50, 20n, { kind: 'now', live: 20n, cancelled: null }],
    ['the same value applies at once (nothing riskier)', live50, 50n, { kind: 'now', live: 50n, cancelled: null }],
    ['raising waits for the cool-off', live50, 100n, { kind: 'pending', value: 100n, restart: true }],
    ['removing waits for the cool-off', live50, null, { kind: 'pending', value: null, restart: true }],
    ['removing with no limit does nothing', none, null, { kind: 'none' }],
    [
      'lowering during a pending raise applies at once and cancels the raise',
      raising,
      40n,
      { kind: 'now', live: 40n, cancelled: raising.pending },
    ],
    [
      'keeping the live value during a pending raise cancels the raise',
      raising,
      50n,
      { kind: 'now', live: 50n, cancelled: raising.pending },
    ],
    [
      'lowering during a pending removal cancels the removal',
      removing,
      10n,
      { kind: 'now', live: 10n, cancelled: removing.pending },
    ],
    [
      'a different raise replaces the pending one and restarts the cool-off',
      raising,
      200n,
      { kind: 'pending', value: 200n, restart: true },
    ],
    ['the raise already pending keeps its time', raising, 500n, { kind: 'pending', value: 500n, restart: false }],
    [
      'a removal replaces a pending raise and restarts the cool-off',
      raising,
      null,
      { kind: 'pending', value: null, restart: true },
    ],
    ['the removal already pending keeps its time', removing, null, { kind: 'pending', value: null, restart: false }],
    [
      'a raise replaces a pending removal and restarts the cool-off',
      removing,
      500n,
      { kind: 'pending', value: 500n, restart: true },
    ],
  ])('%s', (_name, state, requested, decision) => {
    expect(decideLimitChange(state, requested)).toEqual(decision);
  });
});
