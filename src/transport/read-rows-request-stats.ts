// The stats are a value every layer may hold (the per-call record keeps them for `explain({ analyze: true })`), so
// the type lives in model/; the transport, which decodes them, names it here as before.
export type { ReadRowsRequestStats } from '../model/read-rows-request-stats.js';
