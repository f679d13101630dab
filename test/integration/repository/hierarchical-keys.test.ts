import { describe, expect, it } from 'vitest';
import { Column, Entity, Family, KeyPart } from '../../../decorators/index.js';
import { InvalidArgumentError } from '../../../src/errors/invalid-argument-error.js';
import { printableKey } from '../../../src/errors/printable-key.js';
import type { EntityClass } from '../../../src/metadata/entity-metadata.js';
import type { Mapper } from '../../../src/repository/mapper.js';
import { useMapper } from '../../../src/testing/vitest/use-mapper.js';
import { readRows } from '../../../src/transport/read-rows.js';

// Related entities in adjacent rows (issue 13 §1): a video row and its comment rows under the video's key.

function videoModel(encoding: 'delimited' | 'orderedCode', table: string) {
  @Entity({ table, prefix: 'video', encoding })
  @Family('d')
  class Video {
    @KeyPart(0, 'string') videoId!: string;
    @Column({ family: 'd', codec: 'string' }) title!: string;
  }
  // Key: video#<videoId>#c#<Long.MAX - at>: every comment of a video sits right after it, newest first.
  @Entity({ table, parent: Video, literal: 'c' })
  @Family('d')
  class Comment {
    videoId!: string;
    @KeyPart(0, 'reversedTimestamp') at!: Date;
    @Column({ family: 'd', codec: 'string' }) text!: string;
  }
  return { Video, Comment };
}

const delimited = videoModel('delimited', 'hk_media');
const ordered = videoModel('orderedCode', 'hk_media_oc');

// Ordered code, no literal: the comment prefix of a video starts at the video's own row (trailing fields omitted).
@Entity({ table: 'hk_bare_oc', prefix: 'video', encoding: 'orderedCode' })
@Family('d')
class BareVideo {
  @KeyPart(0, 'string') videoId!: string;
  @Column({ family: 'd', codec: 'string' }) title!: string;
}
@Entity({ table: 'hk_bare_oc', parent: BareVideo })
@Family('d')
class BareComment {
  videoId!: string;
  @KeyPart(0, 'reversedTimestamp') at!: Date;
  @Column({ family: 'd', codec: 'string' }) text!: string;
}

// Geography as three entity levels: asia / asia#india / asia#india#bangalore (the field count decides the type).
@Entity({ table: 'hk_geo' })
@Family('d')
class Continent {
  @KeyPart(0, 'string') continent!: string;
  @Column({ family: 'd', codec: 'string' }) name!: string;
}
@Entity({ table: 'hk_geo', parent: Continent })
@Family('d')
class Country {
  continent!: string;
  @KeyPart(0, 'string') country!: string;
  @Column({ family: 'd', codec: 'string' }) name!: string;
}
@Entity({ table: 'hk_geo', parent: Country })
@Family('d')
class City {
  continent!: string;
  country!: string;
  @KeyPart(0, 'string') city!: string;
  @Column({ family: 'd', codec: 'string' }) name!: string;
}

// The same levels in ordered code need a literal between them (else `asia` would also be the country "" of asia).
@Entity({ table: 'hk_geo_oc', encoding: 'orderedCode' })
@Family('d')
class OcContinent {
  @KeyPart(0, 'string') continent!: string;
  @Column({ family: 'd', codec: 'string' }) name!: string;
}
@Entity({ table: 'hk_geo_oc', parent: OcContinent, literal: 'country' })
@Family('d')
class OcCountry {
  continent!: string;
  @KeyPart(0, 'string') country!: string;
  @Column({ family: 'd', codec: 'string' }) name!: string;
}
@Entity({ table: 'hk_geo_oc', parent: OcCountry, literal: 'city' })
@Family('d')
class OcCity {
  continent!: string;
  country!: string;
  @KeyPart(0, 'string') city!: string;
  @Column({ family: 'd', codec: 'string' }) name!: string;
}

// Invoice → payments as adjacent rows: invoice#<id> then invoice#<id>#payment#<paymentId>.
@Entity({ table: 'hk_billing', prefix: 'invoice' })
@Family('d')
class Invoice {
  @KeyPart(0, 'string') invoiceId!: string;
  @Column({ family: 'd', codec: 'string' }) customer!: string;
}
@Entity({ table: 'hk_billing', parent: Invoice, literal: 'payment' })
@Family('d')
class Payment {
  invoiceId!: string;
  @KeyPart(0, 'string') paymentId!: string;
  @Column({ family: 'd', codec: 'int64AsNumber' }) amount!: number;
}

