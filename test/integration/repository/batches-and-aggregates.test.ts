import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Aggregate, Column, Entity, Family, KeyPart } from '../../../decorators/index.js';
import { PartialWriteError } from '../../../src/errors/partial-write-error.js';
import { TransportError } from '../../../src/errors/transport-error.js';
import type { Versioned } from '../../../src/mapping/hydrate-entity.js';
import { Mapper } from '../../../src/repository/mapper.js';
import { TestTable } from '../../../src/testing/test-table.js';
import { useMapper } from 'bigtable-mapper/testing/vitest';
import { readRows } from '../../../src/transport/read-rows.js';

@Entity({ table: 'stats' })
@Family('lo', { aggregate: 'min' })
@Family('hi', { aggregate: 'max' })
class Extremes {
  @KeyPart(0, 'string') id!: string;
  @Aggregate({ family: 'lo', qualifier: 'v', as: 'number' }) low: number | undefined;
  @Aggregate({ family: 'hi', qualifier: 'v', as: 'number' }) high: number | undefined;
}

@Entity({ table: 'readings' })
@Family('d')
class Reading {
  @KeyPart(0, 'string') device!: string;
  @KeyPart(1, { type: 'int64', as: 'number', width: 6 }) seq!: number;
  @Column({ family: 'd', codec: 'int64AsNumber' }) value!: number;
}

@Entity({ table: 'partial' })
@Family('d')
@Family('x')
class Partial {
  @KeyPart(0, 'string') id!: string;
  @Column({ family: 'd', codec: 'string' }) name!: string;
  @Column({ family: 'x', codec: 'string', versioned: true }) notes!: Versioned<string>[];
}

describe('aggregates the emulator gets wrong', () => {
  const mapper = useMapper([Extremes]);

  // Production Bigtable keeps the minimum and the maximum of all inputs (low = 2, high = 9 here). The emulator of
  // gcloud 528 keeps the last input in both, so this test pins the emulator's behaviour; the request shapes are
  // verified in test/unit/transport/aggregate-request-shapes.test.ts.
  it('Min/Max families on the emulator keep the last input (production: the min and the max)', async () => {
    const stats = mapper().repository(Extremes);
    for (const v of [5, 2, 9, 4]) {
      await stats.aggregate({ id: 'e' }, 'low', v);
      await stats.aggregate({ id: 'e' }, 'high', v);
    }
    const e = await stats.getOrThrow({ id: 'e' });
    expect({ low: e.low, high: e.high }).toEqual({ low: 4, high: 4 });
  });
});

describe('batches', () => {
  const mapper = useMapper([Reading]);

  it('100,000 small entities are written by saveMany and every row reads back', async () => {
    const readings = mapper().repository(Reading);
    const input = Array.from({ length: 100_000 }, (_, i) =>
      Object.assign(new Reading(), { device: `d${i % 10}`, seq: i, value: i * 3 }),
    );
    await readings.saveMany(input);
    let count = 0;
    let sum = 0;
    for await (const row of readRows(mapper().connection, readings.tableId, {})) {
      count++;
      sum += Buffer.from(row.cells[0]!.value).readUInt32BE(4);
    }
    expect(count).toBe(100_000);
    expect(sum).toBe(3 * ((99_999 * 100_000) / 2));
  });

  describe('with a family missing from the table', () => {
    let table: TestTable;
    let mapperWithoutX: Mapper;
    beforeAll(async () => {
      table = await TestTable.create({ d: {} }, { prefix: 'partial' });
      mapperWithoutX = new Mapper(table.connection, { tableIds: { partial: table.tableId } });
    });
    afterAll(() => table.dispose());

    it('reports exactly the entities that target it and commits the rest', async () => {
      const repo = mapperWithoutX.repository(Partial);
      const at = new Date('2026-01-01T00:00:00Z');
      const input = Array.from({ length: 10 }, (_, i) =>
        Object.assign(new Partial(), {
          id: `p${i}`,
          name: `n${i}`,
          notes: i % 3 === 0 ? [{ timestamp: at, value: 'needs family x' }] : [],
        }),
      );
      const error = await repo.saveMany(input).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(PartialWriteError);
      const failures = (error as PartialWriteError).failures;
      expect(failures.map((f) => f.index)).toEqual([0, 3, 6, 9]);
      expect(failures.every((f) => f.cause instanceof TransportError)).toBe(true);
      expect((error as PartialWriteError).succeeded).toBe(6);
      const back = await repo.getMany(input.map((p) => ({ id: p.id })));
      for (const i of [1, 2, 4, 5, 7, 8]) expect(back[i]?.name).toBe(`n${i}`);
    });
  });
});
