import { readFileSync, readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { ErrorCode } from '../../../src/errors/index.js';
import { STUDIO_ERROR_STATUSES, StudioError } from '../../../src/studio/server/studio-error.js';
import type { StudioErrorCode } from '../../../src/studio/server/studio-error.js';

const root = new URL('../../../', import.meta.url);
const read = (path: string): string => readFileSync(new URL(path, root), 'utf8');

describe('the studio refusal codes', () => {
  it('docs/studio.md lists exactly the codes the server answers, with their statuses', () => {
    const rows = read('docs/studio.md').matchAll(/^\| `(STUDIO_\w+)` \| ([\d, ]+) \|/gm);
    const documented = Object.fromEntries(
      [...rows].map(([, code, statuses]) => [code, statuses!.split(', ').map(Number)]),
    );
    expect(documented).toEqual(STUDIO_ERROR_STATUSES);
  });

  it('every listed code is thrown by the server (no stale entry)', () => {
    const dir = 'src/studio/server/';
    const sources = readdirSync(new URL(dir, root))
      .filter((file) => file.endsWith('.ts') && file !== 'studio-error.ts')
      .map((file) => read(dir + file))
      .join('\n');
    const unused = Object.keys(STUDIO_ERROR_STATUSES).filter((code) => !sources.includes(`'${code}'`));
    expect(unused).toEqual([]);
  });

  it('are no ErrorCode, and a status must be one of its code', () => {
    // No library call throws a StudioError: its codes and the library's never overlap.
    const disjoint: [Extract<StudioErrorCode, ErrorCode>] extends [never] ? true : false = true;
    expect(disjoint).toBe(true);
    // @ts-expect-error 500 is not a status of STUDIO_STALE_ROW
    const wrong = new StudioError(500, 'STUDIO_STALE_ROW', 'x');
    const refusal = new StudioError(405, 'STUDIO_NOT_FOUND', 'no route', { path: '/x' });
    expect([wrong.status, refusal.name, refusal.code, refusal.details]).toEqual([
      500,
      'StudioError',
      'STUDIO_NOT_FOUND',
      { path: '/x' },
    ]);
    expect(refusal).toBeInstanceOf(Error);
  });
});
