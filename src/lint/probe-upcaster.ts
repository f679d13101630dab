/**
 * What calling an upcaster on probe inputs showed: the properties of its input it read, and the keys of the objects
 * it returned (undefined when no call returned an object, e.g. it threw on both probes).
 *
 * @example
 * ```ts
 * const probe: UpcasterProbe = { reads: new Set(['fullName']), outputKeys: new Set(['displayName']) };
 * ```
 */
export interface UpcasterProbe {
  readonly reads: ReadonlySet<string>;
  readonly outputKeys: ReadonlySet<string> | undefined;
}

// Reads that are not about the state's data: prototype methods, JSON.stringify's toJSON, await's then.
const NOT_DATA = new Set([...Object.getOwnPropertyNames(Object.prototype), 'toJSON', 'then']);

const TO_PRIMITIVE = (hint: string): string | number => (hint === 'number' ? 0 : '');
function* nothing(): Generator<never> {}

/**
 * A value that tolerates whatever an upcaster does with a property it reads (`.split(' ')`, `?? ''`, `+ 1`,
 * `Object.entries`, `new Map(...)`, iteration, `${…}`) without throwing or looping, so that the reads after it are
 * recorded too: every property and call is the probe again, it converts to `''` or `0`, iterates as empty.
 */
function permissiveProbe(): unknown {
  const probe: unknown = new Proxy(() => undefined, {
    get: (_target, key) => {
      if (key === Symbol.toPrimitive) return TO_PRIMITIVE;
      if (key === Symbol.iterator) return nothing;
      if (typeof key === 'symbol' || key === 'then' || key === 'toJSON') return undefined;
      return probe;
    },
    apply: () => probe,
    construct: () => probe as object,
    has: () => false,
    ownKeys: () => [],
    getOwnPropertyDescriptor: () => undefined,
  });
  return probe;
}

function isObject(value: unknown): value is object {
  return (typeof value === 'object' || typeof value === 'function') && value !== null;
}

/**
 * Calls `upcast` twice — once with every declared property holding a permissive probe value, once with every one
 * undefined (the other side of `?? default` and `if (old.x)`) — on an input that records which string properties
 * are read (`get`, `in`, `Object.hasOwn`). Undeclared properties read as the run's value too, so the call goes on.
 * Anything `upcast` throws is swallowed: the probe is best effort and never fails its caller. An upcaster that
 * loops forever on such input would hang the probe (upcasters are pure, total functions by contract).
 *
 * @example
 * ```ts
 * const { reads } = probeUpcaster((v1) => ({ displayName: v1['fullName'] }), ['userId', 'fullName']);
 * [...reads]; // ['fullName']
 * ```
 */
export function probeUpcaster(
  upcast: (state: Readonly<Record<string, unknown>>) => unknown,
  declared: readonly string[],
): UpcasterProbe {
  const reads = new Set<string>();
  let outputKeys: Set<string> | undefined;
  for (const fill of [permissiveProbe, (): undefined => undefined]) {
    let recording = true;
    const record = (key: string | symbol): void => {
      if (recording && typeof key === 'string' && !NOT_DATA.has(key)) reads.add(key);
    };
    const value = fill();
    const target: Record<string, unknown> = Object.fromEntries(declared.map((p) => [p, value]));
    const input = new Proxy(target, {
      get: (t, key, receiver) => {
        record(key);
        return typeof key === 'string' && !NOT_DATA.has(key)
          ? (t[key] ?? value)
          : Reflect.get(t, key, receiver);
      },
      has: (t, key) => {
        record(key);
        return Reflect.has(t, key);
      },
      getOwnPropertyDescriptor: (t, key) => {
        record(key);
        return Reflect.getOwnPropertyDescriptor(t, key);
      },
    });
    try {
      const output = upcast(input);
      recording = false;
      if (isObject(output) && !(output instanceof Promise)) {
        outputKeys ??= new Set();
        for (const key of Object.keys(output)) outputKeys.add(key);
      }
    } catch {
      // Probe values are not real data: a throw says nothing about the upcaster. The reads before it still count.
    } finally {
      recording = false;
    }
  }
  return { reads, outputKeys };
}
