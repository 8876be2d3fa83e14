import { Code } from '../../../contract/errors.ts';
import type { ParamKey } from '../../../contract/params.ts';
import type { Queryable } from '../platform/db/database.ts';
import { AppError } from '../errors.ts';

export class Params {
  constructor(private readonly db: Queryable) {}

  async get(key: ParamKey): Promise<string> {
    const [row] = await this.db.query<{ value: string }>(
      'select value from params where key = $1',
      [key],
    );
    if (!row) throw new AppError(Code.systemParamsFailed);
    return row.value;
  }
}
