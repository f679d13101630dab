import type { Query } from '../../index.js';
import { InvalidArgumentError } from '../../index.js';
import type { EntityMetadata } from '../../metadata/public/index.js';
import { bytesDisplay } from './bytes-display.js';
import { entityRowDisplay } from './entity-row-display.js';
import { conditionValue } from './form-values.js';
import { parseKeyParts } from './key-part-input.js';
import { StudioRefusal } from './http-json.js';
import type { StudioContext } from './studio-context.js';

/** Rows a query run returns at most, and by default. */
export const MAX_QUERY_LIMIT = 1000;
const DEFAULT_QUERY_LIMIT = 100;

const OPS: Readonly<Record<string, string>> = {
  eq: '=',
  ne: '!=',
  lt: '<',
  lte: '<=',
  gt: '>',
  gte: '>=',
  in: 'in',
  startsWith: 'startsWith',
};

function bad(meta: EntityMetadata, argument: string, value: unknown, expected: string): never {
  throw new InvalidArgumentError({ api: 'studio query', argument, entity: meta.name, value, expected });
}

/** A value as TypeScript source (for "copy as TypeScript"). */
function source(value: unknown): string {
  if (typeof value === 'bigint') return `${value}n`;
  if (value instanceof Date) return `new Date(${JSON.stringify(value.toISOString())})`;
  if (value instanceof Uint8Array)
    return `Buffer.from(${JSON.stringify(Buffer.from(value).toString('hex'))}, 'hex')`;
  if (Array.isArray(value)) return `[${value.map(source).join(', ')}]`;
  if (typeof value === 'object' && value !== null)
    return `{ ${Object.entries(value)
      .map(([k, v]) => `${/^[A-Za-z_$][\w$]*$/.test(k) ? k : JSON.stringify(k)}: ${source(v)}`)
      .join(', ')} }`;
  return JSON.stringify(value) ?? 'undefined';
}

interface BuiltQuery {
  readonly meta: EntityMetadata;
  readonly query: Query<object>;
  readonly typescript: string;
}

/** Builds the `find` a query form describes, and the same query as TypeScript. */
function buildQuery(context: StudioContext, body: Readonly<Record<string, unknown>>): BuiltQuery {
  if (body.kind !== undefined && body.kind !== 'find')
    throw new StudioRefusal(400, 'STUDIO_BAD_REQUEST', 'the studio builds `find` queries (kind "find")', {
      kind: typeof body.kind === 'string' ? body.kind : null,
    });
  const meta = context.entity(body.entity);
  const repository = context.mapper.repository(meta.target);
  const prefix = parseKeyParts(meta, body.prefix);
  let query = repository.find(prefix as never) as unknown as Query<object>;
  const name = meta.name.charAt(0).toLowerCase() + meta.name.slice(1);
  let ts = `await mapper.repository(${meta.name})\n  .find(${source(prefix)})`;
  const where = body.where ?? [];
  if (!Array.isArray(where)) bad(meta, 'where', where, 'an array of { property, op, value }');
  for (const condition of where as unknown[]) {
    const { property, op, value } = (condition ?? {}) as Record<string, unknown>;
    if (typeof property !== 'string') bad(meta, 'where.property', property, 'a property name');
    const operator = typeof op === 'string' ? OPS[op] : undefined;
    if (operator === undefined) bad(meta, 'where.op', op, `one of ${Object.keys(OPS).join(', ')}`);
    const typed =
      operator === 'in'
        ? Array.isArray(value)
          ? value.map((v) => conditionValue(meta, property, v))
          : bad(meta, 'where.value', value, 'an array for "in"')
        : operator === 'startsWith'
          ? value
          : conditionValue(meta, property, value);
    query = query.where(property as never, operator as never, typed as never);
    ts += `\n  .where(${JSON.stringify(property)}, ${JSON.stringify(operator)}, ${source(typed)})`;
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
  const limit = body.limit ?? DEFAULT_QUERY_LIMIT;
  if (typeof limit !== 'number' || !Number.isSafeInteger(limit) || limit < 1 || limit > MAX_QUERY_LIMIT)
    bad(meta, 'limit', limit, `an integer from 1 to ${MAX_QUERY_LIMIT}`);
  query = query.limit(limit as number);
  ts += `\n  .limit(${String(limit)})\n  .toArray();`;
  return { meta, query, typescript: `const ${name}s = ${ts}` };
}

/** The compiled request as JSON: every byte string as a Bytes display object, int64s as decimal strings. */
function requestJson(value: unknown): unknown {
  if (value instanceof Uint8Array) return bytesDisplay(value);
  if (typeof value === 'bigint') return value.toString();
  if (Array.isArray(value)) return value.map(requestJson);
  if (typeof value === 'object' && value !== null)
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, requestJson(v)]));
  return value;
}

/** `POST /api/query/explain`: the plan of the query a form describes (nothing is read). */
export async function apiExplain(
  context: StudioContext,
  body: Readonly<Record<string, unknown>>,
): Promise<object> {
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
  const { meta, query, typescript } = buildQuery(context, body);
  const repository = context.mapper.repository(meta.target);
  const started = performance.now();
  const items = await query.toArray();
  const durationMs = performance.now() - started;
  const analysis = await query.explain({ analyze: true });
  return {
    rows: items.map((item) => entityRowDisplay(context, meta, repository.keyOf(item as never), item)),
    stats: {
      rowsReceived: analysis.rowsReceived,
      rowsReturned: items.length,
      requests: analysis.requests,
      durationMs: Math.round(durationMs * 10) / 10,
      cellsReceived: analysis.cellsReceived,
      bytesReceived: analysis.bytesReceived,
      ...(analysis.server === undefined ? {} : { server: analysis.server }),
    },
    analysisText: analysis.text,
    typescript,
  };
}
