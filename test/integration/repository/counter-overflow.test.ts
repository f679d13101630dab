import { describe, expect, it } from 'vitest';
import { Aggregate, Column, Counter, Entity, Family, KeyPart } from '../../../decorators/index.js';
import { CounterOverflowError } from '../../../src/errors/counter-overflow-error.js';
import { useMapper } from '../../../src/testing/vitest/use-mapper.js';

@Entity({ table: 'overflow_clips' })
@Family('d')
@Family('stat')
@Family('views', { aggregate: 'sum' })
class Tally {
  @KeyPart(0, 'string') id!: string;
  @Column({ family: 'd', codec: 'string' }) title!: string;
  @Counter({ family: 'stat' }) likes!: bigint;
  // A number counter may come to hold a bigint: see docs/writes.md, "Counters and aggregates".
  @Counter({ family: 'stat', as: 'number' }) shares!: number | bigint;
  @Aggregate({ family: 'views', qualifier: 'total', as: 'number' }) views!: number | bigint;
}

const INT64_MIN = -(2n ** 63n);
const INT64_MAX = 2n ** 63n - 1n;
const SAFE = Number.MAX_SAFE_INTEGER;

async function overflow(promise: Promise<unknown>): Promise<CounterOverflowError> {
  const error = await promise.then(
    (value: unknown) => ({ resolved: value }),
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(CounterOverflowError);
  return error as CounterOverflowError;
}

describe('counter results out of range are typed errors, applied, and the row stays readable', () => {
  const mapper = useMapper([Tally]);

  it('a bigint counter at 2^63-1 incremented by 1 is a CounterOverflowError, not a silent -2^63', async () => {
    const tallies = mapper().repository(Tally);
    const key = { id: 'wrap-up' };
    expect(await tallies.increment(key, 'likes', INT64_MAX)).toBe(INT64_MAX);
    const error = await overflow(tallies.increment(key, 'likes', 1n));
    expect(error).toMatchObject({
      code: 'COUNTER_OVERFLOW',
      entity: 'Tally',
      property: 'likes',
      by: 1n,
      storedValue: INT64_MIN,
      range: 'int64',
      applied: true,
    });
    expect(error.message).toContain('was applied');
    // Applied and not undone: the cell holds what the error says.
    expect((await tallies.get(key))?.likes).toBe(INT64_MIN);
  });

  it('the same holds downwards: -2^63 minus 1 wraps to 2^63-1 and is reported', async () => {
    const tallies = mapper().repository(Tally);
    const key = { id: 'wrap-down' };
    expect(await tallies.increment(key, 'likes', INT64_MIN)).toBe(INT64_MIN);
    const error = await overflow(tallies.increment(key, 'likes', -1));
    expect(error).toMatchObject({ range: 'int64', storedValue: INT64_MAX, by: -1n });
  });

  it('a number counter pushed past 2^53-1 is reported as applied, and its row reads with the exact bigint', async () => {
    const tallies = mapper().repository(Tally);
    const key = { id: 'unsafe' };
    await tallies.save(Object.assign(new Tally(), { id: 'unsafe', title: 'big' }));
    expect(await tallies.increment(key, 'shares', SAFE)).toBe(SAFE);
    const error = await overflow(tallies.increment(key, 'shares', 1));
    expect(error).toMatchObject({
      code: 'COUNTER_OVERFLOW',
      property: 'shares',
      by: 1n,
      storedValue: 2n ** 53n,
      range: 'safe-integer',
      applied: true,
    });
    const row = await tallies.get(key);
    expect(row).toMatchObject({ id: 'unsafe', title: 'big', likes: 0n, shares: 2n ** 53n });
    const [found] = await tallies.find({ id: 'unsafe' }).toArray();
    expect(found?.shares).toBe(2n ** 53n);
    // Back in range it is a number again.
    expect(await tallies.increment(key, 'shares', -1)).toBe(SAFE);
    expect((await tallies.get(key))?.shares).toBe(SAFE);
  });

  it('a number sum aggregate past 2^53-1 reads as the exact bigint too', async () => {
    const tallies = mapper().repository(Tally);
    const key = { id: 'views' };
    await tallies.aggregate(key, 'views', SAFE);
    await tallies.aggregate(key, 'views', 2);
    expect((await tallies.get(key))?.views).toBe(2n ** 53n + 1n);
  });
});
