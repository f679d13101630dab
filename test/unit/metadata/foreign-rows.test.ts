import { describe, expect, it } from 'vitest';
import { prefixKeyRange } from '../../../src/codecs/key/key-range.js';
import { defineEntity } from '../../../src/metadata/define-entity.js';
import type { EntityClass, EntityMetadata } from '../../../src/metadata/entity-metadata.js';
import { EntityRegistry } from '../../../src/metadata/entity-registry.js';
import { entitiesUnderPrefixes, foreignRows } from '../../../src/metadata/foreign-rows.js';
import { mayHaveKeysStartingWith } from '../../../src/metadata/key-prefix-fields.js';
import { chatModel } from '../../support/chat-model.js';

type Loose = Record<string, unknown>;
const utf8 = (s: string) => new TextEncoder().encode(s);

function model(encoding: 'delimited' | 'orderedCode', literal: string | undefined) {
  const table = `fr_${encoding}_${literal ?? 'none'}`;
  const Video = { Video: class {} }.Video as unknown as EntityClass<Loose>;
  const Comment = { Comment: class {} }.Comment as unknown as EntityClass<Loose>;
  defineEntity(Video, { table, prefix: 'video', encoding, key: [{ property: 'videoId' }] });
  defineEntity(Comment, {
    table,
    parent: Video,
    ...(literal === undefined ? {} : { literal }),
    key: [{ property: 'at', type: 'reversedTimestamp' }],
  });
  const registry = new EntityRegistry([Video, Comment]);
  return { video: registry.resolve(Video), comment: registry.resolve(Comment), registry, Video, Comment };
}

describe('which entities can have keys under a prefix', () => {
  const { video, comment } = model('delimited', 'c');

  it('counts fields and checks each complete field against the layout', () => {
    expect(mayHaveKeysStartingWith(video.key, utf8('video#v1#c#'))).toBe(false); // a video key has 2 fields
    expect(mayHaveKeysStartingWith(comment.key, utf8('video#v1#c#'))).toBe(true);
    expect(mayHaveKeysStartingWith(comment.key, utf8('video#v1#x#'))).toBe(false); // the literal is c
    expect(mayHaveKeysStartingWith(video.key, utf8('video#'))).toBe(true);
    expect(mayHaveKeysStartingWith(comment.key, utf8('vid'))).toBe(true); // a partial field: decided by range
    expect(mayHaveKeysStartingWith(comment.key, new Uint8Array(0))).toBe(true);
  });

  it('names the siblings a prefix drop would reach', () => {
    const names = (list: EntityMetadata[]) => list.map((e) => e.name);
    expect(names(entitiesUnderPrefixes(video, [video, comment], [utf8('video#')]))).toEqual(['Comment']);
    expect(names(entitiesUnderPrefixes(comment, [video, comment], [utf8('video#v1#c#')]))).toEqual([]);
    expect(names(entitiesUnderPrefixes(video, [comment], 'table'))).toEqual(['Comment']);
  });

  it('tells a reader’s rows from other types’ rows exactly', () => {
    const foreign = foreignRows(video, [comment], [prefixKeyRange(utf8('video#'))]);
    expect(foreign?.entities.map((e) => e.name)).toEqual(['Comment']);
    const commentKey = comment.key.codec.encode({ videoId: 'v1', at: new Date(0) });
    expect(foreign?.isForeign(commentKey)).toBe(true);
    expect(foreign?.isForeign(utf8('video#v1'))).toBe(false);
    expect(foreign?.isForeign(utf8('video#a#b'))).toBe(false); // malformed: stays the reader's (and fails there)
    // A single video key, or the comments of one video, hold nothing of the other type: no per-row work.
    const point = {
      start: { key: utf8('video#v1'), inclusive: true },
      end: { key: utf8('video#v1'), inclusive: true },
    };
    expect(foreignRows(video, [comment], [point])).toBeUndefined();
    expect(foreignRows(comment, [video], [prefixKeyRange(utf8('video#v1#c#'))])).toBeUndefined();
  });

  it('ordered code: fields are unescaped and separators counted', () => {
    const oc = model('orderedCode', undefined);
    const videoKey = oc.video.key.codec.encode({ videoId: 'v\u0000' });
    const prefix = Uint8Array.of(...videoKey, 0x00, 0x01); // the comments of that video
    expect(mayHaveKeysStartingWith(oc.video.key, prefix)).toBe(false);
    expect(mayHaveKeysStartingWith(oc.comment.key, prefix)).toBe(true);
    // The comments' read range starts at the video row itself (trailing empty fields are omitted).
    const ranges = oc.comment.key.codec.ranges({ videoId: 'v\u0000' });
    const foreign = foreignRows(oc.comment, [oc.video], ranges);
    expect(foreign?.isForeign(videoKey)).toBe(true);
  });
});

describe('sibling children in ordered code', () => {
  // <tenant> conv <id> then m <at> (messages) or u <member> (unread counters): a read of one conversation's messages
  // is the range [.. 00 01 m, .. 00 01 m 00 02), whose last field `m` is complete: no counter key can lie in it.
  const { conversation: conv, message, unread } = chatModel('fr_oc_siblings', 'orderedCode');
  const one = { tenant: 'acme', id: 'c1' };

  it('finds no counter in the range of one conversation’s messages, and both children under the conversation', () => {
    expect(foreignRows(message, [conv, unread], message.key.codec.ranges(one))).toBeUndefined();
    expect(foreignRows(unread, [conv, message], unread.key.codec.ranges(one))).toBeUndefined();
    const underTenant = foreignRows(conv, [message, unread], conv.key.codec.ranges({ tenant: 'acme' }));
    expect(underTenant?.entities.map((e) => e.name)).toEqual(['Message', 'Unread']);
    // The range of a conversation's complete fields holds the conversation's own row: it is found.
    const key = conv.key.codec.encode(one);
    const range = {
      start: { key, inclusive: true },
      end: { key: Uint8Array.of(...key, 0x00, 0x02), inclusive: false },
    };
    expect(foreignRows(unread, [conv], [range])?.entities.map((e) => e.name)).toEqual(['Conversation']);
  });
});
