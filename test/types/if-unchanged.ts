// Type tests of `ifUnchanged` on update and delete (compare-and-set), compiled by `tsc --noEmit` and never run (see
// typed-keys.ts for the convention). Only plain properties with values of their declared types compile; the run time
// refuses key parts, counters and the rest (test/integration/repository/update-if-unchanged.test.ts).
import { Column, Entity, Family, KeyPart, QualifierMap, QualifierSet } from '../../decorators/index.js';
import type { Mapper } from '../../src/repository/mapper.js';

@Entity({ table: 'books' })
@Family('d')
@Family('tags')
@Family('notes')
class Book {
  declare static readonly keyParts: readonly ['id'];
  @KeyPart(0, 'string') id!: string;
  @Column({ family: 'd', codec: 'string' }) title!: string;
  @Column({ family: 'd', codec: 'float64', optional: true }) price?: number;
  @Column({ family: 'd', codec: 'bytes', optional: true }) cover?: Uint8Array;
  @QualifierSet({ family: 'tags', key: 'string' }) tags!: Set<string>;
  @QualifierMap({ family: 'notes', key: 'string', value: 'string' }) notes!: Map<string, string>;
}

export async function ifUnchanged(mapper: Mapper): Promise<void> {
  const books = mapper.repository(Book);
  const key = { id: 'b1' };
  await books.update(key, { title: 'new' }, { ifUnchanged: { title: 'old', price: 3 } });
  await books.update(key, { price: 4 }, { ifUnchanged: { price: undefined, cover: new Uint8Array([1]) } });
  await books.delete(key, { ifUnchanged: { title: 'old' } });

  // @ts-expect-error a value of another type
  await books.update(key, { title: 'new' }, { ifUnchanged: { title: 3 } });
  // @ts-expect-error a property the entity does not have
  await books.update(key, { title: 'new' }, { ifUnchanged: { author: 'x' } });
  // @ts-expect-error a Set property is no plain column
  await books.update(key, { title: 'new' }, { ifUnchanged: { tags: new Set(['a']) } });
  // @ts-expect-error a Map property is no plain column
  await books.delete(key, { ifUnchanged: { notes: new Map() } });
  // @ts-expect-error a price is a number
  await books.delete(key, { ifUnchanged: { price: '3' } });
}
