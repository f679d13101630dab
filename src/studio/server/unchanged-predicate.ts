import { InternalError } from '../../index.js';
import type { FieldMetadata } from '../../metadata/public/index.js';
import type { RowFilter } from '../../raw/index.js';

/** Keeps the row's cells when `test` outputs a cell, else none: one clause of an AND over the row. */
const ifAny = (test: RowFilter): RowFilter => ({
  condition: { predicate: test, trueFilter: { passAll: true }, falseFilter: { blockAll: true } },
});
/** Keeps the row's cells when `test` outputs nothing, else none. */
const ifNone = (test: RowFilter): RowFilter => ({
  condition: { predicate: test, trueFilter: { blockAll: true }, falseFilter: { passAll: true } },
});

/**
 * A CheckAndMutateRow predicate that matches only while each of `fields` still holds exactly what a read saw: for a
 * value read, the column's one cell with exactly those bytes (and no second cell); for a value read as absent, no
 * cell at all. The clauses are Condition filters chained together, each passing the whole row on or nothing, so the
 * predicate outputs a cell — matches — only when every clause holds and the row still has a cell. It compares cell
 * bytes, never timestamps: no clock decides it.
 *
 * @example
 * ```ts
 * unchangedPredicate([nameField], { name: 'first' }); // matches while stats:name holds exactly "first"
 * ```
 */
export function unchangedPredicate(
  fields: readonly FieldMetadata[],
  read: Readonly<Record<string, unknown>>,
): RowFilter {
  const clauses = fields.map((field): RowFilter => {
    if (field.kind !== 'column')
      throw new InternalError('unchangedPredicate', `${field.property} is no column`);
    const column: RowFilter = {
      columnRange: {
        family: field.family,
        startQualifierClosed: field.qualifier,
        endQualifierClosed: field.qualifier,
      },
    };
    const value = read[field.property];
    if (value === undefined || value === null) return ifNone(column);
    const bytes = field.codec.encode(value);
    return {
      chain: [
        ifAny({ chain: [column, { valueRange: { startValueClosed: bytes, endValueClosed: bytes } }] }),
        ifNone({ chain: [column, { cellsPerRowOffset: 1 }] }),
      ],
    };
  });
  return clauses.length === 1 ? clauses[0]! : { chain: clauses };
}
