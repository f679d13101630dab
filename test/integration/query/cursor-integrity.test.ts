import { beforeAll, describe, expect, it } from 'vitest';
import { QueryError } from '../../../src/errors/query-error.js';
import { useMapper } from '../../../src/testing/vitest/use-mapper.js';
import { Reading } from '../../unit/query/query-fixtures.js';

function reading(deviceId: string, seq: number): Reading {
  return Object.assign(new Reading(), {
    deviceType: 'phone',
    deviceId,
    seq,
    status: 'idle',
    level: seq,
    cpu: 0.5,
    ok: true,
    notes: [],
    tags: new Map<string, string>(),
  });
}

describe('a cursor altered by hand is refused on the emulator', () => {
  const mapper = useMapper([Reading]);
  const repo = () => mapper().repository(Reading);
  const query = () => repo().find({ deviceType: 'phone', deviceId: 'a' });

  beforeAll(async () => {
    await repo().saveMany(Array.from({ length: 6 }, (_, seq) => reading('a', seq)));
  });

  it('flipping the direction field does not serve the rows before the cursor again', async () => {
    const first = await query().page(3);
    expect(first.items.map((r) => r.seq)).toEqual([0, 1, 2]);
    const doc = JSON.parse(Buffer.from(first.cursor!, 'base64url').toString('utf8')) as { r: boolean };
    expect(doc.r).toBe(false);
    const flipped = Buffer.from(JSON.stringify({ ...doc, r: true }), 'utf8').toString('base64url');
    const error = await query()
      .after(flipped)
      .toArray()
      .then(
        (rows) => rows.map((r) => r.seq),
        (e: unknown) => e,
      );
    expect(error).toBeInstanceOf(QueryError);
    expect((error as QueryError).problem).toMatch(/altered/);
    // The untouched cursor still resumes exactly.
    expect((await query().after(first.cursor!).toArray()).map((r) => r.seq)).toEqual([3, 4, 5]);
  });
});
