import { afterAll, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import { MetadataError } from '../../../src/errors/metadata-error.js';
import { resolveEntity } from '../../../src/metadata/resolve-entity.js';
import { TestMapper } from '../../../src/testing/test-mapper.js';
import { EMULATOR_HOST_KEY } from '../../../src/testing/vitest/emulator-global-setup.js';
import type * as HookFixture from '../../fixtures/entities/hook-entities.js';
import { importCompiled } from '../../support/compile-with-tsc.js';
import type { DecoratorMode } from '../../support/compile-with-tsc.js';

// @BeforeSave / @AfterLoad compiled as legacy (experimentalDecorators) and as TC39 standard decorators: the same
// hooks are found, in the same order (base class first), and run on the emulator.

const MODES: Record<string, DecoratorMode> = {
  legacy: { experimentalDecorators: true },
  standard: { experimentalDecorators: false },
};

for (const [name, mode] of Object.entries(MODES)) {
  describe(`lifecycle hooks as ${name} decorators`, () => {
    let fixture: typeof HookFixture;
    let Note: ReturnType<typeof HookFixture.noteWithHooks>;
    let test: TestMapper | undefined;

    beforeAll(async () => {
      fixture = await importCompiled<typeof HookFixture>(
        new URL('../../fixtures/entities/hook-entities.ts', import.meta.url),
        mode,
      );
      Note = fixture.noteWithHooks(`hook_notes_${name}`);
      const injected = (inject as (key: string) => unknown)(EMULATOR_HOST_KEY);
      test = await TestMapper.create([Note], typeof injected === 'string' ? { emulatorHost: injected } : {});
    });
    afterAll(async () => {
      await test?.dispose();
    });
    beforeEach(() => {
      fixture.hookLog.length = 0;
    });

    it('resolves the hooks, base class first, in declaration order', () => {
      const hooks = resolveEntity(Note).hooks;
      expect(hooks?.beforeSave.map((h) => h.method)).toEqual(['stampIt', 'slugify']);
      expect(hooks?.afterLoad.map((h) => h.method)).toEqual(['markLoaded', 'measure']);
    });

    it('runs before-save hooks (one async) before the write and after-load hooks on the entity read', async () => {
      const notes = test!.mapper.repository(Note);
      await notes.save(Object.assign(new Note(), { id: 'n1', title: 'Hello Hooks World' }));
      expect(fixture.hookLog).toEqual(['Stamped.stampIt:beforeSave', 'Note.slugify:beforeSave']);
      fixture.hookLog.length = 0;
      const read = await notes.get({ id: 'n1' });
      expect(read).toMatchObject({
        stamp: 'stamped',
        slug: 'hello-hooks-world',
        loadedAs: 'loaded',
        titleLength: 17,
      });
      expect(fixture.hookLog).toEqual(['Stamped.markLoaded:afterLoad', 'Note.measure:afterLoad']);
    });

    it('refuses a hook on a static method with a MetadataError naming it', () => {
      let error: unknown;
      try {
        resolveEntity(fixture.MisplacedHook);
      } catch (e) {
        error = e;
      }
      expect(error).toBeInstanceOf(MetadataError);
      expect((error as MetadataError).message).toContain('@BeforeSave cannot be used on a static method');
    });
  });
}
