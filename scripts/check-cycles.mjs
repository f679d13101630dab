// Fails when the import graph of src/ and decorators/ has a cycle (type-only imports count: a cycle of types is
// still two files that cannot be read, moved or layered apart). Run by `npm test` next to lint; `node
// scripts/check-cycles.mjs` prints the files of every cycle found.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const root = new URL('..', import.meta.url).pathname;
const ROOTS = ['src', 'decorators'];

export function sourceFiles(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return path.endsWith('.ts') && !path.endsWith('.d.ts') ? [path] : [];
  });
}

/** The relative modules a file imports or re-exports (`import type` too), as absolute `.ts` paths. */
export function importsOf(file) {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, false);
  const targets = [];
  for (const statement of source.statements) {
    const specifier =
      (ts.isImportDeclaration(statement) || ts.isExportDeclaration(statement)) && statement.moduleSpecifier;
    if (!specifier || !ts.isStringLiteral(specifier) || !specifier.text.startsWith('.')) continue;
    targets.push(resolve(dirname(file), specifier.text.replace(/\.js$/, '.ts')));
  }
  return targets;
}

/** The strongly connected components with more than one file (or a file importing itself): Tarjan's algorithm. */
export function findCycles(graph) {
  let index = 0;
  const indices = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const cycles = [];
  const visit = (node) => {
    indices.set(node, index);
    low.set(node, index);
    index++;
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!graph.has(next)) continue;
      if (!indices.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node), low.get(next)));
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node), indices.get(next)));
      }
    }
    if (low.get(node) !== indices.get(node)) return;
    const component = [];
    let member;
    do {
      member = stack.pop();
      onStack.delete(member);
      component.push(member);
    } while (member !== node);
    if (component.length > 1 || (graph.get(node) ?? []).includes(node)) cycles.push(component.reverse());
  };
  for (const node of graph.keys()) if (!indices.has(node)) visit(node);
  return cycles;
}

/** Checks src/ and decorators/ and exits non-zero on a cycle. */
function main() {
  const graph = new Map(
    ROOTS.flatMap((dir) => sourceFiles(join(root, dir))).map((file) => [file, importsOf(file)]),
  );
  const cycles = findCycles(graph);
  for (const cycle of cycles) {
    console.error(`import cycle between: ${cycle.map((file) => relative(root, file)).join(', ')}`);
  }
  if (cycles.length > 0) {
    console.error(`${cycles.length} import cycle(s): move the shared types down to the floor of their room.`);
    process.exit(1);
  }
  console.log(`no import cycles in ${graph.size} files`);
}

if (process.argv[1] !== undefined && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
