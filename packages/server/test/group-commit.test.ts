import { describe, expect, it } from 'vitest';
import { GroupCommit, sharedFlush } from '../src/lib/group-commit';

describe('group commit', () => {
  it('puts what arrives together into one commit and answers each after it', async () => {
    const commits: number[][] = [];
    const group = new GroupCommit<number, string>(async (items) => {
      commits.push(items);
      await new Promise((r) => setTimeout(r, 5));
      return items.map((i) => `ok ${i}`);
    });
    const first = await Promise.all([1, 2, 3].map((i) => group.submit(i)));
    expect(first).toEqual(['ok 1', 'ok 2', 'ok 3']);
    // While one commit runs, the next items wait for the following one.
    const a = group.submit(4);
    await new Promise((r) => setImmediate(r));
    const rest = [5, 6].map((i) => group.submit(i));
    expect(await Promise.all([a, ...rest])).toEqual(['ok 4', 'ok 5', 'ok 6']);
    expect(commits).toEqual([[1, 2, 3], [4], [5, 6]]);
    expect(group.stats).toEqual({ commits: 3, items: 6, largestBatch: 3 });
  });

  it('caps a batch and drains', async () => {
    const sizes: number[] = [];
    const group = new GroupCommit<number, number>(async (items) => {
      sizes.push(items.length);
      return items;
    }, 4);
    const all = Array.from({ length: 10 }, (_, i) => group.submit(i));
    await group.drain();
    expect(await Promise.all(all)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(sizes).toEqual([4, 4, 2]);
  });

  it('when a batch fails, tries its items one by one so only the bad one fails', async () => {
    const group = new GroupCommit<number, number>(async (items) => {
      if (items.includes(13)) throw new Error('unlucky');
      return items.map((i) => i * 2);
    });
    const results = await Promise.allSettled([1, 13, 3].map((i) => group.submit(i)));
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(results[0]).toMatchObject({ value: 2 });
    expect(results[1]).toMatchObject({ reason: new Error('unlucky') });
  });

  it('answers an item only after a flush that began after its commit; the next batch commits meanwhile', async () => {
    const events: string[] = [];
    const flushes: (() => void)[] = [];
    const flush = sharedFlush(
      () =>
        new Promise<void>((resolve) => {
          events.push('flush begins');
          flushes.push(() => {
            events.push('flush ends');
            resolve();
          });
        }),
    );
    const group = new GroupCommit<number, number>(
      async (items) => {
        events.push(`commit ${items.join(',')}`);
        return items;
      },
      500,
      flush,
    );
    const first = group.submit(1).then((v) => events.push(`answer ${v}`));
    await new Promise((r) => setImmediate(r));
    await new Promise((r) => setImmediate(r));
    // Batch 1 is committed and its flush under way: batch 2 commits without waiting for it.
    const second = group.submit(2).then((v) => events.push(`answer ${v}`));
    const third = group.submit(3).then((v) => events.push(`answer ${v}`));
    await new Promise((r) => setImmediate(r));
    await new Promise((r) => setImmediate(r));
    expect(events).toEqual(['commit 1', 'flush begins', 'commit 2,3']);
    // The running flush may have begun before batch 2 was written: batch 2 waits for the next one.
    flushes[0]?.();
    await first;
    await new Promise((r) => setImmediate(r));
    expect(events.slice(3)).toEqual(['flush ends', 'answer 1', 'flush begins']);
    flushes[1]?.();
    await Promise.all([second, third]);
    expect(events.slice(6)).toEqual(['flush ends', 'answer 2', 'answer 3']);
    await group.drain();
  });

  it('fails the items of a batch whose flush fails', async () => {
    const group = new GroupCommit<number, number>(
      async (items) => items,
      500,
      sharedFlush(() => Promise.reject(new Error('disk gone'))),
    );
    await expect(group.submit(1)).rejects.toThrow('disk gone');
  });
});
