import { builtinCodec, isCodecLike } from '../codecs/value/codecs.js';
import { isProtobufMessageType } from '../codecs/value/protobuf-message-type.js';
import type { EntityOptions, FamilyOptions, KeyPartOptions, KeyPartType } from './declaration-args.js';
import type {
  DeclarationRecord,
  DesignType,
  EntityRecord,
  FamilyRecord,
  FieldKind,
  FieldOptions,
  FieldRecord,
  KeyLiteralRecord,
  KeyPartRecord,
} from './declaration-records.js';
import { familyNameProblem, tableIdProblem } from './bigtable-names.js';
import { gcRuleProblems } from './gc-rule-problems.js';
import { KEY_PART_TYPES } from './key-part-types.js';

const AGGREGATE_KINDS = ['sum', 'min', 'max', 'hll'];

/**
 * Whether a declaration argument is a plain object (not null, not an array).
 *
 * @example
 * ```ts
 * isObject({ family: 'd' }); // true
 * ```
 */
export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function frozenCopy<T>(value: T): T {
  return isObject(value) ? (Object.freeze({ ...value }) as T) : value;
}

function nonEmptyText(value: unknown): boolean {
  return (typeof value === 'string' && value.length > 0) || (value instanceof Uint8Array && value.length > 0);
}

function validatorProblems(options: EntityOptions): string[] {
  const problems: string[] = [];
  const schema: unknown = options.validate;
  if (schema !== undefined) {
    const standard: unknown =
      isObject(schema) || typeof schema === 'function'
        ? (schema as Record<string, unknown>)['~standard']
        : undefined;
    if (!isObject(standard) || standard.version !== 1 || typeof standard.validate !== 'function')
      problems.push('validate must be a Standard Schema (version 1) validator, e.g. a zod or valibot schema');
  }
  if (options.validateOnRead !== undefined && typeof options.validateOnRead !== 'boolean')
    problems.push('validateOnRead must be a boolean');
  else if (options.validateOnRead === true && schema === undefined)
    problems.push('validateOnRead needs a validator (validate)');
  return problems;
}

/**
 * What is wrong with a codec reference (a built-in name or an object with encode/decode), or undefined.
 *
 * @example
 * ```ts
 * codecRefProblem('codec', 'strng'); // 'codec "strng" is not a built-in codec name'
 * ```
 */
export function codecRefProblem(what: string, ref: unknown): string | undefined {
  if (typeof ref === 'string')
    return builtinCodec(ref) ? undefined : `${what} ${JSON.stringify(ref)} is not a built-in codec name`;
  return isCodecLike(ref)
    ? undefined
    : `${what} must be a codec name or an object with encode() and decode()`;
}

/**
 * What is wrong with a qualifier argument (a string or Uint8Array, or absent), or undefined.
 *
 * @example
 * ```ts
 * qualifierProblem(42); // 'qualifier must be a string or a Uint8Array'
 * ```
 */
export function qualifierProblem(qualifier: unknown): string | undefined {
  if (qualifier === undefined || typeof qualifier === 'string' || qualifier instanceof Uint8Array)
    return undefined;
  return 'qualifier must be a string or a Uint8Array';
}

function int64AsProblem(as: unknown): string | undefined {
  return as === undefined || as === 'bigint' || as === 'number'
    ? undefined
    : `as must be 'bigint' or 'number'`;
}

function familyRefProblem(family: unknown): string | undefined {
  return typeof family === 'string' && family.length > 0 ? undefined : 'family must be a non-empty string';
}

function booleanFlagProblems(options: Record<string, unknown>, flags: readonly string[]): string[] {
  return flags
    .filter((flag) => options[flag] !== undefined && typeof options[flag] !== 'boolean')
    .map((flag) => `${flag} must be a boolean`);
}

function defined(...problems: Array<string | undefined>): string[] {
  return problems.filter((p): p is string => p !== undefined);
}

function freezeRecord<R extends DeclarationRecord>(record: R): R {
  return Object.freeze(record);
}

