import { checkClasses, checkObject, checkOptions } from '../errors/check-argument.js';
import type { RowKeySchema, RowKeySchemaField } from '../codecs/key/row-key-schema.js';
import { rowKeySchemaForKey } from '../codecs/key/row-key-schema-segments.js';
import { BigtableMapperError } from '../errors/bigtable-mapper-error.js';
import { getEntityMetadata } from '../metadata/entity-registry.js';
import type { EntityClass, EntityMetadata } from '../metadata/entity-metadata.js';
import { familySpecsOf } from '../metadata/family-specs.js';
import type { FamilySpec } from '../model/family-spec.js';

/**
 * A row-key schema (`Type.Struct`) as plain JSON data: like {@link RowKeySchema}, with the delimiter in base64 (as in
 * gcloud's schema files and the proto's JSON form), so that a plan can be stored, diffed and sent to CI as JSON.
 *
 * @example
 * ```ts
 * const s: RowKeySchemaJson = {
 *   fields: [{ fieldName: 'device', type: { stringType: { encoding: { utf8Bytes: {} } } } }],
 *   encoding: { delimitedBytes: { delimiter: 'Iw==' } },
 * };
 * ```
 */
export interface RowKeySchemaJson {
  readonly fields: readonly RowKeySchemaField[];
  readonly encoding:
    | { readonly singleton: Readonly<Record<string, never>> }
    | { readonly delimitedBytes: { readonly delimiter: string } }
    | { readonly orderedCodeBytes: Readonly<Record<string, never>> };
}

/**
 * What is known of a table's row-key schema. `none`: the table has (or should have) no row-key schema, `reason`
 * says why. `unknown`: it cannot be read — the emulator's GetTable never returns `rowKeySchema`, even after
 * UpdateTable stored one — so plans neither set nor change it and say so in their notes.
 *
 * @example
 * ```ts
 * const state: RowKeySchemaState = { state: 'none', reason: 'Invoice and Payment have different key layouts' };
 * ```
 */
export type RowKeySchemaState =
  | { readonly state: 'set'; readonly schema: RowKeySchemaJson }
  | { readonly state: 'none'; readonly reason: string }
  | { readonly state: 'unknown'; readonly reason: string };

/**
 * The schema of one table: its column families (GC rule, aggregate type) and its row-key schema. Plain JSON data.
 *
 * @example
 * ```ts
 * for (const table of desiredSchema([Device]))
 *   console.log(table.tableId, Object.keys(table.families), table.rowKeySchema.state);
 * ```
 */
export interface TableSchema {
  readonly tableId: string;
  readonly families: Readonly<Record<string, FamilySpec>>;
  readonly rowKeySchema: RowKeySchemaState;
}

/**
 * Options of {@link desiredSchema}.
 *
 * @example
 * ```ts
 * const options: DesiredSchemaOptions = { tableIds: { devices: 'devices_staging' } };
 * ```
 */
export interface DesiredSchemaOptions {
  /** Declared table name → table id, as in `RepositoryOptions.tableIds`. */
  readonly tableIds?: Readonly<Record<string, string>>;
}

function base64(bytes: Uint8Array): string {
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary);
}

/**
 * {@link RowKeySchema} → {@link RowKeySchemaJson}.
 *
 * @example
 * ```ts
 * const key = getEntityMetadata(Device).key;
 * const json = rowKeySchemaToJson(rowKeySchemaForKey({ entity: 'Device', segments: key.segments, encoding: key.encoding }));
 * ```
 */
export function rowKeySchemaToJson(schema: RowKeySchema): RowKeySchemaJson {
  checkObject({ api: 'rowKeySchemaToJson', argument: 'schema' }, schema);
  const fields = schema.fields.map((f) => ({ ...f }));
  const e = schema.encoding;
  if ('delimitedBytes' in e)
    return { fields, encoding: { delimitedBytes: { delimiter: base64(e.delimitedBytes.delimiter) } } };
  return { fields, encoding: 'singleton' in e ? { singleton: {} } : { orderedCodeBytes: {} } };
}

/**
 * {@link RowKeySchemaJson} → {@link RowKeySchema} (the object UpdateTable takes).
 *
 * @example
 * ```ts
 * const schema = rowKeySchemaFromJson({ fields: [], encoding: { orderedCodeBytes: {} } });
 * ```
 */
export function rowKeySchemaFromJson(json: RowKeySchemaJson): RowKeySchema {
  checkObject({ api: 'rowKeySchemaFromJson', argument: 'json' }, json);
  const e = json.encoding;
  if ('delimitedBytes' in e) {
    const binary = atob(e.delimitedBytes.delimiter);
    const delimiter = Uint8Array.from(binary, (c) => c.charCodeAt(0));
    return { fields: json.fields, encoding: { delimitedBytes: { delimiter } } };
  }
  return { fields: json.fields, encoding: 'singleton' in e ? { singleton: {} } : { orderedCodeBytes: {} } };
}

/** The row-key schema a table's entities agree on, or why there is none. */
function sharedRowKeySchema(
  metas: readonly EntityMetadata[],
  families: readonly string[],
): RowKeySchemaState {
  const schemas: string[] = [];
  for (const m of metas) {
    try {
      const schema = rowKeySchemaForKey({
        entity: m.name,
        segments: m.key.segments,
        encoding: m.key.encoding,
      });
      schemas.push(JSON.stringify(rowKeySchemaToJson(schema)));
    } catch (error) {
      if (!(error instanceof BigtableMapperError)) throw error;
      return { state: 'none', reason: `the key of ${m.name} has no row-key schema: ${error.message}` };
    }
  }
  const distinct = [...new Set(schemas)];
  if (distinct.length > 1) {
    const names = metas.map((m) => m.name).join(', ');
    return { state: 'none', reason: `entities ${names} share the table with different key layouts` };
  }
  const schema = JSON.parse(distinct[0]!) as RowKeySchemaJson;
  const reserved = new Set([...families, '_key', '_timestamp']);
  const clash = schema.fields.find((f) => f.fieldName !== undefined && reserved.has(f.fieldName));
  if (clash)
    return {
      state: 'none',
      reason: `key field ${clash.fieldName} would collide with a family name or a reserved column`,
    };
  return { state: 'set', schema };
}

/**
 * The schema the given entities need: one {@link TableSchema} per table (sorted by table id), with every family
 * the entities declare and the row-key schema they share (entities of one table with different key layouts get
 * none, with the reason).
 *
 * @example
 * ```ts
 * const tables = desiredSchema([Invoice, Payment]);
 * ```
 */
export function desiredSchema(
  entities: readonly EntityClass[],
  options: DesiredSchemaOptions = {},
): TableSchema[] {
  checkClasses({ api: 'desiredSchema', argument: 'entities' }, entities);
  checkOptions({ api: 'desiredSchema', argument: 'options' }, options);
  const byTable = new Map<string, EntityMetadata[]>();
  for (const entity of entities) {
    const meta = getEntityMetadata(entity);
    const tableId = options.tableIds?.[meta.table] ?? meta.table;
    const metas = byTable.get(tableId) ?? [];
    if (!metas.includes(meta)) metas.push(meta);
    byTable.set(tableId, metas);
  }
  return [...byTable.entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([tableId, metas]) => {
      const families = familySpecsOf(...metas);
      return { tableId, families, rowKeySchema: sharedRowKeySchema(metas, Object.keys(families)) };
    });
}
