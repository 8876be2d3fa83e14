import type { AuditLog } from '../audit/audit-log.ts';
import type { Capability } from '../http/capability.ts';
import type { Database } from '../platform/db/database.ts';
import { contentAdminRoutes } from './admin-routes.ts';
import { Contents } from './contents.ts';
import { ParamSettings } from './param-settings.ts';
import { Params } from './params.ts';
import { contentRoutes } from './routes.ts';
import type { ContentServices } from './services.ts';

export interface ContentNeeds {
  db: Database;
  audit: AuditLog;
}

export type ContentModule = Capability & ContentServices;

/** Help-centre content, announcements and the platform's parameters. */
export function contentModule({ db, audit }: ContentNeeds): ContentModule {
  const services = {
    contents: new Contents(db),
    params: new Params(db),
    paramSettings: new ParamSettings(db, audit),
  };
  return {
    name: 'content',
    ...services,
    routes: (r) => {
      contentRoutes(r, services);
      contentAdminRoutes(r, services);
    },
  };
}