function parentOptionProblems(options: EntityOptions): string[] {
  const problems: string[] = [];
  if (options.literal !== undefined && !nonEmptyText(options.literal))
    problems.push('literal must be a non-empty string or Uint8Array');
  if (options.parent === undefined) {
    if (options.literal !== undefined)
      problems.push('literal is the segment after a parent key; without parent, use prefix');
    return problems;
  }
  if (typeof options.parent !== 'function') {
    problems.push('parent must be an entity class');
    return problems;
  }
  // The parent's key already fixes these; a second value could only disagree with it.
  if (options.prefix !== undefined)
    problems.push(
      `prefix is not allowed with parent (the key starts with ${options.parent.name}'s key); use literal`,
    );
  if (options.salt !== undefined)
    problems.push(
      `salt is not allowed with parent (the key keeps ${options.parent.name}'s salt, so children sit next to it)`,
    );
  return problems;
}

/**
 * The record of `@Entity(options)`.
 *
 * @example
 * ```ts
 * entityRecord({ table: 'media', prefix: 'video' });
 * ```
 */
export function entityRecord(options: EntityOptions): EntityRecord {
  const problems: string[] = [];
  if (!isObject(options)) {
    problems.push('entity options must be an object with at least { table }');
  } else {
    const tableProblem = tableIdProblem(options.table);
    if (tableProblem) problems.push(tableProblem);
    if (options.prefix !== undefined && !nonEmptyText(options.prefix))
      problems.push('prefix must be a non-empty string or Uint8Array');
    if (
      options.encoding !== undefined &&
      options.encoding !== 'delimited' &&
      options.encoding !== 'orderedCode'
    )
      problems.push(`encoding must be 'delimited' or 'orderedCode', got ${String(options.encoding)}`);
    if (options.delimiter !== undefined) {
      if (!nonEmptyText(options.delimiter))
        problems.push('delimiter must be a non-empty string or Uint8Array');
      if (options.encoding === 'orderedCode')
        problems.push('delimiter is only meaningful with delimited encoding');
    }
    problems.push(...parentOptionProblems(options));
    problems.push(...validatorProblems(options));
    if (options.salt !== undefined) {
      const salt: unknown = options.salt;
      if (!isObject(salt) || !Number.isSafeInteger(salt.buckets) || (salt.buckets as number) < 1)
        problems.push('salt.buckets must be a positive integer');
      else if (
        salt.of !== undefined &&
        (!Array.isArray(salt.of) || !salt.of.every((f) => typeof f === 'string'))
      )
        problems.push('salt.of must list key part property names');
    }
  }
  const frozen = isObject(options)
    ? Object.freeze({
        ...options,
        ...(options.salt ? { salt: Object.freeze({ ...options.salt }) } : {}),
      })
    : options;
  return freezeRecord({ kind: 'entity', options: frozen, problems: Object.freeze(problems) });
}

/**
 * The record of `@KeyPart(position, typeOrOptions)` on `property`.
 *
 * @example
 * ```ts
 * keyPartRecord('deviceId', 0, 'string', undefined);
 * ```
 */
export function keyPartRecord(
  property: string,
  position: number,
  typeOrOptions: KeyPartType | KeyPartOptions,
  designType: DesignType | undefined,
): KeyPartRecord {
  const options = (
    typeof typeOrOptions === 'string' ? { type: typeOrOptions } : typeOrOptions
  ) as KeyPartOptions;
  const problems: string[] = [];
  if (!Number.isSafeInteger(position) || position < 0)
    problems.push(`key position must be a non-negative integer, got ${String(position)}`);
  if (!isObject(options) || !KEY_PART_TYPES.includes(options.type))
    problems.push(
      `key part type must be one of ${KEY_PART_TYPES.join(', ')} (literal and salt segments are declared on the class), got ${
        isObject(options) ? String(options.type) : String(typeOrOptions)
      }`,
    );
  return freezeRecord({
    kind: 'keyPart',
    property,
    position,
    options: frozenCopy(options),
    designType,
    problems: Object.freeze(problems),
  });
}

/**
 * The record of `@KeyLiteral(position, value)`: a constant segment at `position` among the key parts.
 *
 * @example
 * ```ts
 * keyLiteralRecord(1, 'comment');
 * ```
 */
