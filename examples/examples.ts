import { deviceTelemetry } from './device-telemetry.js';
import type { Example } from './example.js';
import { multiTenant } from './multi-tenant.js';
import { videoRow } from './video-row.js';

/** Every example, in the order the demo runs them. */
export const examples: readonly Example[] = [deviceTelemetry, videoRow, multiTenant];
