import { apiOverview } from './api-overview.js';
import { apiRawRows, apiRow } from './api-raw-rows.js';
import { apiRows } from './api-rows.js';
import { apiKeys } from './api-keys.js';
import { apiExplain, apiRun } from './api-query.js';
import { apiSchema } from './api-schema.js';
import { apiDelete, apiSave } from './api-write.js';
import type { StudioContext } from './studio-context.js';

/** One API route: what it answers, and whether it writes (refused unless writes are on). */
export interface StudioRoute {
  readonly write: boolean;
  run(
    context: StudioContext,
    params: URLSearchParams,
    body: Readonly<Record<string, unknown>>,
    version: string,
  ): Promise<object>;
}

/** The JSON API by `METHOD /path` (docs/studio.md, "API"). */
export const studioRoutes: Readonly<Record<string, StudioRoute>> = {
  'GET /api/overview': { write: false, run: (c, _p, _b, version) => apiOverview(c, version) },
  'GET /api/schema': { write: false, run: (c) => apiSchema(c) },
  'GET /api/rows': { write: false, run: (c, p) => apiRows(c, p) },
  'GET /api/row': { write: false, run: (c, p) => apiRow(c, p) },
  'GET /api/raw-rows': { write: false, run: (c, p) => apiRawRows(c, p) },
  'GET /api/keys': { write: false, run: (c, p) => apiKeys(c, p) },
  'POST /api/query/explain': { write: false, run: (c, _p, b) => apiExplain(c, b) },
  'POST /api/query/run': { write: false, run: (c, _p, b) => apiRun(c, b) },
  'POST /api/rows/save': { write: true, run: (c, _p, b) => apiSave(c, b) },
  'POST /api/rows/delete': { write: true, run: (c, _p, b) => apiDelete(c, b) },
};