export function keyLiteralRecord(position: number, value: string | Uint8Array): KeyLiteralRecord {
  const problems: string[] = [];
  if (!Number.isSafeInteger(position) || position < 0)
    problems.push(`key position must be a non-negative integer, got ${String(position)}`);
  if (!nonEmptyText(value)) problems.push('key literal must be a non-empty string or Uint8Array');
  return freezeRecord({ kind: 'keyLiteral', position, value, problems: Object.freeze(problems) });
}

/**
 * The record of `@Family(name, options)`.
 *
 * @example
 * ```ts
 * familyRecord('views', { aggregate: 'sum' });
 * ```
 */
export function familyRecord(name: string, options: FamilyOptions = {}): FamilyRecord {
  const problems = defined(familyNameProblem(name));
  if (!isObject(options)) problems.push('family options must be an object');
  else {
    if (options.gc !== undefined) problems.push(...gcRuleProblems(options.gc));
    if (options.aggregate !== undefined && !AGGREGATE_KINDS.includes(String(options.aggregate)))
      problems.push(
        `aggregate must be one of ${AGGREGATE_KINDS.join(', ')}, got ${String(options.aggregate)}`,
      );
  }
  return freezeRecord({
    kind: 'family',
    name,
    options: frozenCopy(options),
    problems: Object.freeze(problems),
  });
}

function fieldProblems(kind: FieldKind, options: Record<string, unknown>): string[] {
  const common = defined(familyRefProblem(options.family), qualifierProblem(options.qualifier));
  switch (kind) {
    case 'column':
      return [
        ...common,
        ...defined(options.codec === undefined ? undefined : codecRefProblem('codec', options.codec)),
        ...booleanFlagProblems(options, ['optional', 'nullable', 'versioned']),
      ];
    case 'protobufColumn': {
      const problems = [...common, ...booleanFlagProblems(options, ['optional', 'nullable', 'versioned'])];
      if (typeof options.type === 'string') {
        const files = typeof options.file === 'string' ? [options.file] : options.file;
        if (!Array.isArray(files) || files.length === 0 || !files.every((f) => typeof f === 'string'))
          problems.push(
            `type ${JSON.stringify(options.type)} is a name: give the .proto file(s) to load it from`,
          );
      } else if (!isProtobufMessageType(options.type)) {
        problems.push(
          'type must be a protobufjs Type (of any major) or a fully qualified type name with file',
        );
      }
      if (options.output !== undefined && options.output !== 'object' && options.output !== 'message')
        problems.push(`output must be 'object' or 'message'`);
      return problems;
    }
    case 'qualifierMap':
      return [
        ...defined(familyRefProblem(options.family)),
        ...defined(codecRefProblem('key', options.key), codecRefProblem('value', options.value)),
      ];
    case 'qualifierSet':
      return [...defined(familyRefProblem(options.family)), ...defined(codecRefProblem('key', options.key))];
    case 'counterMap':
    case 'aggregateMap':
      return [
        ...defined(familyRefProblem(options.family)),
        ...defined(codecRefProblem('key', options.key), int64AsProblem(options.as)),
      ];
    case 'aggregate':
      return [
        ...common,
        ...defined(int64AsProblem(options.as)),
        ...booleanFlagProblems(options, ['versioned']),
      ];
    case 'counter':
    case 'version':
      return [...common, ...defined(int64AsProblem(options.as))];
  }
}

/**
 * The record of a field decorator (`@Column`, `@ProtobufColumn`, `@QualifierMap`, `@QualifierSet`, `@Counter`,
 * `@Aggregate`, `@Version`) on `property`.
 *
 * @example
 * ```ts
 * fieldRecord('column', 'name', { family: 'd', codec: 'string' }, undefined);
 * ```
 */
export function fieldRecord<K extends FieldKind>(
  kind: K,
  property: string,
  options: FieldOptions<K>,
  designType: DesignType | undefined,
): FieldRecord {
  const problems = isObject(options)
    ? fieldProblems(kind, options as unknown as Record<string, unknown>)
    : [`options must be an object with at least { family }`];
  return freezeRecord({
    kind,
    property,
    options: frozenCopy(options),
    designType,
    problems: Object.freeze(problems),
  } as FieldRecord);
}
