// An entity whose key is one string part and no prefix: its keys are the values themselves, so the smallest value
// ('') frames to an empty key. Conditions on that part must plan without encoding such a key (once a
// KeyEncodingError), and a range ending at '' must never be sent (an empty end key means +∞ to Bigtable).
import { beforeAll, describe, expect, it } from 'vitest';
import { Column, Entity, Family, KeyPart } from '../../../decorators/index.js';
import type { Query } from '../../../src/query/builder/query.js';
import { useMapper } from 'bigtable-mapper/testing/vitest';

@Entity({ table: 'single_part_keys' })
@Family('d')
class Word {
  declare static readonly keyParts: readonly ['text'];
  @KeyPart(0, 'string') text!: string;
  @Column({ family: 'd', codec: 'string' }) note!: string;
}

const TEXTS = ['a', 'ab', 'b', 'ba', 'c', '~'];

describe('conditions on the only key part of an entity without a prefix', () => {
  const mapper = useMapper([Word]);
  const repo = () => mapper().repository(Word);
  const texts = async (query: Query<Word>): Promise<string[]> => (await query.toArray()).map((w) => w.text);

  beforeAll(async () => {
    await repo().saveMany(TEXTS.map((text) => Object.assign(new Word(), { text, note: `n ${text}` })));
  });

  it.each([
    ['>=', '', TEXTS],
    ['>', '', TEXTS],
    ['<', '', []],
    ['<=', '', []],
    ['=', '', []],
    ['>=', 'b', ['b', 'ba', 'c', '~']],
    ['>', 'b', ['ba', 'c', '~']],
    ['<', 'b', ['a', 'ab']],
    ['<=', 'b', ['a', 'ab', 'b']],
    ['startsWith', '', TEXTS],
    ['startsWith', 'a', ['a', 'ab']],
  ] as const)("where('text', '%s', %j)", async (op, value, expected) => {
    const query = repo()
      .find()
      .allowScan()
      .where('text', op as '>=', value);
    expect(await texts(query)).toEqual(expected);
    // Nothing to read is no request at all; and never an empty (= unbounded) end key.
    const { request } = query.compile();
    if (expected.length === 0) expect(request).toBeUndefined();
    for (const range of request?.rows?.rowRanges ?? [])
      expect((range.endKeyClosed ?? range.endKeyOpen)?.length ?? 1).toBeGreaterThan(0);
  });

  it('between with an empty low end', async () => {
    expect(await texts(repo().find().allowScan().where('text', 'between', ['', 'ab']))).toEqual(['a', 'ab']);
  });
});
