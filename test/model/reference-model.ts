import type { Command, DocInput } from './program.js';
import { CHILD_NS, GROUPS, IDS, LOCKED_IDS, batchInput, batchInputs } from './program.js';

/**
 * The reference model: what each call does to one row, as the CONTRACT (docs/writes.md) describes it. Rows are
 * independent (Bigtable is atomic per row only; every call decomposes into per-row effects), so each row is checked
 * on its own.
 */

export const INT64_MIN = -(2n ** 63n);
export const INT64_MAX = 2n ** 63n - 1n;

/** A Doc row: the mapped columns, the Set and Map families and the counter. */
export interface DocState {
  readonly kind: 'doc';
  readonly v?: string;
  readonly note?: string;
  readonly tags: readonly string[];
  readonly attrs: readonly (readonly [string, string])[];
  readonly hits?: bigint;
}

export interface ChildState {
  readonly kind: 'child';
  readonly text?: string;
}

/**
 * A versioned row plus what each client's copy was read from. `stamp` names one write: a copy may write or delete
 * only the row state it was read from (version 0 / a new entity: only an absent row), never a row re-created since.
 */
export interface LockedState {
  readonly kind: 'locked';
  readonly row?: { readonly v: string; readonly stamp: number };
  readonly nextStamp: number;
  /** client → stamp its copy was read at (0 or absent: a new entity, version 0). */
  readonly copies: Readonly<Record<number, number>>;
}

export type RowState = DocState | ChildState | LockedState;

/** What a call, applied to a row at one point, reports. */
export type ModelResult =
  | { readonly type: 'ok'; readonly value?: string }
  | { readonly type: 'conflict' }
  | { readonly type: 'notFound' }
  | { readonly type: 'exists' }
  /** An increment whose result left int64: applied (wrapped on the server), and must be reported as an error. */
  | { readonly type: 'overflow' };

export interface Applied {
  readonly state: RowState;
  readonly result: ModelResult;
}

export const docRow = (group: string, id: string): string => `${group}/${id}`;
export const childRow = (group: string, id: string, n: string): string => `${group}/${id}/${n}`;
export const lockedRow = (id: string): string => `L/${id}`;

/** Every row of the key space, with its empty state. */
export function allRows(): Map<string, RowState> {
  const rows = new Map<string, RowState>();
  for (const g of GROUPS)
    for (const i of IDS) {
      rows.set(docRow(g, i), EMPTY_DOC);
      for (const n of CHILD_NS) rows.set(childRow(g, i, n), EMPTY_CHILD);
    }
  for (const l of LOCKED_IDS) rows.set(lockedRow(l), EMPTY_LOCKED);
  return rows;
}

export const EMPTY_DOC: DocState = { kind: 'doc', tags: [], attrs: [] };
export const EMPTY_CHILD: ChildState = { kind: 'child' };
export const EMPTY_LOCKED: LockedState = { kind: 'locked', nextStamp: 1, copies: {} };

/** The stored part of a row, as the final read renders it ('' for an absent row). */
export function canonical(state: RowState): string {
  switch (state.kind) {
    case 'doc': {
      const parts: string[] = [];
      if (state.v !== undefined) parts.push(`v=${state.v}`);
      if (state.note !== undefined) parts.push(`note=${state.note}`);
      if (state.tags.length > 0) parts.push(`tags={${[...state.tags].sort().join(',')}}`);
      if (state.attrs.length > 0)
        parts.push(
          `attrs={${[...state.attrs]
            .sort(([a], [b]) => (a < b ? -1 : 1))
            .map(([k, v]) => `${k}:${v}`)
            .join(',')}}`,
        );
      if (state.hits !== undefined) parts.push(`hits=${state.hits}`);
      return parts.join(' ');
    }
    case 'child':
      return state.text === undefined ? '' : `text=${state.text}`;
    case 'locked':
      return state.row === undefined ? '' : `v=${state.row.v}`;
  }
}

/** The search key of a state: the stored part plus, for versioned rows, the copies. */
export function stateKey(state: RowState): string {
  if (state.kind !== 'locked') return canonical(state);
  return `${canonical(state)}#${state.row?.stamp ?? 0}/${state.nextStamp}/${JSON.stringify(state.copies)}`;
}

