import { expect, it } from 'vitest';
import { Order } from './snippets/order.js';

// The canary of the two vitest projects (vitest.config.ts): the examples and the docs' code really are compiled as
// legacy decorators in one and as TC39 standard decorators in the other. Only a standard-decorated class carries
// its decorator metadata under Symbol.metadata (context.metadata), so this fails if a project's mode is not the
// one it is named after.
it('the docs’ entities are compiled in the decorator mode the vitest project is named after', ({ task }) => {
  const project = task.file.projectName;
  expect(['legacy', 'standard']).toContain(project);
  // Installed by bigtable-mapper/decorators where Node lacks it; ES2023's lib does not declare it.
  const metadata = (Symbol as { metadata?: symbol }).metadata!;
  expect(Object.hasOwn(Order, metadata), `project ${project}`).toBe(project === 'standard');
});
