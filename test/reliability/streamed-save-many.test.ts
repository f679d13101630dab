import { describe, expect, it } from 'vitest';
import { PartialWriteError } from '../../src/errors/partial-write-error.js';
import type { WriteProgress } from '../../src/write/batch/batch-types.js';
import { checkOutcomesAgainstServer, outcomesOf, storedItems } from './support/batch-outcomes.js';
import { Item, item } from './support/entities.js';
import { createMapperPair } from './support/mapper-pair.js';
import { settleWithin, waitUntil } from './support/wait-until.js';

/**
 * Issue 14: `saveMany` of an (async) iterable loads with bounded memory. These tests try to break it: the input
 * is never read further ahead than the batches in flight, an invalid entity stops the load with nothing of its
 * batch sent, and a link cut for good ends the load with outcomes that match the server for every entity read.
 */

const CHUNK = 2_000;
const CONCURRENCY = 4;

/** Items from..to as an async generator that records how many were taken and whether it was closed. */
function source(count: number, make: (i: number) => Item = item) {
  const state = { taken: 0, closed: false };
  async function* items(): AsyncGenerator<Item> {
    try {
      for (let i = 0; i < count; i++) {
        state.taken++;
        yield make(i);
      }
    } finally {
      state.closed = true;
    }
  }
  return { state, items: items() };
}

describe('saveMany of an async iterable', () => {
  it('writes every entity, reports monotonic progress, and never reads more than the slots hold', async () => {
    const pair = await createMapperPair([Item]);
    try {
      const N = 25_000;
      const { state, items } = source(N);
      const reports: WriteProgress[] = [];
      let maxAhead = 0;
      await pair.direct.repository(Item).saveMany(items, {
        onProgress: (p) => {
          reports.push(p);
          const finished = p.written + p.notWritten + p.unknown;
          maxAhead = Math.max(maxAhead, state.taken - finished);
        },
      });
      // In flight at most CONCURRENCY chunks, plus the chunk being gathered when a report comes.
      expect(maxAhead).toBeLessThanOrEqual((CONCURRENCY + 1) * CHUNK);
      expect(state.taken).toBe(N);
      const last = reports[reports.length - 1]!;
      expect(last).toEqual({ consumed: N, written: N, notWritten: 0, unknown: 0 });
      for (let i = 1; i < reports.length; i++)
        expect(reports[i]!.written).toBeGreaterThanOrEqual(reports[i - 1]!.written);
      const stored = await storedItems(pair.direct);
      expect(stored.size).toBe(N);
      expect(stored.get(item(N - 1).id)).toEqual(item(N - 1));
    } finally {
      await pair.dispose();
    }
  });

  it('accepts a plain (sync) iterable such as a generator', async () => {
    const pair = await createMapperPair([Item]);
    try {
      function* three(): Generator<Item> {
        for (let i = 0; i < 3; i++) yield item(i);
      }
      await pair.direct.repository(Item).saveMany(three());
      expect((await storedItems(pair.direct)).size).toBe(3);
    } finally {
      await pair.dispose();
    }
  });

  it('an invalid entity stops the load: its batch is not sent, earlier batches are, the input is closed', async () => {
    const pair = await createMapperPair([Item]);
    try {
      const BAD = 4_500; // in the third batch
      const { state, items } = source(20_000, (i) =>
        i === BAD ? Object.assign(item(i), { label: 'bad\uD800' }) : item(i),
      );
      const settled = await settleWithin(pair.direct.repository(Item).saveMany(items), 30_000);
      expect(settled.status).toBe('rejected');
      const error = (settled as PromiseRejectedResult).reason as PartialWriteError;
      expect(error).toBeInstanceOf(PartialWriteError);
      expect(state.closed, 'the input must be closed').toBe(true);
      expect(state.taken).toBeLessThan(20_000);
      expect(error.outcomes.length).toBe(state.taken);
      const bad = error.failures.find((f) => f.index === BAD)!;
      expect(bad.outcome).toBe('notWritten');
      expect(bad.cause.message).toMatch(/label/);
      const stored = await storedItems(pair.direct);
      const badChunk = Math.floor(BAD / CHUNK);
      for (let i = badChunk * CHUNK; i < (badChunk + 1) * CHUNK; i++) {
        expect(error.outcomes[i]).toBe('notWritten');
        expect(stored.has(item(i).id)).toBe(false);
      }
      checkOutcomesAgainstServer(
        Array.from({ length: error.outcomes.length }, (_, i) => item(i)),
        error.outcomes,
        stored,
      );
      for (let i = 0; i < badChunk * CHUNK; i++) expect(error.outcomes[i]).toBe('written');
    } finally {
      await pair.dispose();
    }
  });

  it('a link cut for good ends the load, reads no further, and every outcome matches the server', async () => {
    const pair = await createMapperPair([Item], {
      proxied: {
        retry: { maxElapsedMs: 2000, initialBackoffMs: 20, maxBackoffMs: 200 },
        timeouts: { attemptMs: 800 },
      },
    });
    try {
      const { proxy, proxied, direct } = pair;
      const N = 200_000;
      const { state, items } = source(N);
      await proxied.repository(Item).get({ id: 'warm-up' });
      const saving = settleWithin(proxied.repository(Item).saveMany(items), 50_000);
      expect(await waitUntil(() => state.taken > 3 * CHUNK, { maxPolls: 4_000, everyMs: 5 })).toBe(true);
      proxy.cut();
      const settled = await saving;
      proxy.restore();
      expect(settled.status, 'saveMany must end, not hang').not.toBe('hung');
      expect(state.taken).toBeLessThan(N);
      expect(state.closed).toBe(true);
      const consumed = (settled as PromiseRejectedResult).reason?.outcomes?.length ?? N;
      const outcomes = outcomesOf(settled as PromiseSettledResult<void>, consumed);
      const input = Array.from({ length: consumed }, (_, i) => item(i));
      const counts = checkOutcomesAgainstServer(input, outcomes, await storedItems(direct));
      expect(counts.written).toBeLessThan(consumed);
    } finally {
      await pair.dispose();
    }
  });
});
