// Codegen from the live tables of every example: run the example on fresh tables, infer entities from what it
// wrote, import the generated source, and read every row of the table back through the generated entities.
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, inject, it } from 'vitest';
import { examples } from '../../../examples/examples.js';
import { invoiceRows } from '../../../examples/invoice-rows.js';
import { multiTenant } from '../../../examples/multi-tenant.js';
import { videoCommentRows } from '../../../examples/video-comment-rows.js';
import type { EntityClass } from '../../../src/metadata/entity-metadata.js';
import { getEntityMetadata } from '../../../src/metadata/entity-registry.js';
import { inferTableEntities } from '../../../src/codegen/infer/infer-table-entities.js';
import { kebabCase } from '../../../src/codegen/source/kebab-case.js';
import { TestMapper } from '../../../src/testing/test-mapper.js';
import { readRows } from '../../../src/transport/read-rows.js';
import { prepareGeneratedDir } from '../../support/generated-sources.js';

const OUT = new URL('../../../.tmp/codegen-live-examples/', import.meta.url);

describe('codegen from the live tables of every example', () => {
  prepareGeneratedDir(OUT);
  for (const example of examples) {
    it(example.name, async () => {
      const host = (inject as (key: string) => unknown)('bigtableEmulatorHost');
      let clock: number | undefined;
      const t = await TestMapper.create(example.entities, {
        now: () => clock ?? Date.now(),
        ...(typeof host === 'string' ? { emulatorHost: host } : {}),
      });
      try {
        await example.run(t.mapper, { setClock: (at) => (clock = at?.getTime()) });
        const tables = [...new Set(example.entities.map((e) => t.tableIds[getEntityMetadata(e).table]!))];
        for (const tableId of tables) {
          const inferred = await inferTableEntities(t.mapper, tableId);
          const keys: string[] = [];
          for await (const row of readRows(t.mapper.connection, tableId, {}))
            keys.push(Buffer.from(row.key).toString('hex'));
          expect(inferred.rowsSampled).toBe(keys.length);
          // The multi-tenant table starts its keys with different tenants of one shape: not one entity per tenant.
          if (example.id === multiTenant.id) expect(inferred.entities).toHaveLength(1);
          // Kebab-case file names: a child's source imports its parent's module by that name. Every module is
          // imported before any read, as an application would: a parent's scan tells its children's rows apart.
          const generated = new Map<string, EntityClass>();
          for (const entity of inferred.entities) {
            const path = fileURLToPath(new URL(`${kebabCase(entity.entity)}.ts`, OUT));
            writeFileSync(path, entity.source);
          }
          for (const entity of inferred.entities) {
            const path = fileURLToPath(new URL(`${kebabCase(entity.entity)}.ts`, OUT));
            generated.set(
              entity.entity,
              ((await import(path)) as Record<string, EntityClass>)[entity.entity]!,
            );
          }
          if (example.id === videoCommentRows.id || example.id === invoiceRows.id) {
            // Hierarchical keys are inferred: a parent, and a child whose key extends it.
            expect(inferred.entities.map((e) => e.parent)).toEqual([undefined, inferred.entities[0]!.entity]);
            expect(getEntityMetadata(generated.get(inferred.entities[1]!.entity)!).parent).toBe(
              generated.get(inferred.entities[0]!.entity),
            );
          }
          let read = 0;
          for (const entity of inferred.entities) {
            const Generated = generated.get(entity.entity)!;
            // Every row of the entity decodes (a decode error would throw), with the key bytes it was read from.
            const rows = await t.mapper.repository(Generated).scan().allowScan().toArray();
            expect(rows).toHaveLength(entity.rows);
            for (const row of rows) {
              const key = t.mapper.repository(Generated).keyOf(row as never);
              expect(keys).toContain(Buffer.from(key).toString('hex'));
            }
            read += rows.length;
          }
          expect(read).toBe(keys.length);
        }
      } finally {
        await t.dispose();
      }
    });
  }
});
