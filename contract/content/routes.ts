import * as admin from '../admin/schemas.ts';
import * as content from '../content/schemas.ts';
import { paths } from '../paths.ts';
import { route } from '../route-def.ts';

/** The content capability's calls. */
export const contentRoutes = {
  getParamByKey: route({
    ...paths.getParamByKey,
    summary: 'A public system parameter (down_url and others)',
    tag: 'content',
    auth: 'none',
    params: content.paramKeyParams,
    result: content.paramResult,
    fields: content.contentFieldCodes,
  }),
  listContents: route({
    ...paths.listContents,
    summary: 'Content titles of one type in one language',
    tag: 'content',
    auth: 'none',
    params: content.listContentsParams,
    query: content.langQuery,
    result: content.contentList,
    fields: content.contentFieldCodes,
  }),
  getContentsById: route({
    ...paths.getContentsById,
    summary: 'One content page in one language',
    tag: 'content',
    auth: 'none',
    params: content.contentIdParams,
    query: content.langQuery,
    result: content.contentDetail,
    fields: content.contentFieldCodes,
  }),
  listParams: route({
    ...paths.listParams,
    summary: 'The parameters staff may edit',
    tag: 'admin',
    auth: 'staff',
    roles: ['admin'],
    result: admin.paramList,
    fields: {},
  }),
  setParam: route({
    ...paths.setParam,
    summary: 'Change one parameter, with a reason',
    tag: 'admin',
    auth: 'staff',
    roles: ['admin'],
    body: admin.setParamBody,
    result: admin.paramItem,
    fields: admin.adminFieldCodes,
  }),
} as const;
