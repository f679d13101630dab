import { BigtableMapperError } from './bigtable-mapper-error.js';
import { formatValue } from './format-value.js';

/**
 * What exceeded which Bigtable limit.
 *
 * @example
 * ```ts
 * new LimitExceededError({ entity: 'Video', property: 'tags', what: 'qualifier', size: 20_000, limit: 16_384 });
 * ```
 */
export interface LimitExceededErrorDetails {
  readonly entity: string;
  /** Property involved; undefined for row-wide limits (mutation count, row key). */
  readonly property?: string | undefined;
  /** What was measured, e.g. `qualifier`, `cell value`, `mutations per row`, `row key`. */
  readonly what: string;
  /** The measured size (bytes, or a count for `mutations per row`). */
  readonly size: number;
  /** The limit that was exceeded, same unit as `size`. */
  readonly limit: number;
  /** The value involved, when there is a single one (e.g. the map key whose qualifier is too long). */
  readonly value?: unknown;
}

/**
 * A write would break a hard Bigtable limit (qualifier ≤ 16 KiB, cell ≤ 100 MiB, ≤ 100,000 mutations per row,
 * row key ≤ 4 KiB). Checked before anything is sent, so nothing was written.
 *
 * @example
 * ```ts
 * try { ... } catch (e) { if (e instanceof LimitExceededError) console.log(`${e.what}: ${e.size} > ${e.limit}`); }
 * ```
 */
export class LimitExceededError extends BigtableMapperError {
  readonly entity: string;
  readonly property: string | undefined;
  readonly what: string;
  readonly size: number;
  readonly limit: number;
  readonly value: unknown;

  constructor(details: LimitExceededErrorDetails) {
    const where = details.property === undefined ? details.entity : `${details.entity}.${details.property}`;
    const value = details.value === undefined ? '' : ` (value ${formatValue(details.value)})`;
    super(
      'LIMIT_EXCEEDED',
      `${where}: ${details.what} is ${details.size.toLocaleString('en-US')}, above the Bigtable limit of ${details.limit.toLocaleString('en-US')}${value}`,
    );
    this.entity = details.entity;
    this.property = details.property;
    this.what = details.what;
    this.size = details.size;
    this.limit = details.limit;
    this.value = details.value;
  }
}
