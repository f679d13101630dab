import { createKeyCodec } from '../../codecs/key/create-key-codec.js';
import { checkObject, checkOptions } from '../../errors/check-argument.js';
import type { SegmentSpec } from '../../codecs/key/key-codec-types.js';
import type { RowKeySchema } from '../../codecs/key/row-key-schema.js';
import { keySegmentsFromRowKeySchema } from '../../codecs/key/row-key-schema-segments.js';
import { utf8DecodeStrict } from '../../codecs/key/utf8.js';
import { BigtableMapperError } from '../../errors/bigtable-mapper-error.js';
import type { RowData } from '../../model/row-data.js';
import type { BigtableConnection } from '../../transport/bigtable-connection.js';
import { checkConnectionAndTable } from '../../transport/bigtable-connection.js';
import type { FamiliesFile, FileKeyHint } from '../files/families-file-types.js';
import type { GenerateEntitySourceOptions } from '../source/generate-entity-source.js';
import { generateEntitiesSource } from '../source/generate-entity-source.js';
import { inferHierarchy } from './infer-hierarchy.js';
import { kebabCase } from '../source/kebab-case.js';
import { inferFamilies } from './infer-families.js';
import type { KeyLayoutGuess } from './infer-key-layout.js';
import { findKeyDelimiter, inferKeyLayout, splitKey } from './infer-key-layout.js';
import type { Inference } from './inference.js';
import { inferenceComment } from './inference.js';
import type { SampleTableOptions, TableSample } from './sample-table.js';
import { sampleTable } from './sample-table.js';

/**
 * Options of {@link inferTableEntities}: the sampling bounds and progress callback ({@link SampleTableOptions}),
 * naming, and the output style of `generateEntitySource`.
 *
 * @example
 * ```ts
 * const options: InferTableOptions = {
 *   maxRows: 1000,
 *   entity: 'Device',
 *   keyNames: ['deviceType', 'deviceId'],
 *   onProgress: ({ rowsSampled, totalPlanned }) => console.error(`${rowsSampled}/${totalPlanned}`),
 * };
 * ```
 */
export interface InferTableOptions
  extends SampleTableOptions, Pick<GenerateEntitySourceOptions, 'style' | 'packageName'> {
  /** Class name of the entity. Default: the table id in PascalCase (or, per key prefix, the prefix in PascalCase). */
  readonly entity?: string;
  /** Names of the key parts in key order (literals excluded). Default `part1`, `part2`, …. */
  readonly keyNames?: readonly string[];
  /** More distinct qualifiers than this in one family make it a Map or Set. Default 16. */
  readonly mapThreshold?: number;
  /**
   * One entity per literal first key field when the sampled keys start with 2–8 different words whose rows differ in
   * shape (number of key fields or families used): a single-table design such as `invoice#…`, `payment#…`. Rows of
   * one shape stay one entity (the first field is then a key part, e.g. a tenant). Default true.
   */
  readonly splitByPrefix?: boolean;
  /**
   * A parent entity and child entities whose keys extend its key (`video#v1`, `video#v1#c#<ts>`; sibling kinds
   * `conv#1#m#<ts>` and `conv#1#u#<member>` under `conv#1`): a tree of kinds of key, each child kind being its
   * parent's key, a word and fields of its own (see `inferHierarchy`); the child's source imports its parent from `./<parent in kebab-case>.js`. Default true.
   */
  readonly hierarchy?: boolean;
}

/**
 * One entity inferred from a live table: the generated source, the two schema files it was generated from (so
 * they can be saved, reviewed and regenerated with `generateEntitySource`), and every guess with its evidence.
 *
 * @example
 * ```ts
 * const [device] = (await inferTableEntities(mapper, 'devices')).entities;
 * await writeFile('device.ts', device!.source);
 * ```
 */
