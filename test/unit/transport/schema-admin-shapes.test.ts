import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { rowKeySchemaToJson } from '../../../src/admin/table-schema.js';
import type { RowKeySchema } from '../../../src/codecs/key/row-key-schema.js';
import {
  fromAdminColumnFamily,
  fromAdminGcRule,
  fromAdminRowKeySchema,
  modifyColumnFamiliesRequest,
  toAdminColumnFamily,
  toAdminGcRule,
  updateRowKeySchemaRequest,
} from '../../../src/transport/table-admin.js';

// The emulator cannot show that UpdateTable carried the row-key schema (its GetTable never returns one), and the
// serializer drops unknown fields silently: the requests are checked as the server would decode them.
const require = createRequire(import.meta.url);
interface MessageType {
  fromObject(o: unknown): unknown;
  encode(m: unknown): { finish(): Uint8Array };
  decode(b: Uint8Array): unknown;
  toObject(m: unknown, o: Record<string, unknown>): Record<string, unknown>;
}
const { protos } = require('@google-cloud/bigtable-api') as {
  protos: {
    google: {
      bigtable: {
        admin: {
          v2: {
            UpdateTableRequest: MessageType;
            ModifyColumnFamiliesRequest: MessageType;
            Table: MessageType;
            ColumnFamily: MessageType;
          };
        };
      };
    };
  };
};
const admin = protos.google.bigtable.admin.v2;

function overTheWire(type: MessageType, message: unknown): unknown {
  const decoded = type.decode(type.encode(type.fromObject(message)).finish());
  return JSON.parse(JSON.stringify(type.toObject(decoded, { longs: String, bytes: String, oneofs: false })));
}

/** A decoded message as the generated client hands it over (message instances, oneof discriminators). */
const asClientSees = (type: MessageType, message: unknown): unknown =>
  type.decode(type.encode(type.fromObject(message)).finish());

const name = 'projects/p/instances/i/tables/t';
const schema = {
  fields: [{ fieldName: 'device', type: { stringType: { encoding: { utf8Bytes: {} } } } }],
  encoding: { delimitedBytes: { delimiter: Uint8Array.of(0x23) } },
};

describe('schema admin request shapes', () => {
  it('UpdateTable sets row_key_schema with its mask', () => {
    expect(overTheWire(admin.UpdateTableRequest, updateRowKeySchemaRequest(name, schema))).toEqual({
      table: {
        name,
        rowKeySchema: {
          fields: [{ fieldName: 'device', type: { stringType: { encoding: { utf8Bytes: {} } } } }],
          encoding: { delimitedBytes: { delimiter: 'Iw==' } },
        },
      },
      updateMask: { paths: ['row_key_schema'] },
    });
  });

  it('UpdateTable removes a row-key schema with ignore_warnings', () => {
    expect(overTheWire(admin.UpdateTableRequest, updateRowKeySchemaRequest(name, null))).toEqual({
      table: { name },
      updateMask: { paths: ['row_key_schema'] },
      ignoreWarnings: true,
    });
  });

  it('ModifyColumnFamilies: create with type, update only the GC rule, drop', () => {
    const request = modifyColumnFamiliesRequest(name, [
      { family: 'views', action: 'create', spec: { aggregate: 'hll' } },
      { family: 'stats', action: 'update', spec: { gcRule: { maxAgeMillis: 1500 } } },
      { family: 'old', action: 'drop' },
    ]);
    const wire = overTheWire(admin.ModifyColumnFamiliesRequest, request) as { modifications: unknown[] };
    expect(wire.modifications).toEqual([
      {
        id: 'views',
        create: {
          valueType: {
            aggregateType: {
              inputType: { int64Type: { encoding: { bigEndianBytes: {} } } },
              hllppUniqueCount: {},
            },
          },
        },
      },
      {
        id: 'stats',
        update: { gcRule: { maxAge: { seconds: '1', nanos: 500_000_000 } } },
        updateMask: { paths: ['gc_rule'] },
      },
      { id: 'old', drop: true },
    ]);
  });
});

describe('admin answers back to our model', () => {
  it('GC rules round-trip through the decoded admin messages (Long seconds, oneof discriminators)', () => {
    for (const rule of [
      { maxVersions: 3 },
      { maxAgeMillis: 7 * 86_400_000 },
      { maxAgeMillis: 1500 },
      { union: [{ maxVersions: 2 }, { intersection: [{ maxVersions: 1 }, { maxAgeMillis: 60_000 }] }] },
    ]) {
      const family = asClientSees(admin.ColumnFamily, { gcRule: toAdminGcRule(rule) }) as { gcRule: unknown };
      expect(fromAdminGcRule(family.gcRule)).toEqual(rule);
    }
    expect(fromAdminGcRule(null)).toBeUndefined();
    expect(fromAdminGcRule({})).toBeUndefined();
  });

  it('aggregate types round-trip', () => {
    for (const aggregate of ['sum', 'min', 'max', 'hll'] as const) {
      const decoded = asClientSees(admin.ColumnFamily, toAdminColumnFamily({ aggregate }));
      expect(fromAdminColumnFamily(decoded)).toEqual({ aggregate });
    }
    expect(fromAdminColumnFamily(asClientSees(admin.ColumnFamily, {}))).toEqual({});
  });

  it('a row-key schema from a production GetTable reads back as the one UpdateTable sent', () => {
    const sent = {
      fields: [
        { fieldName: 'device', type: { stringType: { encoding: { utf8Bytes: {} } } } },
        {
          fieldName: 'at',
          type: { timestampType: { encoding: { unixMicrosInt64: { orderedCodeBytes: {} } } } },
        },
        { fieldName: 'n', type: { int64Type: { encoding: { bigEndianBytes: {} } } } },
      ],
      encoding: { delimitedBytes: { delimiter: Uint8Array.of(0x23) } },
    };
    const table = asClientSees(admin.Table, { name, rowKeySchema: sent }) as { rowKeySchema: unknown };
    const read = fromAdminRowKeySchema(table.rowKeySchema) as RowKeySchema;
    expect(rowKeySchemaToJson(read)).toEqual(rowKeySchemaToJson(sent));
    expect(
      fromAdminRowKeySchema((asClientSees(admin.Table, { name }) as { rowKeySchema: unknown }).rowKeySchema),
    ).toBeUndefined();
  });
});
