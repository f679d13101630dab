import { BigtableConnection } from 'bigtable-mapper';
import { expect, it } from 'vitest';
import { listTables } from '../../src/transport/table-admin.js';

// The README's first code block (test/docs/snippets/readme-taste.ts) runs as written, top-level awaits and all, on
// this run's emulator (it connects through BIGTABLE_EMULATOR_HOST), in both vitest projects: compiled as legacy and
// as standard decorators. The two may run at once on the snippet's fixed table and keys: ensureSchema re-plans
// after a concurrent create, and the snippet asserts nothing that the other run could change.

it('the README snippet runs to its end on the emulator', async () => {
  await import('./snippets/readme-taste.js');
  const connection = BigtableConnection.connect({ projectId: 'my-project', instanceId: 'my-instance' });
  try {
    expect(await listTables(connection)).toContain('telemetry');
  } finally {
    await connection.close();
  }
});