export interface InferredEntity {
  readonly entity: string;
  /**
   * The entity whose key this one's extends (a hierarchical key): the source imports it from
   * `./<parent in kebab-case>.js`, so write each source to `<entity in kebab-case>.ts` in one directory (as the
   * CLI's `codegen --table --out-dir` does).
   */
  readonly parent?: string;
  readonly source: string;
  readonly rowKeySchema: RowKeySchema;
  readonly familiesFile: FamiliesFile;
  readonly inferences: readonly Inference[];
  /** Sampled rows this entity was inferred from. */
  readonly rows: number;
}

/**
 * What {@link inferTableEntities} found: one entity per key layout (usually one).
 *
 * @example
 * ```ts
 * const { rowsSampled, entities } = await inferTableEntities(mapper, 'devices');
 * ```
 */
export interface InferredTable {
  readonly tableId: string;
  readonly rowsSampled: number;
  /** Split points SampleRowKeys gave (the sample is spread over the ranges between them). */
  readonly splits: number;
  readonly entities: readonly InferredEntity[];
}

const WORD = /^[A-Za-z][A-Za-z0-9_-]*$/;

function pascalCase(text: string): string {
  const name = text
    .split(/[^A-Za-z0-9]+/)
    .filter((w) => w !== '')
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join('');
  return /^[A-Za-z]/.test(name) ? name : `T${name}`;
}

/** Rows grouped by a literal-looking first key field, or one group. */
function groupsOf(rows: readonly RowData[], split: boolean): Array<{ prefix?: string; rows: RowData[] }> {
  const keys = rows.map((r) => r.key);
  const delimiter = split ? findKeyDelimiter(keys) : undefined;
  if (delimiter === undefined) return [{ rows: [...rows] }];
  const firsts = keys.map((k) => utf8DecodeStrict(splitKey(k, delimiter)[0]!));
  const distinct = [...new Set(firsts)];
  const byPrefix = new Map<string, RowData[]>();
  rows.forEach((row, i) => byPrefix.set(firsts[i]!, [...(byPrefix.get(firsts[i]!) ?? []), row]));
  const grouped =
    distinct.length >= 2 &&
    distinct.length <= 8 &&
    distinct.every((d) => d !== undefined && WORD.test(d) && byPrefix.get(d)!.length >= 2);
  if (!grouped) return [{ rows: [...rows] }];
  // Groups of one shape (same number of key fields, same families) are one entity whose first field varies, e.g.
  // a tenant id; different shapes are different entities sharing the table.
  const rowShape = (r: RowData): string => {
    const families = [...new Set(r.cells.map((c) => c.family))].sort();
    return `${splitKey(r.key, delimiter).length}:${families.join(',')}`;
  };
  const shape = (group: readonly RowData[]): string => [...new Set(group.map(rowShape))].sort().join('|');
  if (new Set(distinct.map((d) => shape(byPrefix.get(d!)!))).size === 1) return [{ rows: [...rows] }];
  return (distinct as string[]).sort().map((prefix) => ({ prefix, rows: byPrefix.get(prefix)! }));
}

/**
 * The layout GetTable's row-key schema gives (on an instance), as stored types; a schema with no entity form (a
 * Singleton struct, binary numbers in a delimited key) falls back to inferring the key from the sample.
 */
function layoutFromTable(schema: RowKeySchema, entity: string, infer: () => KeyLayoutGuess): KeyLayoutGuess {
  let base: ReturnType<typeof keySegmentsFromRowKeySchema>;
  try {
    base = keySegmentsFromRowKeySchema(schema, entity);
  } catch (error) {
    if (!(error instanceof BigtableMapperError)) throw error;
    const inferred = infer();
    const why = `the table's row-key schema has no entity form (${error.message}); the key was inferred from the sample`;
    return {
      ...inferred,
      inferences: [
        { subject: 'key', conclusion: 'a layout of its own', evidence: why, confidence: 'low' },
        ...inferred.inferences,
      ],
    };
  }
  return {
    segments: base.segments,
    encoding: base.encoding,
    inferences: [
      {
        subject: 'key',
        conclusion: 'the row-key schema of the table',
        evidence: 'GetTable returned it; key parts have the types it stores (refine them with key hints)',
        confidence: 'high',
      },
    ],
  };
}

