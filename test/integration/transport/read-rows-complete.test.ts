// A read whose every requested row is in (a get's key) leaves its loop before the call's status arrives. Node's
// stream iterator would then destroy the gRPC stream with a new AbortError, whose captured stack trace was a tenth
// of a point get's client CPU (issue 29's point-get regression); the stream is left to end on its own instead, as
// the server ends the call right after its last row. A consumer that stops early still cancels (read-rows-scan).
import { expect, it } from 'vitest';
import { useTestTable } from 'bigtable-mapper/testing/vitest';
import { mutateRows } from '../../../src/transport/mutate-rows.js';
import { readRows } from '../../../src/transport/read-rows.js';

const table = useTestTable({ f: {} }, { prefix: 'complete' });

it('a complete point read ends with the server status OK and its stream is never destroyed', async () => {
  const t = table();
  const results = await mutateRows(t.connection, t.tableId, [
    {
      rowKey: Buffer.from('k1'),
      mutations: [
        {
          kind: 'setCell',
          family: 'f',
          qualifier: Buffer.from('q'),
          timestampMicros: 1_000n,
          value: Buffer.from('v'),
        },
      ],
    },
  ]);
  expect(results.every((r) => r.ok)).toBe(true);
  await t.connection.ready('data');
  type Call = {
    destroy(error?: Error): unknown;
    on(event: 'status', l: (s: { code: number }) => void): unknown;
  };
  const stub = t.connection.dataStub as unknown as { makeServerStreamRequest: (...args: unknown[]) => Call };
  const original = stub.makeServerStreamRequest;
  const destroyed: Array<Error | undefined> = [];
  const statuses: Array<Promise<number>> = [];
  stub.makeServerStreamRequest = function (this: unknown, ...args: unknown[]): Call {
    const call = original.apply(this, args);
    statuses.push(new Promise((resolve) => call.on('status', (s) => resolve(s.code))));
    const destroy = call.destroy.bind(call);
    call.destroy = (error?: Error) => {
      destroyed.push(error);
      return destroy(error);
    };
    return call;
  };
  try {
    const rows = [];
    for await (const row of readRows(t.connection, t.tableId, {
      rows: { rowKeys: [Buffer.from('k1')], rowRanges: [] },
    }))
      rows.push(row);
    expect(rows).toHaveLength(1);
    expect(statuses).toHaveLength(1);
    expect(await statuses[0]).toBe(0);
    expect(destroyed).toEqual([]);
  } finally {
    delete (stub as Partial<typeof stub>).makeServerStreamRequest;
  }
});
