import { afterAll, beforeAll, beforeEach } from 'vitest';
import type { BigtableConnection } from '../../src/transport/bigtable-connection.js';
import { MockBigtableServer } from './mock-bigtable-server.js';

/**
 * One mock Bigtable server per test file (test/support/mock-bigtable-server.ts), with two library connections to
 * it (one without an app profile, one with `profile`), closed and stopped after the file; scripts and records are
 * reset before each test. Getters, because the server starts in `beforeAll`.
 *
 * @example
 * ```ts
 * const { server, connection } = useMockBigtableServer();
 * it('…', async () => { await mutateRow(connection(), 't', key, mutations); expect(server().calls).toHaveLength(1); });
 * ```
 */
export function useMockBigtableServer(
  options: { readonly profile?: string; readonly serverOptions?: Record<string, number> } = {},
): {
  readonly server: () => MockBigtableServer;
  readonly connection: () => BigtableConnection;
  readonly profiled: () => BigtableConnection;
} {
  let server: MockBigtableServer;
  let connection: BigtableConnection;
  let profiled: BigtableConnection;
  beforeAll(async () => {
    server = await MockBigtableServer.start(options.serverOptions);
    connection = server.connect();
    profiled = server.connect({ appProfileId: options.profile ?? 'test_profile' });
  });
  afterAll(async () => {
    await Promise.all([connection.close(), profiled.close()]);
    server.stop();
  });
  beforeEach(() => server.reset());
  return { server: () => server, connection: () => connection, profiled: () => profiled };
}
