import { OutcomeUnknownError } from '../errors/outcome-unknown-error.js';
import type { Mutation } from '../model/mutation.js';
import type { RowFilter } from '../model/read-rows-request.js';
import type { RowData } from '../model/row-data.js';
import type { BigtableConnection } from '../transport/bigtable-connection.js';
import { checkAndMutateRow } from '../transport/check-and-mutate-row.js';
import { readRows } from '../transport/read-rows.js';
import type { CallPolicy } from '../transport/call-policy.js';
import { callOptions } from '../transport/call-policy.js';
import type { StoredPlan, ShardState } from './checkpoint-records.js';
import { decodePlan, decodeShardState, encodePlan, encodeShardState } from './checkpoint-records.js';

/** The table of backfill checkpoints (created on first use) and its one family. */
export const BACKFILL_TABLE = 'bigtable-mapper-backfills';
export const BACKFILL_FAMILY = 'b';

const utf8 = new TextEncoder();
const PLAN = utf8.encode('plan');
const STATE = utf8.encode('state');
const FAILED_PREFIX = 'failed#';

/** One shard's checkpoint as read: the decoded state, its exact stored bytes (the next update's condition), the
 * keys that failed with their messages. */
export interface ShardCheckpoint {
  readonly index: number;
  readonly state: ShardState;
  readonly raw: Uint8Array;
  readonly failed: ReadonlyArray<{ readonly key: Uint8Array; readonly message: string }>;
}

function cellFilter(qualifier: Uint8Array): RowFilter {
  return {
    chain: [
      {
        columnRange: {
          family: BACKFILL_FAMILY,
          startQualifierClosed: qualifier,
          endQualifierClosed: qualifier,
        },
      },
      { cellsPerColumnLimit: 1 },
    ],
  };
}

/** Matches when the cell holds exactly `value`. */
function exactValue(qualifier: Uint8Array, value: Uint8Array): RowFilter {
  return {
    chain: [
      ...cellFilter(qualifier).chain!,
      { valueRange: { startValueClosed: value, endValueClosed: value } },
    ],
  };
}

/**
 * The one cell of a checkpoint value. Always timestamp 0 after deleting the column in the same mutation, so a row
 * holds exactly one version whatever the writers' clocks say (clocks only ever decide lease liveness).
 */
function replaceCell(qualifier: Uint8Array, value: Uint8Array): Mutation[] {
  return [
    { kind: 'deleteFromColumn', family: BACKFILL_FAMILY, qualifier },
    { kind: 'setCell', family: BACKFILL_FAMILY, qualifier, timestampMicros: 0n, value },
  ];
}

function cellValue(row: RowData | undefined, qualifier: Uint8Array): Uint8Array | undefined {
  return row?.cells.find((c) => c.family === BACKFILL_FAMILY && Buffer.compare(c.qualifier, qualifier) === 0)
    ?.value;
}

/**
 * The checkpoints of backfills in `bigtable-mapper-backfills`: one row per plan (`<id>#plan`) and one per shard
 * (`<id>#shard#0003`). Every update is a CheckAndMutateRow conditional on the exact bytes read before, so two
 * processes can never both advance a shard, and a shard's checkpoint never goes back.
 *
 * @example
 * ```ts
 * const store = new BackfillCheckpoints(conn, BACKFILL_TABLE, policy, ensureTable);
 * const shards = await store.shards('users-to-v3');
 * ```
 */
export class BackfillCheckpoints {
  private ready: Promise<unknown> | undefined;

  constructor(
    private readonly connection: BigtableConnection,
    readonly tableId: string,
    private readonly policy: CallPolicy,
    private readonly ensureTable: () => Promise<unknown>,
  ) {}

  private async table(): Promise<void> {
    this.ready ??= this.ensureTable().catch((error: unknown) => {
      this.ready = undefined;
      throw error;
    });
    await this.ready;
  }

  private rowKey(id: string, suffix: string): Uint8Array {
    return utf8.encode(`${id}#${suffix}`);
  }

  private async readOne(key: Uint8Array): Promise<RowData | undefined> {
    for await (const row of readRows(
      this.connection,
      this.tableId,
      { rows: { rowKeys: [key], rowRanges: [] }, filter: { cellsPerColumnLimit: 1 } },
      callOptions(this.policy),
    ))
      return row;
    return undefined;
  }

