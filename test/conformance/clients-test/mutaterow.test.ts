import { describe, expect, it } from 'vitest';
import { ConnectionClosedError } from '../../../src/errors/connection-closed-error.js';
import { OutcomeUnknownError } from '../../../src/errors/outcome-unknown-error.js';
import { mutateRow } from '../../../src/transport/mutate-row.js';
import {
  clientsTestHarness,
  expectRoutingHeader,
  receivedSetCells,
  setCells,
  sleep,
  text,
  within,
} from './clients-test-support.js';

/** googleapis/cloud-bigtable-clients-test `tests/mutaterow_test.go`, re-enacted against the mock server. */
const { server, connection } = clientsTestHarness();

describe('clients-test mutaterow_test.go', () => {
  it('TestMutateRow_Generic_Headers', async () => {
    await mutateRow(connection(), 'table', Buffer.from('row-01'), setCells(1));
    expectRoutingHeader(server().callsOf('MutateRow')[0]!.metadata, '');
  });

  it('TestMutateRow_NoRetry_NonprintableByteKey', async () => {
    const key = Buffer.from('13141516', 'hex');
    await mutateRow(connection(), 'table', key, setCells(1));
    expect(Buffer.compare(server().callsOf('MutateRow')[0]!.request.rowKey as Buffer, key)).toBe(0);
  });

  it('TestMutateRow_NoRetry_MultipleMutations', async () => {
    await mutateRow(connection(), 'table', Buffer.from('row-01'), setCells(2));
    const [call] = server().callsOf('MutateRow');
    expect(text(call!.request.rowKey as Buffer)).toBe('row-01');
    expect(receivedSetCells(call!.request.mutations)).toEqual([
      'f:col_0@1000=value_0',
      'f:col_1@1000=value_1',
    ]);
  });

  it('TestMutateRow_Generic_MultiStreams', async () => {
    server().script('MutateRow', [[{ delayMs: 300 }]]);
    await Promise.all(
      [0, 1, 2, 3, 4].map((i) => mutateRow(connection(), 'table', Buffer.from(`op${i}-row`), setCells(1))),
    );
    expect(
      within(
        server()
          .callsOf('MutateRow')
          .map((c) => c.at),
        1000,
      ),
    ).toBe(true);
  });

  it('TestMutateRow_GenericClientGap_CloseClient (differs by design: close() cancels writes in flight)', async () => {
    const closing = server().connect();
    server().script('MutateRow', [[{ delayMs: 2_000 }]]);
    const write = (i: number) =>
      mutateRow(closing, 'table', Buffer.from(`op${i}-row`), setCells(1)).catch((e: unknown) => e);
    const batchOne = [0, 1, 2].map(write);
    await sleep(500);
    await closing.close();
    const batchTwo = [3, 4, 5].map(write);
    // In flight when closed: outcome unknown (the clients-test expects them to complete); after: never sent.
    for (const result of await Promise.all(batchOne)) expect(result).toBeInstanceOf(OutcomeUnknownError);
    for (const result of await Promise.all(batchTwo)) expect(result).toBeInstanceOf(ConnectionClosedError);
    expect(server().callsOf('MutateRow')).toHaveLength(3);
  });
});