/** The row-key schema file and the key hints that make the generator rebuild `segments` exactly. */
function keyFiles(
  entity: string,
  layout: KeyLayoutGuess,
): { rowKeySchema: RowKeySchema; key: Record<string, FileKeyHint> } {
  const rowKeySchema = createKeyCodec({
    entity,
    segments: layout.segments,
    encoding: layout.encoding,
  }).rowKeySchema;
  const plain = keySegmentsFromRowKeySchema(rowKeySchema, entity).segments;
  const key: Record<string, FileKeyHint> = {};
  layout.segments.forEach((segment, i) => {
    const field = rowKeySchema.fields[i]?.fieldName ?? '';
    if (segment.type === 'literal') key[field] = { literal: segment.value as string };
    else if (JSON.stringify(segment) !== JSON.stringify(plain[i])) {
      const { name: _name, ...hint } = segment as Extract<SegmentSpec, { name: string }>;
      key[field] = hint as FileKeyHint;
    }
  });
  return { rowKeySchema, key };
}

/**
 * Codegen from a live table: reads GetTable (families, GC rules, aggregate types, and the row-key schema where
 * the server returns it — the emulator never does) and a bounded sample of rows ({@link sampleTable}: at most
 * `maxRows`, spread over SampleRowKeys' split ranges, `onProgress` after each row), then infers the key layout
 * (delimiter, literal fields, zero-padded numbers, timestamps, reversed domains), the columns of each family, the
 * qualifier-as-data families (Map / Set) and the value codecs, and generates the entity source with
 * `generateEntitySource`. Every guess is written as a comment above what it decided, with its evidence and
 * confidence (`// inferred int64: 412/412 sampled cells are 8 bytes (high confidence)`). Same table content, same
 * output. Keys starting with 2–8 different words give one entity per word (see `splitByPrefix`).
 *
 * @example
 * ```ts
 * const { entities } = await inferTableEntities(mapper, 'devices', {
 *   maxRows: 500,
 *   onProgress: ({ rowsSampled, totalPlanned }) => console.error(`${rowsSampled}/${totalPlanned} rows`),
 * });
 * for (const e of entities) console.log(e.source);
 * ```
 */
export async function inferTableEntities(
  source: BigtableConnection | { readonly connection: BigtableConnection },
  tableId: string,
  options: InferTableOptions = {},
): Promise<InferredTable> {
  checkObject({ api: 'inferTableEntities', argument: 'source' }, source, 'a BigtableConnection or a Mapper');
  const connection = 'connection' in source ? source.connection : source;
  checkConnectionAndTable('inferTableEntities', connection, tableId);
  checkOptions({ api: 'inferTableEntities', argument: 'options' }, options);
  return inferEntitiesFromSample(await sampleTable(connection, tableId, options), options);
}

/**
 * The pure half of {@link inferTableEntities}: entities inferred from a sample already read.
 *
 * @example
 * ```ts
 * const { entities } = inferEntitiesFromSample({ tableId: 't', families: { d: {} }, rowKeySchema: undefined, splits: 0, rows: [] });
 * ```
 */
