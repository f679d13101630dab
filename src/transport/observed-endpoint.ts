import type { ObservedEndpoint } from '../observe/call-observer.js';
import type { BigtableConnection } from './bigtable-connection.js';

/** Where a cloud connection's calls go when no endpoint override names another server. */
const CLOUD_DATA_HOST = 'bigtable.googleapis.com';

/**
 * The instance and server of a connection's calls, as spans name them (`db.namespace`, `server.address`,
 * `server.port`).
 *
 * @example
 * ```ts
 * const { instance, serverAddress } = observedEndpoint(connection);
 * ```
 */
export function observedEndpoint(connection: BigtableConnection): ObservedEndpoint {
  const { endpoint } = connection;
  return {
    instance: connection.instanceId,
    serverAddress: endpoint.kind === 'emulator' ? (endpoint.host ?? 'localhost') : CLOUD_DATA_HOST,
    serverPort: endpoint.kind === 'emulator' ? endpoint.port : 443,
    projectId: connection.projectId,
    appProfileId: connection.appProfileId,
  };
}
