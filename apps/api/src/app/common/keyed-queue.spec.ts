import { KeyedQueue, ServerBusyError } from './keyed-queue';

describe('KeyedQueue', () => {
  it('runs one key’s tasks in order and other keys in parallel', async () => {
    const q = new KeyedQueue();
    const log: string[] = [];
    const task = (name: string, ms: number) => () =>
      new Promise<string>((r) => setTimeout(() => (log.push(name), r(name)), ms));
    await Promise.all([q.run('a', task('a1', 20)), q.run('a', task('a2', 1)), q.run('b', task('b1', 5))]);
    expect(log).toEqual(['b1', 'a1', 'a2']);
    expect(q.depth('a')).toBe(0);
  });

  it('a failed task does not stop the next one', async () => {
    const q = new KeyedQueue();
    const first = q.run('a', () => Promise.reject(new Error('no')));
    const second = q.run('a', async () => 'yes');
    await expect(first).rejects.toThrow('no');
    await expect(second).resolves.toBe('yes');
  });

  it('refuses with 503 "Server busy, try again" once a key has maxPerKey tasks, and recovers as they finish', async () => {
    const q = new KeyedQueue(3);
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const held = [q.run('a', () => gate), q.run('a', () => gate), q.run('a', () => gate)];
    await expect(q.run('a', async () => 'x')).rejects.toBeInstanceOf(ServerBusyError);
    await expect(q.run('a', async () => 'x')).rejects.toMatchObject({ status: 503, message: 'Server busy, try again' });
    await expect(q.run('b', async () => 'other key')).resolves.toBe('other key');
    release();
    await Promise.all(held);
    await new Promise((r) => setTimeout(r, 0));
    expect(q.depth('a')).toBe(0);
    await expect(q.run('a', async () => 'again')).resolves.toBe('again');
  });
});
