import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { roomEdges, roomOf } from '../../../scripts/room-graph.mjs';

describe('room-graph (scripts/room-graph.mjs, the drawing of docs/architecture.md)', () => {
  it('names rooms by folder, with query/, write/ and codecs/ sub-folders as rooms of their own', () => {
    expect(roomOf('src/repository/repository.ts')).toBe('repository');
    expect(roomOf('src/query/index.ts')).toBe('query');
    expect(roomOf('src/query/executor/run-query-plan.ts')).toBe('query/executor');
    expect(roomOf('src/write/batch/save-many.ts')).toBe('write/batch');
    expect(roomOf('src/index.ts')).toBe('index');
    expect(roomOf('decorators/column.ts')).toBe('decorators');
  });

  it('finds the façade entering query only through its door', () => {
    const root = fileURLToPath(new URL('../../..', import.meta.url));
    const fromRepository = roomEdges(root).filter(([from]) => from === 'repository');
    expect(fromRepository.map(([, to]) => to)).toContain('query');
    expect(fromRepository.filter(([, to]) => to.startsWith('query/'))).toEqual([]);
  });
});
