import * as n from './schemas.ts';
import { paths } from '../paths.ts';
import { route } from '../route-def.ts';
import { z } from 'zod';

/** The notification centre's calls (docs/notifications.md). */
export const notificationsRoutes = {
  listNotification: route({
    ...paths.listNotification,
    summary:
      "The person's notices, newest first, paged; `after` returns only those after an id (a reconnecting client catches up)",
    tag: 'notifications',
    auth: 'session',
    query: n.notificationListQuery,
    result: n.notificationList,
    fields: n.notificationFieldCodes,
  }),
  unreadNotification: route({
    ...paths.unreadNotification,
    summary: "The bell's figure: unread notices and the newest notice's id",
    tag: 'notifications',
    auth: 'session',
    result: n.unreadResult,
    fields: {},
  }),
  readNotification: route({
    ...paths.readNotification,
    summary: "Marks the person's own notices read: some by id, or all up to an id",
    tag: 'notifications',
    auth: 'session',
    body: n.readBody,
    result: z.object({ marked: z.number().int() }),
    fields: n.notificationFieldCodes,
  }),
  listNoticeSettings: route({
    ...paths.listNoticeSettings,
    summary: 'Each kind of notice, whether it is on, and whether it may be switched off',
    tag: 'notifications',
    auth: 'session',
    result: n.noticeSettings,
    fields: {},
  }),
  setNoticeSetting: route({
    ...paths.setNoticeSetting,
    summary: 'Switches a kind of notice on or off (money-critical ones answer 10190)',
    tag: 'notifications',
    auth: 'session',
    body: n.setNoticeBody,
    result: n.noticeSettings,
    fields: n.notificationFieldCodes,
  }),
} as const;
