import { describe, expect, it } from 'vitest';
import { ConnectionClosedError } from '../../src/errors/connection-closed-error.js';
import { PartialWriteError } from '../../src/errors/partial-write-error.js';
import { checkOutcomesAgainstServer, outcomesOf, storedItems } from './support/batch-outcomes.js';
import { Item, item } from './support/entities.js';
import { createMapperPair } from './support/mapper-pair.js';
import { hasTypeError, trackUnhandledRejections } from './support/unhandled.js';
import { settleWithin, waitUntil } from './support/wait-until.js';

/**
 * Issue 10, item 7: `mapper.close()` while a 20,000-entity saveMany and a 10,000-row scan are in flight (CONTRACT):
 * the batch ends with PartialWriteError whose outcomes match the server (or ConnectionClosedError if nothing was
 * sent), the scan with ConnectionClosedError, later calls with ConnectionClosedError; no unhandled rejection and
 * no TypeError anywhere (today: `TypeError: this.stream.cancel is not a function`).
 */
describe('closing the mapper with calls in flight', () => {
  it('ends every call with a typed error and leaves the server consistent with the reported outcomes', async () => {
    const pair = await createMapperPair([Item]);
    const unhandled = trackUnhandledRejections();
    try {
      const { proxy, proxied, direct } = pair;
      const scanned = Array.from({ length: 10_000 }, (_, i) => item(i));
      await direct.repository(Item).saveMany(scanned);
      const input = Array.from({ length: 20_000 }, (_, i) => item(100_000 + i));
      await proxied.repository(Item).get({ id: 'warm-up' });
      // Latency on every chunk keeps the batch in flight long enough for close() to land in the middle of it.
      proxy.delay(20);
      const answered = proxy.bytesFromServer;
      const saving = settleWithin(proxied.repository(Item).saveMany(input), 30_000);
      // The scan is consumed row by row and waits after its first row until close() has been called, so it is
      // certainly under way (9,999 rows still to come) when the mapper closes.
      let closeCalled: () => void = () => undefined;
      const afterClose = new Promise<void>((resolve) => (closeCalled = resolve));
      let firstRow: () => void = () => undefined;
      const gotFirstRow = new Promise<void>((resolve) => (firstRow = resolve));
      const scanning = settleWithin(
        (async () => {
          let rows = 0;
          for await (const row of proxied.repository(Item).scan()) {
            void row;
            if (++rows === 1) {
              firstRow();
              await afterClose;
            }
          }
          return rows;
        })(),
        30_000,
      );
      expect(await settleWithin(gotFirstRow, 20_000)).toEqual({ status: 'fulfilled', value: undefined });
      expect(await waitUntil(() => proxy.bytesFromServer > answered, { maxPolls: 2_000, everyMs: 5 })).toBe(
        true,
      );
      await proxied.close();
      closeCalled();
      proxy.delay(0);

      const [saved, scan] = await Promise.all([saving, scanning]);
      expect(saved.status, 'saveMany must end, not hang').toBe('rejected');
      expect(scan.status, 'the scan must end, not hang').toBe('rejected');
      const saveError = (saved as PromiseRejectedResult).reason as unknown;
      const scanError = (scan as PromiseRejectedResult).reason as unknown;
      expect(hasTypeError(saveError), String(saveError)).toBe(false);
      expect(hasTypeError(scanError), String(scanError)).toBe(false);
      expect(scanError, String(scanError)).toBeInstanceOf(ConnectionClosedError);
      if (!(saveError instanceof ConnectionClosedError)) {
        expect(saveError, String(saveError)).toBeInstanceOf(PartialWriteError);
        const outcomes = outcomesOf(saved as PromiseSettledResult<void>, input.length);
        checkOutcomesAgainstServer(input, outcomes, await storedItems(direct));
      } else {
        // Nothing was sent: nothing of the batch may be stored.
        const stored = await storedItems(direct);
        expect(input.filter((i) => stored.has(i.id))).toEqual([]);
      }

      const later = await settleWithin(proxied.repository(Item).get({ id: item(1).id }), 5_000);
      expect(later.status).toBe('rejected');
      expect((later as PromiseRejectedResult).reason).toBeInstanceOf(ConnectionClosedError);
    } finally {
      const seen = unhandled.stop();
      await pair.dispose();
      expect(seen.map(String)).toEqual([]);
    }
  });
});
