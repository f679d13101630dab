import { describe, expect, it } from 'vitest';
import { rowSchemaVersion } from '../../src/mapping/schema-version-token.js';
import { getEntityMetadata } from '../../src/metadata/entity-registry.js';
import type { RowData } from '../../src/model/row-data.js';
import { resolveCallPolicy } from '../../src/transport/call-policy.js';
import type { Mapper } from '../../src/repository/mapper.js';
import { rewriteRow } from '../../src/write/evolving/rewrite-row.js';
import { readRows } from '../../src/transport/read-rows.js';
import { User, saveAsOld, v1, v3 } from '../integration/evolution/evolving-users.js';
import { useMapperPair } from './support/mapper-pair.js';
import { settleWithin, waitUntil } from './support/wait-until.js';

/**
 * The rewrite primitive of schema evolution when its answer is lost: the CheckAndMutateRow reached the server but
 * no answer came back. rewriteRow settles it by reading the version cell back: our token → migrated; another one
 * (a save landed after ours) → conflict, never a second write over it.
 */

const SHORT = {
  retry: { maxElapsedMs: 3000, initialBackoffMs: 20, maxBackoffMs: 200 },
  timeouts: { attemptMs: 1000 },
};
const meta = getEntityMetadata(User);

async function rawRow(mapper: Mapper, key: string): Promise<RowData | undefined> {
  const request = { rows: { rowKeys: [Buffer.from(key)], rowRanges: [] } };
  for await (const row of readRows(mapper.connection, mapper.repository(User).tableId, request)) return row;
  return undefined;
}

describe('rewriteRow with a lost answer', () => {
  const pair = useMapperPair([User], { proxied: SHORT });

  async function lostRewrite(key: string, meanwhile: () => Promise<void>) {
    const { proxy, proxied, direct } = pair();
    await proxied.repository(User).get({ userId: 'warm-up' });
    await saveAsOld(direct, v1(key, 'Ada', { theme: 'dark' }, { a: '1' }));
    const row = (await rawRow(direct, key))!;
    proxy.blackholeResponses();
    let rewrite: Promise<unknown> | undefined;
    try {
      rewrite = rewriteRow(proxied.connection, proxied.repository(User).tableId, meta, row, {
        now: Date.now,
        policy: resolveCallPolicy(SHORT),
      });
      rewrite.catch(() => undefined);
      const visible = async () => rowSchemaVersion(meta, (await rawRow(direct, key))!) === 3;
      expect(
        await waitUntil(visible, { maxPolls: 300, everyMs: 10 }),
        'the rewrite must reach the server',
      ).toBe(true);
      proxy.cut();
      await meanwhile();
    } finally {
      proxy.restore();
    }
    return settleWithin(rewrite, 20_000);
  }

  it('is settled as migrated when the row holds the rewrite', async () => {
    const settled = await lostRewrite('lr-1', async () => undefined);
    expect(settled).toEqual({ status: 'fulfilled', value: { kind: 'migrated', fromVersion: 1 } });
  });

  it('is settled as a conflict when a save landed after it, and the save is kept', async () => {
    const later = v3('lr-2', 'Saved after', { theme: 'light' }, { b: '2' });
    const settled = await lostRewrite('lr-2', () =>
      pair()
        .direct.repository(User)
        .save(later)
        .then(() => undefined),
    );
    expect(settled).toEqual({ status: 'fulfilled', value: { kind: 'conflict' } });
    expect({ ...(await pair().direct.repository(User).get({ userId: 'lr-2' })) }).toEqual({ ...later });
  });
});
