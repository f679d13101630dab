import { setImmediate as tick } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { onDemandIterator } from '../../../src/transport/on-demand-iterator.js';

/** A producer of 0, 1, 2, … up to `count`, logging what it does. */
function counting(count: number, log: string[]): AsyncIterableIterator<number, void, undefined> {
  return onDemandIterator<number>(async (sink) => {
    log.push('start');
    try {
      for (let i = 0; i < count; i++) {
        log.push(`produce ${i}`);
        if (!(await sink(i))) return;
      }
    } finally {
      // A cleanup that takes a moment: return() must wait for it.
      await tick();
      log.push('cleanup');
    }
  });
}

describe('onDemandIterator', () => {
  it('starts the producer at the first next() and produces each value only when it is asked for', async () => {
    const log: string[] = [];
    const numbers = counting(3, log);
    await tick();
    expect(log).toEqual([]);
    expect(await numbers.next()).toEqual({ value: 0, done: false });
    await tick();
    expect(log).toEqual(['start', 'produce 0']);
    const all: number[] = [];
    for await (const n of numbers) all.push(n);
    expect(all).toEqual([1, 2]);
    expect(log.at(-1)).toBe('cleanup');
    expect(await numbers.next()).toEqual({ value: undefined, done: true });
  });

  it('a break stops the producer, whose cleanup has run when the loop is left', async () => {
    const log: string[] = [];
    for await (const n of counting(10, log)) if (n === 1) break;
    expect(log).toEqual(['start', 'produce 0', 'produce 1', 'cleanup']);
  });

  it('return() before the first next() never starts the producer', async () => {
    const log: string[] = [];
    const numbers = counting(3, log);
    expect(await numbers.return!()).toEqual({ value: undefined, done: true });
    expect(await numbers.next()).toEqual({ value: undefined, done: true });
    expect(log).toEqual([]);
  });

  it('a producer’s failure rejects the next() that waits, after the values before it', async () => {
    const failure = new Error('boom');
    const values = onDemandIterator<number>(async (sink) => {
      await sink(1);
      throw failure;
    });
    const got: number[] = [];
    await expect(
      (async () => {
        for await (const v of values) got.push(v);
      })(),
    ).rejects.toBe(failure);
    expect(got).toEqual([1]);
    expect(await values.next()).toEqual({ value: undefined, done: true });
  });

  it('serves next() calls made before the previous one settled in order, as a generator does', async () => {
    const log: string[] = [];
    const numbers = counting(2, log);
    const results = await Promise.all([numbers.next(), numbers.next(), numbers.next(), numbers.return!()]);
    expect(results).toEqual([
      { value: 0, done: false },
      { value: 1, done: false },
      { value: undefined, done: true },
      { value: undefined, done: true },
    ]);
    expect(log).toEqual(['start', 'produce 0', 'produce 1', 'cleanup']);
  });
});
