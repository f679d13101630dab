import { InternalError } from '../errors/internal-error.js';
import type { KeySpan } from './split-key-span.js';

/**
 * A backfill's plan as stored in its `<id>#plan` row, so that every process works the same shards.
 *
 * @example
 * ```ts
 * const plan: StoredPlan = { id: 'users-to-v3', entity: 'Device', table: 'users', targetVersion: 3, span, shards: [span] };
 * ```
 */
export interface StoredPlan {
  readonly id: string;
  readonly entity: string;
  readonly table: string;
  /** The entity's schema version the backfill migrates rows to. */
  readonly targetVersion: number;
  readonly span: KeySpan;
  readonly shards: readonly KeySpan[];
}

/**
 * One shard's checkpoint (`<id>#shard#0003`). `lastKey` is the greatest key below which every row was handled;
 * `owner`/`leaseUntil` name the process working the shard (the lease's clock decides liveness only); `seq` grows
 * with every update, so that no two states are equal.
 *
 * @example
 * ```ts
 * const fresh: ShardState = { lastKey: null, done: false, rowsRead: 0, migrated: 0, skipped: 0, failed: 0,
 *   conflictsRetried: 0, owner: null, leaseUntil: 0, seq: 0 };
 * ```
 */
export interface ShardState {
  readonly lastKey: Uint8Array | null;
  readonly done: boolean;
  readonly rowsRead: number;
  readonly migrated: number;
  readonly skipped: number;
  readonly failed: number;
  readonly conflictsRetried: number;
  readonly owner: string | null;
  readonly leaseUntil: number;
  readonly seq: number;
}

const b64 = (k: Uint8Array): string => Buffer.from(k).toString('base64');
const unb64 = (s: string): Uint8Array => new Uint8Array(Buffer.from(s, 'base64'));
const utf8 = new TextEncoder();

function parse(what: string, bytes: Uint8Array): Record<string, unknown> {
  try {
    return JSON.parse(new TextDecoder().decode(bytes)) as Record<string, unknown>;
  } catch (error) {
    throw new InternalError('backfill checkpoints', `the ${what} checkpoint is not valid JSON`, error);
  }
}

const spanJson = (s: KeySpan): { start: string; end: string | null } => ({
  start: b64(s.start),
  end: s.end ? b64(s.end) : null,
});
const spanOf = (j: { start: string; end: string | null }): KeySpan =>
  j.end === null ? { start: unb64(j.start) } : { start: unb64(j.start), end: unb64(j.end) };

/** The stored bytes of a plan (JSON, keys base64). */
export function encodePlan(plan: StoredPlan): Uint8Array {
  return utf8.encode(
    JSON.stringify({
      format: 1,
      id: plan.id,
      entity: plan.entity,
      table: plan.table,
      targetVersion: plan.targetVersion,
      span: spanJson(plan.span),
      shards: plan.shards.map(spanJson),
    }),
  );
}

/** A plan from its stored bytes. */
export function decodePlan(bytes: Uint8Array): StoredPlan {
  const j = parse('plan', bytes) as unknown as {
    id: string;
    entity: string;
    table: string;
    targetVersion: number;
    span: { start: string; end: string | null };
    shards: Array<{ start: string; end: string | null }>;
  };
  return {
    id: j.id,
    entity: j.entity,
    table: j.table,
    targetVersion: j.targetVersion,
    span: spanOf(j.span),
    shards: j.shards.map(spanOf),
  };
}

/** The stored bytes of a shard state (JSON, the key base64). */
export function encodeShardState(state: ShardState): Uint8Array {
  return utf8.encode(JSON.stringify({ ...state, lastKey: state.lastKey ? b64(state.lastKey) : null }));
}

/** A shard state from its stored bytes. */
export function decodeShardState(bytes: Uint8Array): ShardState {
  const j = parse('shard', bytes) as unknown as ShardState & { lastKey: string | null };
  return { ...j, lastKey: j.lastKey === null ? null : unb64(j.lastKey) };
}
