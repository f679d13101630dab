// A whole-entity read sends the cheapest filter that keeps the hydrated result exact (issue 14): the newest cell
// per column alone when nothing else matters, the per-family filter when a GC rule or a cell history does.
import { describe, expect, it } from 'vitest';
import { Column, Entity, Family, Gc, KeyPart, QualifierSet } from '../../../../decorators/index.js';
import { getEntityMetadata } from '../../../../src/metadata/entity-registry.js';
import {
  entityReadFilter,
  wholeEntityReadFilter,
} from '../../../../src/query/compiler/filters/entity-read-filter.js';

@Entity({ table: 'filter_plain' })
@Family('d')
@Family('tags')
class Plain {
  @KeyPart(0, 'string') id!: string;
  @Column({ family: 'd', codec: 'string' }) name!: string;
  @QualifierSet({ family: 'tags', key: 'string' }) tags!: Set<string>;
}

@Entity({ table: 'filter_gc' })
@Family('d')
@Family('recent', { gc: Gc.maxAge({ days: 7 }) })
class WithGc {
  @KeyPart(0, 'string') id!: string;
  @Column({ family: 'd', codec: 'string' }) name!: string;
  @Column({ family: 'recent', codec: 'string' }) note!: string;
}

@Entity({ table: 'filter_history' })
@Family('d')
class WithHistory {
  @KeyPart(0, 'string') id!: string;
  @Column({ family: 'd', codec: 'string', versioned: true }) name!: { timestamp: Date; value: string }[];
}

const now = Date.UTC(2026, 0, 1);

describe('wholeEntityReadFilter', () => {
  it('is the newest cell per column alone when no family has a GC rule or a history', () => {
    expect(wholeEntityReadFilter(getEntityMetadata(Plain), now)).toEqual({ cellsPerColumnLimit: 1 });
  });

  it('keeps a per-family filter when a GC rule must hide expired cells of one family only', () => {
    const meta = getEntityMetadata(WithGc);
    expect(wholeEntityReadFilter(meta, now)).toEqual(entityReadFilter(meta, now));
    expect(wholeEntityReadFilter(meta, now)).not.toEqual({ cellsPerColumnLimit: 1 });
  });

  it('reads every cell, with no filter, when every family keeps its whole history', () => {
    expect(wholeEntityReadFilter(getEntityMetadata(WithHistory), now)).toBeUndefined();
  });
});
