import type { Query, SkippedRow } from '../../index.js';
import { keyPartsParam } from './key-part-input.js';
import { entityRowDisplay, undecodedRowDisplay } from './entity-row-display.js';
import { boundedInt, required } from './query-params.js';
import type { StudioContext } from './studio-context.js';

/** The most rows one page may ask for. */
export const MAX_PAGE_SIZE = 500;

/**
 * `GET /api/rows`: one page of an entity's rows, decoded, by key prefix and key-part bounds, in either direction.
 * The page is `Query.page()`: one read of at most pageSize + 1 rows; the next page resumes from the cursor, never
 * by skipping rows.
 */
export async function apiRows(context: StudioContext, params: URLSearchParams): Promise<object> {
  const meta = context.entity(required(params, 'entity'));
  const pageSize = boundedInt(params, 'pageSize', 50, MAX_PAGE_SIZE);
  const prefix = keyPartsParam(meta, params.get('prefix'), 'prefix');
  const start = keyPartsParam(meta, params.get('start'), 'start');
  const end = keyPartsParam(meta, params.get('end'), 'end');
  const repository = context.mapper.repository(meta.target);
  let query: Query<object> = (Object.keys(prefix).length > 0
    ? repository.find(prefix as never)
    : repository.scan()) as unknown as Query<object>;
  for (const [part, value] of Object.entries(start)) query = query.where(part as never, '>=', value as never);
  for (const [part, value] of Object.entries(end)) query = query.where(part as never, '<', value as never);
  if (params.get('reverse') === '1') query = query.reverse();
  const cursor = params.get('cursor');
  if (cursor) query = query.after(cursor);
  const skipped: SkippedRow[] = [];
  const page = await query.onDecodeError('skip', (row) => skipped.push(row)).page(pageSize);
  return {
    rows: [
      ...page.items.map((item) => entityRowDisplay(context, meta, repository.keyOf(item as never), item)),
      ...skipped.map((s) => undecodedRowDisplay(s.key, s.error)),
    ],
    nextCursor: page.cursor ?? null,
  };
}
