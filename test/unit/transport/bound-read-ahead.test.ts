import { Readable } from 'node:stream';
import { setImmediate as tick } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import type { BigtableConnection } from '../../../src/transport/bigtable-connection.js';
import { boundReadAhead } from '../../../src/transport/bound-read-ahead.js';
import { readRowBatches } from '../../../src/transport/read-rows.js';
import { encodeReadRowsResponse, fakeReadRowsStub } from '../../support/encode-read-rows-response.js';

const MIB = 1024 * 1024;

/** An object-mode Readable of `count` messages of `size` bytes, counting the bytes it has handed over. */
function source(count: number, size: (i: number) => number): { stream: Readable; pushed: () => number } {
  let i = 0;
  let pushed = 0;
  const stream = new Readable({
    objectMode: true,
    read() {
      if (i === count) {
        this.push(null);
        return;
      }
      const message = Buffer.alloc(size(i++));
      pushed += message.length;
      this.push(message);
    },
  });
  return { stream, pushed: () => pushed };
}

/** Takes every message, letting the stream read ahead between takes; the most bytes read and not yet taken. */
async function maxHeld(
  stream: Readable,
  pushed: () => number,
  taken?: (message: Uint8Array) => void,
): Promise<number> {
  let took = 0;
  let max = 0;
  for await (const message of stream.iterator({ destroyOnReturn: true }) as AsyncIterable<Buffer>) {
    taken?.(message);
    took += message.length;
    for (let i = 0; i < 5; i++) await tick();
    max = Math.max(max, pushed() - took);
  }
  return max;
}

describe('boundReadAhead', () => {
  it('keeps the bytes read ahead under the bound plus one message, where the Readable alone holds 16 messages', async () => {
    const unbounded = source(40, () => MIB);
    expect(await maxHeld(unbounded.stream, unbounded.pushed)).toBeGreaterThanOrEqual(15 * MIB);

    const bounded = source(40, () => MIB);
    const taken = boundReadAhead(bounded.stream, 4 * MIB);
    expect(await maxHeld(bounded.stream, bounded.pushed, taken)).toBeLessThanOrEqual(4 * MIB + MIB);
  });

  it('lets a message larger than the bound through, one at a time, and ends the stream', async () => {
    const big = source(5, () => 3 * MIB);
    const taken = boundReadAhead(big.stream, MIB);
    expect(await maxHeld(big.stream, big.pushed, taken)).toBeLessThanOrEqual(3 * MIB);
    expect(big.pushed()).toBe(15 * MIB);
  });

  it('keeps reading small messages up to the Readable’s own bound of 16', async () => {
    const small = source(100, () => 100);
    const taken = boundReadAhead(small.stream, MIB);
    expect(await maxHeld(small.stream, small.pushed, taken)).toBeGreaterThanOrEqual(15 * 100);
  });
});

describe('readRowBatches read-ahead', () => {
  it('holds under 4 MiB plus one response of a slow consumer’s read, whatever the responses’ size', async () => {
    const value = Buffer.alloc(MIB / 2);
    const sizes: number[] = [];
    let i = 0;
    const connection = {
      appProfileId: undefined,
      closeSignal: new AbortController().signal,
      ready: async () => undefined,
      tablePath: (id: string) => `projects/p/instances/i/tables/${id}`,
      dataStub: fakeReadRowsStub(() => {
        const stream = new Readable({
          objectMode: true,
          read() {
            if (i === 40) {
              this.push(null);
              return;
            }
            const key = Buffer.from(`row${String(i++).padStart(3, '0')}`);
            const message = encodeReadRowsResponse({
              chunks: [
                {
                  rowKey: key,
                  familyName: { value: 'f' },
                  qualifier: { value: Buffer.from('q') },
                  timestampMicros: '1000',
                  value,
                  commitRow: true,
                },
              ],
            });
            sizes.push(message.length);
            this.push(message);
          },
        });
        return Object.assign(stream, { cancel: () => stream.destroy() });
      }),
    } as unknown as BigtableConnection;
    const sum = (list: readonly number[]): number => list.reduce((a, b) => a + b, 0);
    let max = 0;
    let rows = 0;
    for await (const batch of readRowBatches(connection, 't', {})) {
      rows += batch.length;
      for (let t = 0; t < 5; t++) await tick();
      // The responses served beyond those whose rows are out.
      max = Math.max(max, sum(sizes.slice(rows)));
    }
    expect(rows).toBe(40);
    expect(max).toBeLessThanOrEqual(4 * MIB + Math.max(...sizes));
  });
});
