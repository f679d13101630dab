import type { MappingWarning } from '../mapping/mapping-warning.js';
import { CallObserver } from '../observe/call-observer.js';
import type { BigtableConnection } from '../transport/bigtable-connection.js';
import type { RepositoryOptions } from './repository-options.js';

/** Where a cloud connection's calls go when no endpoint override names another server. */
const CLOUD_DATA_HOST = 'bigtable.googleapis.com';

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
  const { endpoint } = connection;
  return new CallObserver<MappingWarning>(
    {
      instance: connection.instanceId,
      serverAddress: endpoint.kind === 'emulator' ? (endpoint.host ?? 'localhost') : CLOUD_DATA_HOST,
      serverPort: endpoint.kind === 'emulator' ? endpoint.port : 443,
      projectId: connection.projectId,
      appProfileId: connection.appProfileId,
    },
    options.observe,
  );
}
