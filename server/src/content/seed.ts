import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { LANGUAGES } from '../../../contract/languages.ts';
import type { Database } from '../platform/db/database.ts';
import { seedCatalog } from './seed/catalog.ts';

const SEED_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'seed');

const seedFile = z.object({
  items: z.array(z.object({ slug: z.string(), title: z.string().min(1), body: z.string().min(1) })),
});

export function readSeed(lang: string) {
  return seedFile.parse(JSON.parse(readFileSync(path.join(SEED_DIR, `${lang}.json`), 'utf8')));
}

/**
 * Inserts the shipped pages that are not in the database yet. Existing rows are left as they
 * are, so edits made after the first start are never overwritten.
 */
export async function seedContent(db: Database): Promise<void> {
  await db.transaction(async (tx) => {
    for (const [sort, item] of seedCatalog.entries()) {
      await tx.query(
        `insert into contents (slug, type, sort) values ($1, $2, $3) on conflict (slug) do nothing`,
        [item.slug, item.type, sort],
      );
    }
    const ids = new Map(
      (await tx.query<{ id: number; slug: string }>('select id, slug from contents')).map((r) => [
        r.slug,
        r.id,
      ]),
    );
    for (const lang of LANGUAGES) {
      for (const item of readSeed(lang).items) {
        const id = ids.get(item.slug);
        if (id === undefined) continue;
        await tx.query(
          `insert into content_translations (content_id, lang, title, body)
           values ($1, $2, $3, $4) on conflict (content_id, lang) do nothing`,
          [id, lang, item.title, item.body],
        );
      }
    }
  });
}
