import type { KeyEncodingSpec, SegmentSpec } from '../codecs/key/key-codec-types.js';
import type { MetadataProblem } from '../errors/metadata-error.js';
import { bytesEqual } from '../codecs/key/bytes.js';
import { stringCodec } from '../codecs/value/string-codec.js';
import type { EntityOptions } from './declaration-args.js';
import type { EntityClass, EntityMetadata, KeyPartMetadata } from './entity-metadata.js';

/**
 * What a child entity's key starts with: the parent's segments (and the literal after them) and named parts.
 *
 * @example
 * ```ts
 * const head: ParentKeyHead = { parent: Video, segments: [], parts: [], encoding: { kind: 'orderedCode' } };
 * ```
 */
export interface ParentKeyHead {
  readonly parent: EntityClass;
  readonly segments: readonly SegmentSpec[];
  readonly parts: readonly KeyPartMetadata[];
  readonly encoding: KeyEncodingSpec;
}

/** Resolves a parent class; throws MetadataError when the parent itself is invalid. */
export type ParentResolver = (parent: EntityClass) => EntityMetadata;

function toBytes(value: string | Uint8Array): Uint8Array {
  return typeof value === 'string' ? stringCodec.encode(value) : new Uint8Array(value);
}

function encodingProblem(options: EntityOptions, parent: EntityMetadata): string | undefined {
  const inherited = parent.key.encoding;
  if (options.encoding !== undefined && options.encoding !== inherited.kind)
    return `encoding ${options.encoding} differs from parent ${parent.name}'s ${inherited.kind}; a child key extends its parent's key, so it keeps its encoding (leave encoding out)`;
  if (
    options.delimiter !== undefined &&
    (inherited.kind !== 'delimited' || !bytesEqual(toBytes(options.delimiter), inherited.delimiter))
  )
    return `delimiter differs from parent ${parent.name}'s; a child key keeps its parent's delimiter (leave delimiter out)`;
  return undefined;
}

/**
 * The head of a hierarchical key (`@Entity({ parent, literal })`): the parent's whole key, then the literal. Problems:
 * the parent is invalid or in another table, the encoding or delimiter disagrees with the parent's.
 *
 * @example
 * ```ts
 * const head = resolveParentKey('Comment', { table: 'media', parent: Video, literal: 'c' }, problems, resolveEntity);
 * ```
 */
export function resolveParentKey(
  entity: string,
  options: EntityOptions,
  problems: MetadataProblem[],
  resolveParent: ParentResolver,
): ParentKeyHead | undefined {
  const parentClass = options.parent;
  if (parentClass === undefined) return undefined;
  let parent: EntityMetadata;
  try {
    parent = resolveParent(parentClass);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    problems.push({ entity, message: `parent ${parentClass.name} cannot be resolved: ${reason}` });
    return undefined;
  }
  const before = problems.length;
  if (parent.table !== options.table)
    problems.push({
      entity,
      message: `parent ${parent.name} is stored in table ${parent.table}, not ${options.table}; a hierarchical key only makes rows adjacent within one table`,
    });
  const mismatch = encodingProblem(options, parent);
  if (mismatch) problems.push({ entity, message: mismatch });
  if (problems.length > before) return undefined;
  const literal: SegmentSpec[] =
    options.literal === undefined ? [] : [{ type: 'literal', value: options.literal }];
  return {
    parent: parentClass,
    segments: [...parent.key.segments, ...literal],
    parts: parent.key.parts,
    encoding: parent.key.encoding,
  };
}
