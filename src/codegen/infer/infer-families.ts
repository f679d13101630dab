import { utf8DecodeStrict } from '../../codecs/key/utf8.js';
import type { FamilySpec } from '../../model/family-spec.js';
import type { RowData } from '../../model/row-data.js';
import type { FileColumn, FileFamily, FileInt64Cell, FileQualifier } from '../files/families-file-types.js';
import { counterEvidence } from './infer-counter.js';
import { guessValueCodec } from './infer-value-codec.js';
import type { Inference } from './inference.js';

/**
 * Options of {@link inferFamilies}.
 *
 * @example
 * ```ts
 * const options: InferFamiliesOptions = { mapThreshold: 32, taken: new Set(['deviceId']) };
 * ```
 */
export interface InferFamiliesOptions {
  /** More distinct qualifiers than this in one family make it qualifier-as-data (a Map or Set). Default 16. */
  readonly mapThreshold?: number;
  /** Property names already used (key parts): inferred properties get other names. */
  readonly taken?: ReadonlySet<string>;
}

/**
 * Families with their columns (or map / set / aggregates) guessed from sampled rows, and the guesses made.
 *
 * @example
 * ```ts
 * const { families, inferences } = inferFamilies(rows, { stats: { gcRule: { maxVersions: 1 } } });
 * ```
 */
export interface FamiliesGuess {
  readonly families: readonly FileFamily[];
  readonly inferences: readonly Inference[];
}

const hex = (b: Uint8Array): string => Buffer.from(b).toString('hex');
const compareBytes = (a: Uint8Array, b: Uint8Array): number => Buffer.compare(a, b);
const percent = (x: number): string => `${Math.round(x * 100)}%`;

/** A camelCase identifier from a qualifier or family name (`os_build` → `osBuild`), or `undefined`. */
function identifierOf(text: string): string | undefined {
  const words = text.split(/[^A-Za-z0-9]+/).filter((w) => w !== '');
  if (words.length === 0) return undefined;
  const name = words
    .map((w, i) =>
      i === 0 ? w.charAt(0).toLowerCase() + w.slice(1) : w.charAt(0).toUpperCase() + w.slice(1),
    )
    .join('');
  return /^[0-9]/.test(name) ? `c${name}` : name;
}

class Names {
  private readonly used: Set<string>;
  constructor(taken: ReadonlySet<string>) {
    this.used = new Set(taken);
  }
  claim(wanted: string): string {
    let name = wanted;
    for (let i = 2; this.used.has(name); i++) name = `${wanted}${i}`;
    this.used.add(name);
    return name;
  }
}

interface Column {
  readonly qualifier: Uint8Array;
  /** Latest value per row that has the column. */
  readonly values: Uint8Array[];
  /** Every sampled version per row that has the column, newest first. */
  readonly histories: Uint8Array[][];
  maxVersions: number;
}

/** Columns of one family over the rows: qualifier → latest value per row, and the most versions in a row. */
function columnsOf(
  rows: readonly RowData[],
  family: string,
): { columns: Column[]; rowsWith: number; qualifierSets: number } {
  const byQualifier = new Map<string, Column>();
  const sets = new Set<string>();
  let rowsWith = 0;
  for (const row of rows) {
    const versions = new Map<string, number>();
    for (const cell of row.cells) {
      if (cell.family !== family) continue;
      const k = hex(cell.qualifier);
      const seen = versions.get(k) ?? 0;
      versions.set(k, seen + 1);
      let column = byQualifier.get(k);
      if (!column) {
        column = { qualifier: cell.qualifier, values: [], histories: [], maxVersions: 0 };
        byQualifier.set(k, column);
      }
      // Cells come newest first within a column: the first one is the latest value.
      if (seen === 0) {
        column.values.push(cell.value);
        column.histories.push([]);
      }
      column.histories.at(-1)!.push(cell.value);
      column.maxVersions = Math.max(column.maxVersions, seen + 1);
    }
    if (versions.size > 0) {
      rowsWith += 1;
      sets.add([...versions.keys()].sort().join(','));
    }
  }
  const columns = [...byQualifier.values()].sort((a, b) => compareBytes(a.qualifier, b.qualifier));
  return { columns, rowsWith, qualifierSets: sets.size };
}

