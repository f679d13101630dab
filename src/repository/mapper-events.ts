import type { MappingWarning } from '../mapping/mapping-warning.js';
import type { ObserverEvents } from '../observe/call-observer.js';
import type { TypedEvents } from '../observe/typed-events.js';

/**
 * The events of `mapper.events`, by name: `call` ({@link CallSummary}), `retry` ({@link RetryNotice}) and
 * `warning` (a write's {@link MappingWarning} or a read's {@link ScanWarning}).
 *
 * @example
 * ```ts
 * const onWarning = (w: MapperEventMap['warning']): void => console.warn(w.code, w.message);
 * ```
 */
export type MapperEventMap = ObserverEvents<MappingWarning>;

/**
 * `mapper.events`: `on(name, listener)` returns the function that removes the listener.
 *
 * @example
 * ```ts
 * const events: MapperEvents = mapper.events;
 * events.on('retry', (r) => console.log(r.rpc, r.attempt, r.errorCode));
 * ```
 */
export type MapperEvents = TypedEvents<MapperEventMap>;
