import {
  checkArray,
  checkClasses,
  checkFunction,
  checkObject,
  checkString,
  classOfTarget,
  type ArgumentSite,
} from '../errors/check-argument.js';
import { InvalidArgumentError } from '../errors/invalid-argument-error.js';
import { checkRepositoryOptions } from '../repository/repository-options.js';

/**
 * The NestJS integration's argument checks: a mapper name, an entity class, the module options. A wrong argument is
 * refused here, when the module or decorator is declared, rather than as a bare TypeError from NestJS or a
 * WeakMap, or an injection that silently never resolves.
 */

/** An optional mapper name: undefined, or a non-empty string. */
export function checkMapperName(api: string, name: unknown, argument = 'name'): void {
  if (name !== undefined) checkString({ api, argument }, name, 'a mapper name (a non-empty string)');
}

/** An entity class. */
export function checkEntityClass(site: ArgumentSite, entity: unknown): void {
  checkFunction(site, entity, 'an entity class');
}

/** `forRoot`'s options (the factory's result of `forRootAsync` is checked by `Mapper.connect` when it runs). */
export function checkModuleOptions(api: string, options: unknown): void {
  checkObject({ api, argument: 'options' }, options, 'module options ({ connection, … })');
  const { connection, ensureSchema, repository, name } = options as Record<string, unknown>;
  checkObject(
    { api, argument: 'options.connection' },
    connection,
    'connection options ({ projectId, instanceId })',
  );
  if (ensureSchema !== undefined) checkClasses({ api, argument: 'options.ensureSchema' }, ensureSchema);
  if (repository !== undefined) checkRepositoryOptions(api, repository);
  checkMapperName(api, name);
}

/** `forRootAsync`'s options: a factory, its `inject` list and `imports`. */
export function checkAsyncModuleOptions(api: string, options: unknown): void {
  checkObject({ api, argument: 'options' }, options, 'module options ({ useFactory, inject?, imports? })');
  const { useFactory, inject, imports, name } = options as Record<string, unknown>;
  checkFunction({ api, argument: 'options.useFactory' }, useFactory);
  if (inject !== undefined) checkArray({ api, argument: 'options.inject' }, inject, 'an array of tokens');
  if (imports !== undefined) checkArray({ api, argument: 'options.imports' }, imports, 'an array of modules');
  checkMapperName(api, name);
}

/**
 * What an injection decorator is applied to: a class (constructor parameters) or a prototype (properties). NestJS
 * itself would fail with a bare TypeError on anything else.
 */
export function checkInjectionTarget(api: string, target: unknown): void {
  if (classOfTarget(target) === undefined)
    throw new InvalidArgumentError({
      api,
      argument: 'target',
      value: target,
      expected: 'a class (a constructor parameter) or its prototype (a property)',
    });
}
