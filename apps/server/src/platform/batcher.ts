// Groups work that arrives while earlier work is running, so that a burst shares one database
// transaction (and its round trips) instead of paying for one each. Nothing waits when the system is
// idle: the first item starts at once, alone; what arrives meanwhile forms the next batch. With a
// concurrency above one, a second batch may start while the first waits on the database, at once or only
// once the first has run for a while (`overlapAfterMs`).

export type Outcome<R> = { ok: true; value: R } | { ok: false; error: unknown };

interface Waiting<T, R> {
  item: T;
  resolve: (value: R) => void;
  reject: (error: unknown) => void;
}

export interface BatcherOptions<T, R> {
  /** Runs one batch: an outcome per item, in order, or a throw that fails the batch as a whole. */
  run: (items: T[]) => Promise<Outcome<R>[]>;
  /** How much of the batch an item fills (the batch is full at `capacity`); an item always fits alone. */
  weight: (item: T) => number;
  capacity: number;
  /** Items with the same key never share a batch (a later one goes into a later batch). */
  key: (item: T) => string;
  /** How many batches may run at once (each takes what is waiting when it starts). */
  concurrency: number;
  /**
   * A further batch starts only while every running one has run this long (it waits for a lock, say),
   * and stops taking batches once one of the others moves again: one batch at a time, larger and
   * cheaper, unless one is held up. Unset: up to `concurrency` at once whenever work waits.
   */
  overlapAfterMs?: number;
}

export class Batcher<T, R> {
  private queue: Waiting<T, R>[] = [];
  private running = 0;
  /** When each running drain's current batch started. */
  private readonly started = new Map<symbol, number>();
  private timer: NodeJS.Timeout | null = null;

  constructor(private readonly opts: BatcherOptions<T, R>) {}

  submit(item: T): Promise<R> {
    return new Promise<R>((resolve, reject) => {
      this.queue.push({ item, resolve, reject });
      this.kick();
    });
  }

  /** How long until every running batch but `except` has run `overlapAfterMs` (0: they all have). */
  private untilStalled(except?: symbol): number {
    const after = this.opts.overlapAfterMs ?? 0;
    let youngest = -Infinity;
    for (const [drain, at] of this.started) if (drain !== except) youngest = Math.max(youngest, at);
    return Math.max(0, youngest + after - Date.now());
  }

  private kick() {
    if (!this.queue.length || this.running >= this.opts.concurrency) return;
    const wait = this.running === 0 ? 0 : this.untilStalled();
    if (wait === 0) {
      void this.drain();
      return;
    }
    if (!this.timer) {
      this.timer = setTimeout(() => {
        this.timer = null;
        this.kick();
      }, wait);
      this.timer.unref();
    }
  }

  private take(): Waiting<T, R>[] {
    const batch: Waiting<T, R>[] = [];
    const keys = new Set<string>();
    const rest: Waiting<T, R>[] = [];
    let filled = 0;
    for (const w of this.queue) {
      const key = this.opts.key(w.item);
      const weight = this.opts.weight(w.item);
      if (keys.has(key) || (batch.length > 0 && filled + weight > this.opts.capacity)) {
        rest.push(w);
        continue;
      }
      keys.add(key);
      filled += weight;
      batch.push(w);
    }
    this.queue = rest;
    return batch;
  }

  private async drain() {
    this.running++;
    const me = Symbol('drain');
    try {
      while (this.queue.length) {
        // Once another batch moves again, it alone goes on.
        if (this.opts.overlapAfterMs !== undefined && this.started.size > 0 && this.untilStalled(me) > 0) break;
        this.started.set(me, Date.now());
        const batch = this.take();
        try {
          const outcomes = await this.opts.run(batch.map((w) => w.item));
          // Answered once the next batch is on its way: its callers' replies are written while the
          // database works on it, not before it is sent (a batch's replies took 2 ms of a 30 ms cycle).
          setImmediate(() => settle(batch, outcomes));
        } catch (error) {
          if (batch.length === 1) {
            batch[0].reject(error);
            continue;
          }
          // One item's fault must not fail the others: each runs again alone.
          for (const w of batch) {
            try {
              settle([w], await this.opts.run([w.item]));
            } catch (e) {
              w.reject(e);
            }
          }
        }
      }
    } finally {
      this.started.delete(me);
      this.running--;
      // Work that arrived while this drain was deciding to stop.
      this.kick();
    }
  }
}

function settle<T, R>(batch: Waiting<T, R>[], outcomes: Outcome<R>[]) {
  batch.forEach((w, i) => {
    const o = outcomes[i];
    if (!o) w.reject(new Error('the batch gave no outcome for an item'));
    else if (o.ok) w.resolve(o.value);
    else w.reject(o.error);
  });
}
