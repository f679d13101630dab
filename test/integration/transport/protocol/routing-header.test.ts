import { beforeEach, describe, expect, it } from 'vitest';
import { InvalidArgumentError } from '../../../../src/errors/invalid-argument-error.js';
import type { BigtableConnection } from '../../../../src/transport/bigtable-connection.js';
import { checkAndMutateRow } from '../../../../src/transport/check-and-mutate-row.js';
import { mutateRow } from '../../../../src/transport/mutate-row.js';
import { mutateRows } from '../../../../src/transport/mutate-rows.js';
import { readModifyWriteRow } from '../../../../src/transport/read-modify-write-row.js';
import { readRows } from '../../../../src/transport/read-rows.js';
import { sampleRowKeys } from '../../../../src/transport/sample-row-keys.js';
import type { MockMethod } from '../../../support/mock-bigtable-server.js';
import { useMockBigtableServer } from '../../../support/use-mock-bigtable-server.js';

/**
 * The routing header (`x-goog-request-params`) of every data call names the table and the app profile (empty for
 * the instance's default), as Google's clients send it; the request names the same profile. A per-call profile
 * replaces the connection's.
 */
const { server, connection: plain, profiled } = useMockBigtableServer({ profile: 'serving' });
beforeEach(() => {
  server().script('MutateRows', [[{ response: { entries: [{ index: 0, status: { code: 0 } }] } }]]);
});

const key = Buffer.from('k');
type Call = (c: BigtableConnection, appProfileId?: string) => Promise<unknown>;
const per = (appProfileId: string | undefined): { appProfileId?: string } =>
  appProfileId === undefined ? {} : { appProfileId };

const CALLS: readonly (readonly [MockMethod, Call])[] = [
  [
    'ReadRows',
    async (c, p) => {
      for await (const _ of readRows(c, 't', {}, per(p))) void _;
    },
  ],
  ['MutateRow', (c, p) => mutateRow(c, 't', key, [{ kind: 'deleteFromRow' }], per(p))],
  [
    'MutateRows',
    (c, p) => mutateRows(c, 't', [{ rowKey: key, mutations: [{ kind: 'deleteFromRow' }] }], per(p)),
  ],
  [
    'CheckAndMutateRow',
    (c, p) => checkAndMutateRow(c, 't', key, { onNoMatch: [{ kind: 'deleteFromRow' }] }, per(p)),
  ],
  [
    'ReadModifyWriteRow',
    (c, p) =>
      readModifyWriteRow(c, 't', key, [{ kind: 'append', family: 'f', qualifier: key, value: key }], per(p)),
  ],
  ['SampleRowKeys', (c, p) => sampleRowKeys(c, 't', per(p))],
];

const TABLE = 'table_name=projects%2Fp%2Finstances%2Fi%2Ftables%2Ft';

describe('routing header and app profiles', () => {
  it.each(CALLS)('%s names the table and the default (empty) app profile', async (method, call) => {
    await call(plain());
    const [recorded] = server().callsOf(method);
    expect(recorded!.metadata['x-goog-request-params']).toBe(`${TABLE}&app_profile_id=`);
    expect(recorded!.request.tableName).toBe('projects/p/instances/i/tables/t');
    expect(recorded!.request.appProfileId ?? '').toBe('');
  });

  it.each(CALLS)("%s names the connection's app profile", async (method, call) => {
    await call(profiled());
    const [recorded] = server().callsOf(method);
    expect(recorded!.metadata['x-goog-request-params']).toBe(`${TABLE}&app_profile_id=serving`);
    expect(recorded!.request.appProfileId).toBe('serving');
  });

  it.each(CALLS)('%s takes a per-call app profile over the connection’s', async (method, call) => {
    await call(profiled(), 'batch-low.pri');
    const [recorded] = server().callsOf(method);
    expect(recorded!.metadata['x-goog-request-params']).toBe(`${TABLE}&app_profile_id=batch-low.pri`);
    expect(recorded!.request.appProfileId).toBe('batch-low.pri');
  });

  it.each(CALLS)('%s refuses a malformed per-call app profile before sending', async (method, call) => {
    await expect(call(plain(), 'no spaces/allowed')).rejects.toBeInstanceOf(InvalidArgumentError);
    expect(server().callsOf(method)).toHaveLength(0);
  });
});
