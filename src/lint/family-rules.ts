import type { EntityMetadata, FamilyMetadata, FieldMetadata } from '../metadata/entity-metadata.js';
import type { LintFinding, LintOptions } from './lint-types.js';
import { makeFinding } from './make-finding.js';

/** Bigtable's guidance: about 100 families per table at most. */
const MAX_FAMILIES = 100;
const MIB = 1024 * 1024;
const CELL_GUIDANCE = 10 * MIB;
const CELL_LIMIT = 100 * MIB;
const ROW_GUIDANCE = 100 * MIB;

/**
 * Families of one table, over every entity stored in it: more than 100 is a finding for the whole table, its
 * `entity` being the table's entities joined with ` + ` (silenced when any of them silences the rule).
 *
 * @example
 * ```ts
 * lintFamilyCount([meta]); // [] for the few families of Device
 * ```
 */
export function lintFamilyCount(metas: readonly EntityMetadata[]): LintFinding[] {
  const byTable = new Map<string, EntityMetadata[]>();
  for (const meta of metas) byTable.set(meta.table, [...(byTable.get(meta.table) ?? []), meta]);
  const out: LintFinding[] = [];
  for (const [table, members] of byTable) {
    const families = new Set(members.flatMap((m) => m.families.map((f) => f.name)));
    if (families.size <= MAX_FAMILIES) continue;
    out.push(
      makeFinding(
        'table-too-many-families',
        members
          .map((m) => m.name)
          .sort()
          .join(' + '),
        undefined,
        `table \`${table}\` has ${families.size} column families (entities ${members.map((m) => m.name).join(', ')}), more than about ${MAX_FAMILIES}`,
        'group related columns in fewer families (a family per retention need), or pack columns as one protobuf cell',
        undefined,
      ),
    );
  }
  return out;
}

function qualifierOf(field: FieldMetadata): Uint8Array | undefined {
  return field.kind === 'map' || field.kind === 'set' ? undefined : field.qualifier;
}

/**
 * Long family names and long fixed qualifiers (they travel with every cell of every response).
 *
 * @example
 * ```ts
 * lintNameLengths(meta, { maxFamilyNameLength: 8 });
 * ```
 */
export function lintNameLengths(meta: EntityMetadata, options: LintOptions): LintFinding[] {
  const maxFamily = options.maxFamilyNameLength ?? 16;
  const maxQualifier = options.maxQualifierBytes ?? 32;
  const out: LintFinding[] = [];
  for (const family of meta.families) {
    if (family.name.length <= maxFamily) continue;
    out.push(
      makeFinding(
        'family-name-long',
        meta.name,
        family.name,
        `family name \`${family.name}\` is ${family.name.length} characters (more than ${maxFamily}); it is sent with every cell`,
        'choose a short family name (a few letters: `d`, `stats`, `cf1`)',
        undefined,
      ),
    );
  }
  for (const field of meta.fields) {
    const qualifier = qualifierOf(field);
    if (qualifier === undefined || qualifier.length <= maxQualifier) continue;
    out.push(
      makeFinding(
        'qualifier-long',
        meta.name,
        field.property,
        `qualifier of \`${field.property}\` is ${qualifier.length} bytes (more than ${maxQualifier}); it is sent with every cell`,
        "give the column a short qualifier (`@Column({ qualifier: 'os' })`): the property name can stay long",
        undefined,
      ),
    );
  }
  return out;
}

function familyOf(meta: EntityMetadata, name: string): FamilyMetadata | undefined {
  return meta.families.find((f) => f.name === name);
}

/**
 * Cells that pile up without a GC rule on their family: versioned columns and versioned aggregates (history),
 * counters (each increment writes a new cell version), maps and sets (each entry written again is a new version).
 *
 * @example
 * ```ts
 * lintGcRules(meta).map((f) => f.ruleId); // ['gc-counter-unbounded'] when `pings` lives in a family without GC
 * ```
 */
