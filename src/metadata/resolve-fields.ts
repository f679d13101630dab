import { bytesCodec } from '../codecs/value/bytes-codec.js';
import { int64AsNumberCodec, int64Codec, serverInt64AsNumberCodec } from '../codecs/value/int64-codec.js';
import { versionCellCodec } from '../codecs/value/version-cell-codec.js';
import { protobufCodec } from '../codecs/value/protobuf-codec.js';
import type { ProtobufMessageType } from '../codecs/value/protobuf-message-type.js';
import { stringCodec } from '../codecs/value/string-codec.js';
import type { ValueCodec } from '../codecs/value/value-codec.js';
import type { MetadataProblem } from '../errors/metadata-error.js';
import type { AggregateKind } from '../model/family-spec.js';
import type { Int64Representation, QualifierRef } from './declaration-args.js';
import type { DesignType, FieldRecord } from './declaration-records.js';
import type { FieldMetadata } from './entity-metadata.js';
import type { Declared } from './merge-declarations.js';
import { loadProtobufType } from './load-protobuf-type.js';
import { designTypeMismatch, inferCodec, resolveCodecRef } from './resolve-codec.js';

interface FieldContext {
  readonly entity: string;
  readonly problems: MetadataProblem[];
  /** Aggregate kind of each declared aggregate family. */
  readonly aggregateOf: (family: string) => AggregateKind | undefined;
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

// A plain copy: the string codec may hand back a pooled Buffer, and metadata is long-lived and shown to users.
function encodeQualifier(ref: QualifierRef): Uint8Array {
  return new Uint8Array(typeof ref === 'string' ? stringCodec.encode(ref) : ref);
}

function int64CodecFor(as: Int64Representation | undefined): ValueCodec<unknown> {
  return (as === 'number' ? int64AsNumberCodec : int64Codec) as ValueCodec<unknown>;
}

/**
 * Counters and aggregates change by Bigtable's arithmetic, which may take a `number` one past 2^53-1: it then reads
 * as the exact bigint instead of making its whole row unreadable (docs/writes.md).
 */
function serverInt64CodecFor(as: Int64Representation | undefined): ValueCodec<unknown> {
  return (as === 'number' ? serverInt64AsNumberCodec : int64Codec) as ValueCodec<unknown>;
}

function int64DesignProblem(
  as: Int64Representation | undefined,
  designType: DesignType | undefined,
): string | undefined {
  const mismatch = designTypeMismatch(as === 'number' ? 'int64AsNumber' : 'int64', designType);
  if (mismatch === undefined) return undefined;
  return as === undefined && designType === Number
    ? `${mismatch}; declare as: 'number' to read it as a number`
    : mismatch;
}

function protobufType(options: {
  type: ProtobufMessageType | string;
  file?: string | readonly string[];
}): ProtobufMessageType {
  if (typeof options.type !== 'string') return options.type;
  const files = typeof options.file === 'string' ? [options.file] : (options.file ?? []);
  return loadProtobufType(files, options.type);
}

/**
 * Turns one field record into resolved field metadata (codec picked, qualifier encoded), or records problems and
 * returns undefined. Cross-field rules (families, duplicates) are checked elsewhere.
 *
 * @example
 * ```ts
 * resolveField({ record, declaredBy: 'Device' }, ctx)?.kind; // 'column'
 * ```
 */
export function resolveField(declared: Declared<FieldRecord>, ctx: FieldContext): FieldMetadata | undefined {
  const { record } = declared;
  if (record.problems.length > 0) return undefined; // already reported by mergeDeclarations
  const property = record.property;
  const problem = (message: string): undefined => {
    ctx.problems.push({ entity: ctx.entity, property, message });
    return undefined;
  };
  const check = (message: string | undefined): boolean => {
    if (message !== undefined) problem(message);
    return message === undefined;
  };
  let qualifier: Uint8Array;
  try {
    qualifier = encodeQualifier(
      'qualifier' in record.options ? (record.options.qualifier ?? property) : property,
    );
  } catch (error) {
    return problem(`qualifier cannot be encoded: ${errorText(error)}`);
  }
  const family = record.options.family;

  switch (record.kind) {
    case 'column': {
      const { optional = false, nullable = false, versioned = false } = record.options;
      let codec: ValueCodec<unknown>;
      if (record.options.codec === undefined) {
        const inferred = inferCodec(versioned ? undefined : record.designType);
        if ('problem' in inferred) return problem(inferred.problem);
        codec = inferred.codec;
      } else {
        codec = resolveCodecRef(record.options.codec);
        const ok = versioned
          ? check(designTypeMismatch('versioned column', record.designType, [Array]))
          : check(designTypeMismatch(codec.name, record.designType));
        if (!ok) return undefined;
      }
      return { kind: 'column', property, family, qualifier, codec, optional, nullable, versioned };
    }
    case 'protobufColumn': {
      const { optional = false, nullable = false, versioned = false, output } = record.options;
      let codec: ValueCodec<unknown>;
      try {
        const type = protobufType(record.options);
        codec = protobufCodec(type, output === 'message' ? { output } : {}) as ValueCodec<unknown>;
      } catch (error) {
        return problem(`protobuf type cannot be loaded: ${errorText(error)}`);
      }
      return { kind: 'column', property, family, qualifier, codec, optional, nullable, versioned };
    }
    case 'qualifierMap': {
      if (!check(designTypeMismatch('a qualifier map', record.designType, [Map]))) return undefined;
      const keyCodec = resolveCodecRef(record.options.key);
      const valueCodec = resolveCodecRef(record.options.value);
      return { kind: 'map', property, family, keyCodec, valueCodec };
    }
    case 'counterMap':
    case 'aggregateMap': {
      if (!check(designTypeMismatch('a qualifier map', record.designType, [Map]))) return undefined;
      const keyCodec = resolveCodecRef(record.options.key);
      if (record.kind === 'counterMap') {
        const valueCodec = serverInt64CodecFor(record.options.as);
        return { kind: 'map', property, family, keyCodec, valueCodec, cells: 'counter' };
      }
      // A missing or non-aggregate family is reported by the family checks; keep the field so they can see it.
      const aggregate: AggregateKind = ctx.aggregateOf(family) ?? 'sum';
      if (aggregate === 'hll' && record.options.as !== undefined)
        return problem(`as does not apply to an hll aggregate map (its states are bytes)`);
      const valueCodec =
        aggregate === 'hll' ? (bytesCodec as ValueCodec<unknown>) : serverInt64CodecFor(record.options.as);
      return { kind: 'map', property, family, keyCodec, valueCodec, cells: 'aggregate', aggregate };
    }
    case 'qualifierSet': {
      if (!check(designTypeMismatch('a qualifier set', record.designType, [Set]))) return undefined;
      return { kind: 'set', property, family, keyCodec: resolveCodecRef(record.options.key) };
    }
    case 'counter':
    case 'version': {
      if (!check(int64DesignProblem(record.options.as, record.designType))) return undefined;
      // A version cell may carry a write id after the version (see versionCellCodec).
      const codec =
        record.kind === 'counter'
          ? serverInt64CodecFor(record.options.as)
          : versionCellCodec(int64CodecFor(record.options.as));
      return { kind: record.kind, property, family, qualifier, codec };
    }
    case 'aggregate': {
      const aggregate = ctx.aggregateOf(family);
      // A missing or non-aggregate family is reported by the family checks; keep the field so they can see it.
      const kind: AggregateKind = aggregate ?? 'sum';
      const versioned = record.options.versioned ?? false;
      let codec: ValueCodec<unknown>;
      if (kind === 'hll') {
        if (record.options.as !== undefined)
          return problem(`as does not apply to an hll aggregate (its state is bytes)`);
        codec = bytesCodec as ValueCodec<unknown>;
        if (!versioned && !check(designTypeMismatch('bytes', record.designType))) return undefined;
      } else {
        codec = serverInt64CodecFor(record.options.as);
        if (!versioned && !check(int64DesignProblem(record.options.as, record.designType))) return undefined;
      }
      if (versioned && !check(designTypeMismatch('versioned aggregate', record.designType, [Array])))
        return undefined;
      return { kind: 'aggregate', property, family, qualifier, aggregate: kind, codec, versioned };
    }
  }
}
