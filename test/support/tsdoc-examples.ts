// Type-checks the ```ts examples of TSDoc comments. Each example becomes a virtual module next to the file it
// documents, which sees: the public API (`bigtable-mapper`, `/decorators`, `/testing`, `/testing/vitest`), every
// export of the documented file itself (so an internal helper's example can call it), and the shared prelude of
// free variables (test/support/tsdoc-prelude.d.ts: `mapper`, `devices`, `conn`, entity classes, ...). Everything
// else is an error, unknown identifiers included: an example must compile as written.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import ts from 'typescript';

/** One ```ts block of a TSDoc comment. */
export interface TsdocExample {
  /** Repository-relative path of the documented file. */
  readonly file: string;
  /** 1-based line of the first line of code in the documented file. */
  readonly line: number;
  readonly code: string;
}

/** A failing example: where it is and the compiler's messages (lines relative to the documented file). */
export interface ExampleFailure {
  readonly at: string;
  readonly messages: readonly string[];
}

const PUBLIC_ENTRIES = [
  'bigtable-mapper',
  'bigtable-mapper/decorators',
  'bigtable-mapper/testing',
  'bigtable-mapper/testing/vitest',
  'bigtable-mapper/metadata',
  'bigtable-mapper/keys',
  'bigtable-mapper/raw',
  'bigtable-mapper/observe',
  'bigtable-mapper/backfill',
  'bigtable-mapper/schema',
  'bigtable-mapper/codegen',
  'bigtable-mapper/lint',
] as const;

/**
 * Every ```ts block inside a `/** … *\/` comment of `source`.
 *
 * @example
 * ```ts
 * extractExamples('src/a.ts', '/**\n * ```ts\n * f();\n * ```\n *\/'); // [{ file: 'src/a.ts', line: 3, code: 'f();' }]
 * ```
 */
export function extractExamples(file: string, source: string): TsdocExample[] {
  const out: TsdocExample[] = [];
  const lines = source.split('\n');
  let inComment = false;
  let block: { line: number; code: string[] } | undefined;
  lines.forEach((raw, index) => {
    const text = raw.trim();
    if (!inComment && text.startsWith('/**')) inComment = true;
    if (inComment) {
      const content = raw.replace(/^\s*(\/\*\*|\*\/|\*(?!\/))? ?/, '');
      if (block) {
        if (/^\s*```\s*$/.test(content) || text.endsWith('*/')) {
          out.push({ file, line: block.line, code: block.code.join('\n') });
          block = undefined;
        } else block.code.push(content);
      } else if (/^```(ts|typescript)\s*$/.test(content.trim())) {
        block = { line: index + 2, code: [] };
      }
    }
    if (text.endsWith('*/')) inComment = false;
  });
  return out;
}

/** Every example of the .ts files under `dirs` (relative to `root`), in path order. */
export function collectExamples(root: string, dirs: readonly string[]): TsdocExample[] {
  const files: string[] = [];
  const walk = (dir: string): void => {
    for (const entry of readdirSync(join(root, dir), { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts')) files.push(path);
    }
  };
  dirs.forEach(walk);
  return files.sort().flatMap((file) => extractExamples(file, readFileSync(join(root, file), 'utf8')));
}

/** A snippet made only of decorated class members (`@Column(...) views!: bigint;`) is checked inside a class. */
function isMemberSnippet(code: string): boolean {
  const lines = code.split('\n').filter((l) => l.trim() !== '' && !l.trim().startsWith('//'));
  return lines.length > 0 && lines.every((l) => /^\s*@\w+(\(.*\))?\s+(readonly\s+)?\w+[!?]?\s*[:=]/.test(l));
}

/**
 * The elisions examples may use: `{ ... }` (a body left out), `, ... }` / `; ... }` (more entries or statements), and class
 * decorators shown alone (they decorate an empty class).
 */
function normalise(code: string): string {
  let out = code.replace(/\{\s*\.\.\.\s*\}/g, '{}').replace(/([,;])\s*\.\.\.\s*([}\])])/g, '$1 $2');
  const lines = out.split('\n').filter((l) => l.trim() !== '' && !l.trim().startsWith('//'));
  if (lines.length > 0 && lines.every((l) => /^\s*@\w+(\(.*\))?\s*$/.test(l)))
    out += '\nclass __Decorated {}';
  return out;
}

function exportedNames(program: ts.Program, file: string): string[] {
  const checker = program.getTypeChecker();
  const source = program.getSourceFile(file);
  const symbol = source && checker.getSymbolAtLocation(source);
  return symbol ? checker.getExportsOfModule(symbol).map((s) => s.name) : [];
}

/**
 * Type-checks `examples` against the project's `tsconfig` and returns the failing ones.
 *
 * @example
 * ```ts
 * const failures = checkExamples(root, collectExamples(root, ['src']), 'test/support/tsdoc-prelude.d.ts');
 * ```
 */
