import type { ContentDetail, ContentListItem } from '../../../contract/content.ts';
import { Code } from '../../../contract/errors.ts';
import type { Language } from '../../../contract/languages.ts';
import type { Queryable } from '../db/database.ts';
import { AppError } from '../http/app-error.ts';

/** Content pages in the asked language, falling back to English where a page lacks it. */
export class Contents {
  constructor(private readonly db: Queryable) {}

  async list(type: number, lang: Language): Promise<ContentListItem[]> {
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

  async get(id: number, lang: Language): Promise<ContentDetail> {
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
