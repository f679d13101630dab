import { describe, expect, it } from 'vitest';
import { mutateRow } from '../../../../src/transport/mutate-row.js';
import { mutateRows } from '../../../../src/transport/mutate-rows.js';
import { readRows } from '../../../../src/transport/read-rows.js';
import { RoutingCookies } from '../../../../src/transport/routing-cookies.js';
import type { MockMethod, MockStep } from '../../../support/mock-bigtable-server.js';

import type { BigtableConnection } from '../../../../src/transport/bigtable-connection.js';
import { useMockBigtableServer } from '../../../support/use-mock-bigtable-server.js';
/**
 * Routing cookies: the `x-goog-cbt-cookie-*` headers and trailers of a failed attempt are sent back on the retries
 * of that call, and on no other call.
 */
const { server, connection } = useMockBigtableServer();

const FAST = { retry: { initialBackoffMs: 1, maxBackoffMs: 2 } };
const key = Buffer.from('k');
const ok: Record<MockMethod, MockStep[]> = {
  ReadRows: [],
  MutateRows: [{ response: { entries: [{ index: 0, status: { code: 0 } }] } }],
  MutateRow: [{ response: {} }],
  CheckAndMutateRow: [],
  ReadModifyWriteRow: [],
  SampleRowKeys: [],
};

const CALLS: readonly (readonly [MockMethod, (c: BigtableConnection) => Promise<unknown>])[] = [
  [
    'ReadRows',
    async (c) => {
      for await (const _ of readRows(c, 't', {}, FAST)) void _;
    },
  ],
  ['MutateRows', (c) => mutateRows(c, 't', [{ rowKey: key, mutations: [{ kind: 'deleteFromRow' }] }], FAST)],
  ['MutateRow', (c) => mutateRow(c, 't', key, [{ kind: 'deleteFromRow' }], FAST)],
];

/** A failure the call retries (answered, so that even writes are re-sent), with a cookie in its trailers. */
const failWithCookies = (n: number, withHeaders: boolean): MockStep[] => [
  ...(withHeaders ? [{ headers: { 'x-goog-cbt-cookie-header': `h${n}` } }] : []),
  { error: { code: 10, message: 'aborted', trailers: { 'x-goog-cbt-cookie-routing': `r${n}`, other: 'x' } } },
];

describe('routing cookies', () => {
  it.each(CALLS)('%s echoes the trailers of the failed attempts on its retries', async (method, call) => {
    server().script(method, [failWithCookies(1, false), failWithCookies(2, false), ok[method]]);
    await call(connection());
    const calls = server().callsOf(method);
    expect(calls).toHaveLength(3);
    expect(calls[0]!.metadata['x-goog-cbt-cookie-routing']).toBeUndefined();
    expect(calls[1]!.metadata['x-goog-cbt-cookie-routing']).toBe('r1');
    // A later value replaces an earlier one; other trailers are not cookies.
    expect(calls[2]!.metadata['x-goog-cbt-cookie-routing']).toBe('r2');
    expect(calls[2]!.metadata.other).toBeUndefined();
    // Cookies belong to their call: the next call starts without any.
    server().reset();
    server().script(method, [ok[method]]);
    await call(connection());
    expect(server().callsOf(method)[0]!.metadata['x-goog-cbt-cookie-routing']).toBeUndefined();
  });

  it.each(CALLS.filter(([m]) => m !== 'MutateRow'))(
    '%s echoes the response headers of the failed attempt too',
    async (method, call) => {
      server().script(method, [failWithCookies(1, true), ok[method]]);
      await call(connection());
      const calls = server().callsOf(method);
      expect(calls[1]!.metadata['x-goog-cbt-cookie-header']).toBe('h1');
      expect(calls[1]!.metadata['x-goog-cbt-cookie-routing']).toBe('r1');
    },
  );

  it('MutateRows echoes the trailers of an attempt that succeeded on the retry of its failed entries', async () => {
    server().script('MutateRows', [
      [
        { trailers: { 'x-goog-cbt-cookie-routing': 'ok1' } },
        { response: { entries: [{ index: 0, status: { code: 10, message: 'aborted' } }] } },
      ],
      ok.MutateRows,
    ]);
    const [result] = await CALLS[1]![1](connection()).then((r) => r as { ok: boolean }[]);
    expect(result!.ok).toBe(true);
    const calls = server().callsOf('MutateRows');
    expect(calls).toHaveLength(2);
    expect(calls[1]!.metadata['x-goog-cbt-cookie-routing']).toBe('ok1');
  });

  it('keeps only text x-goog-cbt-cookie entries of metadata', () => {
    const cookies = new RoutingCookies();
    cookies.collect({
      getMap: () => ({ 'x-goog-cbt-cookie-a': '1', 'x-goog-cbt-cookie-b-bin': Buffer.from('x') }),
    });
    cookies.collect('not metadata');
    cookies.collectFrom({
      metadata: { getMap: () => ({ 'x-goog-cbt-cookie-a': '2', 'grpc-status': '10' }) },
    });
    expect([...(cookies.values ?? [])]).toEqual([['x-goog-cbt-cookie-a', '2']]);
  });
});