const ok: ModelResult = { type: 'ok' };
const docExists = (s: DocState): boolean =>
  s.v !== undefined ||
  s.note !== undefined ||
  s.tags.length > 0 ||
  s.attrs.length > 0 ||
  s.hits !== undefined;
const union = (a: readonly string[], b: readonly string[]): string[] => [...new Set([...a, ...b])].sort();
const minus = (a: readonly string[], b: readonly string[]): string[] => a.filter((m) => !b.includes(m));

/** The entity a save of `doc` writes, with the call's value. */
export function savedDoc(doc: DocInput, value: string, before: DocState): DocState {
  return {
    kind: 'doc',
    v: value,
    ...(doc.withNote ? { note: `n-${value}` } : {}),
    // The CONTRACT: an undefined collection never wipes the stored members (refusing the save is also correct).
    tags: doc.tags === undefined ? before.tags : [...doc.tags].sort(),
    attrs: doc.attrKeys.map((k) => [k, value] as const),
    ...(before.hits === undefined ? {} : { hits: before.hits }),
  };
}

/** The tags an `updateTags` puts and removes (a member in both lists is put: never sent in both). */
export function tagChanges(command: { put: readonly string[]; remove: readonly string[] }): {
  put: string[];
  remove: string[];
} {
  return { put: [...command.put], remove: minus(command.remove, command.put) };
}

/**
 * The effect of `command` (client `client`, value `value`) on row `row`, in state `state`. `confirmed`: the client
 * saw it succeed (a versioned save then advances the client's copy). Only called for rows the command touches.
 */
export function applyCommand(
  command: Command,
  row: string,
  state: RowState,
  context: {
    readonly client: number;
    readonly value: string;
    readonly confirmed: boolean;
    readonly index?: number;
  },
): Applied {
  const { client, value } = context;
  if (state.kind === 'child') {
    if (command.kind === 'saveChild') return { state: { kind: 'child', text: value }, result: ok };
    return { state: EMPTY_CHILD, result: ok }; // deleteChild, deletePrefix
  }
  if (state.kind === 'locked') return applyLocked(command, state, client, value, context.confirmed);
  const s = state;
  const existsOr = (next: () => DocState): Applied =>
    docExists(s) ? { state: next(), result: ok } : { state: s, result: { type: 'notFound' } };
  switch (command.kind) {
    case 'save':
      return { state: savedDoc(command.doc, value, s), result: ok };
    case 'saveMany':
      return { state: savedDoc(batchInput(command, context.index!), value, s), result: ok };
    case 'insert':
      return docExists(s)
        ? { state: s, result: { type: 'exists' } }
        : { state: savedDoc(command.doc, value, s), result: ok };
    case 'updateV':
      return existsOr(() => ({ ...s, v: value }));
    case 'updateClearNote':
      return existsOr(() => {
        const { note: _dropped, ...rest } = s;
        return rest;
      });
    case 'updateTags': {
      const { put, remove } = tagChanges(command);
      return existsOr(() => ({ ...s, tags: minus(union(s.tags, put), remove) }));
    }
    case 'updateAttrs':
      return existsOr(() => ({ ...s, attrs: command.keys.map((k) => [k, value] as const) }));
    case 'delete':
    case 'deletePrefix':
      return { state: EMPTY_DOC, result: ok };
    case 'add':
      return { state: { ...s, tags: union(s.tags, command.members as string[]) }, result: ok };
    case 'remove':
      return command.property === 'tags'
        ? { state: { ...s, tags: minus(s.tags, command.members as string[]) }, result: ok }
        : { state: { ...s, attrs: s.attrs.filter(([k]) => !command.members.includes(k)) }, result: ok };
    case 'put':
      return {
        state: {
          ...s,
          attrs: [
            ...s.attrs.filter(([k]) => !command.keys.includes(k)),
            ...command.keys.map((k) => [k, value] as const),
          ],
        },
        result: ok,
      };
    case 'increment': {
      const sum = (s.hits ?? 0n) + command.by;
      const hits = BigInt.asIntN(64, sum);
      const overflow = sum < INT64_MIN || sum > INT64_MAX;
      return {
        state: { ...s, hits },
        result: overflow ? { type: 'overflow' } : { type: 'ok', value: String(hits) },
      };
    }
    default:
      throw new Error(`model: ${command.kind} does not touch doc row ${row}`);
  }
}

