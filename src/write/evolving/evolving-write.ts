import { bytesEqual } from '../../codecs/key/bytes.js';
import { NotFoundError } from '../../errors/not-found-error.js';
import { OptimisticLockError } from '../../errors/optimistic-lock-error.js';
import { OutcomeUnknownError } from '../../errors/outcome-unknown-error.js';
import {
  encodeToken,
  randomWriteId,
  rowSchemaVersion,
  versionTokenRange,
} from '../../mapping/schema-version-token.js';
import { upcastRow } from '../../mapping/upcast-row.js';
import { versionCellIn } from '../../mapping/version-cell.js';
import type { Mutation } from '../../model/mutation.js';
import type { RowFilter } from '../../model/read-rows-request.js';
import type { RowData } from '../../model/row-data.js';
import { chainFilters, columnFilter, wholeEntityReadFilter } from '../../query/index.js';
import { checkAndMutateRow } from '../../transport/check-and-mutate-row.js';
import type { CheckAndMutateInput } from '../../transport/check-and-mutate-row.js';
import { readRows } from '../../transport/read-rows.js';
import { callOptions } from '../../transport/call-policy.js';
import { confirmWritten } from '../confirm-written.js';
import { rewriteEntity } from './rewrite-row.js';
import { versionMatchFilter } from '../version-predicate.js';
import type { WriteTarget } from '../write-target.js';

/** Attempts (a conditional write, or a read and a rewrite) before a partial write gives up on a busy row. */
const MAX_ATTEMPTS = 5;

/**
 * One partial write of an evolving entity: its row, its mutations (without the token), how to apply the same change
 * to a whole entity, and what a missing row means.
 *
 * @example
 * ```ts
 * const write: EvolvingWrite<Device> = { key: Buffer.from('phone#1'), mutations: [], timestampMicros: 0n, apply: (d) => d, onMissing: 'notFound' };
 * ```
 */
export interface EvolvingWrite<E extends object> {
  readonly key: Uint8Array;
  readonly mutations: readonly Mutation[];
  readonly timestampMicros: bigint;
  /** The same change, on the upcast entity of an older row. */
  readonly apply: (entity: E) => E;
  /** `notFound` (update), `create` (add/put: the entries and a token on an empty row), `nothing` (remove). */
  readonly onMissing: 'notFound' | 'create' | 'nothing';
  /** Update with an expected `@Version`: the stored version it must match (encoded), and the value it must have. */
  readonly expectedVersion?: {
    /** Undefined for version 0: the row must have no version cell. */
    readonly encoded: Uint8Array | undefined;
    readonly value: bigint | number;
    /** The exact version cell the caller read, when known (see `VersionCheck.cell`). */
    readonly cell?: Uint8Array | undefined;
  };
}

function tokenMutations(target: WriteTarget<object>, ts: bigint): Mutation[] {
  const { version, family, qualifier } = target.meta.evolution!;
  return [
    { kind: 'deleteFromColumn', family, qualifier },
    { kind: 'setCell', family, qualifier, timestampMicros: ts, value: encodeToken(version, randomWriteId()) },
  ];
}

/** "The row is at the current version" (any write id), and the optimistic-lock check when there is one. */
function currentPredicate(
  target: WriteTarget<object>,
  expected: EvolvingWrite<object>['expectedVersion'],
): RowFilter {
  const { version, family, qualifier } = target.meta.evolution!;
  const { start, end } = versionTokenRange(version);
  const atCurrent = chainFilters([
    columnFilter(family, qualifier),
    { cellsPerColumnLimit: 1 },
    { valueRange: { startValueClosed: start, endValueClosed: end } },
  ])!;
  const lock = target.meta.version;
  if (expected === undefined || lock === undefined) return atCurrent;
  const lockCell = columnFilter(lock.family, lock.qualifier);
  const versionMatches: RowFilter =
    expected.encoded === undefined
      ? // Version 0 is no cell: pass the row only when the version column yields nothing.
        { condition: { predicate: lockCell, trueFilter: { blockAll: true }, falseFilter: { passAll: true } } }
      : versionMatchFilter({
          family: lock.family,
          qualifier: lock.qualifier,
          expected: expected.encoded,
          cell: expected.cell,
        });
  // Both must hold: the condition's true branch is evaluated on the same row, only when the first matched.
  return { condition: { predicate: atCurrent, trueFilter: versionMatches } };
}

/** A CheckAndMutateRow that, if its answer is lost, counts as applied only when the row shows it. */
async function sendSettled(
  target: WriteTarget<object>,
  key: Uint8Array,
  input: CheckAndMutateInput,
  applyOn: boolean,
): Promise<boolean> {
  const options = { ...callOptions(target.policy, target.call), entity: target.meta.name };
  try {
    return await checkAndMutateRow(target.connection, target.tableId, key, input, options);
  } catch (error) {
    if (!(error instanceof OutcomeUnknownError)) throw error;
    const mutations = (applyOn ? input.onMatch : input.onNoMatch) ?? [];
    const [written] = await confirmWritten(
      target.connection,
      target.tableId,
      [{ key, mutations }],
      target.policy,
      target.call,
    );
    if (written) return applyOn;
    throw error;
  }
}

