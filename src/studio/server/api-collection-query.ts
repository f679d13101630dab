import type { CollectionQuery } from '../../index.js';
import type { EntityMetadata } from '../../metadata/public/index.js';
import { entityRowDisplay } from './entity-row-display.js';
import { StudioError } from './studio-error.js';
import { parseKeyParts } from './key-part-input.js';
import { bad, formConditions, queryLimit, requestJson, runStats, source } from './query-form.js';
import type { StudioContext } from './studio-context.js';

type AnyCollectionQuery = CollectionQuery<Record<string, object>>;

interface BuiltCollection {
  readonly members: Readonly<Record<string, EntityMetadata>>;
  readonly query: AnyCollectionQuery;
  readonly typescript: string;
}

/**
 * Builds the collection read a form describes: `mapper.collection({ …members })` of the named collection (a table
 * two or more loaded entities share), `key(prefix)` with the shared key parts, `where` per member, reverse, limit.
 */
function buildCollection(context: StudioContext, body: Readonly<Record<string, unknown>>): BuiltCollection {
  const members = context.collections().get(String(body.collection));
  if (!members)
    throw new StudioError(
      404,
      'STUDIO_UNKNOWN_COLLECTION',
      `no collection is named ${JSON.stringify(body.collection)}`,
      {
        collection: typeof body.collection === 'string' ? body.collection : null,
        collections: [...context.collections().keys()],
      },
    );
  const metas = Object.values(members);
  const first = metas[0]!;
  const metaOf = (member: unknown): EntityMetadata => {
    const meta = typeof member === 'string' ? members[member] : undefined;
    return (
      meta ?? bad(first, 'where.member', member, `one of the members ${Object.keys(members).join(', ')}`)
    );
  };
  // Shared key parts are typed alike in every member: the first member that has the part parses it.
  const prefix: Record<string, unknown> = {};
  for (const [part, text] of Object.entries((body.prefix ?? {}) as Record<string, unknown>)) {
    const owner = metas.find((m) => m.key.parts.some((p) => p.property === part)) ?? first;
    Object.assign(prefix, parseKeyParts(owner, { [part]: text }));
  }
  const classes = Object.fromEntries(metas.map((m) => [m.name, m.target]));
  let query = context.mapper.collection(classes).key(prefix as never) as unknown as AnyCollectionQuery;
  let ts = `await mapper.collection({ ${metas.map((m) => m.name).join(', ')} })\n  .key(${source(prefix)})`;
  for (const { member, property, operator, value } of formConditions(first, body.where, metaOf)) {
    query = query.where(member as never, property as never, operator as never, value as never);
    ts += `\n  .where(${JSON.stringify(member)}, ${JSON.stringify(property)}, ${JSON.stringify(operator)}, ${source(value)})`;
  }
  if (Array.isArray(body.select) && body.select.length > 0)
    bad(first, 'select', body.select, 'empty: a collection read returns whole entities here');
  if (body.reverse === true) {
    query = query.reverse();
    ts += '\n  .reverse()';
  }
  const limit = queryLimit(first, body.limit);
  query = query.limit(limit);
  ts += `\n  .limit(${String(limit)})\n  .fetch();`;
  return { members, query, typescript: `const page = ${ts}` };
}

/** `POST /api/query/explain` of a collection read: its plan, its ReadRows request(s), the TypeScript. */
export async function explainCollection(
  context: StudioContext,
  body: Readonly<Record<string, unknown>>,
): Promise<object> {
  const { query, typescript } = buildCollection(context, body);
  const compiled = query.compile();
  return {
    explain: { notes: compiled.notes },
    explainText: query.explain(),
    request: requestJson(compiled.requests[0]?.request) ?? null,
    requests: compiled.requests.map((r) => ({ members: r.members, request: requestJson(r.request) ?? null })),
    typescript,
  };
}

/** `POST /api/query/run` of a collection read: its rows in key order, each with its member, and what it cost. */
export async function runCollection(
  context: StudioContext,
  body: Readonly<Record<string, unknown>>,
): Promise<object> {
  const { members, query, typescript } = buildCollection(context, body);
  const rows: object[] = [];
  const started = performance.now();
  for await (const item of query as AsyncIterable<{ type: string; entity: object }>) {
    const meta = members[item.type]!;
    const key = context.mapper.repository(meta.target).keyOf(item.entity as never);
    rows.push({ entity: meta.name, ...entityRowDisplay(context, meta, key, item.entity) });
  }
  const durationMs = performance.now() - started;
  const analysis = await query.explain({ analyze: true });
  return {
    rows,
    stats: runStats(analysis, rows.length, durationMs),
    analysisText: analysis.text,
    typescript,
  };
}
