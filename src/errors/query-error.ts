import { BigtableMapperError } from './bigtable-mapper-error.js';
import { formatValue } from './format-value.js';

/**
 * What is wrong with a query, and where.
 *
 * @example
 * ```ts
 * new QueryError({ entity: 'Device', property: 'cpu', value: 'x', problem: 'expects a number' });
 * ```
 */
export interface QueryErrorDetails {
  /** Entity the query reads. */
  readonly entity: string;
  /** Property the problem is about, if any. */
  readonly property?: string | undefined;
  /** The offending value, if any. */
  readonly value?: unknown;
  /** What is wrong, e.g. `unknown property` or `needs deviceType first`. */
  readonly problem: string;
}

/**
 * A query was rejected before any request was sent: unknown property, value of the wrong type, a condition the
 * key layout cannot serve (a range on a key part without the parts before it), a full scan without `allowScan()`,
 * or a cursor from another query. Code `QUERY_INVALID`; the message names entity, property and value.
 *
 * @example
 * ```ts
 * try { await devices.find().where('cpu', 'startsWith', 'x').toArray(); } // startsWith needs a string column
 * catch (e) { if (e instanceof QueryError) console.log(e.entity, e.property, e.value); }
 * ```
 */
export class QueryError extends BigtableMapperError {
  /** Entity the query reads. */
  readonly entity: string;
  /** Property involved, or undefined for the query as a whole. */
  readonly property: string | undefined;
  /** The offending value (undefined when none). */
  readonly value: unknown;
  /** What is wrong. */
  readonly problem: string;

  constructor(details: QueryErrorDetails, cause?: unknown) {
    const where = details.property === undefined ? details.entity : `${details.entity}.${details.property}`;
    const shown = 'value' in details ? ` (value ${formatValue(details.value)})` : '';
    super('QUERY_INVALID', `${where}: ${details.problem}${shown}`, { cause });
    this.entity = details.entity;
    this.property = details.property;
    this.value = details.value;
    this.problem = details.problem;
  }
}
