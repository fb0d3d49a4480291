import { nextTask } from './next-task';

describe('nextTask', () => {
  const g = globalThis as { scheduler?: unknown };
  afterEach(() => {
    delete g.scheduler;
  });

  it('without scheduler.yield, resolves in a task after the tasks already queued, not among the microtasks', async () => {
    const order: string[] = [];
    setTimeout(() => order.push('task queued before'));
    const done = nextTask().then(() => order.push('next task'));
    await Promise.resolve().then(() => order.push('microtask'));
    expect(order).toEqual(['microtask']);
    await done;
    expect(order).toEqual(['microtask', 'task queued before', 'next task']);
  });

  it("uses the browser's scheduler.yield where there is one", async () => {
    const yieldFn = jest.fn(() => Promise.resolve());
    g.scheduler = { yield: yieldFn };
    await nextTask();
    expect(yieldFn).toHaveBeenCalledTimes(1);
  });
});
