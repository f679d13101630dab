import { describe, expect, it } from 'vitest';
import { Column, Entity, Family, KeyPart } from '../../../decorators/index.js';
import { InvalidArgumentError } from '../../../src/errors/invalid-argument-error.js';
import { MetadataError } from '../../../src/errors/metadata-error.js';
import { defineEntity } from '../../../src/metadata/define-entity.js';
import { moduleEntities } from '../../../src/metadata/module-entities.js';

@Entity({ table: 'me_devices' })
@Family('d')
class Device {
  @KeyPart(0, 'string') id!: string;
  @Column({ family: 'd', codec: 'string' }) name!: string;
}

class Plain {}
const Defined = defineEntity(class Reading {}, {
  table: 'me_readings',
  key: [{ property: 'sensor' as never, type: 'string' }],
  families: { m: {} },
  properties: {},
});

describe('moduleEntities', () => {
  it('returns the exported entities once each, in export order, with their metadata', () => {
    const found = moduleEntities({ default: Device, Device, Plain, answer: 42, Defined });
    expect(found.map((f) => [f.exportName, f.metadata.name, f.metadata.table])).toEqual([
      ['default', 'Device', 'me_devices'],
      ['Defined', 'Reading', 'me_readings'],
    ]);
    expect(found[0]!.entity).toBe(Device);
  });

  it('refuses a module without entities, naming it and its exports', () => {
    const refuse = (): unknown => moduleEntities({ Plain, answer: 42 }, 'src/plain.js');
    expect(refuse).toThrow(InvalidArgumentError);
    expect(refuse).toThrow(
      /src\/plain\.js must be a module exporting entity classes.*another copy of bigtable-mapper.*\["Plain", "answer"\]/,
    );
  });

  it('passes an invalid entity declaration on as its MetadataError', () => {
    @Entity({ table: 'me_broken' })
    class Broken {
      @Column({ family: 'nowhere', codec: 'string' }) name!: string;
    }
    expect(() => moduleEntities({ Broken })).toThrow(MetadataError);
  });
});
