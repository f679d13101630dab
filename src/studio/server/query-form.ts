import { InvalidArgumentError } from '../../index.js';
import type { EntityMetadata } from '../../metadata/public/index.js';
import type { ExplainAnalysis } from '../../index.js';
import { bytesDisplay } from './bytes-display.js';
import { conditionValue } from './form-values.js';

/** Rows a query run returns at most, and by default. */
export const MAX_QUERY_LIMIT = 1000;
const DEFAULT_QUERY_LIMIT = 100;

/** The form's condition operators and the `where` operators they stand for. */
export const OPS: Readonly<Record<string, string>> = {
  eq: '=',
  ne: '!=',
  lt: '<',
  lte: '<=',
  gt: '>',
  gte: '>=',
  in: 'in',
  startsWith: 'startsWith',
};

/** An InvalidArgumentError about one field of a query form. */
export function bad(meta: EntityMetadata, argument: string, value: unknown, expected: string): never {
  throw new InvalidArgumentError({ api: 'studio query', argument, entity: meta.name, value, expected });
}

/** A value as TypeScript source (for "copy as TypeScript"). */
export function source(value: unknown): string {
  if (typeof value === 'bigint') return `${value}n`;
  if (value instanceof Date) return `new Date(${JSON.stringify(value.toISOString())})`;
  if (value instanceof Uint8Array)
    return `Buffer.from(${JSON.stringify(Buffer.from(value).toString('hex'))}, 'hex')`;
  if (Array.isArray(value)) return `[${value.map(source).join(', ')}]`;
  if (typeof value === 'object' && value !== null)
    return `{ ${Object.entries(value)
      .map(([k, v]) => `${/^[A-Za-z_$][\w$]*$/.test(k) ? k : JSON.stringify(k)}: ${source(v)}`)
      .join(', ')} }`;
  return JSON.stringify(value) ?? 'undefined';
}

/** The form's row limit: default 100, at most 1,000. */
export function queryLimit(meta: EntityMetadata, limit: unknown = DEFAULT_QUERY_LIMIT): number {
  if (typeof limit !== 'number' || !Number.isSafeInteger(limit) || limit < 1 || limit > MAX_QUERY_LIMIT)
    bad(meta, 'limit', limit, `an integer from 1 to ${MAX_QUERY_LIMIT}`);
  return limit as number;
}

/** The compiled request as JSON: every byte string as a Bytes display object, int64s as decimal strings. */
export function requestJson(value: unknown): unknown {
  if (value instanceof Uint8Array) return bytesDisplay(value);
  if (typeof value === 'bigint') return value.toString();
  if (Array.isArray(value)) return value.map(requestJson);
  if (typeof value === 'object' && value !== null)
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, requestJson(v)]));
  return value;
}

/** One `where` condition of a form, typed: the property, the query operator, the value(s) parsed by type. */
export interface FormCondition {
  readonly property: string;
  readonly operator: string;
  readonly value: unknown;
  /** The collection member the condition is about (collection forms only). */
  readonly member?: string;
}

/**
 * The `where` conditions of a form (`[{ property, op, value, member? }]`): each operator known, each value parsed
 * by the key part's type or the property's codec (`in`: an array of them; `startsWith`: as typed). `metaOf` picks
 * the entity of a condition (a collection's member); a find passes its one entity.
 */
export function formConditions(
  meta: EntityMetadata,
  where: unknown,
  metaOf: (member: unknown) => EntityMetadata = () => meta,
): FormCondition[] {
  if (where === undefined) return [];
  if (!Array.isArray(where)) bad(meta, 'where', where, 'an array of { property, op, value }');
  return (where as unknown[]).map((condition) => {
    const { property, op, value, member } = (condition ?? {}) as Record<string, unknown>;
    const of = metaOf(member);
    if (typeof property !== 'string') bad(of, 'where.property', property, 'a property name');
    const operator = typeof op === 'string' ? OPS[op] : undefined;
    if (operator === undefined) bad(of, 'where.op', op, `one of ${Object.keys(OPS).join(', ')}`);
    const typed =
      operator === 'in'
        ? Array.isArray(value)
          ? value.map((v) => conditionValue(of, property, v))
          : bad(of, 'where.value', value, 'an array for "in"')
        : operator === 'startsWith'
          ? value
          : conditionValue(of, property, value);
    return { property, operator, value: typed, ...(typeof member === 'string' ? { member } : {}) };
  });
}

/** What a run cost: the analysed read's counts, the rows the run returned and how long the run's own read took. */
export function runStats(analysis: ExplainAnalysis, rowsReturned: number, durationMs: number): object {
  return {
    rowsReceived: analysis.rowsReceived,
    rowsReturned,
    requests: analysis.requests,
    durationMs: Math.round(durationMs * 10) / 10,
    cellsReceived: analysis.cellsReceived,
    bytesReceived: analysis.bytesReceived,
    ...(analysis.server === undefined ? {} : { server: analysis.server }),
  };
}
