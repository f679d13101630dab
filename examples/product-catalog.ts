// Seed "Bigtable for DynamoDB users", basic schema migration: a DynamoDB product catalog (partition key `hats`, sort
// key `fedora#brandA`) becomes one Bigtable row per product keyed `hats#fedora#brandA` (the composite primary key
// concatenated), with one family `SKU` holding the same columns. A category or a category and type is a key
// prefix, so both are single range reads.
import assert from 'node:assert/strict';
import { Codecs } from 'bigtable-mapper';
import { Column, Entity, Family, Gc, KeyPart } from 'bigtable-mapper/decorators';
import type { Example } from './example.js';

/** Prices are stored as decimal text, as the seed's table shows them (`30`), not as 8 opaque bytes. */
const decimal = Codecs.custom<number>({
  name: 'decimal',
  encode: (n) => Buffer.from(String(n)),
  decode: (b) => Number(Buffer.from(b).toString()),
});

@Entity({ table: 'catalog' })
@Family('SKU', { gc: Gc.maxVersions(1) })
export class Product {
  declare static readonly keyParts: readonly ['category', 'type', 'brand'];
  @KeyPart(0, 'string') category!: string;
  @KeyPart(1, 'string') type!: string;
  @KeyPart(2, 'string') brand!: string;
  @Column({ family: 'SKU', qualifier: 'Description', codec: 'string' }) description!: string;
  @Column({ family: 'SKU', qualifier: 'Price', codec: decimal }) price!: number;
  @Column({ family: 'SKU', qualifier: 'Thumbnail', codec: 'string' }) thumbnail!: string;
}

// The seed's rows (its descriptions, from the Italian edition, are cut short there too).
const SEED: ReadonlyArray<[string, string, string, string, number]> = [
  ['hats', 'fedora', 'brandA', 'Realizzato in lana di alta qualità...', 30],
  ['hats', 'fedora', 'brandB', 'Tela resistente e impermeabile progettata per...', 28],
  ['hats', 'newsboy', 'brandB', 'Aggiungi un tocco di fascino vintage al tuo look di tutti i giorni.', 25],
  ['shoes', 'sneakers', 'brandA', 'Esplora la città con stile e comfort con...', 40],
  ['shoes', 'sneakers', 'brandB', 'Elementi classici con materiali contemporanei...', 50],
];

export const productCatalog: Example = {
  id: 'catalog',
  name: 'product catalog (hats#fedora#brandA, family SKU)',
  seed: 'Bigtable for DynamoDB users — Schema translation examples: basic schema migration',
  entities: [Product],
  async run(mapper) {
    const products = mapper.repository(Product);
    await products.saveMany(
      SEED.map(([category, type, brand, description, price]) =>
        Object.assign(new Product(), {
          category,
          type,
          brand,
          description,
          price,
          thumbnail: `https://storage.googleapis.com/catalog/${category}/${type}-${brand}.jpg`,
        }),
      ),
    );
    const key = Buffer.from(products.keyOf({ category: 'hats', type: 'fedora', brand: 'brandA' })).toString();
    assert.equal(key, 'hats#fedora#brandA');

    const fedora = await products.getOrThrow({ category: 'hats', type: 'fedora', brand: 'brandA' });
    assert.equal(fedora.price, 30);
    const hats = await products.find({ category: 'hats' }).toArray();
    assert.deepEqual(
      hats.map((p) => `${p.type}#${p.brand}`),
      ['fedora#brandA', 'fedora#brandB', 'newsboy#brandB'],
    );
    const fedoras = products.find({ category: 'hats', type: 'fedora' });
    assert.equal(await fedoras.count(), 2);
    const cheapest = hats.reduce((a, b) => (a.price <= b.price ? a : b));
    assert.equal(cheapest.type, 'newsboy');
    return [
      `get(hats#fedora#brandA): ${fedora.description} ${fedora.price}`,
      `find({ category: 'hats' }) — one range read of prefix hats#: ${hats.map((p) => `${p.type}#${p.brand}`).join(', ')}`,
      `find({ category: 'hats', type: 'fedora' }).count(): 2 (prefix hats#fedora#)`,
      ...fedoras
        .explain()
        .split('\n')
        .map((l) => `  ${l}`),
    ];
  },
};
