import { describe, expect, it } from 'vitest';
import { Column, Entity, Family, KeyPart, Version } from '../../../decorators/index.js';
import { OptimisticLockError } from '../../../src/errors/optimistic-lock-error.js';
import { PartialWriteError } from '../../../src/errors/partial-write-error.js';
import { useMapper } from '../../../src/testing/vitest/use-mapper.js';

// Issue 23 A2: saveMany with a key repeated in the input let an earlier input win (3,000 entities over 50 keys,
// small batches, 8 in flight: most keys ended with an earlier value, no error). The rule now: the result equals
// applying the inputs in order, for arrays and streamed iterables alike.

@Entity({ table: 'repeated_keys' })
@Family('d')
class Tally {
  @KeyPart(0, 'string') run!: string;
  @KeyPart(1, 'string') key!: string;
  @Column({ family: 'd', codec: 'int64AsNumber' }) input!: number;
  @Column({ family: 'd', codec: 'string' }) pad!: string;
}

@Entity({ table: 'repeated_keys_v' })
@Family('d')
@Family('meta')
class Locked {
  @KeyPart(0, 'string') id!: string;
  @Column({ family: 'd', codec: 'int64AsNumber' }) input!: number;
  @Version({ family: 'meta' }) version!: bigint;
}

const KEYS = 50;
const PAD = 'x'.repeat(200);

function inputs(run: string, count: number): Tally[] {
  return Array.from({ length: count }, (_, i) =>
    Object.assign(new Tally(), { run, key: `k${String(i % KEYS).padStart(2, '0')}`, input: i, pad: PAD }),
  );
}

async function* streamed<T>(items: readonly T[]): AsyncGenerator<T> {
  for (const item of items) {
    // Let the writes in flight progress while the input is read, as a file reader would.
    if (item === items[Math.floor(items.length / 2)]) await new Promise((r) => setTimeout(r, 1));
    yield item;
  }
}

describe('saveMany with repeated keys applies the inputs in order', () => {
  // Small requests, 8 in flight: the shape of the report.
  const mapper = useMapper([Tally, Locked], { batchConcurrency: 8, batchMaxBytes: 4_096 });

  async function expectLastInputWins(run: string, count: number): Promise<void> {
    const stored = await mapper().repository(Tally).find({ run }).toArray();
    expect(stored).toHaveLength(KEYS);
    const wrong = stored.filter((t) => {
      const k = Number(t.key.slice(1));
      const last = count - KEYS + k;
      return t.input !== last;
    });
    expect(wrong.map((t) => `${t.key}=${t.input}`)).toEqual([]);
  }

  it('an array of 3,000 entities over 50 keys: every key holds its last input', async () => {
    await mapper().repository(Tally).saveMany(inputs('array', 3_000));
    await expectLastInputWins('array', 3_000);
  });

  it('a streamed iterable of 6,000 entities over 50 keys: every key holds its last input', async () => {
    const progress: number[] = [];
    await mapper()
      .repository(Tally)
      .saveMany(streamed(inputs('stream', 6_000)), { onProgress: (p) => progress.push(p.written) });
    await expectLastInputWins('stream', 6_000);
    expect(progress.at(-1)).toBe(6_000);
  });

  it('a synchronous iterable too', async () => {
    await mapper().repository(Tally).saveMany(inputs('sync', 4_100)[Symbol.iterator]());
    await expectLastInputWins('sync', 4_100);
  });

  it('versioned entities repeated in one batch are checked in input order', async () => {
    const locked = mapper().repository(Locked);
    const first = Object.assign(new Locked(), { id: 'v', input: 1, version: 0n });
    const second = Object.assign(new Locked(), { id: 'v', input: 2, version: 0n });
    const error = await locked.saveMany([first, second]).catch((e: unknown) => e);
    // In order: the first creates the row at version 1, the second (also read at "no row") conflicts.
    expect(error).toBeInstanceOf(PartialWriteError);
    expect((error as PartialWriteError).outcomes).toEqual(['written', 'notWritten']);
    expect((error as PartialWriteError).failures[0]!.cause).toBeInstanceOf(OptimisticLockError);
    expect((await locked.getOrThrow({ id: 'v' })).input).toBe(1);
  });
});

describe('saveMany: a throwing onProgress', () => {
  const mapper = useMapper([Tally]);

  it('fails the call with a library error (INTERNAL) whose cause is the callback’s own error', async () => {
    const boom = new RangeError('progress bar broke');
    const error: unknown = await mapper()
      .repository(Tally)
      .saveMany(inputs('progress', 3), {
        onProgress: () => {
          throw boom;
        },
      })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'INTERNAL', cause: boom });
  });
});
