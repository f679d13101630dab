import { v2 } from '@google-cloud/bigtable';
import { grpc } from 'google-gax';

/** The generated v2 data client, as its users make it. */
export type GeneratedDataClient = InstanceType<typeof v2.BigtableClient>;

/**
 * The generated v2 data client connected to the mock server on `port` (plaintext): the reference the wire-parity
 * tests hold the library's own calls to.
 *
 * @example
 * ```ts
 * const generated = generatedDataClient(server.port);
 * await generated.mutateRow(request);
 * ```
 */
export function generatedDataClient(port: number): GeneratedDataClient {
  return new v2.BigtableClient({
    servicePath: '127.0.0.1',
    port,
    projectId: 'p',
    sslCreds: grpc.credentials.createInsecure(),
    universeDomain: 'googleapis.com',
  } as ConstructorParameters<typeof v2.BigtableClient>[0]);
}
