import type { MappingWarning } from '../mapping/mapping-warning.js';
import type { CallObserver } from '../observe/call-observer.js';
import { emitProcessWarning } from '../write/report-warnings.js';

/**
 * Where a write's warnings go: a `warning` event on the mapper, and the `onWarning` option. Without either (no
 * option, no listener) a Node process warning, as before events existed. An `onWarning` that throws still ends the
 * call before anything is sent; an event listener never does.
 *
 * @example
 * ```ts
 * const onWarning = routeWarnings(options.onWarning, observer);
 * ```
 */
export function routeWarnings(
  onWarning: ((warning: MappingWarning) => void) | undefined,
  observer: CallObserver<MappingWarning>,
): (warning: MappingWarning) => void {
  return (warning) => {
    const listened = observer.events.has('warning');
    if (listened) observer.events.emit('warning', warning);
    if (onWarning) onWarning(warning);
    else if (!listened) emitProcessWarning(warning);
  };
}
