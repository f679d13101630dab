import { BigtableMapperError } from '../../src/errors/bigtable-mapper-error.js';
import { PartialWriteError } from '../../src/errors/partial-write-error.js';
import { Mapper } from '../../src/repository/mapper.js';
import type { Repository } from '../../src/repository/repository.js';
import { TestMapper } from '../../src/testing/test-mapper.js';
import { EMULATOR_INSTANCE, EMULATOR_PROJECT } from '../../src/testing/test-table.js';
import { BigtableConnection } from '../../src/transport/bigtable-connection.js';
import { readRows } from '../../src/transport/read-rows.js';
import type { RowData } from '../../src/model/row-data.js';
import { FaultProxy } from '../reliability/support/fault-proxy.js';
import { settleWithin, sleep } from '../reliability/support/wait-until.js';
import { Child, Doc, Locked } from './entities.js';
import type { History, HistoryEntry, Outcome } from './history.js';
import { valueOf } from './history.js';
import type { Command, DocInput, Fault, Program } from './program.js';
import { BATCH_WRITER_MS, CHILD_NS, GROUPS, IDS, LOCKED_IDS, batchInputs } from './program.js';
import { canonical, childRow, docRow, lockedRow, tagChanges, type DocState } from './reference-model.js';

/** Client calls' deadlines: short, so that a fault ends a call in an error or an unknown outcome quickly. */
export const CLIENT_TIMEOUTS = { attemptMs: 500, totalMs: 3_000, readIdleMs: 1_000 } as const;
const CLIENT_RETRY = { maxElapsedMs: 2_500, initialBackoffMs: 10, maxBackoffMs: 200 } as const;
/** A call not settled after this long is reported as hung (a violation: every call has a deadline). */
const HANG_MS = 30_000;

/**
 * The tables the suite writes to (created once, fresh, per test file or soak) and a direct mapper that reads the
 * truth. Each run writes under its own key namespace, so runs never see each other's rows.
 */
export class ModelWorld {
  private runs = 0;

  private constructor(
    readonly emulatorHost: string,
    private readonly owner: TestMapper,
  ) {}

  static async create(emulatorHost: string): Promise<ModelWorld> {
    return new ModelWorld(emulatorHost, await TestMapper.create([Doc, Child, Locked], { emulatorHost }));
  }

  get direct(): Mapper {
    return this.owner.mapper;
  }

  get tableIds(): Readonly<Record<string, string>> {
    return this.owner.tableIds;
  }

  /** A namespace no earlier run of this world used. */
  nextNamespace(): string {
    this.runs++;
    return `r${String(this.runs).padStart(5, '0')}`;
  }

  dispose(): Promise<void> {
    return this.owner.dispose();
  }
}

/** Key-space names of one run: the model's `g0` is `r00042g0` on the server. */
interface Names {
  readonly group: (g: string) => string;
  readonly locked: (id: string) => string;
}

/** One client: its own link (a fault proxy), connection and mapper with a skewed clock. */
interface Client {
  readonly index: number;
  readonly proxy: FaultProxy;
  readonly mapper: Mapper;
  readonly docs: Repository<Doc, typeof Doc.keyParts>;
  readonly children: Repository<Child, typeof Child.keyParts>;
  readonly locked: Repository<Locked, typeof Locked.keyParts>;
  /** The client's copy of each versioned row (what it read, or a new entity). */
  readonly copies: Map<string, Locked>;
  /** A batch writer (a client with its own batch tuning, see program.ts). */
  readonly batchWriter: boolean;
}

/** What a run reports besides the history: counts for the soak's progress line. */
export interface RunStats {
  readonly calls: number;
  readonly faults: number;
}

/**
 * Runs `program` against the emulator: each client's steps in order, the clients concurrently, each faulted step
 * under its fault; then heals every link, closes the clients and reads every row of the key space directly.
 *
 * @example
 * ```ts
 * const history = await runProgram(world, program);
 * ```
 */