function applyLocked(
  command: Command,
  s: LockedState,
  client: number,
  value: string,
  confirmed: boolean,
): Applied {
  const copy = s.copies[client] ?? 0;
  // A copy matches the row it was read from: version 0 only an absent row, else exactly that write.
  const matches = copy === 0 ? s.row === undefined : s.row?.stamp === copy;
  const withCopy = (stamp: number): Readonly<Record<number, number>> => ({ ...s.copies, [client]: stamp });
  switch (command.kind) {
    case 'lockedRead':
      return {
        state: { ...s, copies: withCopy(s.row?.stamp ?? 0) },
        result: { type: 'ok', value: s.row?.v ?? '' },
      };
    case 'lockedFresh':
      return { state: { ...s, copies: withCopy(0) }, result: ok };
    case 'lockedSave': {
      if (!matches) return { state: s, result: { type: 'conflict' } };
      const stamp = s.nextStamp;
      return {
        state: {
          kind: 'locked',
          row: { v: value, stamp },
          nextStamp: stamp + 1,
          copies: confirmed ? withCopy(stamp) : s.copies,
        },
        result: ok,
      };
    }
    case 'lockedDelete': {
      if (!matches) return { state: s, result: { type: 'conflict' } };
      const { row: _gone, ...rest } = s;
      return { state: rest, result: ok };
    }
    case 'lockedDrop': {
      const { row: _gone, ...rest } = s;
      return { state: rest, result: ok };
    }
    default:
      throw new Error(`model: ${command.kind} does not touch a locked row`);
  }
}

/** The rows a command touches (a batch: one entry per input, in input order, `index` = input index). */
export function rowsOf(command: Command): { readonly row: string; readonly index?: number }[] {
  switch (command.kind) {
    case 'save':
    case 'insert':
      return [{ row: docRow(command.doc.group, command.doc.id) }];
    case 'saveMany':
      return batchInputs(command).map((d, index) => ({ row: docRow(d.group, d.id), index }));
    case 'deletePrefix': {
      const ids = command.id === undefined ? [...IDS] : [command.id];
      return ids.flatMap((i) => [
        { row: docRow(command.group, i) },
        ...CHILD_NS.map((n) => ({ row: childRow(command.group, i, n) })),
      ]);
    }
    case 'saveChild':
    case 'deleteChild':
      return [{ row: childRow(command.group, command.id, command.n) }];
    case 'lockedRead':
    case 'lockedFresh':
    case 'lockedSave':
    case 'lockedDelete':
    case 'lockedDrop':
      return [{ row: lockedRow(command.id) }];
    default:
      return [{ row: docRow(command.group, command.id) }];
  }
}

/**
 * Whether refusing the call (a library error before sending) is a correct answer: a bare string where members are
 * expected (must be refused), an undefined collection, a batch repeating a key, a prefix delete of one parent with
 * its children. Refusing any other call is a violation.
 */
export function refusal(command: Command): 'must' | 'may' | 'never' {
  if (command.kind === 'lockedFresh') return 'never';
  if ((command.kind === 'add' || command.kind === 'remove') && typeof command.members === 'string')
    return 'must';
  if ((command.kind === 'save' || command.kind === 'insert') && command.doc.tags === undefined) return 'may';
  if (command.kind === 'saveMany') {
    const keys = batchInputs(command).map((d) => docRow(d.group, d.id));
    if (new Set(keys).size < keys.length || command.docs.some((d) => d.tags === undefined)) return 'may';
  }
  if (command.kind === 'deletePrefix' && command.id !== undefined) return 'may';
  // An update that changes nothing (empty put and remove) may be refused as such.
  if (command.kind === 'updateTags' && command.put.length === 0 && command.remove.length === 0) return 'may';
  return 'never';
}
