import { describe, it } from 'vitest';
import { getEntityMetadata } from '../../../src/metadata/entity-registry.js';
import { Query } from '../../../src/query/builder/query.js';
import { plainRequest } from '../../../src/query/explain/render-request.js';
import { expectGolden } from '../../support/golden-file.js';
import { User } from '../../integration/evolution/evolving-users.js';
import { NOW } from './query-shapes.js';

const users = (): Query<User> => Query.over(getEntityMetadata(User), { now: () => NOW });

// The reads of an evolving entity (v3 with steps from 1 and 2): whole rows read the version cell and the old
// columns through their families; projections add them explicitly; value conditions move to the client.
const SHAPES: ReadonlyArray<{ name: string; code: string; build: () => Query<User, unknown> }> = [
  { name: 'whole', code: "users.find({ userId: 'u1' })", build: () => users().where('userId', '=', 'u1') },
  {
    name: 'select',
    code: "users.find({ userId: 'u1' }).select('displayName')",
    build: () => users().where('userId', '=', 'u1').select('displayName'),
  },
  {
    name: 'where',
    code: "users.scan().where('displayName', '=', 'Ada')",
    build: () => users().allowScan().where('displayName', '=', 'Ada'),
  },
  {
    name: 'entries',
    code: "users.find({ userId: 'u1' }).entries('prefs', { prefix: 'a' })",
    build: () => users().where('userId', '=', 'u1').entries('prefs', { prefix: 'a' }),
  },
];

describe('golden compiled requests of an evolving entity', () => {
  for (const shape of SHAPES) {
    it(shape.name, () => {
      const { request, notes } = shape.build().compile();
      const text = `${JSON.stringify({ query: shape.code, request: plainRequest(request) ?? null, notes }, null, 2)}\n`;
      expectGolden(text, new URL(`./__golden__/evolution-${shape.name}.json`, import.meta.url));
    });
  }
});
