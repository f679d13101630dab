// The decorators work as legacy (experimentalDecorators) and as TC39 standard decorators, told apart by their
// arguments. Legacy ones read `design:type` through the reflect-metadata polyfill when the compiler emitted it.
// TypeScript's emitted metadata calls only ever reach the global `Reflect.metadata`, so this global install is
// deliberate and documented (docs/entities.md); `bigtable-mapper` and `defineEntity()` never load it. Standard
// decorators need `Symbol.metadata` instead, which ./symbol-metadata.js installs where the runtime lacks it.
import 'reflect-metadata';

export { Entity } from './entity.js';
export { KeyPart } from './key-part.js';
export { KeyLiteral } from './key-literal.js';
export { Family } from './family.js';
export { Column } from './column.js';
export { ProtobufColumn } from './protobuf-column.js';
export { QualifierMap } from './qualifier-map.js';
export { QualifierSet } from './qualifier-set.js';
export { Counter } from './counter.js';
export { Aggregate } from './aggregate.js';
export { CounterMap } from './counter-map.js';
export { AggregateMap } from './aggregate-map.js';
export { Version } from './version.js';
export { Evolve } from './evolve.js';
export { BeforeSave } from './before-save.js';
export { AfterLoad } from './after-load.js';
export { upcastStep } from '../src/metadata/upcast-step.js';
export { Codecs } from '../src/codecs/value/codecs.js';
export { Gc } from '../src/metadata/gc.js';
export { defineEntity, getEntityMetadata } from '../src/metadata/index.js';
export type { Versioned } from '../src/metadata/entity-metadata.js';
export type {
  ProtobufConversionOptions,
  ProtobufEnum,
  ProtobufField,
  ProtobufMessageType,
} from '../src/codecs/value/protobuf-message-type.js';
export type { FieldDecoratorKey } from './decorator-target.js';
export type { HookDecorator, MethodDecoratorKey } from './hook-decorator.js';
export type {
  AggregateMapOptions,
  AggregateOptions,
  ColumnOptions,
  CounterMapOptions,
  CounterOptions,
  EntityOptions,
  FamilyOptions,
  KeyPartOptions,
  KeyPartType,
  ProtobufColumnOptions,
  QualifierMapOptions,
  QualifierSetOptions,
  VersionOptions,
} from '../src/metadata/index.js';
export type {
  EvolutionOptions,
  OldField,
  OldShape,
  OldState,
  UpcastStep,
} from '../src/metadata/evolution-options.js';
