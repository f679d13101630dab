import type { MappingWarning } from '../mapping/mapping-warning.js';
import { CallObserver } from '../observe/call-observer.js';
import type { BigtableConnection } from '../transport/bigtable-connection.js';
import { observedEndpoint } from '../transport/observed-endpoint.js';
import type { RepositoryOptions } from './repository-options.js';

/**
 * The observer of a mapper's calls on `connection`: its instance and server for span attributes, the mapper's
 * `observe` switches.
 *
 * @example
 * ```ts
 * const observer = mapperObserver(connection, { observe: { metrics: false } });
 * ```
 */
export function mapperObserver(
  connection: BigtableConnection,
  options: RepositoryOptions,
): CallObserver<MappingWarning> {
  return new CallObserver<MappingWarning>(observedEndpoint(connection), options.observe);
}
