export type {
  AggregateMapOptions,
  AggregateOptions,
  CodecRef,
  ColumnOptions,
  CounterMapOptions,
  CounterOptions,
  EntityOptions,
  FamilyOptions,
  Int64Representation,
  KeyPartOptions,
  KeyPartType,
  PresenceOptions,
  ProtobufColumnOptions,
  QualifierMapOptions,
  QualifierRef,
  QualifierSetOptions,
  VersionOptions,
} from './declaration-args.js';
export type {
  DeclarationRecord,
  DesignType,
  EvolutionRecord,
  EntityHookEvent,
  EntityRecord,
  FamilyRecord,
  FieldRecord,
  HookRecord,
  KeyLiteralRecord,
  KeyPartRecord,
} from './declaration-records.js';
export { addDeclaration, ownDeclarations } from './declaration-store.js';
export {
  entityRecord,
  familyRecord,
  fieldRecord,
  keyLiteralRecord,
  keyPartRecord,
} from './record-builders.js';
export { defineEntity, definitionRecords } from './define-entity.js';
export { evolutionRecord } from './evolution-record.js';
export { hookRecord } from './hook-record.js';
export { upcastStep } from './upcast-step.js';
export type { EvolutionOptions, OldField, OldShape, OldState, UpcastStep } from './evolution-options.js';
export type {
  DefinedEntity,
  EntityDefinition,
  EntityHookDefinition,
  KeyDefinition,
  KeyPropertiesOf,
  PropertyDefinition,
  WithParentKeyParts,
} from './define-entity.js';
export type {
  AggregateFieldMetadata,
  ColumnFieldMetadata,
  CounterFieldMetadata,
  EntityClass,
  EntityHookMetadata,
  EntityHooksMetadata,
  EntityMetadata,
  EvolutionMetadata,
  ValidationMetadata,
  FamilyMetadata,
  FieldMetadata,
  KeyMetadata,
  KeyPartMetadata,
  MapFieldMetadata,
  OldFieldMetadata,
  SetFieldMetadata,
  UpcastStepMetadata,
  VersionFieldMetadata,
  Versioned,
} from './entity-metadata.js';
export { resolveEntity } from './resolve-entity.js';
export { EntityRegistry, defaultRegistry, getEntityMetadata } from './entity-registry.js';
export { checkTableSiblings } from './check-table-siblings.js';
export { keyRangesOverlap } from './key-ranges-overlap.js';
export { isKeyOf, keyOwner } from './key-owner.js';
export { findKeyCollision } from './find-key-collision.js';
export type { KeyCollision } from './find-key-collision.js';
export { familySpecsOf } from './family-specs.js';
export { Gc } from './gc.js';
export type { Duration } from './gc.js';
export { BIGTABLE_LIMITS, familyNameProblem, tableIdProblem } from './bigtable-names.js';
export { describeGcRule } from './gc-rule-problems.js';
