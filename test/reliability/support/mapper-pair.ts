import { afterAll, beforeAll, inject } from 'vitest';
import type { EntityClass } from '../../../src/metadata/entity-metadata.js';
import { Mapper } from '../../../src/repository/mapper.js';
import type { RepositoryOptions } from '../../../src/repository/repository-options.js';
import { EMULATOR_HOST_KEY } from '../../../src/testing/vitest/emulator-global-setup.js';
import { TestMapper } from '../../../src/testing/test-mapper.js';
import { EMULATOR_INSTANCE, EMULATOR_PROJECT } from '../../../src/testing/test-table.js';
import { BigtableConnection } from '../../../src/transport/bigtable-connection.js';
import { FaultProxy } from './fault-proxy.js';

type Options = Omit<RepositoryOptions, 'tableIds'>;

/**
 * Two mappers on the same fresh tables: `proxied` talks to the emulator through a {@link FaultProxy} (the one the
 * test breaks), `direct` talks to it straight (the test's view of what the server really holds).
 */
export interface MapperPair {
  readonly proxy: FaultProxy;
  readonly proxied: Mapper;
  readonly direct: Mapper;
  /** Declared table name → the fresh table's id, shared by both mappers. */
  readonly tableIds: Readonly<Record<string, string>>;
  /**
   * Another writer on the same tables, sharing the direct connection, whose write clock is skewed by `skewMs`
   * (`RepositoryOptions.now`), as a server with a drifting clock would write.
   */
  skewed(skewMs: number, options?: Options): Mapper;
  /** Closes both mappers and the proxy, deleting the tables. Idempotent. */
  dispose(): Promise<void>;
}

/** The emulator of the run (global setup), or `BIGTABLE_EMULATOR_HOST`. */
export function runEmulatorHost(): string {
  const injected = (inject as (key: string) => unknown)(EMULATOR_HOST_KEY);
  const host = typeof injected === 'string' ? injected : process.env.BIGTABLE_EMULATOR_HOST;
  if (!host) throw new Error('no emulator: run the tests through vitest with the global setup');
  return host;
}

/**
 * Creates fresh tables for `entities` on `emulatorHost` (default: the run's emulator) and a proxied and a direct
 * mapper on them.
 *
 * @example
 * ```ts
 * const pair = await createMapperPair([Profile], { proxied: { timeouts: { attemptMs: 500 } } });
 * pair.proxy.cut();
 * await pair.dispose();
 * ```
 */
export async function createMapperPair(
  entities: readonly EntityClass[],
  options: { readonly emulatorHost?: string; readonly proxied?: Options; readonly direct?: Options } = {},
): Promise<MapperPair> {
  const emulatorHost = options.emulatorHost ?? runEmulatorHost();
  const owner = await TestMapper.create(entities, { ...options.direct, emulatorHost });
  const proxy = await FaultProxy.start(emulatorHost);
  const tableIds = owner.tableIds;
  const proxied = new Mapper(
    BigtableConnection.connect({
      projectId: EMULATOR_PROJECT,
      instanceId: EMULATOR_INSTANCE,
      emulatorHost: proxy.hostPort,
    }),
    { ...options.proxied, tableIds },
  );
  let disposed: Promise<void> | undefined;
  return {
    proxy,
    proxied,
    direct: owner.mapper,
    tableIds,
    skewed: (skewMs, skewedOptions = {}) =>
      new Mapper(owner.mapper.connection, { ...skewedOptions, tableIds, now: () => Date.now() + skewMs }),
    dispose: () =>
      (disposed ??= (async () => {
        // The proxied mapper may already be closed by the test, or broken: neither may block the cleanup.
        await proxied.close().catch(() => undefined);
        await proxy.close();
        await owner.dispose();
      })()),
  };
}

/**
 * vitest hooks giving the current file one {@link MapperPair} (created before its tests, disposed after them).
 * Each test restores the proxy it broke; use {@link createMapperPair} when a test closes or kills things.
 *
 * @example
 * ```ts
 * const pair = useMapperPair([Profile]);
 * it('survives a cut', async () => { pair().proxy.cut(); ... });
 * ```
 */
export function useMapperPair(
  entities: readonly EntityClass[],
  options: { readonly proxied?: Options; readonly direct?: Options } = {},
): () => MapperPair {
  let pair: MapperPair | undefined;
  beforeAll(async () => {
    pair = await createMapperPair(entities, options);
  });
  afterAll(async () => {
    await pair?.dispose();
  });
  return () => {
    if (!pair) throw new Error('useMapperPair(): the pair exists only inside tests (after beforeAll)');
    return pair;
  };
}
