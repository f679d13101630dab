// Seed "Manage row key schemas": a structured row key `phone#india#pke5preri2eru#8923695` (device type, country,
// manufacturer id as UTF-8 strings, serial number as raw bytes, `#` between them) and its row-key schema, which
// tells GoogleSQL how to read the key's fields. The entity's key declaration and the gcloud schema file
// (examples/device-key.schema.yaml) describe the same schema; `mapper.ensureSchema` sets it on the table
// (UpdateTable), and any stored key decodes field by field with it. ReadRows ignores the schema: only SQL uses it.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { decodeRowKeyWithSchema, parseRowKeySchemaFile } from 'bigtable-mapper/keys';
import { desiredSchema, rowKeySchemaToJson } from 'bigtable-mapper/schema';
import type { RowKeyFieldType } from 'bigtable-mapper/keys';
import { Column, Entity, Family, Gc, KeyPart } from 'bigtable-mapper/decorators';
import type { Example } from './example.js';
import { goQuote } from './format-cbt-rows.js';

@Entity({ table: 'device_serials' })
@Family('stats_summary', { gc: Gc.maxVersions(1) })
export class DeviceUnit {
  declare static readonly keyParts: readonly ['deviceType', 'country', 'manufacturerId', 'serialNumber'];
  @KeyPart(0, 'string') deviceType!: string;
  @KeyPart(1, 'string') country!: string;
  @KeyPart(2, 'string') manufacturerId!: string;
  @KeyPart(3, 'bytes') serialNumber!: Uint8Array;
  @Column({ family: 'stats_summary', qualifier: 'os_build', codec: 'string' }) osBuild!: string;
}

const SCHEMA_FILE = new URL('./device-key.schema.yaml', import.meta.url);

const typeName = (type: RowKeyFieldType): string => Object.keys(type)[0]!.replace(/Type$/, '').toUpperCase();

export const structuredRowKey: Example = {
  id: 'rowkeyschema',
  name: 'structured row key (phone#india#pke5preri2eru#8923695) and its row-key schema file',
  seed: 'Manage row key schemas',
  entities: [DeviceUnit],
  async run(mapper) {
    const fromFile = parseRowKeySchemaFile(readFileSync(SCHEMA_FILE, 'utf8'));
    const [table] = desiredSchema([DeviceUnit]);
    assert.equal(table?.rowKeySchema.state, 'set');
    assert.deepEqual(
      table.rowKeySchema.state === 'set' && table.rowKeySchema.schema,
      rowKeySchemaToJson(fromFile),
    );

    const units = mapper.repository(DeviceUnit);
    const serialNumber = new TextEncoder().encode('8923695');
    await units.save(
      Object.assign(new DeviceUnit(), {
        deviceType: 'phone',
        country: 'india',
        manufacturerId: 'pke5preri2eru',
        serialNumber,
        osBuild: 'PQ2A.190405.003',
      }),
    );
    const [stored] = await units.find({ deviceType: 'phone', country: 'india' }).toArray();
    assert.ok(stored);
    const key = units.keyOf(stored);
    assert.equal(Buffer.from(key).toString(), 'phone#india#pke5preri2eru#8923695');

    // The stored key read back with the schema file alone, field by field.
    const values = decodeRowKeyWithSchema(fromFile, key);
    const fields = fromFile.fields.map((field, i) => {
      const value = values[i];
      const shown = value instanceof Uint8Array ? `bytes ${goQuote(value)}` : String(value);
      return `  ${field.fieldName} (${typeName(field.type)}): ${shown}`;
    });
    assert.deepEqual(values.slice(0, 3), ['phone', 'india', 'pke5preri2eru']);
    assert.deepEqual(values[3], serialNumber);

    // What the table needs beyond its families: on the emulator, whose GetTable never returns a row-key schema,
    // the plan says it cannot compare it.
    const plan = await mapper.schema.plan([DeviceUnit]);
    assert.deepEqual(plan.changes, []);
    return [
      `schema file ${SCHEMA_FILE.pathname.split('/').pop()} = the entity's key declaration (desiredSchema)`,
      `key ${Buffer.from(key).toString()} decoded with the schema file:`,
      ...fields,
      `plan after ensureSchema: no change; ${plan.notes.map((n) => n.slice(n.indexOf(': ') + 2)).join('; ')}`,
    ];
  },
};
