import { describe, it } from 'vitest';
import { buildSaveMutations } from '../../../src/mapping/build-save-mutations.js';
import { resolveEntity } from '../../../src/metadata/resolve-entity.js';
import {
  sampleVideo,
  videoWithDecorators,
  videoWithDefineEntity,
} from '../../fixtures/entities/video-entity.js';
import { expectGolden } from '../../support/golden-file.js';
import { renderSave } from './render-mutations.js';

const golden = (name: string): URL => new URL(`./__golden__/${name}`, import.meta.url);

// A fixed clock makes the save timestamp (and so the whole mutation list) reproducible.
const NOW = () => Date.UTC(2024, 5, 1, 12, 0, 0, 250);
// And a fixed write id the version cell (version ‖ write id) carries.
const writeId = (): Uint8Array => new TextEncoder().encode('write-id');

describe('golden mutation lists of a whole-entity save', () => {
  const Video = videoWithDecorators('golden_video');
  const meta = resolveEntity(Video);

  it('every column kind, all present', () => {
    const video = Object.assign(sampleVideo(Video), { likes: 10n, views: 3n, peak: 9, version: 4n });
    expectGolden(
      renderSave('Video, every column present', buildSaveMutations(meta, video, { now: NOW, writeId })),
      golden('video-every-column.txt'),
    );
  });

  it('absent optionals, nulls, empty maps/sets and history, new entity', () => {
    const video = Object.assign(sampleVideo(Video), {
      archivedAt: undefined,
      cover: null,
      reading: undefined,
      thumbnail: null,
      comments: [],
      formats: new Map(),
      chunks: new Map(),
      tags: new Set(),
      version: 0n,
    });
    expectGolden(
      renderSave('Video, everything optional absent', buildSaveMutations(meta, video, { now: NOW, writeId })),
      golden('video-absent.txt'),
    );
  });

  it('is identical for the entity declared with defineEntity()', () => {
    const Defined = videoWithDefineEntity('golden_video');
    const save = buildSaveMutations(
      resolveEntity(Defined),
      Object.assign(sampleVideo(Defined), { likes: 10n, views: 3n, peak: 9, version: 4n }),
      { now: NOW, writeId },
    );
    expectGolden(renderSave('Video, every column present', save), golden('video-every-column.txt'));
  });
});
