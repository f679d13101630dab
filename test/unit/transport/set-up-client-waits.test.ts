import { describe, expect, it } from 'vitest';
import type { BigtableConnection } from '../../../src/transport/bigtable-connection.js';
import { callUnary } from '../../../src/transport/call-unary.js';
import { readRows } from '../../../src/transport/read-rows.js';
import { fakeReadRowsConnection, row } from './fake-read-rows-connection.js';

// A data client already set up has nothing left to wait for: awaiting its settled `ready` anyway cost every read and
// write promises (and, under a tracing context manager on Node 20, a hook call each). A client not set up yet is
// still waited for, and the stub it brings is the one used.

/** The connection with a `ready` that counts its calls; `setUp: false` leaves the stub to the first `ready`. */
function counted(setUp: boolean): { connection: BigtableConnection; readies: () => number } {
  const { connection } = fakeReadRowsConnection([{ responses: [{ chunks: [row('a')] }] }]);
  const fake = { ...(connection as unknown as Record<string, unknown>) };
  const stub = fake['dataStub'];
  if (!setUp) fake['dataStub'] = undefined;
  let readies = 0;
  fake['ready'] = (): Promise<void> => {
    readies++;
    fake['dataStub'] = stub;
    return Promise.resolve();
  };
  return { connection: fake as unknown as BigtableConnection, readies: () => readies };
}

async function keysRead(connection: BigtableConnection): Promise<string[]> {
  const keys: string[] = [];
  for await (const r of readRows(connection, 't', {})) keys.push(Buffer.from(r.key).toString());
  return keys;
}

describe('waiting for the data client', () => {
  it('a read on a set-up client opens its stream without waiting for the client again', async () => {
    const { connection, readies } = counted(true);
    expect(await keysRead(connection)).toEqual(['a']);
    expect(readies()).toBe(0);
  });

  it('a read on a client not set up yet waits for it, then reads', async () => {
    const { connection, readies } = counted(false);
    expect(await keysRead(connection)).toEqual(['a']);
    expect(readies()).toBe(1);
  });

  it('a unary data call on a set-up client does not wait for it; an admin call does', async () => {
    const { connection, readies } = counted(true);
    const answer = (): Promise<string> => Promise.resolve('ok');
    await expect(
      callUnary(connection, 'MutateRow', answer, { safety: 'write', rowKey: new Uint8Array([1]) }),
    ).resolves.toBe('ok');
    expect(readies()).toBe(0);
    await expect(
      callUnary(connection, 'GetTable', answer, { safety: 'read', client: 'admin' }),
    ).resolves.toBe('ok');
    expect(readies()).toBe(1);
  });
});
