import { readFileSync } from 'node:fs';

/**
 * Reads one of Google's conformance files vendored under `vectors/` (see vectors/SOURCES.md). Resolved from this
 * file, never from the working directory or anything outside the repository, so a fresh clone runs as it is.
 */
export function readVectorFile(name: string): unknown {
  return JSON.parse(readFileSync(new URL(`./vectors/${name}`, import.meta.url), 'utf8'));
}
