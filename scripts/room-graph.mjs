// Draws the rooms of the house from the code's own imports: one box per room (a folder of src/, query/'s and
// write/'s sub-folders as rooms of their own, decorators/), one arrow per pair of rooms with imports between them,
// labelled with how many import lines run that way. Prints a Mermaid flowchart (GitHub renders it in Markdown).
//   node scripts/room-graph.mjs            the working tree
//   node scripts/room-graph.mjs DIR        another checkout, e.g. an older commit:
//     mkdir /tmp/before && git archive <commit> src decorators | tar -x -C /tmp/before && node scripts/room-graph.mjs /tmp/before
// errors/, model/ and observe/ are left out: every room may use them (eslint.config.js), so their arrows say nothing.
import { existsSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import { importsOf, sourceFiles } from './check-cycles.mjs';

const FLOOR = new Set(['errors', 'model', 'observe']);
const SPLIT = new Set(['query', 'write', 'codecs']);

/** The room of a file: `decorators`, `<folder>` under src/, or `<folder>/<sub>` for the rooms split in sub-rooms. */
export function roomOf(path) {
  const parts = path.split(sep);
  if (parts[0] === 'decorators') return 'decorators';
  const [, folder, sub] = parts;
  if (folder === undefined || folder.endsWith('.ts')) return 'index';
  if (SPLIT.has(folder) && sub !== undefined && !sub.endsWith('.ts')) return `${folder}/${sub}`;
  return folder;
}

/** Import counts between rooms: `from → to → n`, floor rooms and a room's imports of itself left out. */
export function roomEdges(root) {
  const edges = new Map();
  for (const dir of ['src', 'decorators']) {
    if (!existsSync(join(root, dir))) continue;
    for (const file of sourceFiles(join(root, dir))) {
      const from = roomOf(relative(root, file));
      for (const target of importsOf(file)) {
        const to = roomOf(relative(root, target));
        if (from === to || FLOOR.has(from) || FLOOR.has(to)) continue;
        const key = `${from}\u0000${to}`;
        edges.set(key, (edges.get(key) ?? 0) + 1);
      }
    }
  }
  return [...edges].map(([key, n]) => [...key.split('\u0000'), n]).sort();
}

function main() {
  const root = resolve(process.argv[2] ?? new URL('..', import.meta.url).pathname);
  const id = (room) => room.replace(/[^a-z0-9]/gi, '_');
  const lines = ['flowchart LR'];
  const rooms = new Set(roomEdges(root).flatMap(([from, to]) => [from, to]));
  for (const room of [...rooms].sort()) lines.push(`  ${id(room)}["${room}"]`);
  for (const [from, to, n] of roomEdges(root)) lines.push(`  ${id(from)} -->|${n}| ${id(to)}`);
  console.log(lines.join('\n'));
}

if (process.argv[1] !== undefined && resolve(process.argv[1]) === resolve(new URL(import.meta.url).pathname))
  main();