export function inferEntitiesFromSample(sample: TableSample, options: InferTableOptions = {}): InferredTable {
  const { tableId } = sample;
  // An instance answers no schema (or one without fields) for a table without one: infer the key then.
  const answered = sample.rowKeySchema as RowKeySchema | undefined;
  const tableSchema = answered && answered.fields?.length > 0 ? answered : undefined;
  const groups = tableSchema
    ? [{ rows: [...sample.rows] }]
    : groupsOf(sample.rows, options.splitByPrefix ?? true);
  const entities = groups.flatMap((group): InferredEntity[] => {
    const entity =
      group.prefix !== undefined ? pascalCase(group.prefix) : (options.entity ?? pascalCase(tableId));
    const levels =
      !tableSchema && (options.hierarchy ?? true) ? inferHierarchy(group.rows, options.keyNames) : undefined;
    if (levels === undefined) {
      const keys = group.rows.map((r) => r.key);
      const layout = tableSchema
        ? layoutFromTable(tableSchema, entity, () => inferKeyLayout(keys, options.keyNames))
        : inferKeyLayout(keys, options.keyNames);
      return [
        inferEntity(sample, options, { entity, rows: group.rows, layout, total: sample.rows.length }, []),
      ];
    }
    // A parent, then each child named after its parent and its literal (VideoRows, VideoRowsC; siblings
    // ConvRowsM, ConvRowsU); each child's source is generated with its ancestors' files (its chain, not its uncles).
    const out: InferredEntity[] = [];
    const chains: InferredEntity[][] = [];
    for (const level of levels) {
      const ancestors = level.parent === undefined ? [] : [...chains[level.parent]!, out[level.parent]!];
      const name =
        level.literal === undefined ? entity : `${ancestors.at(-1)!.entity}${pascalCase(level.literal)}`;
      chains.push(ancestors);
      out.push(
        inferEntity(
          sample,
          options,
          {
            entity: name,
            rows: level.rows,
            layout: level,
            total: sample.rows.length,
            literal: level.literal,
          },
          ancestors,
        ),
      );
    }
    return out;
  });
  return { tableId, rowsSampled: sample.rows.length, splits: sample.splits, entities };
}

/** One entity of the sample: its files, its source and its guesses; `ancestors` are the entities its key extends. */
function inferEntity(
  sample: TableSample,
  options: InferTableOptions,
  inferred: {
    entity: string;
    rows: readonly RowData[];
    layout: KeyLayoutGuess;
    total: number;
    literal?: string;
  },
  ancestors: readonly InferredEntity[],
): InferredEntity {
  const { entity, rows, layout } = inferred;
  const taken = new Set(
    layout.segments.flatMap((s) => (s.type === 'literal' || !('name' in s) ? [] : [s.name!])),
  );
  const guessed = inferFamilies(rows, sample.families, {
    taken,
    ...(options.mapThreshold !== undefined ? { mapThreshold: options.mapThreshold } : {}),
  });
  const { rowKeySchema, key } = keyFiles(entity, layout);
  const parent = ancestors.at(-1);
  const familiesFile: FamiliesFile = {
    table: sample.tableId,
    entity,
    ...(parent ? { parent: parent.entity } : {}),
    ...(parent && inferred.literal !== undefined ? { literal: inferred.literal } : {}),
    key,
    families: guessed.families,
  };
  const inferences = [...layout.inferences, ...guessed.inferences];
  const properties: Record<string, string[]> = {};
  for (const inference of inferences) {
    if (inference.subject === 'key') continue;
    (properties[inference.subject] ??= []).push(inferenceComment(inference));
  }
  const top = [
    // The split count stays out of the source: it changes with the server's sampling, the source must not.
    `${rows.length} of ${inferred.total} sampled rows (at most ${options.maxRows ?? 500}) have this key layout.`,
    ...inferences.filter((i) => i.subject === 'key').map((i) => `key: ${inferenceComment(i)}`),
  ];
  // The ancestors' files give the child its key; their classes come from their own generated modules.
  const code = generateEntitiesSource(
    [
      ...ancestors.map((a) => ({ rowKeySchema: a.rowKeySchema, families: a.familiesFile })),
      { rowKeySchema, families: familiesFile },
    ],
    {
      ...(options.style ? { style: options.style } : {}),
      ...(options.packageName ? { packageName: options.packageName } : {}),
      imports: Object.fromEntries(ancestors.map((a) => [a.entity, { from: `./${kebabCase(a.entity)}.js` }])),
      generatedFrom: `live table ${sample.tableId} (GetTable and a sample of rows)`,
      comments: { top, properties },
    },
  );
  return {
    entity,
    ...(parent ? { parent: parent.entity } : {}),
    source: code,
    rowKeySchema,
    familiesFile,
    inferences,
    rows: rows.length,
  };
}
