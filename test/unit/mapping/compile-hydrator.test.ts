import { afterEach, describe, expect, it, vi } from 'vitest';
import { Column, Entity, Family, KeyPart } from '../../../decorators/index.js';
import { compileHydrator } from '../../../src/mapping/compile-hydrator.js';
import { hydrateEntity } from '../../../src/mapping/hydrate-entity.js';
import { resolveEntity } from '../../../src/metadata/resolve-entity.js';

@Entity({ table: 'compiled_hydrator_unit' })
@Family('d')
class Note {
  @KeyPart(0, 'string') id!: string;
  @Column({ family: 'd', codec: 'string' }) text!: string;
}
const meta = resolveEntity(Note);
const row = {
  key: meta.key.codec.encode({ id: 'n1' }),
  cells: [
    {
      family: 'd',
      qualifier: Buffer.from('text'),
      timestampMicros: 0n,
      value: Buffer.from('hi'),
      labels: [],
    },
  ],
};

/** What a host without code generation does (`--disallow-code-generation-from-strings`, a CSP). */
function forbidCodeGeneration(): void {
  vi.stubGlobal('Function', function () {
    throw new EvalError('Code generation from strings disallowed for this context');
  });
}

describe('compileHydrator', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('builds an instance of the class with every mapped property in declaration order', () => {
    const note = compileHydrator(meta)!(row);
    expect(note).toBeInstanceOf(Note);
    expect(Object.keys(note)).toEqual(['id', 'text']);
    expect(note).toEqual(Object.assign(Object.create(Note.prototype) as Note, { id: 'n1', text: 'hi' }));
  });

  it('gives way to the general hydrator where the host forbids code generation', () => {
    forbidCodeGeneration();
    expect(compileHydrator(meta)).toBeUndefined();
    // A metadata object hydrateEntity has not seen yet, so that it has to compile (and fall back) now.
    const fresh = { ...meta };
    const note = hydrateEntity(fresh, row);
    expect(note).toBeInstanceOf(Note);
    expect({ ...note }).toEqual({ id: 'n1', text: 'hi' });
  });

  it('does not hide any other failure to compile', () => {
    vi.stubGlobal('Function', function () {
      throw new SyntaxError('Unexpected token');
    });
    expect(() => compileHydrator(meta)).toThrow(SyntaxError);
  });
});