function qualifierText(q: Uint8Array): string | undefined {
  const text = utf8DecodeStrict(q);
  return text !== undefined && /^[\x20-\x7e]+$/.test(text) ? text : undefined;
}

/**
 * Qualifiers as data although few (members of a conversation, tags): at least 3 distinct qualifiers over at least 2
 * rows, rows holding different sets of them, none in every row, and one kind of value (every value empty, or every
 * qualifier's values of one codec). Columns of a record have a qualifier every row holds, or values of different
 * kinds. Returns the evidence, or `undefined`.
 */
function qualifiersVary(
  columns: readonly Column[],
  rowsWith: number,
  qualifierSets: number,
): string | undefined {
  if (columns.length < 3 || rowsWith < 2 || qualifierSets < 2) return undefined;
  if (columns.some((c) => c.values.length === rowsWith)) return undefined;
  const empty = columns.every((c) => c.values.every((v) => v.length === 0));
  const codecs = new Set(columns.map((c) => JSON.stringify(guessValueCodec(c.values).codec)));
  if (!empty && codecs.size !== 1) return undefined;
  return (
    `${columns.length} distinct qualifiers across ${rowsWith} sampled rows in ${qualifierSets} different sets, ` +
    `none in every row, ${empty ? 'every value empty' : 'values of one codec'}: the qualifiers are data`
  );
}

/**
 * Guesses what each column family of a table stores from sampled rows: an aggregate family (typed by GetTable)
 * whose qualifiers are data (the rules below) is an aggregate map, any other one gets one aggregate per qualifier
 * seen; a family with many distinct qualifiers across rows (more than
 * `mapThreshold`, or at least 4 that each appear in under half of the rows on average), or with qualifiers that vary
 * across rows with one kind of value (see `qualifiersVary`), is qualifier-as-data — a `Set` when every value is
 * empty, a counter map when its 8-byte values show increments, else a `Map` whose value codec is guessed; any
 * other family gets one column per qualifier, its codec guessed from the values ({@link guessValueCodec}), optional
 * when some rows lack it, or a counter when its version history shows increments ({@link counterEvidence}).
 * Families come in name order, columns in qualifier byte order, so the same rows always give the same result. Pure.
 *
 * @example
 * ```ts
 * const guess = inferFamilies(rows, { stats: {}, tags: {} });
 * guess.families.map((f) => f.name); // ['stats', 'tags']
 * ```
 */
