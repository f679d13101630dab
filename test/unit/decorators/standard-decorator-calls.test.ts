import { describe, expect, it } from 'vitest';
import { Column, Entity, Family, KeyPart } from '../../../decorators/index.js';
import { ownDeclarations } from '../../../src/metadata/declaration-store.js';
import { resolveEntity } from '../../../src/metadata/resolve-entity.js';
import { problemsOf } from '../../support/metadata-problems.js';

// The decorators called the way TC39 standard decorators are called (value, context), by hand: what compiled
// standard-mode code does is covered by test/golden/decorators and test/integration/repository; this covers the
// combinations a compiler never produces but a hand call or an old compiler can.

const metadataKey = (Symbol as unknown as { metadata: symbol }).metadata;

function fieldContext(name: string | symbol, metadata: object | undefined, extra: object = {}): never {
  return { kind: 'field', name, static: false, private: false, metadata, ...extra } as never;
}

/** A class as a standard-decorator compiler leaves it: its decorator metadata object under Symbol.metadata. */
function standardClass(name: string, metadata: object): abstract new () => object {
  const target = { [name]: class {} }[name]!;
  Object.defineProperty(target, metadataKey, { value: metadata });
  return target;
}

describe('decorators called as TC39 standard decorators', () => {
  it('loading the decorators installs Symbol.metadata where the runtime lacks it', () => {
    expect(typeof metadataKey).toBe('symbol');
  });

  it('field records land in the metadata object, which the class reads as its own', () => {
    const metadata = {};
    KeyPart(0, 'string')(undefined, fieldContext('id', metadata));
    Column({ family: 'd', codec: 'string' })(undefined, fieldContext('name', metadata));
    const Thing = standardClass('Thing', metadata);
    Family('d')(Thing, { kind: 'class', name: 'Thing', metadata } as never);
    Entity({ table: 'things' })(Thing, { kind: 'class', name: 'Thing', metadata } as never);
    expect(ownDeclarations(Thing).map((r) => r.kind)).toEqual(['keyPart', 'column', 'family', 'entity']);
    expect(resolveEntity(Thing).fields.map((f) => f.property)).toEqual(['name']);
  });

  it('a subclass without decorators of its own inherits the records once, as its base', () => {
    const metadata = {};
    KeyPart(0, 'string')(undefined, fieldContext('id', metadata));
    const Base = standardClass('Base', metadata);
    Entity({ table: 'things' })(Base, { kind: 'class', name: 'Base', metadata } as never);
    class Sub extends Base {}
    expect(ownDeclarations(Sub)).toEqual([]);
    expect(resolveEntity(Sub).key.parts.map((p) => p.property)).toEqual(['id']);
  });

  it('static, symbol-keyed and private (#) fields are placement problems', () => {
    const metadata = {};
    KeyPart(0, 'string')(undefined, fieldContext('id', metadata));
    Column({ family: 'd', codec: 'string' })(undefined, fieldContext('label', metadata, { static: true }));
    Column({ family: 'd', codec: 'string' })(undefined, fieldContext(Symbol('tag'), metadata));
    Column({ family: 'd', codec: 'string' })(undefined, fieldContext('#secret', metadata, { private: true }));
    const Placed = standardClass('Placed', metadata);
    Family('d')(Placed, { kind: 'class', name: 'Placed', metadata } as never);
    Entity({ table: 'things' })(Placed, { kind: 'class', name: 'Placed', metadata } as never);
    expect(problemsOf(Placed)).toEqual([
      'label: @Column cannot be used on a static property',
      'Symbol(tag): @Column cannot be used on a symbol-keyed property',
      '#secret: @Column cannot be used on a private (#) field: the mapper could not read or set it',
    ]);
  });

  it('a field decorator without context.metadata (an old compiler) fails at once, naming the property', () => {
    expect(() =>
      Column({ family: 'd', codec: 'string' })(undefined, fieldContext('title', undefined)),
    ).toThrow(/title: @Column got no context\.metadata: compile with TypeScript ≥ 5\.2/);
  });

  it('field decorators on a class without @Entity leave a class that is not an entity', () => {
    const metadata = {};
    KeyPart(0, 'string')(undefined, fieldContext('id', metadata));
    expect(problemsOf(standardClass('Loose', metadata))).toEqual([
      ': is not an entity: decorate it with @Entity({ table }) or call defineEntity()',
    ]);
  });
});
