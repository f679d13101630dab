// Every ```ts example in the TSDoc comments of src/ and decorators/ must type-check against the package (see
// test/support/tsdoc-examples.ts for what an example sees: the public API, its own file's exports, the prelude).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { checkExamples, collectExamples, extractExamples } from '../support/tsdoc-examples.js';

const root = fileURLToPath(new URL('../..', import.meta.url));

describe('TSDoc examples', () => {
  it('are extracted with the line of their first line of code', () => {
    const source = [
      '/**',
      ' * Adds.',
      ' *',
      ' * @example',
      ' * ```ts',
      ' * add(1, 2); // 3',
      ' * ```',
      ' */',
    ].join('\n');
    expect(extractExamples('src/add.ts', source)).toEqual([
      { file: 'src/add.ts', line: 6, code: 'add(1, 2); // 3' },
    ]);
  });

  it('all type-check, and a wrong one is reported at its file:line', () => {
    // The canary proves that the check can fail: BigtableConnection has no listTables().
    const canary = {
      file: 'src/transport/bigtable-connection.ts',
      line: 1,
      code: 'await conn.listTables();',
    };
    const failures = checkExamples(
      root,
      [...collectExamples(root, ['src', 'decorators']), canary],
      'test/support/tsdoc-prelude.d.ts',
    );
    const report = failures.map((f) => `${f.at}\n  ${f.messages.join('\n  ')}`).join('\n');
    expect(
      failures.map((f) => f.at),
      report,
    ).toEqual(['src/transport/bigtable-connection.ts:1']);
    expect(failures[0]!.messages.join('\n')).toMatch(
      /listTables' does not exist on type 'BigtableConnection'/,
    );
  }, 180_000);

  it('that use decorators also type-check as TC39 standard decorators, but the Nest parameter injections', () => {
    // Only the examples with decorator syntax: the others cannot depend on the decorator mode.
    const decorated = collectExamples(root, ['src', 'decorators']).filter((e) => e.code.includes('@'));
    expect(decorated.length).toBeGreaterThan(10);
    const failures = checkExamples(
      root,
      decorated,
      'test/support/tsdoc-prelude.d.ts',
      'tsconfig.standard.json',
    );
    // Nest's @InjectRepository/@InjectMapper are constructor parameter decorators, which TC39 decorators do not
    // have: these two examples are legacy-only (docs/nestjs.md shows the factory-provider form for standard mode).
    // Each failure by its file and the source line it points at (not its number: the file's code moves).
    const lineAt = (at: string): string => {
      const [file, line] = at.split(':');
      return readFileSync(join(root, file!), 'utf8').split('\n')[Number(line) - 1]!.trim();
    };
    expect(
      failures.map((f) => [
        f.at.replace(/:\d+$/, ''),
        lineAt(f.at),
        f.messages.map((m) => m.replace(/^\S+: /, '')),
      ]),
      failures.map((f) => `${f.at}\n  ${f.messages.join('\n  ')}`).join('\n'),
    ).toEqual([
      [
        'src/nestjs/inject.ts',
        '* class DeviceService { constructor(@InjectRepository(Device) readonly devices: Repository<Device>) {} }',
        ['Decorators are not valid here.'],
      ],
      [
        'src/nestjs/inject.ts',
        '* class Health { constructor(@InjectMapper() readonly mapper: Mapper) {} }',
        ['Decorators are not valid here.'],
      ],
    ]);
  }, 180_000);
});
