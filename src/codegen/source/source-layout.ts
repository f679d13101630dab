/**
 * A TypeScript expression to lay out: an atom (printed as is), an object literal, an array literal or a call.
 *
 * @example
 * ```ts
 * const doc: SourceDoc = { call: 'Gc.maxAge', args: [{ object: [['days', '30']] }] };
 * ```
 */
export type SourceDoc =
  | string
  | { readonly object: readonly (readonly [string, SourceDoc])[] }
  | { readonly array: readonly SourceDoc[] }
  | { readonly call: string; readonly args: readonly SourceDoc[] };

/** The line width of the repository's prettier configuration, which generated code follows. */
export const PRINT_WIDTH = 110;

/**
 * One line of the expression, as prettier prints it when it fits.
 *
 * @example
 * ```ts
 * inlineDoc({ object: [['table', "'t'"]] }); // "{ table: 't' }"
 * ```
 */
export function inlineDoc(doc: SourceDoc): string {
  if (typeof doc === 'string') return doc;
  if ('object' in doc)
    return doc.object.length === 0
      ? '{}'
      : `{ ${doc.object.map(([k, v]) => `${k}: ${inlineDoc(v)}`).join(', ')} }`;
  if ('array' in doc) return `[${doc.array.map(inlineDoc).join(', ')}]`;
  return `${doc.call}(${doc.args.map(inlineDoc).join(', ')})`;
}

function entryCount(doc: SourceDoc): number {
  if (typeof doc === 'string' || 'call' in doc) return 0;
  return 'object' in doc ? doc.object.length : doc.array.length;
}

/**
 * True when prettier breaks the expression whatever the width: an array of two or more elements that are all
 * objects (or arrays) with more than one entry, or an expression containing one.
 *
 * @example
 * ```ts
 * mustBreak({ array: [{ object: [['a', '1'], ['b', '2']] }, { object: [['a', '3'], ['b', '4']] }] }); // true
 * ```
 */
export function mustBreak(doc: SourceDoc): boolean {
  if (typeof doc === 'string') return false;
  if ('object' in doc) return doc.object.some(([, v]) => mustBreak(v));
  if ('call' in doc) return doc.args.some(mustBreak);
  if (doc.array.length > 1 && doc.array.every((d) => entryCount(d) > 1)) return true;
  return doc.array.some(mustBreak);
}

/**
 * Lays out an expression the way prettier does with the repository's settings: on one line when it fits (given
 * `used` characters before it on the line and `after` after it), else objects and arrays one entry per line with
 * trailing commas, and a call hugging its last object or array argument.
 *
 * @example
 * ```ts
 * layoutDoc({ object: [['table', "'telemetry'"]] }, 0, 8, 2); // "{ table: 'telemetry' }"
 * ```
 */
export function layoutDoc(doc: SourceDoc, indent: number, used: number, after: number): string {
  const inline = inlineDoc(doc);
  if (typeof doc === 'string' || (!mustBreak(doc) && used + inline.length + after <= PRINT_WIDTH))
    return inline;
  const pad = ' '.repeat(indent + 2);
  const end = ' '.repeat(indent);
  if ('object' in doc) {
    const lines = doc.object.map(
      ([k, v]) => `${pad}${k}: ${layoutDoc(v, indent + 2, indent + 2 + k.length + 2, 1)},`,
    );
    return `{\n${lines.join('\n')}\n${end}}`;
  }
  if ('array' in doc) {
    const lines = doc.array.map((v) => `${pad}${layoutDoc(v, indent + 2, indent + 2, 1)},`);
    return `[\n${lines.join('\n')}\n${end}]`;
  }
  const last = doc.args.at(-1);
  if (last !== undefined && typeof last !== 'string' && !('call' in last)) {
    const head = `${doc.call}(${doc.args
      .slice(0, -1)
      .map((a) => `${inlineDoc(a)}, `)
      .join('')}`;
    if (used + head.length + 1 <= PRINT_WIDTH) return `${head}${layoutDoc(last, indent, PRINT_WIDTH, 1)})`;
  }
  const lines = doc.args.map((a) => `${pad}${layoutDoc(a, indent + 2, indent + 2, 1)},`);
  return `${doc.call}(\n${lines.join('\n')}\n${end})`;
}

/**
 * A string literal as prettier writes it (single quotes unless the text has more single than double quotes).
 *
 * @example
 * ```ts
 * quote("it's"); // "\"it's\""
 * ```
 */
export function quote(text: string): string {
  const singles = text.split("'").length - 1;
  const doubles = text.split('"').length - 1;
  const body = JSON.stringify(text).slice(1, -1);
  if (singles > doubles) return `"${body}"`;
  return `'${body.replace(/\\"/g, '"').replace(/'/g, "\\'")}'`;
}

/**
 * An object key: bare when it is an identifier, else quoted.
 *
 * @example
 * ```ts
 * propertyKey('stats-summary'); // "'stats-summary'"
 * ```
 */
export function propertyKey(name: string): string {
  return isIdentifier(name) ? name : quote(name);
}

/**
 * True for a plain JavaScript identifier (what a generated property or class name must be).
 *
 * @example
 * ```ts
 * isIdentifier('osBuild'); // true
 * ```
 */
export function isIdentifier(name: string): boolean {
  return /^[A-Za-z_$][A-Za-z0-9_$]*$/.test(name);
}
