import { GroupWriter } from './group-writer';

/** A write that stays open until the test ends it. */
function gatedWrites() {
  const calls: Array<{ items: number[]; done(): void; fail(e: Error): void }> = [];
  const write = (items: number[]) =>
    new Promise<void>((done, fail) => {
      calls.push({ items, done, fail });
    });
  return { calls, write };
}

const tick = () => new Promise((r) => setImmediate(r));

describe('GroupWriter', () => {
  it('writes an item at once when nothing is in flight, and groups what arrives meanwhile', async () => {
    const { calls, write } = gatedWrites();
    const writer = new GroupWriter(write, 1, 100);
    const written: number[] = [];
    const add = (n: number) => writer.add(n).then(() => written.push(n));
    const first = add(1);
    expect(calls.map((c) => c.items)).toEqual([[1]]);
    const rest = [2, 3, 4].map(add);
    expect(calls).toHaveLength(1); // they wait for the write in flight
    calls[0].done();
    await first;
    await tick();
    expect(calls.map((c) => c.items)).toEqual([[1], [2, 3, 4]]);
    expect(written).toEqual([1]);
    calls[1].done();
    await Promise.all(rest);
    expect(written).toEqual([1, 2, 3, 4]);
  });

  it('keeps at most `concurrency` writes in flight and `maxGroup` items in a write', async () => {
    const { calls, write } = gatedWrites();
    const writer = new GroupWriter(write, 2, 2);
    const all = [1, 2, 3, 4, 5, 6].map((n) => writer.add(n));
    expect(calls.map((c) => c.items)).toEqual([[1], [2]]);
    calls[0].done();
    await tick();
    expect(calls.map((c) => c.items)).toEqual([[1], [2], [3, 4]]);
    calls[1].done();
    calls[2].done();
    await tick();
    expect(calls.map((c) => c.items)).toEqual([[1], [2], [3, 4], [5, 6]]);
    calls[3].done();
    await Promise.all(all);
  });

  it('fails every item of a failed write, and the next write goes on', async () => {
    const { calls, write } = gatedWrites();
    const writer = new GroupWriter(write, 1, 10);
    const first = writer.add(1);
    const [a, b] = [writer.add(2), writer.add(3)];
    calls[0].done();
    await first;
    await tick();
    calls[1].fail(new Error('lost'));
    await expect(a).rejects.toThrow('lost');
    await expect(b).rejects.toThrow('lost');
    const c = writer.add(4);
    expect(calls.map((x) => x.items)).toEqual([[1], [2, 3], [4]]);
    calls[2].done();
    await c;
  });

  it('fails the items of a write that throws before it returns a promise', async () => {
    const writer = new GroupWriter<number>(() => {
      throw new Error('bad');
    });
    await expect(writer.add(1)).rejects.toThrow('bad');
  });
});
