// 'bigtable-mapper/observe': the details of observability that everyday code does not name: the emitter class
// behind `mapper.events`, the observer's event map, the payloads of `retry` and `warning` events and the thresholds
// of the scan warning. Everyday code passes `observe` options to the Mapper, listens on `mapper.events` (payloads
// are inferred) and calls `explain({ analyze: true })`, all from the root entry.
export { TypedEvents } from './typed-events.js';
export type { ObserverEvents } from './call-observer.js';
export type { RetryNotice, ScanWarning } from './call-summary.js';
export { SCAN_WARNING_MIN_ROWS, SCAN_WARNING_RATIO } from './call-summary.js';
