// Mapping CPU without I/O: entity → mutations and row → entity, against hand-written code producing the same
// mutation objects and entities. Only CPU is measured here, so there is no HL variant.
import { deepStrictEqual } from 'node:assert/strict';
import { buildSaveMutations } from '../../src/mapping/build-save-mutations.js';
import { hydrateEntity } from '../../src/mapping/hydrate-entity.js';
import { getEntityMetadata } from '../../src/metadata/entity-registry.js';
import type { Mutation } from '../../src/model/mutation.js';
import type { Cell, RowData } from '../../src/model/row-data.js';
import { rawDecode, rawKey } from '../fixtures/raw-codec.js';
import { Reading, makeReading, viewOf } from '../fixtures/reading.js';
import type { Workload } from '../harness/workload.js';

const BLOCKS = 10;
const Q = {
  name: Buffer.from('name'),
  cpu: Buffer.from('cpu'),
  mem: Buffer.from('mem'),
  ok: Buffer.from('ok'),
};
const EMPTY = new Uint8Array(0);

/** Hand-written entity → mutations, the same list the library builds. */
function handEncode(r: Reading, ts: bigint): { key: Uint8Array; mutations: Mutation[] } {
  const cpu = Buffer.allocUnsafe(8);
  cpu.writeDoubleBE(r.cpu, 0);
  const mem = Buffer.allocUnsafe(8);
  mem.writeBigInt64BE(r.mem, 0);
  const mutations: Mutation[] = [];
  const column = (qualifier: Uint8Array, value: Uint8Array): void => {
    mutations.push({ kind: 'deleteFromColumn', family: 'd', qualifier });
    mutations.push({ kind: 'setCell', family: 'd', qualifier, timestampMicros: ts, value });
  };
  column(Q.name, Buffer.from(r.name));
  column(Q.cpu, cpu);
  column(Q.mem, mem);
  column(Q.ok, Buffer.from([r.ok ? 1 : 0]));
  mutations.push({ kind: 'deleteFromFamily', family: 'tags' });
  for (const m of [...r.tags].map((t) => Buffer.from(t)).sort(Buffer.compare))
    mutations.push({ kind: 'setCell', family: 'tags', qualifier: m, timestampMicros: ts, value: EMPTY });
  return { key: rawKey(r.device, r.seq), mutations };
}

/** The row a save of `r` leaves (what a read returns), built once per entity outside the timed part. */
function storedRow(r: Reading, ts: bigint): RowData {
  const { key, mutations } = handEncode(r, ts);
  const cells: Cell[] = [];
  for (const m of mutations)
    if (m.kind === 'setCell')
      cells.push({
        family: m.family,
        qualifier: m.qualifier,
        timestampMicros: ts,
        value: m.value,
        labels: [],
      });
  return { key, cells };
}

/** Mutations with bytes as hex and bigints as text, so Buffer and Uint8Array outputs compare by content. */
const plain = (mutations: readonly Mutation[]): unknown =>
  mutations.map((m) =>
    Object.fromEntries(
      Object.entries(m).map(([k, v]) => [
        k,
        v instanceof Uint8Array ? Buffer.from(v).toString('hex') : typeof v === 'bigint' ? String(v) : v,
      ]),
    ),
  );

export const mappingCpu: Workload = {
  name: 'mapping CPU',
  description:
    'encode (entity → save mutations) and decode (row → entity) with no I/O, against hand-written code',
  size: (mode) => ({ smoke: 100, quick: 50_000, full: 100_000 })[mode],
  async prepare(_context, size) {
    const meta = getEntityMetadata(Reading);
    const now = Date.UTC(2026, 0, 1);
    const ts = BigInt(now) * 1000n;
    const per = Math.ceil(size / BLOCKS);
    const entities = Array.from({ length: size }, (_, i) => makeReading('mapping', i));
    const rows = entities.map((r) => storedRow(r, ts));
    const rawRows = rows.map((row) => ({
      key: row.key as Buffer,
      cells: row.cells.map((c) => ({
        family: c.family,
        qualifier: c.qualifier as Buffer,
        value: c.value as Buffer,
      })),
    }));
    const range = (block: number): [number, number] => [block * per, Math.min(size, (block + 1) * per)];
    let sink = 0; // results feed a checksum, so no engine can drop the work
    const variants = {
      library: async (block: number) => {
        const [from, to] = range(block);
        for (let i = from; i < to; i++) {
          sink += buildSaveMutations(meta, entities[i]!, { now: () => now }).mutations.length;
          sink += hydrateEntity(meta, rows[i]!).name.length;
        }
        return sink;
      },
      raw: async (block: number) => {
        const [from, to] = range(block);
        for (let i = from; i < to; i++) {
          sink += handEncode(entities[i]!, ts).mutations.length;
          sink += rawDecode(rawRows[i]!.key, rawRows[i]!.cells).name.length;
        }
        return sink;
      },
    };
    return {
      blocks: Math.ceil(size / per),
      rowsPerBlock: per,
      variants,
      hlNote: 'not applicable (no I/O)',
      async verify() {
        for (let i = 0; i < Math.min(size, 200); i++) {
          const library = buildSaveMutations(meta, entities[i]!, { now: () => now });
          const hand = handEncode(entities[i]!, ts);
          deepStrictEqual(Buffer.from(library.key), Buffer.from(hand.key), 'keys differ');
          deepStrictEqual(plain(library.mutations), plain(hand.mutations), 'mutations differ');
          const row = rows[i]!;
          deepStrictEqual(
            viewOf(hydrateEntity(meta, row)),
            viewOf(rawDecode(rawRows[i]!.key, rawRows[i]!.cells)),
            'decoded entities differ',
          );
        }
      },
    };
  },
};
