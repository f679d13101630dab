import { describe, expect, it } from 'vitest';
import { QueryError } from '../../../../src/errors/query-error.js';
import { getEntityMetadata } from '../../../../src/metadata/entity-registry.js';
import { CollectionQuery } from '../../../../src/query/builder/collection-query.js';
import { Query } from '../../../../src/query/builder/query.js';
import { MediaComment, MediaVideo } from '../collection-fixtures.js';
import { Reading } from '../query-fixtures.js';

// Query and CollectionQuery take the decode policy through one function: the collection builder's copy had
// drifted and took any policy other than 'throw', with a reporter, as 'skip'.
describe('onDecodeError policies, the same for every builder', () => {
  const report = (): void => {};
  const collection = (): CollectionQuery<{ video: MediaVideo; comments: MediaComment }> =>
    CollectionQuery.over(
      { video: getEntityMetadata(MediaVideo), comments: getEntityMetadata(MediaComment) },
      { videoId: 'v1' },
    );

  it('an unknown policy is refused even with a reporter', () => {
    const policy = /onDecodeError: the policy must be 'throw' or 'skip' \(value "ignore"\)$/;
    expect(() => Query.over(getEntityMetadata(Reading)).onDecodeError('ignore' as never, report)).toThrow(
      policy,
    );
    expect(() => collection().onDecodeError('ignore' as never, report)).toThrow(policy);
  });

  it("'skip' needs a reporter, in the same words", () => {
    const words =
      /'skip' needs a function that receives each skipped row \(rows are never dropped silently\)/;
    expect(() => Query.over(getEntityMetadata(Reading)).onDecodeError('skip', undefined as never)).toThrow(
      words,
    );
    expect(() => collection().onDecodeError('skip', undefined as never)).toThrow(words);
    expect(() => collection().onDecodeError('skip', undefined as never)).toThrow(QueryError);
  });
});
