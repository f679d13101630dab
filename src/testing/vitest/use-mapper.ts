import { afterAll, beforeAll, inject } from 'vitest';
import type { EntityClass } from '../../metadata/entity-metadata.js';
import type { Mapper } from '../../repository/mapper.js';
import type { RepositoryOptions } from '../../repository/repository-options.js';
import { EMULATOR_HOST_KEY } from './emulator-global-setup.js';
import { TestMapper, checkTestMapperArguments } from '../test-mapper.js';
import { EmulatorUnavailableError } from '../../errors/emulator-unavailable-error.js';

/**
 * Registers vitest hooks that give the current test file a {@link TestMapper}: a Mapper on the run's emulator with a
 * fresh table for each table the entities declare, deleted after the file. Returns an accessor, valid inside tests.
 *
 * @example
 * ```ts
 * const mapper = useMapper([Video, Comment]);
 * it('saves', async () => { await mapper().repository(Video).save(video); });
 * ```
 */
export function useMapper(
  entities: readonly EntityClass[],
  options: Omit<RepositoryOptions, 'tableIds'> = {},
): () => Mapper {
  checkTestMapperArguments('useMapper', entities, options);
  let testMapper: TestMapper | undefined;
  beforeAll(async () => {
    const injected = (inject as (key: string) => unknown)(EMULATOR_HOST_KEY);
    testMapper = await TestMapper.create(entities, {
      ...options,
      ...(typeof injected === 'string' ? { emulatorHost: injected } : {}),
    });
  });
  afterAll(async () => {
    await testMapper?.dispose();
  });
  return () => {
    if (!testMapper)
      throw new EmulatorUnavailableError(
        'useMapper(): the mapper exists only inside tests (after beforeAll has started the emulator and created it)',
      );
    return testMapper.mapper;
  };
}