export function inferFamilies(
  rows: readonly RowData[],
  specs: Readonly<Record<string, FamilySpec>>,
  options: InferFamiliesOptions = {},
): FamiliesGuess {
  const threshold = options.mapThreshold ?? 16;
  const names = new Names(options.taken ?? new Set());
  const families: FileFamily[] = [];
  const inferences: Inference[] = [];
  const total = rows.length;
  for (const name of Object.keys(specs).sort()) {
    const spec = specs[name]!;
    const base = {
      name,
      ...(spec.gcRule ? { gc: spec.gcRule } : {}),
      ...(spec.aggregate ? { aggregate: spec.aggregate } : {}),
    };
    const { columns, rowsWith, qualifierSets } = columnsOf(rows, name);
    const property = (q: Uint8Array): { property: string; qualifier?: FileQualifier } => {
      const text = qualifierText(q);
      const id = text === undefined ? undefined : identifierOf(text);
      const claimed = names.claim(id ?? `${identifierOf(name) ?? 'f'}Column`);
      if (text === undefined)
        return { property: claimed, qualifier: { base64: Buffer.from(q).toString('base64') } };
      return claimed === text ? { property: claimed } : { property: claimed, qualifier: text };
    };
    const coverage =
      columns.length === 0
        ? 1
        : columns.reduce((sum, c) => sum + c.values.length, 0) / columns.length / Math.max(rowsWith, 1);
    const byCount = columns.length > threshold || (columns.length >= 4 && rowsWith >= 4 && coverage < 0.5);
    const varying = byCount ? undefined : qualifiersVary(columns, rowsWith, qualifierSets);
    const asData = byCount || varying !== undefined;
    if (spec.aggregate && !asData) {
      const aggregates = columns.map((c) => {
        const p = property(c.qualifier);
        inferences.push({
          subject: p.property,
          conclusion: `aggregate ${spec.aggregate} cell`,
          evidence: `GetTable types family ${name} as an aggregate; qualifier seen in ${c.values.length}/${total} sampled rows`,
          confidence: 'high',
        });
        return p;
      });
      families.push({ ...base, ...(aggregates.length ? { aggregates } : {}) });
      continue;
    }
    if (asData) {
      const values = columns.flatMap((c) => c.values);
      const textKeys = columns.filter((c) => qualifierText(c.qualifier) !== undefined).length;
      const key = textKeys === columns.length ? 'string' : 'bytes';
      const prop = names.claim(identifierOf(name) ?? 'entries');
      const why =
        varying ??
        `${columns.length} distinct qualifiers across ${rowsWith} sampled rows, each in ${percent(coverage)} of them on average`;
      const confidence = columns.length > threshold && rowsWith >= 10 ? 'high' : 'medium';
      if (spec.aggregate) {
        // Per-key aggregates (reactions per emoji): GetTable says the cells are aggregates, the qualifiers vary.
        const value = spec.aggregate === 'hll' ? 'bytes' : 'int64';
        families.push({ ...base, map: { property: prop, key, value, cells: 'aggregate' } });
        inferences.push({
          subject: prop,
          conclusion: `AggregateMap<${key}> (qualifier-as-data ${spec.aggregate} aggregates)`,
          evidence: `${why}; GetTable types family ${name} as an aggregate`,
          confidence,
        });
        continue;
      }
      if (values.every((v) => v.length === 0)) {
        families.push({ ...base, set: { property: prop, key } });
        inferences.push({
          subject: prop,
          conclusion: `Set<${key}> (qualifier-as-data)`,
          evidence: `${why}; ${values.length}/${values.length} sampled values are empty`,
          confidence,
        });
      } else {
        const guess = guessValueCodec(values);
        // Per-key counters (unread per member): 8-byte integers whose versions show increments.
        const increments =
          guess.codec === 'int64' ? counterEvidence(columns.flatMap((c) => c.histories)) : undefined;
        if (increments !== undefined) {
          families.push({ ...base, map: { property: prop, key, value: 'int64', cells: 'counter' } });
          inferences.push({
            subject: prop,
            conclusion: `CounterMap<${key}> (qualifier-as-data counters)`,
            evidence: `${why}; ${increments}`,
            confidence: 'medium',
          });
          continue;
        }
        families.push({ ...base, map: { property: prop, key, value: guess.codec } });
        inferences.push({
          subject: prop,
          conclusion: `Map<${key}, ${typeof guess.codec === 'string' ? guess.codec : 'bytes'}> (qualifier-as-data)`,
          evidence: `${why}; values: ${guess.evidence}${guess.note ? ` (${guess.note})` : ''}`,
          confidence: confidence === 'high' && guess.confidence === 'high' ? 'high' : 'medium',
        });
      }
      continue;
    }
    const fileColumns: FileColumn[] = [];
    const counters: FileInt64Cell[] = [];
    for (const c of columns) {
      const p = property(c.qualifier);
      const guess = guessValueCodec(c.values);
      const increments = guess.codec === 'int64' ? counterEvidence(c.histories) : undefined;
      if (increments !== undefined) {
        counters.push(p);
        inferences.push({
          subject: p.property,
          conclusion: 'counter',
          evidence: increments,
          confidence: 'medium',
        });
        continue;
      }
      const optional = c.values.length < total;
      const notes = [
        ...(guess.note ? [guess.note] : []),
        ...(guess.codec === 'int64'
          ? ['if it is incremented (ReadModifyWriteRow), declare it a counter: no version history showed it']
          : []),
        ...(optional ? [`optional: in ${c.values.length}/${total} sampled rows`] : []),
        ...(c.maxVersions > 1
          ? [`up to ${c.maxVersions} versions in a row: add versioned: true to read the history`]
          : []),
      ];
      inferences.push({
        subject: p.property,
        conclusion: typeof guess.codec === 'string' ? guess.codec : 'bytes',
        evidence: `${guess.evidence}${notes.length ? `; ${notes.join('; ')}` : ''}`,
        confidence: guess.confidence,
      });
      fileColumns.push({ ...p, codec: guess.codec, ...(optional ? { optional: true } : {}) });
    }
    families.push({
      ...base,
      ...(fileColumns.length ? { columns: fileColumns } : {}),
      ...(counters.length ? { counters } : {}),
    });
  }
  return { families, inferences };
}
