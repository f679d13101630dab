import { describe, expect, it } from 'vitest';
import {
  Aggregate,
  Column,
  Counter,
  Entity,
  Family,
  KeyPart,
  ProtobufColumn,
  QualifierMap,
  QualifierSet,
  Version,
} from '../../../decorators/index.js';
import { MetadataError } from '../../../src/errors/metadata-error.js';
import type { MetadataProblem } from '../../../src/errors/metadata-error.js';
import { ownDeclarations } from '../../../src/metadata/declaration-store.js';
import { defineEntity } from '../../../src/metadata/define-entity.js';
import type { EntityClass } from '../../../src/metadata/entity-metadata.js';
import { EntityRegistry } from '../../../src/metadata/entity-registry.js';
import { resolveEntity } from '../../../src/metadata/resolve-entity.js';

function problemsOf(target: EntityClass, registry?: EntityRegistry): MetadataProblem[] {
  try {
    if (registry) registry.resolve(target);
    else resolveEntity(target);
  } catch (error) {
    expect(error).toBeInstanceOf(MetadataError);
    expect((error as MetadataError).code).toBe('METADATA_INVALID');
    return [...(error as MetadataError).problems];
  }
  throw new Error(`${target.name} resolved without problems`);
}

function expectProblem(
  problems: MetadataProblem[],
  entity: string,
  property: string | undefined,
  message: RegExp,
) {
  expect(problems).toContainEqual(
    expect.objectContaining({
      entity,
      ...(property ? { property } : {}),
      message: expect.stringMatching(message),
    }),
  );
}

describe('metadata validation: key', () => {
  it('reports a missing key position', () => {
    @Entity({ table: 'errors' })
    class GapKey {
      @KeyPart(0) a!: string;
      @KeyPart(2) c!: string;
    }
    expectProblem(problemsOf(GapKey), 'GapKey', undefined, /key position 1 is missing \(declared: 0, 2\)/);
  });

  it('reports a duplicate key position', () => {
    @Entity({ table: 'errors' })
    class DupKey {
      @KeyPart(0) a!: string;
      @KeyPart(0) b!: string;
    }
    expectProblem(problemsOf(DupKey), 'DupKey', undefined, /key position 0 is declared 2 times \(a, b\)/);
  });

  it('reports an entity without key parts', () => {
    @Entity({ table: 'errors', prefix: 'x' })
    class NoKey {}
    expectProblem(problemsOf(NoKey), 'NoKey', undefined, /has no key parts/);
  });

  it('reports invalid key part arguments and what the key codec rejects', () => {
    class BadPart {
      id!: string;
    }
    defineEntity(BadPart, {
      table: 'errors',
      delimiter: '0',
      key: [{ property: 'id', type: 'int64' }],
    });
    expectProblem(problemsOf(BadPart), 'BadPart', undefined, /row key is invalid: .*delimiter/);

    class BadType {
      id!: string;
    }
    defineEntity(BadType, { table: 'errors', key: [{ property: 'id', type: 'uuid' as 'string' }] });
    expectProblem(problemsOf(BadType), 'BadType', 'id', /key part type must be one of string, bytes/);
  });

  it('reports a property that is both key part and column', () => {
    class Both {
      id!: string;
    }
    defineEntity(Both, {
      table: 'errors',
      key: [{ property: 'id' }],
      families: { d: {} },
      properties: { id: { family: 'd', codec: 'string' } },
    });
    expectProblem(problemsOf(Both), 'Both', 'id', /declared twice \(keyPart and column\)/);
  });

  it('lets a subclass turn an inherited key part into a column (and then misses the key part)', () => {
    @Entity({ table: 'errors' })
    @Family('d')
    class Keyed {
      @KeyPart(0) id!: string;
    }
    class Sub extends Keyed {
      @Column({ family: 'd', codec: 'string' }) declare id: string;
    }
    expectProblem(problemsOf(Sub), 'Sub', undefined, /has no key parts/);
  });
});

