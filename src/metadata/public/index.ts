// 'bigtable-mapper/metadata': resolved entity metadata, for tools and frameworks that read entity declarations (the
// result types of `getEntityMetadata`, the registry that validates a model, the families an entity needs, the key
// collision check and the entities a module exports). Everyday code only needs `getEntityMetadata` of the root.
export { EntityRegistry, getEntityMetadata } from '../entity-registry.js';
export type {
  AggregateFieldMetadata,
  CellFieldBase,
  ColumnFieldMetadata,
  CounterFieldMetadata,
  EntityHookMetadata,
  EntityHooksMetadata,
  EntityMetadata,
  EvolutionMetadata,
  FamilyMetadata,
  FieldMetadata,
  KeyMetadata,
  KeyPartMetadata,
  MapFieldMetadata,
  OldFieldMetadata,
  SetFieldMetadata,
  UpcastStepMetadata,
  ValidationMetadata,
  VersionFieldMetadata,
} from '../entity-metadata.js';
export type { EntityHookDefinition } from '../define-entity.js';
export { familySpecsOf } from '../family-specs.js';
export type { FamilySpec } from '../../model/family-spec.js';
export { findKeyCollision } from '../find-key-collision.js';
export type { KeyCollision } from '../find-key-collision.js';
export { moduleEntities } from '../module-entities.js';
export type { ModuleEntity } from '../module-entities.js';
