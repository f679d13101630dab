import type { QueryNode } from '../nodes/query-node.js';
import type { CollectionNode } from '../nodes/read-node.js';

function canonical(value: unknown): unknown {
  if (value instanceof Uint8Array) return { bytes: Buffer.from(value).toString('hex') };
  if (value instanceof Date) return { date: value.getTime() };
  if (typeof value === 'bigint') return { bigint: value.toString() };
  if (Array.isArray(value)) return value.map(canonical);
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((k) => [k, canonical((value as Record<string, unknown>)[k])]),
    );
  }
  return value;
}

/** FNV-1a, 64 bits: stable across processes and versions of Node, and plenty to tell queries apart. */
function fnv1a64(text: string): string {
  let hash = 0xcbf29ce484222325n;
  for (const byte of Buffer.from(text, 'utf8')) {
    hash ^= BigInt(byte);
    hash = (hash * 0x100000001b3n) & 0xffffffffffffffffn;
  }
  return hash.toString(16).padStart(16, '0');
}

/**
 * A short stable hash of everything that decides which rows a query returns and in which order (entity, table,
 * conditions, projection, versions, entries, direction), but not its limit or cursor, so a cursor taken with one
 * page size resumes with another.
 *
 * @example
 * ```ts
 * queryFingerprint(node); // '9f0c…' (16 hex digits)
 * ```
 */
export function queryFingerprint(node: QueryNode): string {
  return fnv1a64(
    JSON.stringify(
      canonical({
        entity: node.meta.name,
        table: node.meta.table,
        conditions: node.conditions,
        select: node.select ?? null,
        versions: node.versions ?? null,
        entries: node.entries,
        reverse: node.reverse,
        allowScan: node.allowScan,
      }),
    ),
  );
}

/**
 * The fingerprint of a collection read: its members (names and queries) and direction. Like
 * {@link queryFingerprint}, the limits are left out so a page size may change between pages.
 *
 * @example
 * ```ts
 * const f = collectionFingerprint(node);
 * ```
 */
export function collectionFingerprint(node: CollectionNode): string {
  return fnv1a64(
    JSON.stringify(
      canonical({
        members: node.members.map((m) => ({
          name: m.name,
          query: queryFingerprint(m.query),
          limit: m.query.limit ?? null,
        })),
        reverse: node.reverse,
      }),
    ),
  );
}