describe('metadata validation: families and columns', () => {
  it('reports two properties on the same family:qualifier', () => {
    @Entity({ table: 'errors' })
    @Family('d')
    class SameCell {
      @KeyPart(0) id!: string;
      @Column({ family: 'd', qualifier: 'n', codec: 'string' }) name!: string;
      @Column({ family: 'd', qualifier: 'n', codec: 'string' }) nick!: string;
    }
    expectProblem(problemsOf(SameCell), 'SameCell', 'nick', /maps to d:"n", which name already uses/);
  });

  it('reports a map or set family that also holds columns, and two owners of one family', () => {
    @Entity({ table: 'errors' })
    @Family('friends')
    class Crowded {
      @KeyPart(0) id!: string;
      @QualifierMap({ family: 'friends', key: 'string', value: 'string' }) friends!: Map<string, string>;
      @QualifierSet({ family: 'friends', key: 'string' }) blocked!: Set<string>;
      @Column({ family: 'friends', codec: 'int64' }) count!: bigint;
    }
    const problems = problemsOf(Crowded);
    expectProblem(problems, 'Crowded', 'blocked', /family friends is already owned by friends/);
    expectProblem(problems, 'Crowded', 'friends', /owns family friends as a Map\/Set, but count also store/);
  });

  it('reports an undeclared family', () => {
    @Entity({ table: 'errors' })
    class Undeclared {
      @KeyPart(0) id!: string;
      @Column({ family: 'ghost', codec: 'string' }) name!: string;
    }
    expectProblem(problemsOf(Undeclared), 'Undeclared', 'name', /uses undeclared family ghost/);
  });

  it('reports aggregates outside aggregate families and other fields inside them', () => {
    @Entity({ table: 'errors' })
    @Family('plain')
    @Family('views', { aggregate: 'sum' })
    class Misplaced {
      @KeyPart(0) id!: string;
      @Aggregate({ family: 'plain' }) total!: bigint;
      @Counter({ family: 'views' }) likes!: bigint;
    }
    const problems = problemsOf(Misplaced);
    expectProblem(problems, 'Misplaced', 'total', /family plain is not an aggregate family/);
    expectProblem(problems, 'Misplaced', 'likes', /is a counter in aggregate family views/);
  });

  it('reports family names Bigtable rejects and invalid GC rules', () => {
    @Entity({ table: 'errors' })
    @Family('my stats')
    @Family('x'.repeat(65))
    @Family('g', { gc: { maxVersions: 0 } })
    @Family('h', { gc: { union: [] } })
    @Family('i', { aggregate: 'avg' as 'sum' })
    class BadFamilies {
      @KeyPart(0) id!: string;
    }
    const problems = problemsOf(BadFamilies);
    expectProblem(
      problems,
      'BadFamilies',
      undefined,
      /family name "my stats" must match \[-_\.a-zA-Z0-9\]\+/,
    );
    expectProblem(problems, 'BadFamilies', undefined, /is 65 characters, above Bigtable's limit of 64/);
    expectProblem(problems, 'BadFamilies', undefined, /gc\.maxVersions must be a positive integer, got 0/);
    expectProblem(problems, 'BadFamilies', undefined, /gc\.union must list at least one rule/);
    expectProblem(problems, 'BadFamilies', undefined, /aggregate must be one of sum, min, max, hll/);
  });

  it('reports more than 100 families', () => {
    class Wide {
      id!: string;
    }
    const families = Object.fromEntries(Array.from({ length: 101 }, (_, i) => [`f${i}`, {}]));
    defineEntity(Wide, { table: 'errors', key: [{ property: 'id' }], families });
    expectProblem(
      problemsOf(Wide),
      'Wide',
      undefined,
      /declares 101 families, above Bigtable's limit of about 100/,
    );
  });

  it('reports a missing codec without design:type, and a bad codec name', () => {
    @Entity({ table: 'errors' })
    @Family('d')
    class NoCodec {
      @KeyPart(0) id!: string;
      @Column({ family: 'd' }) name!: string;
      @Column({ family: 'd', codec: 'uuid' as 'string' }) other!: string;
    }
    const problems = problemsOf(NoCodec);
    expectProblem(problems, 'NoCodec', 'name', /codec is required: no design:type metadata/);
    expectProblem(problems, 'NoCodec', 'other', /codec "uuid" is not a built-in codec name/);
  });

  it('reports a protobuf type that cannot be loaded and a second version field', () => {
    @Entity({ table: 'errors' })
    @Family('d')
    class Broken {
      @KeyPart(0) id!: string;
      @ProtobufColumn({ family: 'd', file: '/nonexistent/x.proto', type: 'x.Y' }) payload!: object;
      @Version({ family: 'd' }) v1!: bigint;
      @Version({ family: 'd' }) v2!: bigint;
    }
    const problems = problemsOf(Broken);
    expectProblem(problems, 'Broken', 'payload', /protobuf type cannot be loaded/);
    expectProblem(problems, 'Broken', 'v2', /is a second version field \(v1 is one already\)/);
  });

  it('reports a qualifier above 16 KiB', () => {
    @Entity({ table: 'errors' })
    @Family('d')
    class LongQualifier {
      @KeyPart(0) id!: string;
      @Column({ family: 'd', qualifier: 'q'.repeat(16 * 1024 + 1), codec: 'string' }) name!: string;
    }
    expectProblem(
      problemsOf(LongQualifier),
      'LongQualifier',
      'name',
      /qualifier is 16385 bytes, above Bigtable's limit of 16384/,
    );
  });

  it('reports decorator placement and double declarations', () => {
    @Entity({ table: 'errors' })
    @Family('d')
    class Placement {
      @KeyPart(0) id!: string;
      @Column({ family: 'd', codec: 'string' }) static shared: string;
      @Column({ family: 'd', codec: 'string' })
      @Counter({ family: 'd' })
      twice!: string;
    }
    Column({ family: 'd', codec: 'string' })(Placement.prototype, Symbol('secret'));
    const problems = problemsOf(Placement);
    expectProblem(problems, 'Placement', 'shared', /cannot be used on a static property/);
    expectProblem(problems, 'Placement', 'Symbol(secret)', /symbol-keyed property/);
    expectProblem(problems, 'Placement', 'twice', /declared twice \(counter and column\)/);
    expect(ownDeclarations(Placement).every((r) => Object.isFrozen(r) && Object.isFrozen(r.problems))).toBe(
      true,
    );
  });

  it('reports a class that is not an entity and an invalid table id', () => {
    class Plain {}
    expectProblem(problemsOf(Plain), 'Plain', undefined, /is not an entity/);
    @Entity({ table: 'no spaces' })
    class BadTable {
      @KeyPart(0) id!: string;
    }
    expectProblem(problemsOf(BadTable), 'BadTable', undefined, /table "no spaces" must match/);
  });

  it('collects every problem of a class into one error naming class and properties', () => {
    @Entity({ table: 'errors' })
    @Family('d')
    class Everything {
      @KeyPart(1) id!: string;
      @Column({ family: 'd' }) a!: string;
      @Column({ family: 'nope', codec: 'string' }) b!: string;
      @Aggregate({ family: 'd' }) c!: bigint;
    }
    let error: MetadataError | undefined;
    try {
      resolveEntity(Everything);
    } catch (e) {
      error = e as MetadataError;
    }
    expect(error).toBeInstanceOf(MetadataError);
    expect(error?.problems.length).toBe(4);
    expect(error?.message).toContain('Invalid entity metadata for Everything (4 problems)');
    expect(error?.message).toContain('Everything.a: codec is required');
    expect(error?.message).toContain('Everything.b: uses undeclared family nope');
    expect(error?.message).toContain('Everything.c: is an aggregate but family d is not an aggregate family');
    expect(error?.message).toContain('Everything: key position 0 is missing');
    expect(Object.isFrozen(error?.problems)).toBe(true);
  });
});

describe('metadata validation: entities sharing a table', () => {
  function entity(
    name: string,
    table: string,
    prefix: string | undefined,
    gc = 1,
    literal?: string,
  ): EntityClass {
    const cls = { [name]: class {} }[name] as EntityClass;
    defineEntity(cls as EntityClass<{ id: string }>, {
      table,
      ...(prefix === undefined ? {} : { prefix }),
      key: literal === undefined ? [{ property: 'id' }] : [{ literal }, { property: 'id' }],
      families: { d: { gc: { maxVersions: gc } } },
    });
    return cls;
  }

  it('reports two entities whose keys have the same layout (video#<id> twice)', () => {
    const Video = entity('Video', 'shared1', 'video');
    const Clip = entity('Clip', 'shared1', 'video');
    const registry = new EntityRegistry([Video, Clip]);
    expectProblem(
      problemsOf(Clip, registry),
      'Clip',
      undefined,
      /row keys can collide with Video's in table shared1: Clip \{ id: "a" \} and Video \{ id: "a" \} both have row key "video#a"/,
    );
    expectProblem(problemsOf(Video, registry), 'Video', undefined, /collide with Clip's/);
  });

  it('accepts video#<id> next to video#comment#<id>: the field count tells them apart', () => {
    const Video = entity('Video', 'shared1b', 'video');
    const VideoComment = entity('VideoComment', 'shared1b', 'video', 1, 'comment');
    const registry = new EntityRegistry([Video, VideoComment]);
    expect(registry.resolveAll().map((m) => m.name)).toEqual(['Video', 'VideoComment']);
  });

  it('reports an entity without a prefix whose key reproduces another entity’s', () => {
    const User = entity('User', 'shared2', 'user');
    const Loose = entity('Loose', 'shared2', undefined, 1, 'user');
    const registry = new EntityRegistry([User, Loose]);
    expectProblem(problemsOf(Loose, registry), 'Loose', undefined, /collide with User's/);
  });

  it('accepts distinct prefixes, including one that merely starts with the other’s text', () => {
    const Video = entity('Video', 'shared3', 'video');
    const Videos = entity('Videos', 'shared3', 'videos');
    const Comment = entity('Comment', 'shared3', 'comment');
    const registry = new EntityRegistry([Video, Videos, Comment]);
    expect(registry.resolveAll().map((m) => m.name)).toEqual(['Video', 'Videos', 'Comment']);
  });

  it('ignores entities of other tables, and reports family settings that disagree', () => {
    const A = entity('A', 'shared4', 'a', 1);
    const B = entity('B', 'shared4', 'b', 2);
    const C = entity('C', 'other4', undefined, 3);
    const registry = new EntityRegistry([A, B, C]);
    expectProblem(
      problemsOf(B, registry),
      'B',
      undefined,
      /family d is declared with gc maxVersions\(2\) but A declares it with gc maxVersions\(1\)/,
    );
    expect(registry.resolve(C).table).toBe('other4');
  });

  it('resolveAll() reports the problems of every entity at once', () => {
    const P = entity('P', 'shared5', 'p');
    const Q = entity('Q', 'shared5', 'p');
    try {
      new EntityRegistry([P, Q]).resolveAll();
      expect.unreachable();
    } catch (error) {
      expect((error as MetadataError).problems.map((p) => p.entity)).toEqual(['P', 'Q']);
    }
  });
});

describe('resolved metadata', () => {
  it('is frozen and cached', () => {
    @Entity({ table: 'cached', prefix: 'cached' })
    @Family('d')
    class Cached {
      @KeyPart(0) id!: string;
      @Column({ family: 'd', codec: 'string' }) name!: string;
    }
    const registry = new EntityRegistry([Cached]);
    const meta = registry.resolve(Cached);
    expect(registry.resolve(Cached)).toBe(meta);
    expect(Object.isFrozen(meta)).toBe(true);
    expect(Object.isFrozen(meta.fields)).toBe(true);
    expect(Object.isFrozen(meta.fields[0])).toBe(true);
    expect(Object.isFrozen(meta.key.segments)).toBe(true);
    expect(Object.isFrozen(meta.families[0])).toBe(true);
  });

  it('merges inherited columns and families; a subclass overrides a property', () => {
    @Family('audit')
    abstract class Audited {
      @Column({ family: 'audit', codec: 'date' }) createdAt!: Date;
      @Column({ family: 'audit', codec: 'string' }) createdBy!: string;
    }
    @Entity({ table: 'inherit', prefix: 'doc' })
    @Family('d')
    class Doc extends Audited {
      @KeyPart(0) id!: string;
      @Column({ family: 'd', codec: 'string' }) body!: string;
      @Column({ family: 'audit', qualifier: 'by', codec: 'string', optional: true })
      declare createdBy: string;
    }
    const meta = resolveEntity(Doc);
    expect(meta.families.map((f) => f.name)).toEqual(['audit', 'd']);
    expect(meta.fields.map((f) => f.property)).toEqual(['createdAt', 'createdBy', 'body']);
    const createdBy = meta.fields[1];
    expect(createdBy?.kind === 'column' && Buffer.from(createdBy.qualifier).toString()).toBe('by');
    expect(createdBy?.kind === 'column' && createdBy.optional).toBe(true);
  });

  it('reports problems of an inherited declaration with the declaring class', () => {
    abstract class Base {
      @Column({ family: 'd', codec: 'nope' as 'string' }) x!: string;
    }
    @Entity({ table: 'inherit2' })
    @Family('d')
    class Derived extends Base {
      @KeyPart(0) id!: string;
    }
    expectProblem(problemsOf(Derived), 'Derived', 'x', /not a built-in codec name \(declared in Base\)/);
  });
});
