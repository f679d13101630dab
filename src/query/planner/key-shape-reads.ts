import type { EntityMetadata } from '../../metadata/entity-metadata.js';
import { keyShapeExcludes } from '../../metadata/key-shape.js';

/**
 * How a read of `meta` keeps other entities' rows that lie in its ranges (hierarchical keys) from being returned:
 * those whose keys never have `meta`'s key shape are filtered on the server by the shape's row-key regex (they are
 * still scanned: they lie in the row ranges); the rest are told apart on the client (all of them when `server` is
 * false). With the notes `explain()` shows.
 *
 * @example
 * ```ts
 * keyShapeReads(conversationMeta, [messageMeta]); // { filtered: ['Message'], clientSide: [], notes: [...] }
 * ```
 */
export function keyShapeReads(
  meta: EntityMetadata,
  foreign: readonly EntityMetadata[],
  server = true,
): {
  readonly filtered: readonly string[];
  readonly clientSide: readonly string[];
  readonly notes: string[];
} {
  const excluded = (e: EntityMetadata): boolean => server && keyShapeExcludes(meta.key, e.key);
  const filtered = foreign.filter(excluded).map((e) => e.name);
  const clientSide = foreign.filter((e) => !excluded(e)).map((e) => e.name);
  const notes: string[] = [];
  if (filtered.length > 0)
    notes.push(
      `rows of ${filtered.join(', ')} can lie in these ranges (hierarchical keys): the server still scans them (the row ` +
        `ranges above) but returns only rows with ${meta.name}'s key shape (rowKeyRegex), so they are not sent`,
    );
  if (clientSide.length > 0) {
    const shape = server ? `, with ${meta.name}'s key shape` : '';
    notes.push(
      `rows of ${clientSide.join(', ')} can lie in these ranges (hierarchical keys${shape}): each row's type is ` +
        'decided from its key on the client and rows of other types are dropped there (they are still read and ' +
        'sent, and a server-side row limit spent on them is topped up by a follow-up read)',
    );
  }
  return { filtered, clientSide, notes };
}
