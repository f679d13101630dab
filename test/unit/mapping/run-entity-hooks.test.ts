import { describe, expect, it } from 'vitest';
import { EntityHookError } from '../../../src/errors/entity-hook-error.js';
import { runAfterLoad, runBeforeSave } from '../../../src/mapping/run-entity-hooks.js';
import type { EntityMetadata } from '../../../src/metadata/entity-metadata.js';

type Hook = (entity: { log: string[] }) => unknown;

/** Just enough metadata for the hook runners: a name and the hooks. */
function metaWith(beforeSave: Record<string, Hook>, afterLoad: Record<string, Hook> = {}): EntityMetadata {
  const hooks = (all: Record<string, Hook>) =>
    Object.entries(all).map(([method, run]) => ({ method, run: run as (entity: object) => unknown }));
  return { name: 'Thing', hooks: { beforeSave: hooks(beforeSave), afterLoad: hooks(afterLoad) } } as never;
}

describe('runBeforeSave', () => {
  it('runs synchronous hooks without an asynchronous step, in order', () => {
    const entity = { log: [] as string[] };
    const result = runBeforeSave(
      metaWith({ a: (e) => e.log.push('a'), b: (e) => e.log.push('b') }),
      entity,
      'save',
    );
    expect(result).toBeUndefined();
    expect(entity.log).toEqual(['a', 'b']);
  });

  it('awaits an async hook before the next one runs', async () => {
    const entity = { log: [] as string[] };
    const meta = metaWith({
      a: async (e) => {
        await new Promise((resolve) => setTimeout(resolve, 5));
        e.log.push('a');
      },
      b: (e) => e.log.push('b'),
    });
    const result = runBeforeSave(meta, entity, 'save');
    expect(result).toBeInstanceOf(Promise);
    expect(entity.log).toEqual([]);
    await result;
    expect(entity.log).toEqual(['a', 'b']);
  });

  it('wraps a throw or a rejection in EntityHookError naming the method, and stops there', async () => {
    const entity = { log: [] as string[] };
    const cause = new Error('nope');
    const sync = metaWith({
      a: () => {
        throw cause;
      },
      b: (e) => e.log.push('b'),
    });
    expect(() => runBeforeSave(sync, entity, 'insert')).toThrow(EntityHookError);
    const rejected = metaWith({
      a: () => Promise.resolve(),
      b: () => Promise.reject(cause),
      c: (e) => e.log.push('c'),
    });
    const error = await runBeforeSave(rejected, entity, 'saveMany')!.catch((e: unknown) => e);
    expect(error).toMatchObject({ method: 'b', hook: 'beforeSave', operation: 'saveMany', cause });
    expect(entity.log).toEqual([]);
  });

  it('does nothing for an entity without hooks', () => {
    expect(runBeforeSave({ name: 'Plain' } as never, {}, 'save')).toBeUndefined();
  });
});

describe('runAfterLoad', () => {
  it('refuses a hook that returns a promise, and absorbs its rejection', async () => {
    const meta = metaWith({}, { later: () => Promise.reject(new Error('late')) });
    expect(() => runAfterLoad(meta, { log: [] })).toThrow(/returned a promise/);
    // An unhandled rejection would fail the test run.
    await new Promise((resolve) => setTimeout(resolve, 5));
  });
});
