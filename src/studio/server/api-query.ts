import type { Query } from '../../index.js';
import type { EntityMetadata } from '../../metadata/public/index.js';
import { bad, formConditions, queryLimit, requestJson, runStats, source } from './query-form.js';
import { entityRowDisplay } from './entity-row-display.js';
import { parseKeyParts } from './key-part-input.js';
import { StudioError } from './studio-error.js';
import type { StudioContext } from './studio-context.js';
import { explainCollection, runCollection } from './api-collection-query.js';

interface BuiltQuery {
  readonly meta: EntityMetadata;
  readonly query: Query<object>;
  readonly typescript: string;
}

/** Builds the `find` a query form describes, and the same query as TypeScript. */
function buildQuery(context: StudioContext, body: Readonly<Record<string, unknown>>): BuiltQuery {
  if (body.kind !== undefined && body.kind !== 'find')
    throw new StudioError(400, 'STUDIO_BAD_REQUEST', 'kind must be "find" or "collection"', {
      kind: typeof body.kind === 'string' ? body.kind : null,
    });
  const meta = context.entity(body.entity);
  const repository = context.mapper.repository(meta.target);
  const prefix = parseKeyParts(meta, body.prefix);
  let query = repository.find(prefix as never) as unknown as Query<object>;
  const name = meta.name.charAt(0).toLowerCase() + meta.name.slice(1);
  let ts = `await mapper.repository(${meta.name})\n  .find(${source(prefix)})`;
  for (const { property, operator, value } of formConditions(meta, body.where)) {
    query = query.where(property as never, operator as never, value as never);
    ts += `\n  .where(${JSON.stringify(property)}, ${JSON.stringify(operator)}, ${source(value)})`;
  }
  const select = body.select ?? [];
  if (!Array.isArray(select) || select.some((s) => typeof s !== 'string'))
    bad(meta, 'select', select, 'an array of property names');
  if ((select as string[]).length > 0) {
    query = query.select(...(select as never[])) as unknown as Query<object>;
    ts += `\n  .select(${(select as string[]).map((s) => JSON.stringify(s)).join(', ')})`;
  }
  if (body.reverse === true) {
    query = query.reverse();
    ts += '\n  .reverse()';
  }
  const limit = queryLimit(meta, body.limit);
  query = query.limit(limit);
  ts += `\n  .limit(${String(limit)})\n  .toArray();`;
  return { meta, query, typescript: `const ${name}s = ${ts}` };
}

/** `POST /api/query/explain`: the plan of the query a form describes (nothing is read). */
export async function apiExplain(
  context: StudioContext,
  body: Readonly<Record<string, unknown>>,
): Promise<object> {
  if (body.kind === 'collection') return explainCollection(context, body);
  const { query, typescript } = buildQuery(context, body);
  const compiled = query.compile();
  return {
    explain: { notes: compiled.notes },
    explainText: query.explain(),
    request: requestJson(compiled.request) ?? null,
    typescript,
  };
}

/**
 * `POST /api/query/run`: the rows of the query (at most 1,000) and what reading them cost, from
 * `explain({ analyze: true })` (a second read of the same query: rows received vs returned, requests, duration, the
 * server's RequestStats when it sends them).
 */
export async function apiRun(
  context: StudioContext,
  body: Readonly<Record<string, unknown>>,
): Promise<object> {
  if (body.kind === 'collection') return runCollection(context, body);
  const { meta, query, typescript } = buildQuery(context, body);
  const repository = context.mapper.repository(meta.target);
  const started = performance.now();
  const items = await query.toArray();
  const durationMs = performance.now() - started;
  const analysis = await query.explain({ analyze: true });
  return {
    rows: items.map((item) => entityRowDisplay(context, meta, repository.keyOf(item as never), item)),
    stats: runStats(analysis, items.length, durationMs),
    analysisText: analysis.text,
    typescript,
  };
}
