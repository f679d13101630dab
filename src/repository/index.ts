export { Mapper } from './mapper.js';
export { Repository } from './repository.js';
export type { SaveEntityOptions, DeleteEntityOptions } from './repository.js';
export type { RepositoryOptions } from './repository-options.js';
export type { FullKey, KeyInput, KeyParts, KeyPartsOf, KeyPrefix, NonEmptyKeyPrefix } from './key-input.js';
export type { EntityChanges, MapChange, SetChange } from '../mapping/build-update-mutations.js';
export { Query } from '../query/builder/query.js';
export type { CompiledQuery, EntriesOptions, QueryPage } from '../query/builder/query.js';
export type { ConditionOp, VersionsNode as VersionsWindow } from '../query/nodes/query-node.js';