export async function runProgram(world: ModelWorld, program: Program): Promise<History> {
  const ns = world.nextNamespace();
  const names: Names = { group: (g) => `${ns}${g}`, locked: (id) => `${ns}${id}` };
  let clock = 0;
  let faults = 0;
  const entries: HistoryEntry[] = [];
  const clients: Client[] = [];
  try {
    for (const [index, spec] of program.clients.entries()) {
      const proxy = await FaultProxy.start(world.emulatorHost);
      const mapper = new Mapper(
        BigtableConnection.connect({
          projectId: EMULATOR_PROJECT,
          instanceId: EMULATOR_INSTANCE,
          emulatorHost: proxy.hostPort,
        }),
        {
          tableIds: world.tableIds,
          now: () => Date.now() + spec.skewMs,
          timeouts: CLIENT_TIMEOUTS,
          retry: CLIENT_RETRY,
          // About one entity per MutateRows request unless the client says otherwise (see program.ts).
          batchMaxBytes: spec.batch?.maxBytes ?? 256,
          ...(spec.batch === undefined ? {} : { batchConcurrency: spec.batch.concurrency }),
        },
      );
      clients.push({
        index,
        proxy,
        mapper,
        docs: mapper.repository(Doc),
        children: mapper.repository(Child),
        locked: mapper.repository(Locked),
        copies: new Map(),
        batchWriter: spec.batch !== undefined,
      });
    }
    await Promise.all(
      program.clients.map(async (spec, c) => {
        const client = clients[c]!;
        for (const [s, step] of spec.steps.entries()) {
          if (step.pauseMs > 0) await sleep(step.pauseMs);
          const faulted = step.fault ? inject(client.proxy, step.fault) : Promise.resolve(false);
          const invokedAt = clock++;
          const started = performance.now();
          const settled = await settleWithin(execute(client, step.command, s, names), HANG_MS);
          const completedAt = clock++;
          const durationMs = performance.now() - started;
          if (await faulted) faults++;
          entries.push({
            client: c,
            step: s,
            command: step.command,
            fault: step.fault,
            invokedAt,
            completedAt,
            outcome: outcomeOf(settled),
            durationMs,
          });
        }
      }),
    );
  } finally {
    for (const client of clients) client.proxy.restore();
    await Promise.all(clients.map((client) => client.mapper.close().catch(() => undefined)));
    // Closing the proxies drops whatever they still hold: nothing a client sent can land after the final read.
    await Promise.all(clients.map((client) => client.proxy.close()));
  }
  await sleep(50);
  const endedAt = clock++;
  const final = await readFinal(world, names);
  entries.sort((a, b) => a.invokedAt - b.invokedAt);
  return { entries, final, endedAt, faults };
}

/** Runs one fault on the client's link; resolves (true) once it is healed. */
function inject(proxy: FaultProxy, fault: Fault): Promise<boolean> {
  // afterMs 0: the fault is on before the call starts (synchronously, here).
  if (fault.afterMs === 0) {
    start(proxy, fault);
    return heal(proxy, fault);
  }
  return sleep(fault.afterMs).then(() => {
    start(proxy, fault);
    return heal(proxy, fault);
  });
}

function start(proxy: FaultProxy, fault: Fault): void {
  if (fault.kind === 'lose') proxy.blackholeResponses();
  else if (fault.kind === 'cut') proxy.cut();
  else if (fault.kind === 'stall') proxy.stall();
  else proxy.delay(fault.delayMs);
}

async function heal(proxy: FaultProxy, fault: Fault): Promise<boolean> {
  await sleep(fault.forMs);
  proxy.delay(0);
  // Dropped answers leave the HTTP/2 connection corrupt (its header compression state lost some frames): a real
  // network that loses answers ends with the connection reset, so the healing resets it too.
  if (fault.kind === 'lose') proxy.cut();
  proxy.restore();
  return true;
}

function outcomeOf(settled: PromiseSettledResult<string | undefined> | { status: 'hung' }): Outcome {
  if (settled.status === 'hung') return { type: 'hung' };
  if (settled.status === 'fulfilled')
    return settled.value === undefined ? { type: 'ok' } : { type: 'ok', value: settled.value };
  const error: unknown = settled.reason;
  if (error instanceof PartialWriteError) return { type: 'partial', outcomes: [...error.outcomes] };
  if (error instanceof BigtableMapperError)
    return { type: 'error', code: error.code, message: error.message };
  const name = error instanceof Error ? error.name : typeof error;
  return { type: 'error', code: `foreign:${name}`, message: String(error) };
}

