import { describe, expect, it } from 'vitest';
import { BigtableMapperError } from '../../src/errors/bigtable-mapper-error.js';
import { PartialWriteError } from '../../src/errors/partial-write-error.js';
import { outcomesOf } from './support/batch-outcomes.js';
import { Item, item } from './support/entities.js';
import { createMapperPair, type MapperPair } from './support/mapper-pair.js';
import { startPrivateEmulator, type PrivateEmulator } from './support/private-emulator.js';
import { hasTypeError, trackUnhandledRejections } from './support/unhandled.js';
import { settleWithin, waitUntil } from './support/wait-until.js';

/**
 * Issue 10, item 10: kill -9 of the server in the middle of a saveMany and of a scan. Both calls end (no hang)
 * with typed errors: the batch with PartialWriteError and per-entity outcomes (CONTRACT), the scan with a
 * transport-family error; no TypeError, no unhandled rejection. The server is gone, so outcomes are checked for
 * consistency only (not against stored rows).
 */
const SHORT = {
  retry: { maxElapsedMs: 3000, initialBackoffMs: 20, maxBackoffMs: 200 },
  timeouts: { attemptMs: 1000 },
};

async function withDoomedServer(
  scenario: (pair: MapperPair, emulator: PrivateEmulator) => Promise<void>,
): Promise<void> {
  const emulator = await startPrivateEmulator();
  const unhandled = trackUnhandledRejections();
  try {
    const pair = await createMapperPair([Item], { emulatorHost: emulator.hostPort, proxied: SHORT });
    try {
      await scenario(pair, emulator);
    } finally {
      await pair.dispose();
    }
  } finally {
    const seen = unhandled.stop();
    await emulator.stop();
    expect(seen.map(String)).toEqual([]);
  }
}

function expectTypedError(error: unknown): void {
  expect(error, String(error)).toBeInstanceOf(BigtableMapperError);
  expect(hasTypeError(error), String(error)).toBe(false);
}

describe('kill -9 of the server', () => {
  it('during a saveMany: PartialWriteError with consistent outcomes', () =>
    withDoomedServer(async ({ proxy, proxied }, emulator) => {
      const input = Array.from({ length: 20_000 }, (_, i) => item(i));
      await proxied.repository(Item).get({ id: 'warm-up' });
      const answered = proxy.bytesFromServer;
      const saving = settleWithin(proxied.repository(Item).saveMany(input), 30_000);
      expect(await waitUntil(() => proxy.bytesFromServer > answered, { maxPolls: 4_000, everyMs: 5 })).toBe(
        true,
      );
      emulator.kill9();
      const settled = await saving;
      expect(settled.status, 'saveMany must end, not hang').not.toBe('hung');
      if (settled.status === 'rejected') {
        expectTypedError(settled.reason);
        expect(settled.reason).toBeInstanceOf(PartialWriteError);
      }
      const outcomes = outcomesOf(settled as PromiseSettledResult<void>, input.length);
      for (const failure of (settled as { reason?: PartialWriteError }).reason?.failures ?? [])
        expectTypedError(failure.cause);
      expect(outcomes).toHaveLength(input.length);
    }));

  it('during a scan: a transport-family error', () =>
    withDoomedServer(async ({ proxied, direct }, emulator) => {
      await direct.repository(Item).saveMany(Array.from({ length: 10_000 }, (_, i) => item(i)));
      await proxied.repository(Item).get({ id: 'warm-up' });
      // Consume row by row and kill the server after the first row, while the rest is still to come.
      const scanning = settleWithin(
        (async () => {
          let rows = 0;
          for await (const row of proxied.repository(Item).scan()) {
            void row;
            if (++rows === 1) emulator.kill9();
          }
          return rows;
        })(),
        30_000,
      );
      const settled = await scanning;
      expect(settled.status, 'the scan must end, not hang').not.toBe('hung');
      expect(settled.status, `the scan returned ${JSON.stringify(settled)}`).toBe('rejected');
      expectTypedError((settled as PromiseRejectedResult).reason);
    }));
});
