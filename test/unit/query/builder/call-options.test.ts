import { describe, expect, it } from 'vitest';
import { getEntityMetadata } from '../../../../src/metadata/entity-registry.js';
import { CollectionQuery } from '../../../../src/query/builder/collection-query.js';
import type { CollectionExecutor } from '../../../../src/query/executor/collection-executor.js';
import { Lookup } from '../../../../src/query/builder/lookup.js';
import { Query } from '../../../../src/query/builder/query.js';
import type { QueryExecuteOptions, QueryExecutor } from '../../../../src/query/executor/query-executor.js';
import { queryNode } from '../../../../src/query/nodes/query-node.js';
import { MediaComment, MediaVideo } from '../collection-fixtures.js';
import { Reading } from '../query-fixtures.js';

/** An executor that records the options each run receives and yields nothing. */
function recordingExecutor(): { executor: QueryExecutor & CollectionExecutor; seen: QueryExecuteOptions[] } {
  const seen: QueryExecuteOptions[] = [];
  const executor = {
    now: () => 0,
    execute(...args: unknown[]): AsyncIterable<never> {
      seen.push(args[args.length - 1] as QueryExecuteOptions);
      return (async function* () {})();
    },
    forEach(_meta: unknown, _plan: unknown, options: QueryExecuteOptions): Promise<void> {
      seen.push(options);
      return Promise.resolve();
    },
  };
  return { executor, seen };
}

const signal = new AbortController().signal;
const callOf = (o: QueryExecuteOptions | undefined): object => ({
  signal: o?.signal,
  timeoutMs: o?.timeoutMs,
});

describe("a builder's signal and deadline survive every later step", () => {
  it("Query: .timeout().signal().onDecodeError('throw') still runs under the deadline and signal", async () => {
    const { executor, seen } = recordingExecutor();
    const base = new Query<Reading>(queryNode(getEntityMetadata(Reading)), executor).where(
      'deviceType',
      '=',
      'phone',
    );
    await base.timeout(1234).signal(signal).onDecodeError('throw').toArray();
    await base
      .timeout(1234)
      .signal(signal)
      .onDecodeError('skip', () => undefined)
      .limit(3)
      .toArray();
    await base
      .onDecodeError('skip', () => undefined)
      .timeout(1234)
      .signal(signal)
      .onDecodeError('throw')
      .first();
    expect(seen.map(callOf)).toEqual([
      { signal, timeoutMs: 1234 },
      { signal, timeoutMs: 1234 },
      { signal, timeoutMs: 1234 },
    ]);
    // 'throw' really drops the reporter it replaces.
    expect(seen[2]!.onDecodeError).toBeUndefined();
  });

  it("CollectionQuery: .timeout().signal().onDecodeError('throw') keeps both", async () => {
    const { executor, seen } = recordingExecutor();
    const members = { video: getEntityMetadata(MediaVideo), comments: getEntityMetadata(MediaComment) };
    const base = new CollectionQuery(CollectionQuery.over(members, { videoId: 'v1' }).node, executor);
    await base.timeout(1234).signal(signal).onDecodeError('throw').fetch();
    expect(seen.map(callOf)).toEqual([{ signal, timeoutMs: 1234 }]);
  });

  it('Lookup: .timeout() exists, keeps the signal, and the older .signal(signal, ms) still sets both', async () => {
    const { executor, seen } = recordingExecutor();
    const key = Buffer.from('reading#phone#a#000001');
    const base = new Lookup(Lookup.over(getEntityMetadata(Reading), [key]).node, executor);
    await base.signal(signal).timeout(1234).toArray();
    await base.timeout(1234).signal(signal).toArray();
    await base.signal(signal, 1234).toArray();
    await base.timeout(1234).versions({ latest: 2 }).signal(signal).toArray();
    expect(seen.map(callOf)).toEqual(Array.from({ length: 4 }, () => ({ signal, timeoutMs: 1234 })));
  });
});
