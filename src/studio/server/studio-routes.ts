import { apiOverview } from './api-overview.js';
import { apiRawRows, apiRow } from './api-raw-rows.js';
import { apiRows } from './api-rows.js';
import { StudioRefusal } from './http-json.js';
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

const notYet: StudioRoute['run'] = async () => {
  throw new StudioRefusal(501, 'STUDIO_NOT_IMPLEMENTED', 'not implemented yet');
};

/** The JSON API by `METHOD /path` (docs/studio.md, "API"). */
export const studioRoutes: Readonly<Record<string, StudioRoute>> = {
  'GET /api/overview': { write: false, run: (c, _p, _b, version) => apiOverview(c, version) },
  'GET /api/schema': { write: false, run: notYet },
  'GET /api/rows': { write: false, run: (c, p) => apiRows(c, p) },
  'GET /api/row': { write: false, run: (c, p) => apiRow(c, p) },
  'GET /api/raw-rows': { write: false, run: (c, p) => apiRawRows(c, p) },
  'GET /api/keys': { write: false, run: notYet },
  'POST /api/query/explain': { write: false, run: notYet },
  'POST /api/query/run': { write: false, run: notYet },
  'POST /api/rows/save': { write: true, run: notYet },
  'POST /api/rows/delete': { write: true, run: notYet },
};
