import type { Capability } from '../http/capability.ts';
import type { Database } from '../platform/db/database.ts';
import { NotificationCentre } from './centre.ts';
import { notificationRoutes } from './routes.ts';

export interface NotificationsNeeds {
  db: Database;
}

export type NotificationsModule = Capability & { centre: NotificationCentre };

/**
 * The notification centre's reading side (/profile/notification and the bell). Notices are
 * raised by the capabilities themselves, through the kernel (platform/notifications).
 */
export function notificationsModule({ db }: NotificationsNeeds): NotificationsModule {
  const centre = new NotificationCentre(db);
  return { name: 'notifications', centre, routes: (r) => notificationRoutes(r, centre) };
}