export function lintGcRules(meta: EntityMetadata): LintFinding[] {
  const out: LintFinding[] = [];
  for (const field of meta.fields) {
    const family = familyOf(meta, field.family);
    if (family === undefined || family.gcRule !== undefined) continue;
    const at = `family \`${field.family}\` has no GC rule`;
    if ((field.kind === 'column' || field.kind === 'aggregate') && field.versioned) {
      out.push(
        makeFinding(
          'gc-versioned-unbounded',
          meta.name,
          field.property,
          `\`${field.property}\` keeps cell versions and ${at}: its history grows without bound`,
          `give \`${field.family}\` a rule keeping what is read, e.g. Gc.union(Gc.maxVersions(100), Gc.maxAge({ days: 365 }))`,
          undefined,
        ),
      );
    } else if (field.kind === 'counter' || (field.kind === 'map' && field.cells === 'counter')) {
      const what = field.kind === 'counter' ? 'counter' : 'counter map';
      out.push(
        makeFinding(
          'gc-counter-unbounded',
          meta.name,
          field.property,
          `${what} \`${field.property}\` is incremented in place and ${at}: every increment leaves a cell version behind`,
          `give \`${field.family}\` Gc.maxVersions(1) (or use an aggregate family with AddToCell)`,
          undefined,
        ),
      );
    } else if ((field.kind === 'map' && field.cells === undefined) || field.kind === 'set') {
      // An aggregate map's inputs merge into their bucket's cell: no version is left behind per input.
      out.push(
        makeFinding(
          'gc-qualifiers-unbounded',
          meta.name,
          field.property,
          `${field.kind} \`${field.property}\` stores qualifiers as data and ${at}: every entry written again adds a version`,
          `give \`${field.family}\` Gc.maxVersions(1), and keep the number of entries per row bounded`,
          undefined,
        ),
      );
    }
  }
  return out;
}

function isBlob(field: FieldMetadata): boolean {
  return field.kind === 'column' && (field.codec.name === 'json' || field.codec.name.startsWith('protobuf:'));
}

/**
 * JSON and protobuf columns: without a declared bound (`options.maxBytes`) an `info`; a bound over 10 MiB a
 * `warning`, over 100 MiB (the cell limit) an `error`; declared bounds whose sum is over 100 MiB a `warning` for
 * the row.
 *
 * @example
 * ```ts
 * lintCellSizes(meta, { maxBytes: { Device: { payload: 64 * 1024 } } });
 * ```
 */
export function lintCellSizes(meta: EntityMetadata, options: LintOptions): LintFinding[] {
  const bounds = options.maxBytes?.[meta.name] ?? {};
  const out: LintFinding[] = [];
  let rowTotal = 0;
  for (const field of meta.fields.filter(isBlob)) {
    const codec = (field as { codec: { name: string } }).codec.name;
    const bound = bounds[field.property];
    if (bound === undefined) {
      out.push(
        makeFinding(
          'cell-size-unbounded',
          meta.name,
          field.property,
          `${codec} column \`${field.property}\` has no declared size bound: one value could exceed 10 MB`,
          `declare its bound with \`lintEntities(metas, { maxBytes: { ${meta.name}: { ${field.property}: 65536 } } })\` and keep values under it`,
          undefined,
        ),
      );
      continue;
    }
    rowTotal += bound;
    if (bound > CELL_GUIDANCE) {
      out.push(
        makeFinding(
          'cell-size-over-limit',
          meta.name,
          field.property,
          `${codec} column \`${field.property}\` may hold ${bound} bytes, over ${bound > CELL_LIMIT ? "Bigtable's 100 MiB cell limit" : 'the 10 MB per cell guidance'}`,
          'split the value over several columns or rows, or store the blob elsewhere and keep a reference',
          bound > CELL_LIMIT ? 'error' : undefined,
        ),
      );
    }
  }
  if (rowTotal > ROW_GUIDANCE) {
    out.push(
      makeFinding(
        'cell-size-over-limit',
        meta.name,
        undefined,
        `the declared JSON/protobuf bounds add up to ${rowTotal} bytes per row, over the 100 MB per row guidance`,
        'split the entity over several rows (adjacent keys) or lower the bounds',
        undefined,
      ),
    );
  }
  return out;
}
