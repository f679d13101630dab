import type { FieldMetadata } from './entity-metadata.js';

/**
 * Whether a field's cells change only by the server's arithmetic (ReadModifyWriteRow increments, AddToCell): a
 * `@Counter`, an `@Aggregate`, a `@CounterMap` or an `@AggregateMap`. A save never writes such a field (it would
 * race the increments), and an upcast keeps what was read.
 *
 * @example
 * ```ts
 * const saved = meta.fields.filter((f) => !isCountingField(f));
 * ```
 */
export function isCountingField(field: FieldMetadata): boolean {
  return (
    field.kind === 'counter' ||
    field.kind === 'aggregate' ||
    (field.kind === 'map' && field.cells !== undefined)
  );
}