async function readWholeRow(target: WriteTarget<object>, key: Uint8Array): Promise<RowData> {
  const filter = wholeEntityReadFilter(target.meta, target.now());
  const request = { rows: { rowKeys: [key], rowRanges: [] }, ...(filter ? { filter } : {}) };
  for await (const row of readRows(
    target.connection,
    target.tableId,
    request,
    callOptions(target.policy, target.call),
  ))
    return row;
  return { key, cells: [] };
}

function sameVersion(a: unknown, b: bigint | number): boolean {
  // No version cell reads as version 0.
  if (a === undefined) return BigInt(b) === 0n;
  return (typeof a === 'bigint' || typeof a === 'number') && BigInt(a) === BigInt(b);
}

/** The row's version is the expected one: the exact cell when the caller knows it, else the number. */
function sameCell(
  target: WriteTarget<object>,
  row: RowData,
  expected: NonNullable<EvolvingWrite<object>['expectedVersion']>,
  stored: unknown,
): boolean {
  if (!sameVersion(stored, expected.value)) return false;
  if (expected.cell === undefined) return true;
  const cell = versionCellIn(target.meta, row);
  return cell !== undefined && bytesEqual(cell, expected.cell);
}

function storedVersion(target: WriteTarget<object>, row: RowData): unknown {
  const lock = target.meta.version!;
  const cell = row.cells
    .filter((c) => c.family === lock.family && Buffer.from(c.qualifier).equals(lock.qualifier))
    .sort((a, b) => (a.timestampMicros > b.timestampMicros ? -1 : 1))[0];
  return cell === undefined ? undefined : lock.codec.decode(cell.value);
}

/**
 * Runs a partial write (`update`, `add`, `put`, `remove`) of an entity with `@Evolve`. Fast path: one
 * CheckAndMutateRow applying the change plus a fresh token, conditional on the row being at the current version (and
 * on the expected `@Version`, if any). Otherwise the row is read: missing → `onMissing`; at an older version → upcast,
 * apply the change to the entity and rewrite it conditionally on the token read (`rewriteEntity`); at the current
 * version → the fast path again (a migration raced it) or OptimisticLockError when the `@Version` differs. Conflicts
 * retry from a fresh read, at most 5 attempts, then OptimisticLockError. A row at a version this code cannot read is
 * a SchemaVersionError; nothing is ever written over it.
 *
 * @example
 * ```ts
 * import type { WriteTarget } from '../write-target.js';
 * const run = (target: WriteTarget<Device>, write: EvolvingWrite<Device>) => evolvingWrite(target, write);
 * ```
 */
export async function evolvingWrite<E extends object>(
  target: WriteTarget<E>,
  write: EvolvingWrite<E>,
): Promise<void> {
  const { meta } = target;
  const current = meta.evolution!.version;
  const expected = write.expectedVersion;
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    const mutations = [...write.mutations, ...tokenMutations(target, write.timestampMicros)];
    const predicate = currentPredicate(target, expected);
    if (await sendSettled(target, write.key, { predicate, onMatch: mutations }, true)) return;

    const row = await readWholeRow(target, write.key);
    if (row.cells.length === 0) {
      if (write.onMissing === 'notFound') throw new NotFoundError({ entity: meta.name, key: write.key });
      if (write.onMissing === 'nothing') return;
      // Only onto a row that is still empty: a row created meanwhile goes round again.
      const anyCell = { cellsPerRowLimit: 1 } as const;
      if (!(await sendSettled(target, write.key, { predicate: anyCell, onNoMatch: mutations }, false)))
        return;
      continue;
    }
    const version = rowSchemaVersion(meta, row);
    if (version === current) {
      if (expected !== undefined && !sameCell(target, row, expected, storedVersion(target, row)))
        throw new OptimisticLockError({ entity: meta.name, key: write.key, expectedVersion: expected.value });
      continue;
    }
    const upcast = upcastRow(meta, row);
    if (expected !== undefined) {
      const stored = (upcast.entity as Record<string, unknown>)[meta.version!.property];
      if (!sameCell(target, row, expected, stored))
        throw new OptimisticLockError({ entity: meta.name, key: write.key, expectedVersion: expected.value });
    }
    const changed = write.apply(upcast.entity);
    const outcome = await rewriteEntity(
      target.connection,
      target.tableId,
      meta,
      row,
      changed,
      upcast.fromVersion,
      { now: target.now, policy: target.policy, call: target.call },
      expected !== undefined,
    );
    if (outcome.kind === 'migrated') return;
    if (outcome.kind === 'failed') throw outcome.error;
  }
  throw new OptimisticLockError({ entity: meta.name, key: write.key, expectedVersion: expected?.value });
}
