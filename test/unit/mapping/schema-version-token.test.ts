import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Column, Entity, Evolve, Family, KeyPart, QualifierSet } from '../../../decorators/index.js';
import { ValueEncodingError } from '../../../src/errors/value-encoding-error.js';
import { buildSaveMutations } from '../../../src/mapping/build-save-mutations.js';
import { buildUpdateMutations } from '../../../src/mapping/build-update-mutations.js';
import {
  encodeToken,
  rowSchemaVersion,
  tokenOf,
  tokenVersion,
  versionTokenRange,
} from '../../../src/mapping/schema-version-token.js';
import { resolveEntity } from '../../../src/metadata/resolve-entity.js';
import type { Cell, RowData } from '../../../src/model/row-data.js';

@Entity({ table: 'tok_notes' })
@Family('d')
@Family('tags')
@Evolve({ version: 3, family: 'd' })
class Note {
  @KeyPart(0, 'string') id!: string;
  @Column({ family: 'd', codec: 'string' }) text!: string;
  @QualifierSet({ family: 'tags', key: 'string' }) tags!: Set<string>;
}

@Entity({ table: 'tok_plain' })
@Family('d')
class Plain {
  @KeyPart(0, 'string') id!: string;
  @Column({ family: 'd', codec: 'string' }) text!: string;
}

const meta = resolveEntity(Note);
const V = Buffer.from('_v');

function cell(value: Uint8Array, timestampMicros = 1000n, family = 'd', qualifier: Uint8Array = V): Cell {
  return { family, qualifier, timestampMicros, value, labels: [] };
}
function row(...cells: Cell[]): RowData {
  return { key: Buffer.from('n1'), cells };
}

describe('schema-version token', () => {
  it('is the int64 big-endian version then the write id, and reads back its version', () => {
    const token = encodeToken(3, Uint8Array.from([1, 2, 3, 4, 5, 6, 7, 8]));
    expect(Buffer.from(token).toString('hex')).toBe('00000000000000030102030405060708');
    expect(rowSchemaVersion(meta, row(cell(token)))).toBe(3);
    expect(tokenOf(meta, row(cell(token)))).toEqual(token);
  });

  it('reads a row without the cell as version 0, and an entity without evolution as 0', () => {
    expect(rowSchemaVersion(meta, row(cell(Buffer.from('x'), 1000n, 'd', Buffer.from('text'))))).toBe(0);
    expect(tokenOf(meta, row())).toBeUndefined();
    expect(rowSchemaVersion(resolveEntity(Plain), row(cell(encodeToken(3, new Uint8Array(8)))))).toBe(0);
  });

  it('accepts a plain 8-byte version written by other tools, takes the newest cell, refuses short values', () => {
    const eight = Buffer.from('0000000000000002', 'hex');
    expect(rowSchemaVersion(meta, row(cell(eight)))).toBe(2);
    const newer = encodeToken(3, new Uint8Array(8).fill(9));
    expect(tokenOf(meta, row(cell(eight, 1000n), cell(newer, 2000n)))).toEqual(newer);
    const short = () => rowSchemaVersion(meta, row(cell(Buffer.from([0, 1]))));
    expect(short).toThrow(ValueEncodingError);
    expect(short).toThrow(
      /Note\.\(schema version\): cannot decode .* in row "n1" column d:_v .*at least 8 bytes/,
    );
    const negative = Buffer.from('ffffffffffffffff', 'hex');
    expect(() => rowSchemaVersion(meta, row(cell(negative)))).toThrow(/between 0 and 2\^53 - 1/);
  });

  it('round-trips any version and write id; the version range holds exactly the tokens of that version', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER }),
        fc.uint8Array({ minLength: 8, maxLength: 8 }),
        (version, id) => {
          const token = encodeToken(version, id);
          expect(tokenVersion(meta, Buffer.from('k'), token)).toBe(version);
          const { start, end } = versionTokenRange(version);
          expect(Buffer.compare(start, token) <= 0 && Buffer.compare(token, end) <= 0).toBe(true);
          const next = versionTokenRange(version + 1).start;
          expect(Buffer.compare(end, next) < 0).toBe(true);
        },
      ),
    );
  });
});

describe('whole saves of an evolving entity', () => {
  const note = Object.assign(new Note(), { id: 'n1', text: 'hi', tags: new Set(['a']) });

  it('replace the token cell at the save timestamp with the current version and a fresh write id', () => {
    const id = Uint8Array.from([9, 9, 9, 9, 9, 9, 9, 9]);
    const save = buildSaveMutations(meta, note, { now: () => 1_700_000_000_000, writeId: () => id });
    const token = encodeToken(3, id);
    expect(save.schemaToken).toEqual(token);
    expect(save.mutations.slice(-2)).toEqual([
      { kind: 'deleteFromColumn', family: 'd', qualifier: new Uint8Array(V) },
      {
        kind: 'setCell',
        family: 'd',
        qualifier: new Uint8Array(V),
        timestampMicros: 1_700_000_000_000_000n,
        value: token,
      },
    ]);
  });

  it('use a new random write id on every save', () => {
    const a = buildSaveMutations(meta, note).schemaToken!;
    const b = buildSaveMutations(meta, note).schemaToken!;
    expect(a.subarray(0, 8)).toEqual(b.subarray(0, 8));
    expect(Buffer.from(a).equals(Buffer.from(b))).toBe(false);
  });

  it('leave entities without evolution and update mutations without a token', () => {
    const plain = buildSaveMutations(
      resolveEntity(Plain),
      Object.assign(new Plain(), { id: 'p', text: 't' }),
    );
    expect(plain.schemaToken).toBeUndefined();
    expect('schemaToken' in plain).toBe(false);
    const update = buildUpdateMutations(meta, { id: 'n1' }, { text: 'x' }, { now: () => 1 });
    expect(update.mutations.some((m) => 'qualifier' in m && Buffer.from(m.qualifier).equals(V))).toBe(false);
  });
});
