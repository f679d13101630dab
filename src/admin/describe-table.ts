import type { KeyValue } from '../codecs/key/key-codec-types.js';
import { checkOptions } from '../errors/check-argument.js';
import type { RowKeySchema } from '../codecs/key/row-key-schema.js';
import { decodeRowKeyWithSchema } from '../codecs/key/row-key-schema.js';
import { parseRowKeySchemaFile } from '../codecs/key/row-key-schema-file.js';
import { BigtableMapperError } from '../errors/bigtable-mapper-error.js';
import type { EntityMetadata } from '../metadata/entity-metadata.js';
import type { BigtableConnection } from '../transport/bigtable-connection.js';
import type { PerCallOptions } from '../transport/call-timeouts.js';
import { DEFAULT_TIMEOUTS, bindDeadline } from '../transport/call-timeouts.js';
import { checkConnectionAndTable } from '../transport/bigtable-connection.js';
import { readRows } from '../transport/read-rows.js';
import { SchemaManager } from './schema-manager.js';
import type { TableSchema } from './table-schema.js';
import { rowKeySchemaFromJson } from './table-schema.js';

/**
 * Options of {@link describeTable}; `signal` and `timeoutMs` bound the whole description (GetTable and the sample
 * read; default deadline `DEFAULT_TIMEOUTS.adminMs`, 60 s).
 *
 * @example
 * ```ts
 * const options: DescribeTableOptions = { sampleSize: 10, entities: [getEntityMetadata(Device)], timeoutMs: 10_000 };
 * ```
 */
export interface DescribeTableOptions extends PerCallOptions {
  /** How many row keys to read (the table's first ones). Default 5; 0 reads none. */
  readonly sampleSize?: number;
  /** Entities to decode sample keys with; the first whose key layout accepts a key decodes it. */
  readonly entities?: readonly EntityMetadata[];
  /**
   * Row-key schema to decode sample keys with when no entity does, or the text of gcloud's row-key schema file
   * (YAML or JSON). Default: the table's own, when readable.
   */
  readonly rowKeySchema?: RowKeySchema | string;
}

/**
 * One sampled row key, decoded field by field when an entity or the row-key schema accepts it.
 *
 * @example
 * ```ts
 * const sample: SampledKey = { key: Buffer.from('dev#phone#p1'), decodedBy: 'Device', fields: [{ name: 'deviceType', value: 'phone' }] };
 * ```
 */
export interface SampledKey {
  /** The row key, byte-exact. */
  readonly key: Uint8Array;
  /** The entity name, or `row key schema`; absent when nothing decoded the key. */
  readonly decodedBy?: string;
  /** The key's fields in key order: the entity's named key parts, or the row-key schema's fields. */
  readonly fields?: readonly { readonly name: string; readonly value: KeyValue }[];
  /** Why the key did not decode (the last decoder's error), when it did not. */
  readonly problem?: string;
}

/**
 * What {@link describeTable} found: the live schema and the sampled keys.
 *
 * @example
 * ```ts
 * const { schema, samples } = (await describeTable(mapper.connection, 'devices'))!;
 * ```
 */
export interface TableDescription {
  /** Families (GC rules, aggregate types) and the row-key schema, as `mapper.schema.live` reads them. */
  readonly schema: TableSchema;
  /** The table's first row keys, decoded where possible. */
  readonly samples: readonly SampledKey[];
}

function decodeKey(
  key: Uint8Array,
  entities: readonly EntityMetadata[],
  rowKeySchema: RowKeySchema | undefined,
): SampledKey {
  let problem = 'no entity or row-key schema to decode it with';
  for (const meta of entities) {
    try {
      const values = meta.key.codec.decode(key);
      return {
        key,
        decodedBy: meta.name,
        fields: meta.key.codec.fields.map((name) => ({ name, value: values[name]! })),
      };
    } catch (error) {
      if (!(error instanceof BigtableMapperError)) throw error;
      problem = `${meta.name}: ${error.message}`;
    }
  }
  if (rowKeySchema) {
    try {
      const values = decodeRowKeyWithSchema(rowKeySchema, key);
      return {
        key,
        decodedBy: 'row key schema',
        fields: rowKeySchema.fields.map((f, i) => ({ name: f.fieldName ?? `#${i}`, value: values[i]! })),
      };
    } catch (error) {
      if (!(error instanceof BigtableMapperError)) throw error;
      problem = `row key schema: ${error.message}`;
    }
  }
  return { key, problem };
}

/**
 * Describes a live table: its families (GC rules, aggregate types) and row-key schema as `mapper.schema.live`
 * reads them, and its first `sampleSize` row keys (read with values stripped), each decoded field by field by the
 * first given entity whose key layout accepts it, else by the row-key schema. `undefined` when the table does not
 * exist. On the emulator the row-key schema is never readable: pass entities or `rowKeySchema` to decode keys.
 *
 * @example
 * ```ts
 * const description = await describeTable(mapper.connection, 'devices', { entities: [getEntityMetadata(Device)] });
 * ```
 */
export async function describeTable(
  connection: BigtableConnection,
  tableId: string,
  options: DescribeTableOptions = {},
): Promise<TableDescription | undefined> {
  checkConnectionAndTable('describeTable', connection, tableId);
  checkOptions({ api: 'describeTable', argument: 'options' }, options);
  const given = options.rowKeySchema;
  const explicit = typeof given === 'string' ? parseRowKeySchemaFile(given) : given;
  const call = bindDeadline(options, DEFAULT_TIMEOUTS.adminMs);
  const schema = await new SchemaManager(connection).live(tableId, call);
  if (!schema) return undefined;
  const sampleSize = options.sampleSize ?? 5;
  const rowKeySchema =
    explicit ??
    (schema.rowKeySchema.state === 'set' ? rowKeySchemaFromJson(schema.rowKeySchema.schema) : undefined);
  const samples: SampledKey[] = [];
  if (sampleSize > 0) {
    const request = {
      rows: { rowKeys: [], rowRanges: [{}] },
      filter: { chain: [{ cellsPerRowLimit: 1 }, { stripValue: true as const }] },
      rowsLimit: BigInt(sampleSize),
    };
    for await (const row of readRows(connection, tableId, request, call))
      samples.push(decodeKey(row.key, options.entities ?? [], rowKeySchema));
  }
  return { schema, samples };
}
