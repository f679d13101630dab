import { describe, expect, it } from 'vitest';
import { formatPlan } from '../../../src/admin/format-plan.js';
import { planSchema } from '../../../src/admin/schema-plan.js';
import type { TableSchema } from '../../../src/admin/table-schema.js';
import { desiredSchema } from '../../../src/admin/table-schema.js';
import { expectGolden } from '../../support/golden-file.js';
import { Invoice, Payment, Telemetry } from './schema-entities.js';

const golden = (name: string): URL => new URL(`./__golden__/${name}`, import.meta.url);
const desired = desiredSchema([Telemetry, Invoice, Payment]);

describe('formatPlan', () => {
  it('a plan from nothing: create tables, set the shared row-key schema, note the table without one', () => {
    const plan = planSchema(desired, {});
    expect(JSON.parse(JSON.stringify(plan))).toEqual(plan); // plain JSON data
    expectGolden(formatPlan(plan), golden('from-nothing.txt'));
  });

  it('a plan over drifted tables: every kind of change, safe and destructive', () => {
    const telemetry: TableSchema = {
      tableId: 'telemetry',
      families: { stats: { gcRule: { maxVersions: 5 } }, views: { aggregate: 'max' }, old: {} },
      rowKeySchema: {
        state: 'set',
        schema: { fields: [], encoding: { orderedCodeBytes: {} } },
      },
    };
    const invoices: TableSchema = {
      tableId: 'invoices',
      families: { d: {} },
      rowKeySchema: { state: 'unknown', reason: 'emulator' },
    };
    const archive: TableSchema = {
      tableId: 'archive',
      families: {},
      rowKeySchema: { state: 'none', reason: '' },
    };
    const plan = planSchema(
      desired,
      { telemetry, invoices, archive },
      { pruneFamilies: true, pruneTables: ['archive'] },
    );
    expect(JSON.parse(JSON.stringify(plan))).toEqual(plan);
    expectGolden(formatPlan(plan), golden('drifted.txt'));
  });

  it('an empty plan says so', () => {
    expectGolden(formatPlan({ changes: [], notes: [] }), golden('empty.txt'));
  });
});
