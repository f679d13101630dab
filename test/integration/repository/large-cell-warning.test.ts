import { afterEach, describe, expect, it } from 'vitest';
import { Column, Entity, Family, KeyPart, QualifierMap } from '../../../decorators/index.js';
import type { MappingWarning } from '../../../src/mapping/mapping-warning.js';
import { useMapper } from '../../../src/testing/vitest/use-mapper.js';

@Entity({ table: 'large_cells' })
@Family('d')
@Family('p')
class Attachment {
  @KeyPart(0, 'string') id!: string;
  @Column({ family: 'd', codec: 'string' }) name!: string;
  @Column({ family: 'd', codec: 'bytes' }) body!: Uint8Array;
  @QualifierMap({ family: 'p', key: 'string', value: 'bytes' }) parts!: Map<string, Uint8Array>;
}

const MIB = 1024 * 1024;
const attachment = (id: string, size: number): Attachment =>
  Object.assign(new Attachment(), {
    id,
    name: `${id}.bin`,
    body: new Uint8Array(size).fill(7),
    parts: new Map<string, Uint8Array>(),
  });

describe('a cell above the advised 10 MiB reaches the onWarning hook before the write', () => {
  const seen: MappingWarning[] = [];
  let throwing = false;
  const mapper = useMapper([Attachment], {
    onWarning: (warning) => {
      if (throwing) throw new Error('refused by the hook');
      seen.push(warning);
    },
  });
  afterEach(() => {
    seen.length = 0;
    throwing = false;
  });

  it('save, insert, saveMany and update each report it, naming entity, property, key, size and limit', async () => {
    const files = mapper().repository(Attachment);
    const big = 10 * MIB + 1;
    await files.save(attachment('a', big));
    expect(seen).toEqual([
      {
        code: 'LARGE_CELL',
        entity: 'Attachment',
        property: 'body',
        key: files.keyOf({ id: 'a' }),
        size: big,
        advised: 10 * MIB,
        message: 'Attachment.body: cell value is 10.0 MiB; Bigtable advises at most 10 MiB per cell',
      },
    ]);
    expect((await files.get({ id: 'a' }))?.body.length).toBe(big); // warned, and written
    await files.insert(attachment('b', big));
    await files.saveMany([attachment('c', 10), attachment('d', big)]);
    await files.update({ id: 'c' }, { body: new Uint8Array(big) });
    expect(seen.map((w) => `${w.code} ${w.property} ${w.size}`)).toEqual(
      Array.from({ length: 4 }, () => `LARGE_CELL body ${big}`),
    );
  });

  it('put on a map reports a large entry value too', async () => {
    const files = mapper().repository(Attachment);
    const big = 10 * MIB + 1;
    await files.put({ id: 'h' }, 'parts', new Map([['p1', new Uint8Array(big)]]));
    expect(seen.map((w) => `${w.code} ${w.property} ${w.size}`)).toEqual([`LARGE_CELL parts ${big}`]);
  });

  it('a cell of exactly 10 MiB is not reported', async () => {
    await mapper()
      .repository(Attachment)
      .save(attachment('e', 10 * MIB));
    expect(seen).toEqual([]);
  });

  it('a hook that throws ends the save before anything is sent', async () => {
    const files = mapper().repository(Attachment);
    throwing = true;
    await expect(files.save(attachment('f', 10 * MIB + 1))).rejects.toThrow('refused by the hook');
    expect(await files.get({ id: 'f' })).toBeUndefined();
  });
});

describe('without a hook, the warning is a Node process warning with a stable code', () => {
  const mapper = useMapper([Attachment]);

  it('process.emitWarning: type BigtableMapperWarning, code BIGTABLE_MAPPER_LARGE_CELL', async () => {
    const warnings: Error[] = [];
    const listen = (warning: Error): void => {
      if (warning.name === 'BigtableMapperWarning') warnings.push(warning);
    };
    process.on('warning', listen);
    try {
      await mapper()
        .repository(Attachment)
        .save(attachment('g', 10 * MIB + 1));
      // Node emits process warnings on the next tick.
      await new Promise((resolve) => setImmediate(resolve));
    } finally {
      process.off('warning', listen);
    }
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatchObject({
      name: 'BigtableMapperWarning',
      code: 'BIGTABLE_MAPPER_LARGE_CELL',
      message: 'Attachment.body: cell value is 10.0 MiB; Bigtable advises at most 10 MiB per cell',
    });
  });
});