  /**
   * Writes `next` over the cell if it still holds `expected` (or, with `expected` undefined, if it is absent).
   * True when written. A lost answer is settled by reading the cell back.
   */
  private async swap(
    key: Uint8Array,
    qualifier: Uint8Array,
    expected: Uint8Array | undefined,
    next: Uint8Array,
    extra: readonly Mutation[] = [],
  ): Promise<boolean> {
    const mutations = [...replaceCell(qualifier, next), ...extra];
    try {
      const matched = await checkAndMutateRow(
        this.connection,
        this.tableId,
        key,
        expected === undefined
          ? { predicate: cellFilter(qualifier), onNoMatch: mutations }
          : { predicate: exactValue(qualifier, expected), onMatch: mutations },
        { ...callOptions(this.policy), entity: 'backfill checkpoint' },
      );
      return expected === undefined ? !matched : matched;
    } catch (error) {
      if (!(error instanceof OutcomeUnknownError)) throw error;
      const now = cellValue(await this.readOne(key), qualifier);
      return now !== undefined && Buffer.compare(now, next) === 0;
    }
  }

  /**
   * The stored plan of a backfill, or undefined when none was stored yet.
   *
   * @example
   * ```ts
   * const plan = await store.loadPlan('users-to-v3');
   * ```
   */
  async loadPlan(id: string): Promise<StoredPlan | undefined> {
    await this.table();
    const value = cellValue(await this.readOne(this.rowKey(id, 'plan')), PLAN);
    return value === undefined ? undefined : decodePlan(value);
  }

  /**
   * Stores a plan unless one is stored already, and creates its shard rows; resolves to the stored plan (the
   * other process's, when it got there first), so that every process works the same shards.
   *
   * @example
   * ```ts
   * const stored = await store.createPlan(plan);
   * ```
   */
  async createPlan(plan: StoredPlan): Promise<StoredPlan> {
    await this.table();
    await this.swap(this.rowKey(plan.id, 'plan'), PLAN, undefined, encodePlan(plan));
    const stored = (await this.loadPlan(plan.id))!;
    for (let i = 0; i < stored.shards.length; i++)
      await this.swap(this.shardKey(stored.id, i), STATE, undefined, encodeShardState(emptyShardState()));
    return stored;
  }

  private shardKey(id: string, index: number): Uint8Array {
    return this.rowKey(id, `shard#${String(index).padStart(4, '0')}`);
  }

  /**
   * Every shard's checkpoint, in shard order (one ReadRows over the backfill's shard rows).
   *
   * @example
   * ```ts
   * const shards = await store.shards('users-to-v3');
   * ```
   */
  async shards(id: string): Promise<ShardCheckpoint[]> {
    await this.table();
    const out: ShardCheckpoint[] = [];
    const request = {
      rows: {
        rowKeys: [],
        rowRanges: [{ startKeyClosed: this.rowKey(id, 'shard#'), endKeyOpen: this.rowKey(id, 'shard$') }],
      },
      filter: { cellsPerColumnLimit: 1 },
    };
    for await (const row of readRows(this.connection, this.tableId, request, callOptions(this.policy))) {
      const raw = cellValue(row, STATE);
      if (!raw) continue;
      const index = Number(new TextDecoder().decode(row.key).slice(id.length + '#shard#'.length));
      const failed = row.cells
        .filter((c) => Buffer.from(c.qualifier).toString('latin1').startsWith(FAILED_PREFIX))
        .map((c) => ({
          key: c.qualifier.subarray(FAILED_PREFIX.length),
          message: new TextDecoder().decode(c.value),
        }));
      out.push({ index, state: decodeShardState(raw), raw, failed });
    }
    return out.sort((a, b) => a.index - b.index);
  }

  /**
   * Replaces a shard's state if it still is `current` (the bytes read), adding failed keys in the same atomic
   * mutation; resolves to the new checkpoint, or undefined when another process changed it first (the shard is
   * then no longer ours).
   *
   * @example
   * ```ts
   * const mine = await store.update('users-to-v3', shard, { ...shard.state, owner: me, leaseUntil: now + 30_000 });
   * ```
   */
  async update(
    id: string,
    current: ShardCheckpoint,
    next: ShardState,
    failed: ReadonlyArray<{ readonly key: Uint8Array; readonly message: string }> = [],
  ): Promise<ShardCheckpoint | undefined> {
    const raw = encodeShardState(next);
    const extra: Mutation[] = failed.flatMap((f) =>
      replaceCell(
        new Uint8Array([...utf8.encode(FAILED_PREFIX), ...f.key]),
        utf8.encode(f.message.slice(0, 2_000)),
      ),
    );
    const ok = await this.swap(this.shardKey(id, current.index), STATE, current.raw, raw, extra);
    return ok
      ? { index: current.index, state: next, raw, failed: [...current.failed, ...failed] }
      : undefined;
  }
}

/** The state of a shard nobody worked yet. */
export function emptyShardState(): ShardState {
  return {
    lastKey: null,
    done: false,
    rowsRead: 0,
    migrated: 0,
    skipped: 0,
    failed: 0,
    conflictsRetried: 0,
    owner: null,
    leaseUntil: 0,
    seq: 0,
  };
}
