import { describe, expect, it } from 'vitest';
import { Aggregate, Counter, Entity, Family, KeyPart } from '../../../decorators/index.js';
import { InvalidArgumentError } from '../../../src/errors/invalid-argument-error.js';
import { formatValue } from '../../../src/errors/format-value.js';
import { useMapper } from '../../../src/testing/vitest/use-mapper.js';

@Entity({ table: 'clips' })
@Family('stat')
@Family('views', { aggregate: 'sum' })
class Clip {
  @KeyPart(0, 'string') id!: string;
  @Counter({ family: 'stat' }) likes!: bigint;
  @Aggregate({ family: 'views', qualifier: 'total' }) views!: bigint;
}

/** Amounts that `BigInt()` would have accepted (or that lose precision) and that must be refused. */
const BAD_AMOUNTS: ReadonlyArray<readonly [string, unknown]> = [
  ['a hex string', '0x10'],
  ['a decimal string', '1'],
  ['a boolean', true],
  ['a one-element array', [7]],
  ['a fraction', 1.5],
  ['NaN', Number.NaN],
  ['an unsafe integer', 2 ** 53],
  ['a bigint beyond int64', 2n ** 63n],
  ['null', null],
];

async function rejection(promise: Promise<unknown>): Promise<InvalidArgumentError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(InvalidArgumentError);
  return error as InvalidArgumentError;
}

describe('increment and aggregate accept only a bigint within int64 or a safe integer', () => {
  const mapper = useMapper([Clip]);

  it.each(BAD_AMOUNTS)('increment refuses %s before sending anything', async (_what, amount) => {
    const clips = mapper().repository(Clip);
    const error = await rejection(clips.increment({ id: 'c1' }, 'likes', amount as never));
    expect(error.code).toBe('INVALID_ARGUMENT');
    expect(error).toMatchObject({ api: 'increment', argument: 'by', entity: 'Clip', property: 'likes' });
    expect(error.value).toBe(amount);
    expect(error.message).toBe(
      `increment: by for Clip.likes must be a bigint within int64 or a safe integer, got ${formatValue(amount)}`,
    );
    expect(await clips.get({ id: 'c1' })).toBeUndefined(); // nothing was sent
  });

  it.each(BAD_AMOUNTS)('aggregate refuses %s before sending anything', async (_what, amount) => {
    const clips = mapper().repository(Clip);
    const error = await rejection(clips.aggregate({ id: 'c2' }, 'views', amount as never));
    expect(error).toMatchObject({
      code: 'INVALID_ARGUMENT',
      api: 'aggregate',
      argument: 'value',
      entity: 'Clip',
    });
    expect(error.message).toContain(
      `Clip.views must be a bigint within int64 or a safe integer, got ${formatValue(amount)}`,
    );
    expect(await clips.get({ id: 'c2' })).toBeUndefined();
  });

  it('shows the refused value as passed: "0x10" stays a string, [7] an array', async () => {
    const clips = mapper().repository(Clip);
    expect((await rejection(clips.increment({ id: 'c3' }, 'likes', '0x10' as never))).message).toMatch(
      /got "0x10"$/,
    );
    expect((await rejection(clips.increment({ id: 'c3' }, 'likes', [7] as never))).message).toMatch(
      /got \[7\]$/,
    );
    expect((await rejection(clips.increment({ id: 'c3' }, 'likes', true as never))).message).toMatch(
      /got true$/,
    );
  });

  it('refuses an invalid bucket and a property that is no counter or aggregate', async () => {
    const clips = mapper().repository(Clip);
    const bucket = await rejection(
      clips.aggregate({ id: 'c4' }, 'views', 1, { bucket: new Date(Number.NaN) }),
    );
    expect(bucket.message).toBe('aggregate: bucket for Clip.views must be a valid Date, got Invalid Date');
    const notCounter = await rejection(clips.increment({ id: 'c4' }, 'views', 1));
    expect(notCounter.message).toBe(
      'increment: property for Clip must be a @Counter property (likes), got "views"',
    );
    expect(await clips.get({ id: 'c4' })).toBeUndefined();
  });

  it('still adds valid amounts: numbers, bigints and the int64 extremes', async () => {
    const clips = mapper().repository(Clip);
    expect(await clips.increment({ id: 'c5' }, 'likes', 16)).toBe(16n);
    expect(await clips.increment({ id: 'c5' }, 'likes', -6n)).toBe(10n);
    expect(await clips.increment({ id: 'c5' }, 'likes', Number.MAX_SAFE_INTEGER)).toBe(
      10n + BigInt(Number.MAX_SAFE_INTEGER),
    );
    await clips.aggregate({ id: 'c5' }, 'views', 2n);
    await clips.aggregate({ id: 'c5' }, 'views', 3);
    expect((await clips.get({ id: 'c5' }))?.views).toBe(5n);
  });
});
