import { createKeyCodec } from '../codecs/key/index.js';
import type { KeyEncodingSpec, SegmentSpec } from '../codecs/key/key-codec-types.js';
import { stringCodec } from '../codecs/value/string-codec.js';
import type { MetadataProblem } from '../errors/metadata-error.js';
import type { EntityOptions, KeyPartOptions } from './declaration-args.js';
import type { DesignType, KeyPartRecord } from './declaration-records.js';
import type { KeyMetadata, KeyPartMetadata } from './entity-metadata.js';
import type { MergedDeclarations } from './merge-declarations.js';
import { deepFreeze } from './deep-freeze.js';
import { designTypeMismatch } from './resolve-codec.js';
import { resolveParentKey } from './resolve-parent-key.js';
import type { ParentResolver } from './resolve-parent-key.js';

const BIGINT = BigInt as unknown as DesignType;
const DEFAULT_DELIMITER = '#';

// A plain copy: the string codec may hand back a pooled Buffer, and metadata is long-lived and shown to users.
function toBytes(value: string | Uint8Array): Uint8Array {
  return new Uint8Array(typeof value === 'string' ? stringCodec.encode(value) : value);
}

/** The JS type a key part holds, for the design:type cross-check. */
function keyPartDesignTypes(options: KeyPartOptions): readonly DesignType[] {
  switch (options.type) {
    case 'string':
    case 'reversedDomain':
      return [String];
    case 'bytes':
      return [Uint8Array, Buffer];
    case 'int64':
    case 'reversedInt64':
      return options.as === 'number' ? [Number] : [BIGINT];
    case 'timestamp':
    case 'reversedTimestamp':
      return options.as === 'micros' ? [BIGINT] : [Date];
  }
}

/**
 * Builds the key segments (salt, entity prefix, then key parts and key literals by position) and the key codec.
 * With a `parent`, the segments start with the parent's key and the literal after it (see
 * {@link resolveParentKey}); own positions count from 0 after them. Problems: no key part, missing or duplicate
 * positions, a key part whose design:type disagrees with its segment, a property that is also a parent key part,
 * and anything the key codec itself rejects.
 *
 * @example
 * ```ts
 * const key = resolveKey(merged, problems, resolveEntity); // undefined when the key is invalid
 * ```
 */
export function resolveKey(
  merged: MergedDeclarations,
  problems: MetadataProblem[],
  resolveParent?: ParentResolver,
): KeyMetadata | undefined {
  const entity = merged.entityName;
  const options: EntityOptions | undefined = merged.entity?.record;
  const before = problems.length;
  const problem = (message: string, property?: string): void => {
    problems.push({ entity, ...(property === undefined ? {} : { property }), message });
  };
  const head =
    options?.parent !== undefined && resolveParent
      ? resolveParentKey(entity, options, problems, resolveParent)
      : undefined;
  if (options?.parent !== undefined && head === undefined && problems.length === before)
    problem(`parent ${options.parent.name} cannot be resolved here`);
  for (const part of head?.parts ?? []) {
    if (merged.keyParts.has(part.property) || merged.fields.has(part.property))
      problem(
        `is a key part of parent ${head!.parent.name} (the key starts with the parent's key); declare it only there`,
        part.property,
      );
  }

  const byPosition = new Map<
    number,
    Array<KeyPartRecord | { kind: 'keyLiteral'; value: string | Uint8Array }>
  >();
  for (const { record } of merged.keyParts.values()) {
    if (record.problems.length > 0) continue;
    const mismatch = designTypeMismatch(
      `key part ${record.options.type}`,
      record.designType,
      keyPartDesignTypes(record.options),
    );
    if (mismatch) problem(mismatch, record.property);
    byPosition.set(record.position, [...(byPosition.get(record.position) ?? []), record]);
  }
  for (const { record } of merged.keyLiterals.values()) {
    if (record.problems.length > 0) continue;
    byPosition.set(record.position, [
      ...(byPosition.get(record.position) ?? []),
      { kind: 'keyLiteral', value: record.value },
    ]);
  }
  if (merged.keyParts.size === 0 && head === undefined) {
    problem('has no key parts; mark the properties that make up the row key with @KeyPart(position, type)');
  }
  const positions = [...byPosition.keys()].sort((a, b) => a - b);
  for (const [position, items] of byPosition) {
    if (items.length > 1) {
      const names = items.map((i) =>
        i.kind === 'keyPart' ? i.property : `literal ${JSON.stringify(String(i.value))}`,
      );
      problem(`key position ${position} is declared ${items.length} times (${names.join(', ')})`);
    }
  }
  const last = positions.at(-1) ?? -1;
  for (let p = 0; p <= last; p++) {
    if (!byPosition.has(p))
      problem(`key position ${p} is missing (declared: ${positions.join(', ')}); positions run 0, 1, 2, …`);
  }
  if (problems.length > before || options === undefined) return undefined;

  const parts: KeyPartMetadata[] = [...(head?.parts ?? [])];
  const segments: SegmentSpec[] = [...(head?.segments ?? [])];
  const partNames = [...byPosition.entries()]
    .sort(([a], [b]) => a - b)
    .flatMap(([, [item]]) => (item?.kind === 'keyPart' ? [item.property] : []));
  if (options.salt && !head)
    segments.push({ type: 'salt', buckets: options.salt.buckets, of: options.salt.of ?? partNames });
  if (options.prefix !== undefined && !head) segments.push({ type: 'literal', value: options.prefix });
  for (const position of positions) {
    const item = byPosition.get(position)?.[0];
    if (!item) continue;
    if (item.kind === 'keyLiteral') {
      segments.push({ type: 'literal', value: item.value });
    } else {
      const segment = { ...item.options, name: item.property } as SegmentSpec;
      segments.push(segment);
      parts.push({ property: item.property, segment });
    }
  }
  const encoding: KeyEncodingSpec = head
    ? head.encoding
    : options.encoding === 'orderedCode'
      ? { kind: 'orderedCode' }
      : { kind: 'delimited', delimiter: toBytes(options.delimiter ?? DEFAULT_DELIMITER) };
  try {
    const codec = createKeyCodec({ entity, segments, encoding });
    // Frozen here so that the entity-wide deep freeze leaves the codec (another module's object) alone.
    return Object.freeze({
      segments: deepFreeze(segments),
      encoding: Object.freeze(encoding),
      codec,
      parts: deepFreeze(parts),
    });
  } catch (error) {
    problem(`row key is invalid: ${error instanceof Error ? error.message : String(error)}`);
    return undefined;
  }
}
