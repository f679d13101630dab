// 'bigtable-mapper/studio': the local web UI over a mapper's entities (docs/studio.md). `npx bigtable-mapper studio`
// is the everyday way in; `startStudio` runs the same server in-process (tests, a dev server of your own).
export { startStudio } from './server/start-studio.js';
export type { StudioOptions, StudioServer } from './server/start-studio.js';
export { studioAssetsDir } from './assets-dir.js';
