import { describe, expect, it } from 'vitest';
import { Batcher, type Outcome } from '../src/platform/batcher';

type Item = { id: number; key?: string; weight?: number; fail?: boolean };

function recorder(opts: { capacity?: number; failBatch?: (items: Item[]) => boolean } = {}) {
  const batches: number[][] = [];
  let release: (() => void) | null = null;
  const gate = () => new Promise<void>((r) => (release = r));
  let gated: Promise<void> | null = gate();
  const b = new Batcher<Item, string>({
    run: async (items) => {
      batches.push(items.map((i) => i.id));
      // The first batch waits until released, so later arrivals queue behind it.
      if (gated) {
        const g = gated;
        gated = null;
        await g;
      }
      if (opts.failBatch?.(items)) throw new Error('batch failed');
      return items.map((i): Outcome<string> => (i.fail ? { ok: false, error: new Error(`refused ${i.id}`) } : { ok: true, value: `done ${i.id}` }));
    },
    weight: (i) => i.weight ?? 1,
    capacity: opts.capacity ?? 100,
    key: (i) => i.key ?? String(i.id),
    concurrency: 1,
  });
  return { b, batches, release: () => release!() };
}

describe('Batcher', () => {
  it('starts the first item at once and groups what arrives meanwhile into the next batch', async () => {
    const { b, batches, release } = recorder();
    const first = b.submit({ id: 1 });
    const rest = [2, 3, 4].map((id) => b.submit({ id }));
    await Promise.resolve();
    expect(batches).toEqual([[1]]);
    release();
    expect(await first).toBe('done 1');
    expect(await Promise.all(rest)).toEqual(['done 2', 'done 3', 'done 4']);
    expect(batches).toEqual([[1], [2, 3, 4]]);
  });

  it('never puts two items with one key in a batch, and keeps arrival order otherwise', async () => {
    const { b, batches, release } = recorder();
    const all = [b.submit({ id: 1 }), b.submit({ id: 2, key: 'k' }), b.submit({ id: 3, key: 'k' }), b.submit({ id: 4 })];
    release();
    await Promise.all(all);
    expect(batches).toEqual([[1], [2, 4], [3]]);
  });

  it('fills a batch up to its capacity; an item heavier than the capacity runs alone', async () => {
    const { b, batches, release } = recorder({ capacity: 10 });
    const all = [b.submit({ id: 1 }), b.submit({ id: 2, weight: 6 }), b.submit({ id: 3, weight: 6 }), b.submit({ id: 4, weight: 50 }), b.submit({ id: 5, weight: 4 })];
    release();
    await Promise.all(all);
    expect(batches).toEqual([[1], [2, 5], [3], [4]]);
  });

  it('gives each item its own outcome', async () => {
    const { b, release } = recorder();
    const first = b.submit({ id: 1 });
    const refused = b.submit({ id: 2, fail: true });
    const placed = b.submit({ id: 3 });
    release();
    await first;
    await expect(refused).rejects.toThrow('refused 2');
    expect(await placed).toBe('done 3');
  });

  it('runs each item of a failed batch again alone, so only the faulty one fails', async () => {
    const { b, batches, release } = recorder({ failBatch: (items) => items.some((i) => i.id === 3) });
    const first = b.submit({ id: 1 });
    const others = Promise.allSettled([2, 3, 4].map((id) => b.submit({ id })));
    release();
    await first;
    const settled = await others;
    expect(settled.map((s) => s.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(batches).toEqual([[1], [2, 3, 4], [2], [3], [4]]);
  });

  it('sends the next batch on its way before answering the callers of the one before', async () => {
    const order: string[] = [];
    const b = new Batcher<number, number>({
      run: async (items) => {
        // What a batch does before its first statement leaves: a few hops through the microtask queue.
        for (let hop = 0; hop < 3; hop++) await Promise.resolve();
        order.push(`sent ${items.join()}`);
        return items.map((i) => ({ ok: true, value: i }));
      },
      weight: () => 1,
      capacity: 10,
      key: String,
      concurrency: 1,
    });
    const first = b.submit(1).then(() => order.push('answered 1'));
    const second = b.submit(2);
    await Promise.all([first, second]);
    expect(order.slice(0, 3)).toEqual(['sent 1', 'sent 2', 'answered 1']);
  });

  it('with overlapAfterMs, starts a second batch only once the running one has been held that long, then runs one at a time again', async () => {
    const runs: number[][] = [];
    let running = 0;
    let most = 0;
    const gates = new Map<number, () => void>();
    const b = new Batcher<number, number>({
      run: async (items) => {
        runs.push(items);
        most = Math.max(most, ++running);
        // Item 1's batch is held (a lock) until released; the others take a moment each.
        if (items.includes(1)) await new Promise<void>((r) => gates.set(1, r));
        else await new Promise((r) => setTimeout(r, 5));
        running--;
        return items.map((i) => ({ ok: true, value: i }));
      },
      weight: () => 1,
      capacity: 10,
      key: String,
      concurrency: 2,
      overlapAfterMs: 40,
    });
    const first = b.submit(1);
    const held = [2, 3].map((i) => b.submit(i));
    await new Promise((r) => setTimeout(r, 20));
    // Not yet: the first batch has run 20 ms of the 40.
    expect(runs).toEqual([[1]]);
    expect(await Promise.all(held)).toEqual([2, 3]);
    // The second started once the first had been held 40 ms, with everything waiting.
    expect(runs).toEqual([[1], [2, 3]]);
    gates.get(1)!();
    await first;
    most = running;
    // Unheld again: a burst runs one batch at a time.
    const burst = [];
    for (let i = 4; i < 12; i++) {
      burst.push(b.submit(i));
      await new Promise((r) => setTimeout(r, 1));
    }
    await Promise.all(burst);
    expect(most).toBe(1);
  });
});