function* syncStream<T>(items: readonly T[]): Generator<T> {
  yield* items;
}

async function* asyncStream<T>(items: readonly T[]): AsyncGenerator<T> {
  for (const [i, item] of items.entries()) {
    // Now and then the reader waits, as a file or network source would, and the writes in flight move on.
    if (i % 500 === 499) await new Promise((resolve) => setImmediate(resolve));
    yield item;
  }
}

function docEntity(doc: DocInput, value: string, names: Names): Doc {
  return Object.assign(new Doc(), {
    group: names.group(doc.group),
    id: doc.id,
    v: value,
    ...(doc.withNote ? { note: `n-${value}` } : {}),
    tags: doc.tags === undefined ? undefined : new Set(doc.tags),
    attrs: new Map(doc.attrKeys.map((k) => [k, value])),
  });
}

/** Runs one command; resolves to the value the model checks (an increment's result, a read's `v`), if any. */
async function execute(
  client: Client,
  command: Command,
  step: number,
  names: Names,
): Promise<string | undefined> {
  const { docs, children, locked } = client;
  const value = valueOf(client.index, step);
  const key = (c: { group: string; id: string }): { group: string; id: string } => ({
    group: names.group(c.group),
    id: c.id,
  });
  const fresh = (id: string): Locked =>
    Object.assign(new Locked(), { id: names.locked(id), v: '', version: 0n });
  const copyOf = (id: string): Locked => client.copies.get(id) ?? fresh(id);
  switch (command.kind) {
    case 'save':
      await docs.save(docEntity(command.doc, value, names));
      return undefined;
    case 'insert':
      await docs.insert(docEntity(command.doc, value, names));
      return undefined;
    case 'updateV':
      await docs.update(key(command), { v: value });
      return undefined;
    case 'updateClearNote':
      await docs.update(key(command), { note: undefined });
      return undefined;
    case 'updateTags':
      await docs.update(key(command), { tags: tagChanges(command) } as never);
      return undefined;
    case 'updateAttrs':
      await docs.update(key(command), { attrs: new Map(command.keys.map((k) => [k, value])) });
      return undefined;
    case 'delete':
      await docs.delete(key(command));
      return undefined;
    case 'add':
      await docs.add(key(command), 'tags', command.members as Iterable<string>);
      return undefined;
    case 'remove':
      await docs.remove(key(command), command.property, command.members as Iterable<string>);
      return undefined;
    case 'put':
      await docs.put(key(command), 'attrs', new Map(command.keys.map((k) => [k, value])));
      return undefined;
    case 'increment':
      return String(await docs.increment(key(command), 'hits', command.by));
    case 'saveMany': {
      const entities = batchInputs(command).map((d, i) =>
        docEntity(d, valueOf(client.index, step, i), names),
      );
      // A batch writer's calls have their own deadline (see program.ts); a stream has none unless the call gives
      // one, and every call here is timed by the checker.
      const options = { timeoutMs: client.batchWriter ? BATCH_WRITER_MS : CLIENT_TIMEOUTS.totalMs };
      if (command.input === undefined) await docs.saveMany(entities, client.batchWriter ? options : {});
      else
        await docs.saveMany(command.input === 'sync' ? syncStream(entities) : asyncStream(entities), options);
      return undefined;
    }
    case 'deletePrefix':
      await (command.id === undefined
        ? docs.deleteByPrefix({ group: names.group(command.group) }, { alsoDelete: [Child] })
        : docs.deleteByPrefix(key({ group: command.group, id: command.id }), { alsoDelete: [Child] }));
      return undefined;
    case 'saveChild':
      await children.save(Object.assign(new Child(), { ...key(command), n: command.n, text: value }));
      return undefined;
    case 'deleteChild':
      await children.delete({ ...key(command), n: command.n });
      return undefined;
    case 'lockedRead': {
      const read = await locked.get({ id: names.locked(command.id) });
      client.copies.set(command.id, read ?? fresh(command.id));
      return read?.v ?? '';
    }
    case 'lockedFresh':
      client.copies.set(command.id, fresh(command.id));
      return undefined;
    case 'lockedSave': {
      const copy = copyOf(command.id);
      client.copies.set(command.id, copy);
      copy.v = value;
      await locked.save(copy);
      return undefined;
    }
    case 'lockedDelete':
      await locked.delete(copyOf(command.id));
      return undefined;
    case 'lockedDrop':
      await locked.delete({ id: names.locked(command.id) });
      return undefined;
  }
}

