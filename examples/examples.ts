import { chatService } from './chat-service.js';
import { deviceHourly } from './device-hourly.js';
import { deviceReadings } from './device-readings.js';
import { deviceTelemetry } from './device-telemetry.js';
import { dynamodbTranslations } from './dynamodb-translations.js';
import type { Example } from './example.js';
import { friends } from './friends.js';
import { geography } from './geography.js';
import { invoiceRows } from './invoice-rows.js';
import { invoices } from './invoices.js';
import { multiTenant } from './multi-tenant.js';
import { productCatalog } from './product-catalog.js';
import { reversedDomains } from './reversed-domains.js';
import { schemaEvolution } from './schema-evolution.js';
import { structuredRowKey } from './structured-row-key.js';
import { tracedRequest } from './traced-request.js';
import { videoCommentRows } from './video-comment-rows.js';
import { videoRow } from './video-row.js';
import { videoSingleRow } from './video-single-row.js';

/** Every example, in the order the demo runs them. */
export const examples: readonly Example[] = [
  productCatalog,
  friends,
  geography,
  deviceTelemetry,
  deviceReadings,
  deviceHourly,
  invoices,
  invoiceRows,
  videoSingleRow,
  videoCommentRows,
  videoRow,
  multiTenant,
  reversedDomains,
  structuredRowKey,
  dynamodbTranslations,
  schemaEvolution,
  tracedRequest,
  chatService,
];
