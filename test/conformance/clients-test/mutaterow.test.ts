import { describe, expect, it } from 'vitest';
import { OutcomeUnknownError } from '../../../src/errors/outcome-unknown-error.js';
import { mutateRow } from '../../../src/transport/mutate-row.js';
import {
  clientsTestHarness,
  closeClientScenario,
  expectRoutingHeader,
  receivedSetCells,
  setCells,
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
    server().script('MutateRow', [[{ delayMs: 2_000 }]]);
    const inFlight = await closeClientScenario(server(), 'MutateRow', (c, i) =>
      mutateRow(c, 'table', Buffer.from(`op${i}-row`), setCells(1)),
    );
    for (const result of inFlight) expect(result).toBeInstanceOf(OutcomeUnknownError);
  });
});
