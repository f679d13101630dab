import type { KeyEncodingSpec, SegmentSpec } from '../../codecs/key/key-codec-types.js';
import { utf8DecodeStrict } from '../../codecs/key/utf8.js';
import type { RowData } from '../../model/row-data.js';
import { findKeyDelimiter, inferKeyLayout, splitKey } from './infer-key-layout.js';
import type { Inference } from './inference.js';
import { confidenceOf } from './inference.js';

/**
 * One level of a hierarchy of keys inferred from sampled rows: its rows, its whole key (the parent's key, the
 * literal, then its own parts), and for a child the literal after its parent's key.
 *
 * @example
 * ```ts
 * const level: HierarchyLevel = { rows: [], literal: 'c', segments: [], encoding: { kind: 'orderedCode' }, inferences: [] };
 * ```
 */
export interface HierarchyLevel {
  readonly rows: readonly RowData[];
  /** The literal between the parent's key and this level's own fields; absent on the first level. */
  readonly literal?: string;
  readonly segments: readonly SegmentSpec[];
  readonly encoding: KeyEncodingSpec;
  readonly inferences: readonly Inference[];
}

const WORD = /^[A-Za-z][A-Za-z0-9_-]*$/;
const MAX_LEVELS = 4;

const hex = (bytes: Uint8Array): string => [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');

/** The bytes of fields [from, to) of a delimited key, delimiters between them. */
function fieldsOf(fields: readonly Uint8Array[], from: number, to: number, delimiter: number): Uint8Array {
  const parts = fields.slice(from, to);
  const out: number[] = [];
  parts.forEach((part, i) => {
    if (i > 0) out.push(delimiter);
    out.push(...part);
  });
  return Uint8Array.from(out);
}

/**
 * Hierarchical keys in a sample (`video#v1`, `video#v1#c#<ts>`; `0123`, `0123#payment#0680`): rows whose keys have
 * 2–4 different numbers of delimited fields, where each longer kind of key is a shorter kind's key, then the same
 * word in every key, then at least one field of its own, and at least one sampled longer key extends a sampled
 * shorter key. Each level's own fields are inferred from the keys of that level and below (so a parent key part
 * has the type every key agrees on). `undefined` when the sample does not look like that.
 *
 * @example
 * ```ts
 * const levels = inferHierarchy(sample.rows); // [videos, comments] or undefined
 * ```
 */
export function inferHierarchy(
  rows: readonly RowData[],
  keyNames: readonly string[] = [],
): HierarchyLevel[] | undefined {
  const keys = rows.map((r) => r.key);
  // The shortest keys (a parent with one field) need not contain the delimiter.
  const delimiter = findKeyDelimiter(keys.filter((k) => findKeyDelimiter([k]) !== undefined));
  if (delimiter === undefined) return undefined;
  const d = delimiter.charCodeAt(0);
  const split = keys.map((k) => splitKey(k, delimiter));
  const counts = [...new Set(split.map((f) => f.length))].sort((a, b) => a - b);
  if (counts.length < 2 || counts.length > MAX_LEVELS) return undefined;
  const levelOf = (i: number): number => counts.indexOf(split[i]!.length);
  const literals: (string | undefined)[] = [undefined];
  const evidence: { text: string; confidence: Inference['confidence'] }[] = [];
  for (let level = 1; level < counts.length; level++) {
    const at = counts[level - 1]!;
    if (counts[level]! < at + 2) return undefined;
    const members = split.flatMap((fields, i) => (levelOf(i) === level ? [fields] : []));
    const words = new Set(members.map((fields) => utf8DecodeStrict(fields[at]!)));
    const [word] = words;
    if (words.size !== 1 || word === undefined || !WORD.test(word)) return undefined;
    const parents = new Set(split.flatMap((fields, i) => (levelOf(i) === level - 1 ? [hex(keys[i]!)] : [])));
    const extending = members.filter((fields) => parents.has(hex(fieldsOf(fields, 0, at, d)))).length;
    if (extending === 0) return undefined;
    literals.push(word);
    evidence.push({
      text:
        `${members.length} sampled keys have ${counts[level]} fields, field ${at + 1} is always '${word}', and ` +
        `${extending}/${members.length} of them extend a sampled key of ${at} fields`,
      confidence: confidenceOf(extending, members.length),
    });
  }
  const levels: HierarchyLevel[] = [];
  let parent: { segments: readonly SegmentSpec[]; parts: number } = { segments: [], parts: 0 };
  for (let level = 0; level < counts.length; level++) {
    const from = level === 0 ? 0 : counts[level - 1]! + 1;
    const to = counts[level]!;
    const sample = split.flatMap((fields, i) => (levelOf(i) >= level ? [fieldsOf(fields, from, to, d)] : []));
    const names = Array.from({ length: to - from }, (_, i) => {
      const n = parent.parts + i;
      return keyNames[n] ?? `part${n + 1}`;
    });
    const own = inferKeyLayout(sample, names, delimiter);
    if (own.encoding.kind !== 'delimited') return undefined;
    const literal = literals[level];
    const segments: SegmentSpec[] = [
      ...parent.segments,
      ...(literal === undefined ? [] : [{ type: 'literal' as const, value: literal }]),
      ...own.segments,
    ];
    const ownParts = own.segments.filter((s) => s.type !== 'literal' && s.type !== 'salt').length;
    const inferences: Inference[] = [
      ...(literal === undefined
        ? []
        : [
            {
              subject: 'key',
              conclusion: `a child key: the parent's key, '${literal}', then ${ownParts} part(s) of its own`,
              evidence: evidence[level - 1]!.text,
              confidence: evidence[level - 1]!.confidence,
            },
          ]),
      // The layout's own first inference describes the fields cut out of the keys: say so in terms of whole keys.
      {
        subject: 'key',
        conclusion: `delimited by '${delimiter}', ${to} fields, ${to - from} of them its own`,
        evidence: `${sample.length}/${sample.length} sampled keys of this kind and longer ones have fields ${from + 1}–${to} at '${delimiter}'`,
        confidence: confidenceOf(sample.length, sample.length),
      },
      ...own.inferences.slice(1),
    ];
    levels.push({
      rows: rows.filter((_, i) => levelOf(i) === level),
      ...(literal === undefined ? {} : { literal }),
      segments,
      encoding: own.encoding,
      inferences,
    });
    parent = { segments, parts: parent.parts + ownParts };
  }
  return levels;
}