// Multitenancy: a tenant row, and per-day device rows under it: altostrat#phone#4c410523#20190501.
@Entity({ table: 'hk_tenants' })
@Family('d')
class Tenant {
  @KeyPart(0, 'string') tenant!: string;
  @Column({ family: 'd', codec: 'string' }) plan!: string;
}
@Entity({ table: 'hk_tenants', parent: Tenant })
@Family('d')
class DeviceDay {
  tenant!: string;
  @KeyPart(0, 'string') deviceType!: string;
  @KeyPart(1, 'string') deviceId!: string;
  @KeyPart(2, { type: 'int64', width: 8, as: 'number' }) day!: number;
  @Column({ family: 'd', codec: 'float64' }) cpu!: number;
}

const at = (minute: number) => new Date(Date.UTC(2019, 4, 1, 12, minute));
async function tableKeys(m: Mapper, tableId: string): Promise<string[]> {
  const keys: string[] = [];
  for await (const row of readRows(m.connection, tableId, {})) keys.push(printableKey(row.key));
  return keys;
}

describe('hierarchical keys on the emulator', () => {
  const mapper = useMapper([
    delimited.Video,
    delimited.Comment,
    ordered.Video,
    ordered.Comment,
    BareVideo,
    BareComment,
    Continent,
    Country,
    City,
    OcContinent,
    OcCountry,
    OcCity,
    Invoice,
    Payment,
    Tenant,
    DeviceDay,
  ]);

  describe.each([
    ['delimited', delimited],
    ['ordered code', ordered],
  ] as const)('video + comments (%s)', (_, { Video, Comment }) => {
    async function seed() {
      const videos = mapper().repository(Video);
      const comments = mapper().repository(Comment);
      await videos.saveMany(
        ['v1', 'v2'].map((videoId) => Object.assign(new Video(), { videoId, title: `title ${videoId}` })),
      );
      await comments.saveMany([
        ...[1, 3, 2].map((m) => Object.assign(new Comment(), { videoId: 'v1', at: at(m), text: `c${m}` })),
        Object.assign(new Comment(), { videoId: 'v2', at: at(9), text: 'other' }),
      ]);
      return { videos, comments };
    }

    it('stores comments right after their video and reads each type alone', async () => {
      const { videos, comments } = await seed();
      const keys = await tableKeys(mapper(), videos.tableId);
      expect(keys).toHaveLength(6);
      if (Video === delimited.Video) {
        expect(keys).toEqual([
          'video#v1',
          'video#v1#c#9223370480142595807',
          'video#v1#c#9223370480142655807',
          'video#v1#c#9223370480142715807',
          'video#v2',
          'video#v2#c#9223370480142235807',
        ]);
      }
      expect(await videos.get({ videoId: 'v1' })).toEqual(
        Object.assign(new Video(), { videoId: 'v1', title: 'title v1' }),
      );
      // The scan passes over the comment rows: skipped by key, never hydrated as videos.
      expect((await videos.scan().toArray()).map((v) => v.videoId)).toEqual(['v1', 'v2']);
      expect((await videos.scan().limit(2).toArray()).map((v) => v.videoId)).toEqual(['v1', 'v2']);
      expect(await videos.scan().count()).toBe(2);
      expect(videos.scan().explain()).toContain(
        'rows of Comment can lie in these ranges (hierarchical keys)',
      );
      expect(videos.find({ videoId: 'v1' }).explain()).not.toContain('rows of Comment');

      // Comments of one video by the video's prefix, newest first (reversed timestamps).
      const texts = async (q: AsyncIterable<{ text: string }>) => {
        const out: string[] = [];
        for await (const c of q) out.push(c.text);
        return out;
      };
      expect(await texts(comments.find({ videoId: 'v1' }))).toEqual(['c3', 'c2', 'c1']);
      expect(await texts(comments.find({ videoId: 'v1' }).limit(2))).toEqual(['c3', 'c2']);
      expect((await comments.find({ videoId: 'v1' }).toArray())[0]).toEqual(
        Object.assign(new Comment(), { videoId: 'v1', at: at(3), text: 'c3' }),
      );
      expect(await texts(comments.scan())).toEqual(['c3', 'c2', 'c1', 'other']);

      // The video with its comments in one ReadRows, each row as its own class.
      const rows = await mapper().query([Video, Comment], { videoId: 'v1' });
      expect(rows.map((r) => r.constructor.name)).toEqual(['Video', 'Comment', 'Comment', 'Comment']);
    });

    it('refuses a prefix delete that would drop comments unless they are named', async () => {
      const { videos, comments } = await seed();
      const before = await tableKeys(mapper(), videos.tableId);
      const error = await videos.deleteByPrefix({}, { allowEntireEntity: true }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(InvalidArgumentError);
      expect((error as Error).message).toBe(
        'Repository<Video>.deleteByPrefix: options.alsoDelete for Video must be a list naming Comment: rows of that ' +
          'entity can lie under this prefix and the drop would delete them too (pass { alsoDelete: [Comment] } to ' +
          'delete them on purpose, or delete a narrower prefix), got []',
      );
      expect(await tableKeys(mapper(), videos.tableId)).toEqual(before);

      // A narrower prefix of the child is fine: v1's comments go, the videos and v2's comment stay.
      await comments.deleteByPrefix({ videoId: 'v1' });
      expect((await videos.scan().toArray()).map((v) => v.videoId)).toEqual(['v1', 'v2']);
      expect((await comments.scan().toArray()).map((c) => c.text)).toEqual(['other']);

      await videos.deleteByPrefix({}, { allowEntireEntity: true, alsoDelete: [Comment as EntityClass] });
      expect(await tableKeys(mapper(), videos.tableId)).toEqual([]);
    });
  });

  it('ordered code without a literal: deleting a video’s comments keeps the video row', async () => {
    const videos = mapper().repository(BareVideo);
    const comments = mapper().repository(BareComment);
    await videos.save(Object.assign(new BareVideo(), { videoId: 'v1', title: 't' }));
    await comments.save(Object.assign(new BareComment(), { videoId: 'v1', at: at(1), text: 'c1' }));
    expect(await tableKeys(mapper(), videos.tableId)).toEqual([
      'video\\x00\\x01v1',
      'video\\x00\\x01v1\\x00\\x01\\xff\\xc0\\x7f\\xff\\xfe\\x95\\x8c\\xbb\\x0b\\x9f',
    ]);
    // The comments' range starts at the video row itself (trailing empty fields are omitted): skipped by key.
    expect((await comments.find({ videoId: 'v1' }).toArray()).map((c) => c.text)).toEqual(['c1']);
    expect(await comments.find({ videoId: 'v1' }).count()).toBe(1);
    await comments.deleteByPrefix({ videoId: 'v1' });
    expect(await tableKeys(mapper(), videos.tableId)).toEqual(['video\\x00\\x01v1']);
  });

  it('three-level geography: continent, country and city reads by prefix', async () => {
    const continents = mapper().repository(Continent);
    const countries = mapper().repository(Country);
    const cities = mapper().repository(City);
    await continents.saveMany(
      ['asia', 'europe'].map((continent) => Object.assign(new Continent(), { continent, name: continent })),
    );
    await countries.saveMany(
      [
        ['asia', 'india'],
        ['asia', 'japan'],
        ['europe', 'france'],
      ].map(([continent, country]) => Object.assign(new Country(), { continent, country, name: country })),
    );
    await cities.saveMany(
      [
        ['asia', 'india', 'bangalore'],
        ['asia', 'india', 'mumbai'],
        ['asia', 'japan', 'tokyo'],
      ].map(([continent, country, city]) =>
        Object.assign(new City(), { continent, country, city, name: city }),
      ),
    );
    expect(await tableKeys(mapper(), continents.tableId)).toEqual([
      'asia',
      'asia#india',
      'asia#india#bangalore',
      'asia#india#mumbai',
      'asia#japan',
      'asia#japan#tokyo',
      'europe',
      'europe#france',
    ]);
    const names = (rows: Array<{ name: string }>) => rows.map((r) => r.name);
    expect(names(await continents.scan().toArray())).toEqual(['asia', 'europe']);
    expect(names(await countries.find({ continent: 'asia' }).toArray())).toEqual(['india', 'japan']);
    expect(names(await cities.find({ continent: 'asia' }).toArray())).toEqual([
      'bangalore',
      'mumbai',
      'tokyo',
    ]);
    expect(names(await cities.find({ continent: 'asia', country: 'india' }).toArray())).toEqual([
      'bangalore',
      'mumbai',
    ]);
    expect(await countries.find({ continent: 'asia' }).count()).toBe(2);
    const error = await countries.deleteByPrefix({ continent: 'asia' }).catch((e: unknown) => e);
    expect((error as Error).message).toContain('must be a list naming City:');
  });

  it('three-level geography in ordered code, with literals between the levels', async () => {
    const continents = mapper().repository(OcContinent);
    const countries = mapper().repository(OcCountry);
    const cities = mapper().repository(OcCity);
    await continents.save(Object.assign(new OcContinent(), { continent: 'asia', name: 'asia' }));
    await countries.saveMany(
      ['india', 'japan'].map((country) =>
        Object.assign(new OcCountry(), { continent: 'asia', country, name: country }),
      ),
    );
    await cities.saveMany(
      ['bangalore', 'mumbai'].map((city) =>
        Object.assign(new OcCity(), { continent: 'asia', country: 'india', city, name: city }),
      ),
    );
    expect(await tableKeys(mapper(), continents.tableId)).toEqual([
      'asia',
      'asia\\x00\\x01country\\x00\\x01india',
      'asia\\x00\\x01country\\x00\\x01india\\x00\\x01city\\x00\\x01bangalore',
      'asia\\x00\\x01country\\x00\\x01india\\x00\\x01city\\x00\\x01mumbai',
      'asia\\x00\\x01country\\x00\\x01japan',
    ]);
    const names = (rows: Array<{ name: string }>) => rows.map((r) => r.name);
    expect(names(await continents.scan().toArray())).toEqual(['asia']);
    expect(names(await countries.find({ continent: 'asia' }).toArray())).toEqual(['india', 'japan']);
    expect(names(await cities.find({ continent: 'asia', country: 'india' }).toArray())).toEqual([
      'bangalore',
      'mumbai',
    ]);
    await expect(countries.deleteByPrefix({ continent: 'asia' })).rejects.toBeInstanceOf(
      InvalidArgumentError,
    );
    await countries.deleteByPrefix({ continent: 'asia' }, { alsoDelete: [OcCity as EntityClass] });
    expect(await tableKeys(mapper(), continents.tableId)).toEqual(['asia']);
  });

  it('invoice and its payments in one read, each row routed by its key', async () => {
    await mapper()
      .repository(Invoice)
      .saveMany(
        ['i1', 'i10'].map((invoiceId) =>
          Object.assign(new Invoice(), { invoiceId, customer: `c-${invoiceId}` }),
        ),
      );
    await mapper()
      .repository(Payment)
      .saveMany([
        Object.assign(new Payment(), { invoiceId: 'i1', paymentId: 'p2', amount: 20 }),
        Object.assign(new Payment(), { invoiceId: 'i1', paymentId: 'p1', amount: 10 }),
        Object.assign(new Payment(), { invoiceId: 'i10', paymentId: 'p1', amount: 99 }),
      ]);
    // i10 starts with i1 but is another invoice: the exact prefix keeps it out.
    const rows = await mapper().query([Invoice, Payment], { invoiceId: 'i1' });
    expect(rows.map((r) => r.constructor.name)).toEqual(['Invoice', 'Payment', 'Payment']);
    expect(rows.slice(1).map((r) => (r as Payment).amount)).toEqual([10, 20]);
    const reversed = await mapper().query([Payment, Invoice], { invoiceId: 'i1' });
    expect(reversed.map((r) => r.constructor.name)).toEqual(['Invoice', 'Payment', 'Payment']);
    expect(
      (await mapper().repository(Payment).find({ invoiceId: 'i1' }).toArray()).map((p) => p.paymentId),
    ).toEqual(['p1', 'p2']);
    expect((await mapper().repository(Invoice).scan().toArray()).map((i) => i.invoiceId)).toEqual([
      'i1',
      'i10',
    ]);
  });

  it('tenant-prefixed device rows next to the tenant row', async () => {
    const tenants = mapper().repository(Tenant);
    const days = mapper().repository(DeviceDay);
    await tenants.saveMany(
      ['altostrat', 'examplepetstore'].map((tenant) => Object.assign(new Tenant(), { tenant, plan: 'pro' })),
    );
    await days.saveMany([
      Object.assign(new DeviceDay(), {
        tenant: 'altostrat',
        deviceType: 'phone',
        deviceId: '4c410523',
        day: 20190501,
        cpu: 0.5,
      }),
      Object.assign(new DeviceDay(), {
        tenant: 'altostrat',
        deviceType: 'phone',
        deviceId: '4c410523',
        day: 20190502,
        cpu: 0.7,
      }),
      Object.assign(new DeviceDay(), {
        tenant: 'examplepetstore',
        deviceType: 'tablet',
        deviceId: 'a1',
        day: 20190501,
        cpu: 0.1,
      }),
    ]);
    expect(await tableKeys(mapper(), tenants.tableId)).toEqual([
      'altostrat',
      'altostrat#phone#4c410523#20190501',
      'altostrat#phone#4c410523#20190502',
      'examplepetstore',
      'examplepetstore#tablet#a1#20190501',
    ]);
    expect((await days.find({ tenant: 'altostrat' }).toArray()).map((d) => d.day)).toEqual([
      20190501, 20190502,
    ]);
    expect((await tenants.scan().toArray()).map((t) => t.tenant)).toEqual(['altostrat', 'examplepetstore']);
    // Dropping a tenant's device rows is a prefix of DeviceDay alone; the tenant row stays.
    await days.deleteByPrefix({ tenant: 'altostrat' });
    expect(await tableKeys(mapper(), tenants.tableId)).toEqual([
      'altostrat',
      'examplepetstore',
      'examplepetstore#tablet#a1#20190501',
    ]);
  });
});
