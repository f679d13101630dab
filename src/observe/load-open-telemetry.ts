import { createRequire } from 'node:module';
import type * as OpenTelemetryApi from '@opentelemetry/api';

/** The parts of `@opentelemetry/api` the SDK uses. */
export type OpenTelemetry = typeof OpenTelemetryApi;

let loaded: OpenTelemetry | null | undefined;

/**
 * `@opentelemetry/api` when the application has it installed, else undefined (it is an optional peer dependency:
 * the SDK runs without it and emits nothing). Loaded once, on first use, synchronously, so that a call's span can
 * begin before anything is sent. The API keeps its registered providers on a global, so this copy sees what the
 * application registered through its own import, CommonJS or ESM.
 *
 * @example
 * ```ts
 * const otel = loadOpenTelemetry();
 * if (otel) otel.trace.getTracer('bigtable-mapper');
 * ```
 */
export function loadOpenTelemetry(): OpenTelemetry | undefined {
  if (loaded === undefined) {
    try {
      loaded = createRequire(import.meta.url)('@opentelemetry/api') as OpenTelemetry;
    } catch {
      loaded = null;
    }
  }
  return loaded ?? undefined;
}