/** Reads every row of the run's key space straight from the server (no fault, no mapping of the Doc table). */
async function readFinal(world: ModelWorld, names: Names): Promise<Map<string, string>> {
  const final = new Map<string, string>();
  const docs = world.direct.repository(Doc);
  const children = world.direct.repository(Child);
  const byKey = new Map<string, { row: string; kind: 'doc' | 'child' }>();
  for (const g of GROUPS)
    for (const id of IDS) {
      const group = names.group(g);
      byKey.set(Buffer.from(docs.keyOf({ group, id })).toString('latin1'), {
        row: docRow(g, id),
        kind: 'doc',
      });
      for (const n of CHILD_NS)
        byKey.set(Buffer.from(children.keyOf({ group, id, n })).toString('latin1'), {
          row: childRow(g, id, n),
          kind: 'child',
        });
    }
  const rowKeys = [...byKey.keys()].map((k) => Buffer.from(k, 'latin1'));
  for await (const row of readRows(world.direct.connection, docs.tableId, {
    rows: { rowKeys, rowRanges: [] },
  })) {
    const target = byKey.get(Buffer.from(row.key).toString('latin1'))!;
    const text = target.kind === 'doc' ? rawDoc(row) : rawChild(row);
    if (text !== '') final.set(target.row, text);
  }
  const lockedRepo = world.direct.repository(Locked);
  for (const id of LOCKED_IDS) {
    const stored = await lockedRepo.get({ id: names.locked(id) });
    if (stored !== undefined) final.set(lockedRow(id), `v=${stored.v}`);
  }
  return final;
}

/** Newest cell per column: family → qualifier → value. */
function columns(row: RowData): Map<string, Map<string, Uint8Array>> {
  const out = new Map<string, Map<string, Uint8Array>>();
  for (const cell of row.cells) {
    const family = out.get(cell.family) ?? new Map<string, Uint8Array>();
    const qualifier = Buffer.from(cell.qualifier).toString('utf8');
    if (!family.has(qualifier)) family.set(qualifier, cell.value);
    out.set(cell.family, family);
  }
  return out;
}

const utf8 = (bytes: Uint8Array): string => Buffer.from(bytes).toString('utf8');

/** A Doc row rendered as the model renders it; cells the model does not know are appended as `?family:qualifier`. */
function rawDoc(row: RowData): string {
  const cols = columns(row);
  const unknown: string[] = [];
  let state: DocState = { kind: 'doc', tags: [], attrs: [] };
  for (const [family, cells] of cols)
    for (const [qualifier, value] of cells) {
      if (family === 'd' && qualifier === 'v') state = { ...state, v: utf8(value) };
      else if (family === 'd' && qualifier === 'note') state = { ...state, note: utf8(value) };
      else if (family === 'tags') state = { ...state, tags: [...state.tags, qualifier] };
      else if (family === 'attrs') state = { ...state, attrs: [...state.attrs, [qualifier, utf8(value)]] };
      else if (family === 'c' && qualifier === 'hits' && value.length === 8)
        state = { ...state, hits: Buffer.from(value).readBigInt64BE(0) };
      else unknown.push(`?${family}:${qualifier}`);
    }
  return [canonical(state), ...unknown].filter((p) => p !== '').join(' ');
}

function rawChild(row: RowData): string {
  const unknown: string[] = [];
  let text: string | undefined;
  for (const [family, cells] of columns(row))
    for (const [qualifier, value] of cells) {
      if (family === 'k' && qualifier === 'text') text = utf8(value);
      else unknown.push(`?${family}:${qualifier}`);
    }
  return [text === undefined ? '' : `text=${text}`, ...unknown].filter((p) => p !== '').join(' ');
}
