import { describe, expect, it } from 'vitest';
import { MetadataError } from '../../../src/errors/metadata-error.js';
import { defineEntity } from '../../../src/metadata/define-entity.js';
import type { EntityDefinition } from '../../../src/metadata/define-entity.js';
import type { EntityClass, EntityMetadata } from '../../../src/metadata/entity-metadata.js';
import { EntityRegistry } from '../../../src/metadata/entity-registry.js';
import { keyOwner } from '../../../src/metadata/key-owner.js';
import { resolveEntity } from '../../../src/metadata/resolve-entity.js';

type Loose = Record<string, unknown>;
const utf8 = (s: string) => new TextEncoder().encode(s);
const text = (b: Uint8Array) => new TextDecoder().decode(b);

function entity(name: string, definition: EntityDefinition<Loose>): EntityClass {
  const cls = { [name]: class {} }[name] as unknown as EntityClass<Loose>;
  defineEntity(cls, definition);
  return cls;
}

/** Every problem the registry reports for the whole model, as `Entity: message` lines. */
function problems(...classes: EntityClass[]): string[] {
  try {
    new EntityRegistry(classes).resolveAll();
    return [];
  } catch (error) {
    expect(error).toBeInstanceOf(MetadataError);
    return (error as MetadataError).problems.map(
      (p) => `${p.entity}${p.property === undefined ? '' : `.${p.property}`}: ${p.message}`,
    );
  }
}

const FIX =
  "put a literal between the parent's key and the child's parts (@Entity({ parent, literal: 'c' })), give the " +
  'entities different field counts or types at some position, or give each its own prefix';

function videoAndComments(encoding: 'delimited' | 'orderedCode', table: string) {
  const Video = entity('Video', { table, prefix: 'video', encoding, key: [{ property: 'videoId' }] });
  const Comment = entity('Comment', {
    table,
    parent: Video,
    literal: 'c',
    key: [{ property: 'at', type: 'reversedTimestamp' }],
  });
  return { Video, Comment };
}

describe('hierarchical keys: declaration', () => {
  it('a child key is the parent key, the literal, then its own parts (delimited)', () => {
    const { Comment } = videoAndComments('delimited', 'hk1');
    const meta = resolveEntity(Comment);
    expect(meta.key.parts.map((p) => p.property)).toEqual(['videoId', 'at']);
    const key = meta.key.codec.encode({ videoId: 'v1', at: new Date('2020-05-01T00:00:00Z') });
    expect(text(key)).toBe('video#v1#c#9223370448563575807');
    expect(meta.key.codec.decode(key)).toEqual({ videoId: 'v1', at: new Date('2020-05-01T00:00:00Z') });
  });

  it('a child keeps the parent’s encoding (ordered code)', () => {
    const { Video, Comment } = videoAndComments('orderedCode', 'hk2');
    const meta = resolveEntity(Comment);
    expect(meta.key.encoding).toEqual({ kind: 'orderedCode' });
    expect(meta.parent).toBe(Video);
    const key = meta.key.codec.encode({ videoId: 'v1', at: new Date(0) });
    expect(Buffer.from(key).toString('hex')).toBe(
      `${Buffer.from('video').toString('hex')}0001${Buffer.from('v1').toString('hex')}0001630001ffc07fffffffffffffff`,
    );
  });

  it('three levels (continent → country → city) and a salted parent', () => {
    const Continent = entity('Continent', { table: 'hk3', key: [{ property: 'continent' }] });
    const Country = entity('Country', { table: 'hk3', parent: Continent, key: [{ property: 'country' }] });
    const City = entity('City', { table: 'hk3', parent: Country, key: [{ property: 'city' }] });
    const key = resolveEntity(City).key.codec.encode({
      continent: 'asia',
      country: 'india',
      city: 'bangalore',
    });
    expect(text(key)).toBe('asia#india#bangalore');
    expect(problems(Continent, Country, City)).toEqual([]);

    const User = entity('User', { table: 'hk3s', salt: { buckets: 4 }, key: [{ property: 'user' }] });
    const Post = entity('Post', { table: 'hk3s', parent: User, literal: 'p', key: [{ property: 'post' }] });
    const user = resolveEntity(User).key.codec.encode({ user: 'alice' });
    const post = resolveEntity(Post).key.codec.encode({ user: 'alice', post: 'x' });
    expect(text(post)).toBe(`${text(user)}#p#x`); // same bucket as the parent row: adjacent
    expect(problems(User, Post)).toEqual([]);
  });

  it('reports what a child may not declare', () => {
    const Parent = entity('Parent', { table: 'hk4', prefix: 'p', key: [{ property: 'id' }] });
    const Child = entity('Child', {
      table: 'other',
      parent: Parent,
      prefix: 'x',
      encoding: 'orderedCode',
      key: [{ property: 'id' }],
    });
    expect(problems(Child)).toEqual([
      "Child: prefix is not allowed with parent (the key starts with Parent's key); use literal",
      'Child: parent Parent is stored in table hk4, not other; a hierarchical key only makes rows adjacent within one table',
      "Child: encoding orderedCode differs from parent Parent's delimited; a child key extends its parent's key, so it keeps its encoding (leave encoding out)",
    ]);
    const Orphan = entity('Orphan', { table: 'hk4', literal: 'c', key: [{ property: 'id' }] });
    expect(problems(Orphan)).toEqual([
      'Orphan: literal is the segment after a parent key; without parent, use prefix',
    ]);
    const Twice = entity('Twice', { table: 'hk4', parent: Parent, literal: 'c', key: [{ property: 'id' }] });
    expect(problems(Twice)).toEqual([
      "Twice.id: is a key part of parent Parent (the key starts with the parent's key); declare it only there",
    ]);
  });

  it('reports a parent chain that loops', () => {
    class A {}
    class B {}
    defineEntity(A as unknown as EntityClass<Loose>, {
      table: 'hk5',
      parent: B,
      literal: 'a',
      key: [{ property: 'a' }],
    });
    defineEntity(B as unknown as EntityClass<Loose>, {
      table: 'hk5',
      parent: A,
      literal: 'b',
      key: [{ property: 'b' }],
    });
    expect(() => resolveEntity(A)).toThrow(/parent B cannot be resolved: .*parent chain loops back to A/s);
  });
});