export function checkExamples(
  root: string,
  examples: readonly TsdocExample[],
  prelude: string,
): ExampleFailure[] {
  const config = ts.getParsedCommandLineOfConfigFile(
    join(root, 'tsconfig.json'),
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (d) => {
        throw new Error(ts.flattenDiagnosticMessageText(d.messageText, '\n'));
      },
    },
  );
  if (!config) throw new Error('tsconfig.json could not be read');
  // The generated imports may bring types in as values: that is a property of the harness, not of the example.
  const options: ts.CompilerOptions = {
    ...config.options,
    noEmit: true,
    noUnusedLocals: false,
    verbatimModuleSyntax: false,
    isolatedModules: false,
  };

  // Names each public entry point exports, and each documented file, read from the real program.
  const entryFiles = Object.fromEntries(
    PUBLIC_ENTRIES.map((e) => [e, join(root, (config.options.paths?.[e] ?? [])[0] ?? '')]),
  );
  const documented = [...new Set(examples.map((e) => join(root, e.file)))];
  const base = ts.createProgram({
    rootNames: [...Object.values(entryFiles), ...documented],
    options,
  });
  const publicNames = new Map<string, string>(); // name → entry point (first wins)
  for (const entry of PUBLIC_ENTRIES)
    for (const name of exportedNames(base, entryFiles[entry]!))
      if (!publicNames.has(name)) publicNames.set(name, entry);

  const virtual = new Map<string, { text: string; example: TsdocExample; offset: number }>();
  examples.forEach((original, index) => {
    const example = { ...original, code: normalise(original.code) };
    const host = join(root, example.file);
    const declared = new Set(
      [
        ...example.code.matchAll(
          /\b(?:class|const|let|var|function|interface|type|enum)\s+([A-Za-z_$][\w$]*)/g,
        ),
      ].map((m) => m[1]!),
    );
    const used = (name: string): boolean =>
      !declared.has(name) && new RegExp(`\\b${name}\\b`).test(example.code);
    const own = new Set(exportedNames(base, host).filter(used));
    const imports: string[] = [];
    const spec = './' + relative(dirname(host), host).replace(/\.ts$/, '.js');
    if (own.size > 0) imports.push(`import { ${[...own].join(', ')} } from '${spec}';`);
    const byEntry = new Map<string, string[]>();
    for (const [name, entry] of publicNames) {
      if (own.has(name) || !used(name)) continue;
      byEntry.set(entry, [...(byEntry.get(entry) ?? []), name]);
    }
    for (const [entry, names] of byEntry) imports.push(`import { ${names.join(', ')} } from '${entry}';`);
    if (/\bprotobuf\./.test(example.code) && !/import\s+(\*\s+as\s+)?protobuf\b/.test(example.code))
      imports.push(`import protobuf from 'protobufjs';`);
    // The example's own imports win over the prelude's: drop prelude imports of names it imports itself.
    const explicit = new Set(
      [...example.code.matchAll(/import\s+(?:type\s+)?\{([^}]*)\}/g)].flatMap((m) =>
        m[1]!.split(',').map((n) =>
          n
            .trim()
            .split(/\s+as\s+/)
            .pop()!,
        ),
      ),
    );
    const header = imports
      .map((line) =>
        line.replace(/\{ ([^}]*) \}/, (_, names: string) => {
          const kept = names.split(', ').filter((n) => !explicit.has(n));
          return `{ ${kept.join(', ')} }`;
        }),
      )
      .filter((line) => !line.startsWith('import {  }'));
    const member = isMemberSnippet(example.code);
    const lines = [...header, 'export {};', ...(member ? ['class __Example {'] : []), example.code];
    if (member) lines.push('}');
    const offset = header.length + 1 + (member ? 1 : 0);
    const path = join(dirname(host), `__tsdoc_example_${index}__.ts`);
    virtual.set(path, { text: `${lines.join('\n')}\n`, example, offset });
  });

  const compile = (): ts.Program => {
    const host = ts.createCompilerHost(options);
    const getSourceFile = host.getSourceFile.bind(host);
    host.getSourceFile = (name, language, onError, create) => {
      const v = virtual.get(name);
      return v ? ts.createSourceFile(name, v.text, language) : getSourceFile(name, language, onError, create);
    };
    const fileExists = host.fileExists.bind(host);
    host.fileExists = (name) => virtual.has(name) || fileExists(name);
    const readFile = host.readFile.bind(host);
    host.readFile = (name) => virtual.get(name)?.text ?? readFile(name);
    return ts.createProgram({
      rootNames: [...virtual.keys(), join(root, prelude)],
      options,
      host,
      oldProgram: base,
    });
  };
  const diagnosticsOf = (program: ts.Program, path: string): ts.Diagnostic[] => {
    const source = program.getSourceFile(path)!;
    return [...program.getSyntacticDiagnostics(source), ...program.getSemanticDiagnostics(source)];
  };

  // Unknown lower-case names (`meta`, `key`, `row`: the example's local context) are declared `any` in a second
  // pass; unknown capitalised names (classes, types, namespaces) stay errors, and so does everything else.
  let program = compile();
  for (const [path, v] of virtual) {
    const free = new Set<string>();
    for (const d of diagnosticsOf(program, path)) {
      if (d.code !== 2304 && d.code !== 2552 && d.code !== 18004) continue;
      const name = /'([a-z_$][\w$]*)'/.exec(ts.flattenDiagnosticMessageText(d.messageText, ' '))?.[1];
      if (name) free.add(name);
    }
    if (free.size === 0) continue;
    const declarations = [...free].map((n) => `declare let ${n}: any;`).join(' ');
    virtual.set(path, { ...v, text: v.text.replace('export {};', `export {}; ${declarations}`) });
  }
  program = compile();

  const failures: ExampleFailure[] = [];
  for (const [path, { example, offset }] of virtual) {
    const source = program.getSourceFile(path)!;
    const diagnostics = diagnosticsOf(program, path);
    if (diagnostics.length === 0) continue;
    failures.push({
      at: `${example.file}:${example.line}`,
      messages: diagnostics.map((d) => {
        const line = d.start === undefined ? 0 : source.getLineAndCharacterOfPosition(d.start).line - offset;
        return `${example.file}:${example.line + Math.max(0, line)}: ${ts.flattenDiagnosticMessageText(d.messageText, ' ')}`;
      }),
    });
  }
  return failures;
}
