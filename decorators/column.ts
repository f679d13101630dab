import type { ColumnOptions } from '../src/metadata/declaration-args.js';
import { fieldDecorator } from './field-decorator.js';

/**
 * Stores the property in one cell at `family:qualifier` (qualifier defaults to the property name). The codec is
 * required unless `design:type` is emitted and names an obvious scalar. `optional`/`nullable` allow an absent
 * value (the column is deleted on save); `versioned` exposes the cell history `{ timestamp, value }[]`.
 *
 * @example
 * ```ts
 * @Column({ family: 'd', codec: 'string' }) title!: string;
 * @Column({ family: 'd', codec: Codecs.json<Address>(), optional: true }) address?: Address;
 * @Column({ family: 'c', codec: 'string', versioned: true }) comments!: { timestamp: Date; value: string }[];
 * ```
 */
export function Column<T = unknown>(options: ColumnOptions<T>) {
  return fieldDecorator('Column', 'column', options as ColumnOptions);
}