describe('hierarchical keys: collision check', () => {
  it.each(['delimited', 'orderedCode'] as const)('accepts a video and its comments (%s)', (encoding) => {
    const { Video, Comment } = videoAndComments(encoding, `hk-vc-${encoding}`);
    expect(problems(Video, Comment)).toEqual([]);
  });

  it('accepts invoice → payments and tenant-prefixed device rows (both encodings)', () => {
    for (const encoding of ['delimited', 'orderedCode'] as const) {
      // Two tables: a tenant named "invoice" with device type "a" and id "payment" would be an invoice payment.
      const table = `hk-ip-${encoding}`;
      const Invoice = entity('Invoice', {
        table: `${table}-billing`,
        prefix: 'invoice',
        encoding,
        key: [{ property: 'invoiceId' }],
      });
      const Payment = entity('Payment', {
        table: `${table}-billing`,
        parent: Invoice,
        literal: 'payment',
        key: [{ property: 'paymentId' }],
      });
      const Tenant = entity('Tenant', { table, encoding, key: [{ property: 'tenant' }] });
      const DeviceDay = entity('DeviceDay', {
        table,
        parent: Tenant,
        key: [
          { property: 'deviceType' },
          { property: 'deviceId' },
          { property: 'day', type: 'int64', width: 8 },
        ],
      });
      // A tenant row `altostrat` has 1 field, a device day `altostrat#phone#4c410523#20190501` has 4; an invoice
      // has 2 fields and a payment 3.
      expect(problems(Invoice, Payment)).toEqual([]);
      expect(problems(Tenant, DeviceDay)).toEqual([]);
      const key = resolveEntity(DeviceDay).key.codec.encode({
        tenant: 'altostrat',
        deviceType: 'phone',
        deviceId: '4c410523',
        day: 20190501,
      });
      if (encoding === 'delimited') expect(text(key)).toBe('altostrat#phone#4c410523#20190501');
    }
  });

  it('accepts the same field count when a position tells the types apart', () => {
    // Position 1: a 4-digit number never equals a 19-digit reversed timestamp; position 2: literal vs literal.
    const A = entity('A', { table: 'hk6', prefix: 'x', key: [{ property: 'n', type: 'int64', width: 4 }] });
    const B = entity('B', {
      table: 'hk6',
      prefix: 'x',
      key: [{ property: 'at', type: 'reversedTimestamp' }],
    });
    const C = entity('C', { table: 'hk6', prefix: 'x', key: [{ literal: 'c' }, { property: 'id' }] });
    const D = entity('D', { table: 'hk6', prefix: 'x', key: [{ literal: 'd' }, { property: 'id' }] });
    expect(problems(A, B, C, D)).toEqual([]);
  });

  it('refuses the same layout twice with the colliding key', () => {
    const A = entity('A', { table: 'hk7', prefix: 'x', key: [{ property: 'id' }] });
    const B = entity('B', { table: 'hk7', prefix: 'x', key: [{ property: 'name' }] });
    expect(problems(A, B)).toEqual([
      `A: row keys can collide with B's in table hk7: A { id: "a" } and B { name: "a" } both have row key "x#a", so a row's type cannot be told from its key; ${FIX}`,
      `B: row keys can collide with A's in table hk7: B { name: "a" } and A { id: "a" } both have row key "x#a", so a row's type cannot be told from its key; ${FIX}`,
    ]);
  });

  it('refuses a string that can hold what a number or a literal stores', () => {
    const Name = entity('Name', { table: 'hk8', prefix: 'x', key: [{ property: 'name' }] });
    const Num = entity('Num', {
      table: 'hk8',
      prefix: 'x',
      key: [{ property: 'n', type: 'int64', width: 3 }],
    });
    expect(problems(Name, Num)[0]).toBe(
      `Name: row keys can collide with Num's in table hk8: Name { name: "000" } and Num { n: 0n } both have row key "x#000", so a row's type cannot be told from its key; ${FIX}`,
    );
    const Parent = entity('Parent', {
      table: 'hk9',
      prefix: 'p',
      key: [{ property: 'a' }, { property: 'b' }],
    });
    const Child = entity('Child', { table: 'hk9', prefix: 'p', key: [{ property: 'a' }, { literal: 'c' }] });
    expect(problems(Parent, Child)[0]).toBe(
      `Parent: row keys can collide with Child's in table hk9: Parent { a: "a", b: "c" } and Child { a: "a" } both have row key "p#a#c", so a row's type cannot be told from its key; ${FIX}`,
    );
  });

  it('ordered code: levels without a literal collide through the omitted trailing empty field', () => {
    const Continent = entity('Continent', {
      table: 'hk10',
      encoding: 'orderedCode',
      key: [{ property: 'continent' }],
    });
    const Country = entity('Country', { table: 'hk10', parent: Continent, key: [{ property: 'country' }] });
    expect(problems(Continent, Country)[0]).toBe(
      `Continent: row keys can collide with Country's in table hk10: Continent { continent: "a" } and Country { continent: "a", country: "" } both have row key "a", so a row's type cannot be told from its key; ${FIX}`,
    );
    const Country2 = entity('Country2', {
      table: 'hk11',
      encoding: 'orderedCode',
      key: [{ property: 'continent' }],
    });
    const City2 = entity('City2', {
      table: 'hk11',
      parent: Country2,
      literal: 'city',
      key: [{ property: 'city' }],
    });
    expect(problems(Country2, City2)).toEqual([]);
    // Delimited keys keep the empty field (`a#`), so there the count alone decides.
    const Continent3 = entity('Continent3', { table: 'hk12', key: [{ property: 'continent' }] });
    const Country3 = entity('Country3', {
      table: 'hk12',
      parent: Continent3,
      key: [{ property: 'country' }],
    });
    expect(problems(Continent3, Country3)).toEqual([]);
  });

  it('keys of different encodings are compared by range', () => {
    const A = entity('A', { table: 'hk13', prefix: 'a', key: [{ property: 'id' }] });
    const B = entity('B', { table: 'hk13', prefix: 'b', encoding: 'orderedCode', key: [{ property: 'id' }] });
    expect(problems(A, B)).toEqual([]);
    const C = entity('C', { table: 'hk14', key: [{ property: 'id' }] });
    const D = entity('D', { table: 'hk14', prefix: 'a', encoding: 'orderedCode', key: [{ property: 'id' }] });
    expect(problems(C, D)[0]).toBe(
      `C: row keys can collide with D's in table hk14: their keys use different encodings or delimiters, so only disjoint key ranges tell them apart, but C keys span (−∞, +∞) and D keys span ["a", "a\\x00\\x02") (e.g. D key "a\\x00\\x01a" lies in C's range); give each entity a literal prefix that is not a prefix of the other (e.g. prefix: "video" and "comment")`,
    );
  });
});

describe('keyOwner', () => {
  it.each(['delimited', 'orderedCode'] as const)(
    'routes each row of a video table by its key (%s)',
    (encoding) => {
      const { Video, Comment } = videoAndComments(encoding, `hk-route-${encoding}`);
      const registry = new EntityRegistry([Video, Comment]);
      const [video, comment] = registry.resolveAll() as [EntityMetadata, EntityMetadata];
      const videoKey = video.key.codec.encode({ videoId: 'v1' });
      const commentKey = comment.key.codec.encode({ videoId: 'v1', at: new Date(5) });
      expect(keyOwner([video, comment], videoKey)).toBe(video);
      expect(keyOwner([video, comment], commentKey)).toBe(comment);
      expect(keyOwner([comment, video], videoKey)).toBe(video);
      expect(keyOwner([video], commentKey)).toBeUndefined();
      expect(keyOwner([video, comment], utf8('user#u1'))).toBeUndefined();
    },
  );
});
