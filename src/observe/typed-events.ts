import { checkFunction } from '../errors/check-argument.js';
import { InvalidArgumentError } from '../errors/invalid-argument-error.js';

/**
 * A small typed event emitter: `on(name, listener)` returns the function that removes the listener. A listener
 * that throws never fails the call it observes: its error becomes a Node process warning
 * (`BIGTABLE_MAPPER_LISTENER_FAILED`) and the other listeners still run.
 *
 * @example
 * ```ts
 * const events = new TypedEvents<{ ping: { at: number } }>(['ping']);
 * const off = events.on('ping', (e) => console.log(e.at));
 * events.emit('ping', { at: Date.now() });
 * off();
 * ```
 */
export class TypedEvents<M extends object> {
  private readonly listeners = new Map<keyof M, Array<(event: never) => void>>();

  /** @param names - The events there are: any other name is refused (a typo would otherwise never fire). */
  constructor(private readonly names: ReadonlyArray<keyof M & string>) {
    if (!Array.isArray(names) || !names.every((n) => typeof n === 'string' && n.length > 0))
      throw new InvalidArgumentError({
        api: 'TypedEvents.constructor',
        argument: 'names',
        value: names,
        expected: 'an array of event names (non-empty strings)',
      });
  }

  private check(api: string, name: unknown): void {
    if (!this.names.includes(name as keyof M & string))
      throw new InvalidArgumentError({
        api: `events.${api}`,
        argument: 'name',
        value: name,
        expected: `one of ${this.names.map((n) => `'${n}'`).join(', ')}`,
      });
  }

  /**
   * Adds a listener; returns the function that removes it.
   *
   * @example
   * ```ts
   * const off = mapper.events.on('call', (summary) => console.log(summary.operation, summary.durationMs));
   * ```
   */
  on<K extends keyof M & string>(name: K, listener: (event: M[K]) => void): () => void {
    this.check('on', name);
    checkFunction({ api: 'events.on', argument: 'listener' }, listener);
    const list = [...(this.listeners.get(name) ?? []), listener as (event: never) => void];
    this.listeners.set(name, list);
    return () => this.off(name, listener);
  }

  /**
   * Removes a listener added with {@link TypedEvents.on}.
   *
   * @example
   * ```ts
   * mapper.events.off('call', listener);
   * ```
   */
  off<K extends keyof M & string>(name: K, listener: (event: M[K]) => void): void {
    this.check('off', name);
    checkFunction({ api: 'events.off', argument: 'listener' }, listener);
    const list = this.listeners.get(name);
    if (list === undefined) return;
    const rest = list.filter((l) => l !== listener);
    if (rest.length === 0) this.listeners.delete(name);
    else this.listeners.set(name, rest);
  }

  /**
   * Whether anyone listens to `name` (the SDK builds no event nobody receives).
   *
   * @example
   * ```ts
   * if (events.has('call')) console.log('someone listens');
   * ```
   */
  has(name: keyof M & string): boolean {
    this.check('has', name);
    return this.listeners.has(name);
  }

  /**
   * Whether anyone listens to `name`, or to anything (no name), without checking the name: the SDK's own question on
   * every call's path.
   *
   * @internal The SDK asks; users use `has`.
   */
  listens(name?: keyof M): boolean {
    return name === undefined ? this.listeners.size > 0 : this.listeners.has(name);
  }

  /**
   * Hands `event` to every listener of `name`, in the order they were added.
   *
   * @internal The SDK emits; users listen.
   * @example
   * ```ts
   * events.emit('ping', { at: 0 });
   * ```
   */
  emit<K extends keyof M & string>(name: K, event: M[K]): void {
    const list = this.listeners.get(name);
    if (list === undefined) return;
    // A copy is iterated (see `on`): a listener that adds or removes listeners changes the next emit only.
    for (const listener of list) {
      try {
        (listener as (event: M[K]) => void)(event);
      } catch (error) {
        process.emitWarning(`a '${name}' listener threw: ${String(error)}`, {
          type: 'BigtableMapperWarning',
          code: 'BIGTABLE_MAPPER_LISTENER_FAILED',
        });
      }
    }
  }
}
