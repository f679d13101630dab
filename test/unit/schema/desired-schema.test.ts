import { describe, expect, it } from 'vitest';
import { Column, Entity, Family, KeyPart } from '../../../decorators/index.js';
import { planSchema } from '../../../src/admin/schema-plan.js';
import { desiredSchema, rowKeySchemaFromJson, rowKeySchemaToJson } from '../../../src/admin/table-schema.js';
import { Invoice, Payment, Telemetry } from '../../golden/schema/schema-entities.js';

@Entity({ table: 'clash' })
@Family('device')
class Clash {
  @KeyPart(0, 'string') device!: string;
  @Column({ family: 'device', codec: 'string' }) name!: string;
}

describe('desiredSchema', () => {
  it('one table per declared table (renamed by tableIds), sorted, with the shared row-key schema', () => {
    const tables = desiredSchema([Telemetry, Invoice, Payment], { tableIds: { telemetry: 'tel_prod' } });
    expect(tables.map((t) => t.tableId)).toEqual(['invoices', 'tel_prod']);
    expect(tables[1]!.rowKeySchema).toEqual({
      state: 'set',
      schema: {
        fields: [
          { fieldName: 'deviceType', type: { stringType: { encoding: { utf8Bytes: {} } } } },
          { fieldName: 'deviceId', type: { stringType: { encoding: { utf8Bytes: {} } } } },
        ],
        encoding: { delimitedBytes: { delimiter: 'Iw==' } },
      },
    });
  });

  it('records why a table gets no row-key schema: different key layouts, a key field named like a family', () => {
    expect(desiredSchema([Invoice, Payment])[0]!.rowKeySchema).toEqual({
      state: 'none',
      reason: 'entities Invoice, Payment share the table with different key layouts',
    });
    expect(desiredSchema([Clash])[0]!.rowKeySchema).toEqual({
      state: 'none',
      reason: 'key field device would collide with a family name or a reserved column',
    });
  });

  it('row-key schema JSON form round-trips to the admin object form', () => {
    const schema = {
      fields: [],
      encoding: { delimitedBytes: { delimiter: Uint8Array.of(0x00, 0xff) } },
    };
    expect(rowKeySchemaFromJson(rowKeySchemaToJson(schema))).toEqual(schema);
  });
});

describe('planSchema', () => {
  it('is empty when live equals desired, and notes an undeclared family it keeps', () => {
    const [telemetry] = desiredSchema([Telemetry]);
    const live = { ...telemetry!, families: { ...telemetry!.families, extra: {} } };
    expect(planSchema([telemetry!], { telemetry: live })).toEqual({
      changes: [],
      notes: ['telemetry: family extra is not declared by any entity (kept; prune to drop it)'],
    });
  });

  it('drops only tables the entities do not use and that exist', () => {
    const desired = desiredSchema([Telemetry]);
    const plan = planSchema(
      desired,
      { telemetry: desired[0], gone: undefined },
      {
        pruneTables: ['telemetry', 'gone'],
      },
    );
    expect(plan.changes).toEqual([]);
  });
});
