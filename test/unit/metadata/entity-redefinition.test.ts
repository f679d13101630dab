import { describe, expect, it } from 'vitest';
import { Column, Entity, Family, KeyPart } from '../../../decorators/index.js';
import { MetadataError } from '../../../src/errors/metadata-error.js';
import { defineEntity } from '../../../src/metadata/define-entity.js';
import type { EntityClass } from '../../../src/metadata/entity-metadata.js';
import { EntityRegistry, defaultRegistry, getEntityMetadata } from '../../../src/metadata/entity-registry.js';
import { moduleEntities } from '../../../src/metadata/module-entities.js';
import { mediaModule } from '../../fixtures/entities/media-module.js';

// The same entity declaration evaluated twice in one process: a dev server reloading a module, or two copies of a
// module in a bundle. Each call below is one evaluation of the "module", giving a new class of the same name.

function deviceModule(table: string) {
  @Entity({ table, prefix: 'dev' })
  @Family('d')
  class Device {
    @KeyPart(0, 'string') id!: string;
    @Column({ family: 'd', codec: 'string' }) name!: string;
  }
  return { Device };
}

/** The same module after an edit: one more column. */
function editedDeviceModule(table: string) {
  @Entity({ table, prefix: 'dev' })
  @Family('d')
  class Device {
    @KeyPart(0, 'string') id!: string;
    @Column({ family: 'd', codec: 'string' }) name!: string;
    @Column({ family: 'd', codec: 'int64AsNumber', optional: true }) extra?: number;
  }
  return { Device };
}

function problemsOf(run: () => unknown): string[] {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(MetadataError);
    return (error as MetadataError).problems.map((p) => `${p.entity}: ${p.message}`);
  }
  return [];
}

describe('an entity declared twice in one process', () => {
  it('with the same name, table and layout: the newer class supersedes the older one', () => {
    const first = deviceModule('redef_same');
    expect(getEntityMetadata(first.Device).name).toBe('Device'); // used before the reload
    const second = deviceModule('redef_same');
    const meta = getEntityMetadata(second.Device);
    expect(meta.target).toBe(second.Device);
    expect(defaultRegistry.tableSiblings(second.Device)).toEqual([]);
    // The older class is no longer registered, nor a sibling; a stale reference to it still resolves.
    expect(defaultRegistry.entities()).toContain(second.Device);
    expect(defaultRegistry.entities()).not.toContain(first.Device);
    expect(getEntityMetadata(first.Device).target).toBe(first.Device);
    expect(defaultRegistry.tableSiblings(first.Device)).toEqual([]);
    expect(moduleEntities(second).map((e) => e.entity)).toEqual([second.Device]);
    expect(defaultRegistry.resolveAll().filter((m) => m.table === 'redef_same')).toEqual([meta]);
  });

  it('is listed once by a registry holding both, in either order of use', () => {
    const first = deviceModule('redef_registry');
    const second = deviceModule('redef_registry');
    const registry = new EntityRegistry([first.Device, second.Device]);
    expect(registry.resolve(first.Device).target).toBe(first.Device); // the older one used first
    expect(registry.resolveAll().map((m) => m.target)).toEqual([second.Device]);
    expect(registry.entities()).toEqual([second.Device]);
  });

  it('with a parent: the reloaded parent and child are each other’s siblings, the old ones no longer', () => {
    const first = mediaModule('redef_tree');
    getEntityMetadata(first.Comment);
    const second = mediaModule('redef_tree');
    expect(getEntityMetadata(second.Comment).parent).toBe(second.Video);
    const siblings = (target: EntityClass): EntityClass[] =>
      defaultRegistry.tableSiblings(target).map((m) => m.target);
    expect(siblings(second.Video)).toEqual([second.Comment]);
    expect(siblings(second.Comment)).toEqual([second.Video]);
    expect(defaultRegistry.entities()).not.toContain(first.Video);
    expect(defaultRegistry.entities()).not.toContain(first.Comment);
  });

  it('through defineEntity too', () => {
    const define = (): EntityClass => {
      class Gadget {
        id!: string;
        label!: string;
      }
      return defineEntity(Gadget, {
        table: 'redef_defined',
        families: { d: {} },
        key: [{ property: 'id', type: 'string' }],
        properties: { label: { family: 'd', codec: 'string' } },
      });
    };
    const first = define();
    getEntityMetadata(first);
    const second = define();
    expect(getEntityMetadata(second).target).toBe(second);
    expect(defaultRegistry.entities()).not.toContain(first);
  });

  it('with the same name and a different layout whose keys collide: one clear MetadataError naming both', () => {
    const first = deviceModule('redef_changed');
    getEntityMetadata(first.Device);
    const second = editedDeviceModule('redef_changed');
    const problems = problemsOf(() => getEntityMetadata(second.Device));
    expect(problems).toHaveLength(1);
    expect(problems[0]).toBe(
      'Device: is defined twice with different layouts in table redef_changed: two classes named Device whose row ' +
        'keys collide differ in property extra: column d:extra (int64AsNumber, optional) in one, none in the ' +
        'other. A second definition of an entity replaces the first only when its layout is identical (a dev ' +
        'server reloading the module, two copies of the module in a bundle); restart the process after changing ' +
        'an entity, or give one of the two classes another name',
    );
    // Neither is dropped: the older one is refused the same way.
    expect(problemsOf(() => getEntityMetadata(first.Device))[0]).toMatch(
      /is defined twice with different layouts/,
    );
  });

  it('two different entities whose keys overlap are refused exactly as before', () => {
    @Entity({ table: 'redef_other', prefix: 'dev' })
    @Family('d')
    class Device {
      @KeyPart(0, 'string') id!: string;
      @Column({ family: 'd', codec: 'string' }) name!: string;
    }
    @Entity({ table: 'redef_other', prefix: 'dev' })
    @Family('d')
    class Gizmo {
      @KeyPart(0, 'string') id!: string;
      @Column({ family: 'd', codec: 'string' }) name!: string;
    }
    expect(problemsOf(() => getEntityMetadata(Gizmo))).toEqual([
      'Gizmo: row keys can collide with Device\'s in table redef_other: Gizmo { id: "a" } and Device { id: "a" } both have row key "dev#a", so a row\'s type cannot be told from its key; put a literal between the parent\'s key and the child\'s parts (@Entity({ parent, literal: \'c\' })), give the entities different field counts or types at some position, or give each its own prefix',
    ]);
    expect(problemsOf(() => getEntityMetadata(Device))).toHaveLength(1);
  });

  it('same-named classes in different tables, or anonymous ones, stay separate entities', () => {
    const a = deviceModule('redef_table_a');
    const b = deviceModule('redef_table_b');
    expect(getEntityMetadata(a.Device).table).toBe('redef_table_a');
    expect(getEntityMetadata(b.Device).table).toBe('redef_table_b');
    expect(defaultRegistry.entities()).toEqual(expect.arrayContaining([a.Device, b.Device]));
    const anonymous = (): EntityClass =>
      defineEntity(
        (() =>
          class {
            id!: string;
          })(),
        {
          table: 'redef_anonymous',
          families: { d: {} },
          key: [{ property: 'id', type: 'string' }],
        },
      );
    const x = anonymous();
    const y = anonymous();
    expect(x.name).toBe('');
    expect(problemsOf(() => getEntityMetadata(y))[0]).toMatch(
      /row keys can collide with \(anonymous class\)'s/,
    );
  });
});
