import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { checkGolden } from '../../support/golden-file.js';

// Inside the repository (.tmp is ignored by git), never outside it.
const DIR = fileURLToPath(new URL('../../../.tmp/golden-file-test/', import.meta.url));
const file = (name: string): string => `${DIR}${name}`;

describe('checkGolden', () => {
  beforeEach(() => mkdirSync(DIR, { recursive: true }));
  afterEach(() => rmSync(DIR, { recursive: true, force: true }));

  it('fails a missing golden and does not create it', () => {
    expect(checkGolden('new\n', file('missing.txt'), false)).toBe('missing');
    expect(existsSync(file('missing.txt'))).toBe(false);
  });

  it('fails a different golden and leaves it as it was', () => {
    writeFileSync(file('old.txt'), 'old\n');
    expect(checkGolden('new\n', file('old.txt'), false)).toBe('different');
    expect(readFileSync(file('old.txt'), 'utf8')).toBe('old\n');
  });

  it('compares byte for byte: a missing final newline is a difference', () => {
    writeFileSync(file('eol.txt'), 'same');
    expect(checkGolden('same\n', file('eol.txt'), false)).toBe('different');
    expect(checkGolden('same', file('eol.txt'), false)).toBe('matched');
  });

  it('writes missing and different goldens only when updating', () => {
    expect(checkGolden('a\n', file('sub/new.txt'), true)).toBe('written');
    expect(readFileSync(file('sub/new.txt'), 'utf8')).toBe('a\n');
    expect(checkGolden('b\n', file('sub/new.txt'), true)).toBe('written');
    expect(readFileSync(file('sub/new.txt'), 'utf8')).toBe('b\n');
    expect(checkGolden('b\n', file('sub/new.txt'), true)).toBe('matched');
  });
});
