import type { ContentDetail, ContentListItem } from '../../../contract/content/schemas.ts';
import { Code } from '../../../contract/errors.ts';
import type { Language } from '../../../contract/languages.ts';
import type { Queryable } from '../platform/db/database.ts';
import { TtlCache } from '../platform/cache/ttl-cache.ts';
import { AppError } from '../errors.ts';

/** Published content changes rarely; a page may be this stale on a node that did not edit it. */
const CONTENT_TTL_MS = 60_000;

/** Content pages in the asked language, falling back to English where a page lacks it. */
export class Contents {
  private readonly lists = new TtlCache<ContentListItem[]>(CONTENT_TTL_MS, 1_000);
  private readonly pages = new TtlCache<ContentDetail>(CONTENT_TTL_MS, 10_000);

  constructor(private readonly db: Queryable) {}

  list(type: number, lang: Language): Promise<ContentListItem[]> {
    return this.lists.getOrLoad(`${type}:${lang}`, () => this.loadList(type, lang));
  }

  get(id: number, lang: Language): Promise<ContentDetail> {
    return this.pages.getOrLoad(`${id}:${lang}`, () => this.loadPage(id, lang));
  }

  private loadList(type: number, lang: Language): Promise<ContentListItem[]> {
    return this.db.query<ContentListItem>(
      `select c.id, c.slug, c.type, coalesce(t.title, en.title) as title
         from contents c
         join content_translations en on en.content_id = c.id and en.lang = 'en'
         left join content_translations t on t.content_id = c.id and t.lang = $2
        where c.type = $1
        order by c.sort, c.id`,
      [type, lang],
    );
  }

  private async loadPage(id: number, lang: Language): Promise<ContentDetail> {
    const [row] = await this.db.query<Omit<ContentDetail, 'updatedAt'> & { updated_at: Date }>(
      `select c.id, c.slug, c.type, coalesce(t.title, en.title) as title,
              coalesce(t.body, en.body) as body, coalesce(t.updated_at, en.updated_at) as updated_at
         from contents c
         join content_translations en on en.content_id = c.id and en.lang = 'en'
         left join content_translations t on t.content_id = c.id and t.lang = $2
        where c.id = $1`,
      [id, lang],
    );
    if (!row) throw new AppError(Code.contentNotFound);
    const { updated_at, ...rest } = row;
    return { ...rest, updatedAt: updated_at.toISOString() };
  }
}
