import { parse as parseYaml } from 'yaml';

/**
 * A schema file's text as a document: JSON when `format` says so or, with `'auto'`, when the text starts with `{`;
 * YAML otherwise. A text that does not parse goes to `refuse` with the format's name and the parser's error, so that
 * each file format reports it with its own error class. The one JSON-or-YAML loader of the row-key schema files and
 * the families files.
 *
 * @example
 * ```ts
 * const doc = loadDocument('fields: []', 'auto', (format, error) => {
 *   throw new InvalidArgumentError({ api: 'load', argument: 'text', value: format, expected: String(error) });
 * });
 * ```
 */
export function loadDocument(
  text: string,
  format: 'yaml' | 'json' | 'auto',
  refuse: (format: 'JSON' | 'YAML', error: unknown) => never,
): unknown {
  const json = format === 'json' || (format === 'auto' && text.trimStart().startsWith('{'));
  try {
    return json ? JSON.parse(text) : parseYaml(text);
  } catch (error) {
    return refuse(json ? 'JSON' : 'YAML', error);
  }
}
