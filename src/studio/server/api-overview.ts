import { listTables } from '../../transport/table-admin.js';
import type { StudioContext } from './studio-context.js';
import { describeEntity } from './describe-entities.js';

/** The table id an entity's table is read from (the mapper's `tableIds` may point it elsewhere). */
export function tableIdOf(context: StudioContext, table: string): string {
  return context.mapper.repositoryOptions.tableIds?.[table] ?? table;
}

/** `GET /api/overview`: where the studio is connected, whether writes are on, the entities and their tables. */
export async function apiOverview(context: StudioContext, version: string): Promise<object> {
  const { connection } = context.mapper;
  const tables = new Map<string, string[]>();
  for (const meta of context.entities) {
    const id = tableIdOf(context, meta.table);
    tables.set(id, [...(tables.get(id) ?? []), meta.name]);
  }
  const live = await listTables(connection);
  const collections = context.collections();
  for (const id of live) if (!tables.has(id)) tables.set(id, []);
  return {
    project: connection.projectId,
    instance: connection.instanceId,
    emulator: connection.endpoint.kind === 'emulator',
    allowWrites: context.allowWrites,
    version,
    entities: context.entities.map((m) =>
      describeEntity(
        m,
        tableIdOf(context, m.table),
        context.allowWrites,
        [...collections].filter(([, members]) => members[m.name] === m).map(([name]) => name),
      ),
    ),
    collections: [...collections].map(([name, members]) => ({ name, members: Object.keys(members) })),
    tables: [...tables]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([name, claimedBy]) => ({ name, claimedBy })),
  };
}
