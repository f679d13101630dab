import type { MetadataProblem } from '../errors/metadata-error.js';
import type { EntityOptions } from './declaration-args.js';
import type {
  DeclarationRecord,
  EvolutionRecord,
  FamilyRecord,
  FieldRecord,
  HookRecord,
  KeyLiteralRecord,
  KeyPartRecord,
} from './declaration-records.js';
import { ownDeclarations } from './declaration-store.js';

/**
 * A record and the class that declared it (a base class for inherited declarations).
 *
 * @example
 * ```ts
 * const { record, declaredBy } = mergeDeclarations(Device).fields.get('createdAt')!;
 * ```
 */
export interface Declared<R> {
  readonly record: R;
  readonly declaredBy: string;
}

/**
 * The declarations of a class and its bases, merged: a subclass overrides what a base declared.
 *
 * @example
 * ```ts
 * const merged: MergedDeclarations = mergeDeclarations(Video);
 * ```
 */
export interface MergedDeclarations {
  readonly entityName: string;
  /** Options of the nearest `@Entity` in the chain, undefined when no class of the chain is an entity. */
  readonly entity: Declared<EntityOptions> | undefined;
  readonly keyParts: ReadonlyMap<string, Declared<KeyPartRecord>>;
  /** Key literals by position. */
  readonly keyLiterals: ReadonlyMap<number, Declared<KeyLiteralRecord>>;
  readonly families: ReadonlyMap<string, Declared<FamilyRecord>>;
  /** Cell-backed properties, base-class declarations first. */
  readonly fields: ReadonlyMap<string, Declared<FieldRecord>>;
  /** The nearest `@Evolve` in the chain (a subclass's replaces its base's), if any. */
  readonly evolution: Declared<EvolutionRecord> | undefined;
  /** Lifecycle hooks, base-class declarations first (a method named twice for one event counts once). */
  readonly hooks: readonly Declared<HookRecord>[];
  readonly problems: readonly MetadataProblem[];
}

/** The classes from the root base to `target` (prototype chain of the constructor). */
function classChain(target: object): object[] {
  const chain: object[] = [];
  for (
    let c: object | null = target;
    c && c !== Function.prototype;
    c = Object.getPrototypeOf(c) as object | null
  ) {
    chain.unshift(c);
  }
  return chain;
}

function className(c: object): string {
  const name = (c as { name?: unknown }).name;
  return typeof name === 'string' && name !== '' ? name : '(anonymous class)';
}

function recordProperty(record: DeclarationRecord): string | undefined {
  return 'property' in record ? record.property : undefined;
}

/**
 * Collects the declaration records of `target` and its base classes. Problems found here: argument problems of
 * each record, a property declared twice in one class, an entity or family declared twice in one class.
 *
 * @example
 * ```ts
 * const merged = mergeDeclarations(Device);
 * merged.fields.get('name')?.record.kind; // 'column'
 * ```
 */
export function mergeDeclarations(target: object): MergedDeclarations {
  const entityName = className(target);
  const problems: MetadataProblem[] = [];
  let entity: Declared<EntityOptions> | undefined;
  const keyParts = new Map<string, Declared<KeyPartRecord>>();
  const keyLiterals = new Map<number, Declared<KeyLiteralRecord>>();
  const families = new Map<string, Declared<FamilyRecord>>();
  const fields = new Map<string, Declared<FieldRecord>>();
  let evolution: Declared<EvolutionRecord> | undefined;
  const hooks: Array<Declared<HookRecord>> = [];

  for (const c of classChain(target)) {
    const declaredBy = className(c);
    const inClass = (message: string): string =>
      c === target ? message : `${message} (declared in ${declaredBy})`;
    const seenProperties = new Map<string, string>();
    const seenFamilies = new Set<string>();
    let seenEntity = false;
    let seenEvolution = false;
    for (const record of ownDeclarations(c)) {
      const property = recordProperty(record);
      for (const message of record.problems) {
        problems.push({
          entity: entityName,
          ...(property === undefined ? {} : { property }),
          message: inClass(message),
        });
      }
      if (property !== undefined) {
        const previous = seenProperties.get(property);
        if (previous !== undefined) {
          problems.push({
            entity: entityName,
            property,
            message: inClass(`declared twice (${previous} and ${record.kind}); a property maps to one thing`),
          });
          continue;
        }
        seenProperties.set(property, record.kind);
        // A subclass re-declaring an inherited property replaces it (in place, keeping the declaration order),
        // whatever kind either declaration was.
        if (record.kind === 'keyPart') fields.delete(property);
        else keyParts.delete(property);
      }
      switch (record.kind) {
        case 'entity':
          if (seenEntity)
            problems.push({ entity: entityName, message: inClass('declared as an entity twice') });
          seenEntity = true;
          entity = { record: record.options, declaredBy };
          break;
        case 'keyPart':
          keyParts.set(record.property, { record, declaredBy });
          break;
        case 'keyLiteral':
          keyLiterals.set(record.position, { record, declaredBy });
          break;
        case 'family':
          if (seenFamilies.has(record.name))
            problems.push({ entity: entityName, message: inClass(`family ${record.name} declared twice`) });
          seenFamilies.add(record.name);
          families.set(record.name, { record, declaredBy });
          break;
        case 'evolution':
          if (seenEvolution)
            problems.push({ entity: entityName, message: inClass('declares its evolution twice') });
          seenEvolution = true;
          evolution = { record, declaredBy };
          break;
        case 'hook':
          // Run by name, so a subclass overriding a base's hook method runs its override, once.
          if (!hooks.some((h) => h.record.event === record.event && h.record.method === record.method))
            hooks.push({ record, declaredBy });
          break;
        default:
          fields.set(record.property, { record, declaredBy });
      }
    }
  }
  return { entityName, entity, keyParts, keyLiterals, families, fields, evolution, hooks, problems };
}
