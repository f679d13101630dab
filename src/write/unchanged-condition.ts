import { InvalidArgumentError } from '../errors/invalid-argument-error.js';
import type { ColumnFieldMetadata, EntityMetadata } from '../metadata/entity-metadata.js';
import type { RowFilter } from '../model/read-rows-request.js';
import { chainFilters, columnFilter } from '../query/index.js';

/** The CheckAndMutateRow predicate of an `ifUnchanged` write, and the properties it compares. */
export interface UnchangedCondition {
  readonly predicate: RowFilter;
  readonly properties: readonly string[];
}

/** Passes the whole row on when `test` outputs a cell, else nothing: one clause of an AND over the row. */
const ifAny = (test: RowFilter): RowFilter => ({
  condition: { predicate: test, trueFilter: { passAll: true }, falseFilter: { blockAll: true } },
});
/** Passes the whole row on when `test` outputs nothing, else nothing. */
const ifNone = (test: RowFilter): RowFilter => ({
  condition: { predicate: test, trueFilter: { blockAll: true }, falseFilter: { passAll: true } },
});

/**
 * Checks an `ifUnchanged` option of `update` or `delete` and builds its predicate, before anything is sent. Each
 * named property must be a plain column (no key part, collection, counter, aggregate, version or `versioned`
 * column) of an entity without schema evolution, and its value one the column's codec encodes; `undefined` and
 * `null` expect no cell. The predicate matches only while the row exists and, for each property, the newest cell of
 * its column has exactly the encoded bytes (or the column has no cell): the clauses are Condition filters passing
 * the whole row on or nothing, chained, so the row is output — matched — only when every clause holds. Only bytes
 * are compared, never timestamps: no clock decides it.
 *
 * @example
 * ```ts
 * const condition = unchangedCondition(meta, 'update', { ifUnchanged: { title: 'old', price: 3 } });
 * ```
 */
export function unchangedCondition(
  meta: EntityMetadata,
  method: string,
  options: { readonly ifUnchanged?: unknown; readonly expectedVersion?: unknown } | null | undefined,
): UnchangedCondition | undefined {
  // Options that are no object are the call's own check's to refuse.
  if (typeof options !== 'object' || options === null) return undefined;
  const { ifUnchanged: expected, expectedVersion } = options;
  if (expected === undefined) return undefined;
  const api = `Repository<${meta.name}>.${method}`;
  const refuse = (argument: string, value: unknown, limit: string, property?: string, cause?: unknown) =>
    new InvalidArgumentError({ api, argument, entity: meta.name, property, value, expected: limit }, cause);
  if (typeof expected !== 'object' || expected === null || Array.isArray(expected))
    throw refuse('options.ifUnchanged', expected, 'an object of property values');
  if (expectedVersion !== undefined)
    throw refuse(
      'options.ifUnchanged',
      expected,
      'left out when expectedVersion is given (the version already covers every property)',
    );
  if (meta.evolution !== undefined)
    throw refuse(
      'options.ifUnchanged',
      expected,
      `left out: ${meta.name} has a schema version, so stored bytes need not be what the current codecs encode`,
    );
  const entries = Object.entries(expected);
  if (entries.length === 0) throw refuse('options.ifUnchanged', expected, 'at least one property');
  const clauses = entries.map(([property, value]) => {
    const field = meta.fields.find((f) => f.property === property);
    if (field?.kind !== 'column' || field.versioned)
      throw refuse(
        `options.ifUnchanged.${property}`,
        value,
        field === undefined
          ? meta.key.parts.some((part) => part.property === property)
            ? `a plain column property (${property} is a key part)`
            : `a property of ${meta.name} (${property} is none)`
          : `a plain column property (${property} is ${field.kind === 'column' ? 'a versioned column' : `a ${field.kind}`})`,
        property,
      );
    return clause(field, value, (cause) =>
      refuse(
        `options.ifUnchanged.${property}`,
        value,
        `a value of its codec ${field.codec.name}`,
        property,
        cause,
      ),
    );
  });
  return {
    predicate: clauses.length === 1 ? clauses[0]! : { chain: clauses },
    properties: entries.map(([p]) => p),
  };
}

/** The clause of one column: its newest cell has exactly the value's bytes, or (undefined, null) it has no cell. */
function clause(field: ColumnFieldMetadata, value: unknown, invalid: (cause: unknown) => Error): RowFilter {
  const column = columnFilter(field.family, field.qualifier);
  if (value === undefined || value === null) return ifNone(column);
  let bytes: Uint8Array;
  try {
    bytes = field.codec.encode(value);
  } catch (error) {
    throw invalid(error);
  }
  return ifAny(
    chainFilters([
      column,
      { cellsPerColumnLimit: 1 },
      { valueRange: { startValueClosed: bytes, endValueClosed: bytes } },
    ])!,
  );
}
