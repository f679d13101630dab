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
  /** Index (in the returned array, always earlier) of the level whose key this one's extends; absent on the root. */
  readonly parent?: number;
  readonly segments: readonly SegmentSpec[];
  readonly encoding: KeyEncodingSpec;
  readonly inferences: readonly Inference[];
}

const WORD = /^[A-Za-z][A-Za-z0-9_-]*$/;
const MAX_DEPTH = 4;
/** Kinds of key (the root and every child kind, siblings included) a sample may split into. */
const MAX_KINDS = 8;

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

/** A kind of key while the tree is built: the keys of its subtree, its own keys, where its own fields are. */
interface Kind {
  readonly subtree: readonly number[];
  readonly own: readonly number[];
  /** Its key's number of fields, and the first of its own fields. */
  readonly count: number;
  readonly from: number;
  readonly literal?: string;
  readonly parent?: number;
  readonly evidence?: { readonly text: string; readonly confidence: Inference['confidence'] };
}

/**
 * The kinds of key in preorder (a parent before its children), or `undefined` when the keys do not form a tree:
 * under a kind of `n` fields, the longer keys are grouped by their field `n + 1`, a word (`m`, `u`), each group a
 * child kind whose shortest keys are its own and whose longer ones are its descendants.
 */
function kindsOf(split: readonly Uint8Array[][], keys: readonly Uint8Array[], d: number): Kind[] | undefined {
  const kinds: Kind[] = [];
  const build = (
    subtree: number[],
    from: number,
    depth: number,
    literal?: string,
    parent?: number,
  ): boolean => {
    const count = Math.min(...subtree.map((i) => split[i]!.length));
    if (count <= from || depth > MAX_DEPTH || kinds.length >= MAX_KINDS) return false;
    const own = subtree.filter((i) => split[i]!.length === count);
    let evidence: Kind['evidence'];
    if (parent !== undefined) {
      const at = kinds[parent]!.count;
      const parents = new Set(kinds[parent]!.own.map((i) => hex(keys[i]!)));
      const extending = own.filter((i) => parents.has(hex(fieldsOf(split[i]!, 0, at, d)))).length;
      if (extending === 0) return false;
      evidence = {
        text:
          `${own.length} sampled keys have ${count} fields, field ${at + 1} is always '${literal}', and ` +
          `${extending}/${own.length} of them extend a sampled key of ${at} fields`,
        confidence: confidenceOf(extending, own.length),
      };
    }
    const id =
      kinds.push({
        subtree,
        own,
        count,
        from,
        ...(literal === undefined ? {} : { literal, parent: parent! }),
        ...(evidence ? { evidence } : {}),
      }) - 1;
    const byWord = new Map<string, number[]>();
    for (const i of subtree) {
      if (split[i]!.length === count) continue;
      const word = utf8DecodeStrict(split[i]![count]!);
      if (word === undefined || !WORD.test(word)) return false;
      byWord.set(word, [...(byWord.get(word) ?? []), i]);
    }
    // Siblings in word order, so the same keys always give the same entities.
    return [...byWord.keys()]
      .sort()
      .every((word) => build(byWord.get(word)!, count + 1, depth + 1, word, id));
  };
  const all = split.map((_, i) => i);
  return build(all, 0, 1) && kinds.length >= 2 ? kinds : undefined;
}

/**
 * Hierarchical keys in a sample (`video#v1`, `video#v1#c#<ts>`; `0123`, `0123#payment#0680`; siblings such as
 * `conv#1#m#<ts>` and `conv#1#u#<member>` under `conv#1`): a tree of kinds of key, up to 4 deep and 8 in all, where
 * each child kind is its parent kind's key, then one word (the same in all its keys, a different one per sibling),
 * then at least one field of its own, and at least one sampled key of each child kind extends a sampled key of its
 * parent kind. Each kind's own fields are inferred from its keys and its descendants' (so a parent key part has the
 * type every key agrees on). Levels come parents first (preorder, siblings in word order); `undefined` when the
 * sample does not look like that.
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
  const kinds = kindsOf(split, keys, d);
  if (kinds === undefined) return undefined;
  const levels: HierarchyLevel[] = [];
  // Key part names are handed out in preorder: the root's, then each child's (siblings in word order).
  let named = 0;
  for (const kind of kinds) {
    const { from, count: to, literal } = kind;
    const sample = kind.subtree.map((i) => fieldsOf(split[i]!, from, to, d));
    const names = Array.from({ length: to - from }, (_, i) => keyNames[named + i] ?? `part${named + i + 1}`);
    const own = inferKeyLayout(sample, names, delimiter);
    if (own.encoding.kind !== 'delimited') return undefined;
    const parentSegments = kind.parent === undefined ? [] : levels[kind.parent]!.segments;
    const segments: SegmentSpec[] = [
      ...parentSegments,
      ...(literal === undefined ? [] : [{ type: 'literal' as const, value: literal }]),
      ...own.segments,
    ];
    const ownParts = own.segments.filter((s) => s.type !== 'literal' && s.type !== 'salt').length;
    named += ownParts;
    const inferences: Inference[] = [
      ...(kind.evidence === undefined
        ? []
        : [
            {
              subject: 'key',
              conclusion: `a child key: the parent's key, '${literal}', then ${ownParts} part(s) of its own`,
              evidence: kind.evidence.text,
              confidence: kind.evidence.confidence,
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
      rows: kind.own.map((i) => rows[i]!),
      ...(literal === undefined ? {} : { literal, parent: kind.parent! }),
      segments,
      encoding: own.encoding,
      inferences,
    });
  }
  return levels;
}
