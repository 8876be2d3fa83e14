import * as admin from '../admin/schemas.ts';
import * as auth from '../auth/schemas.ts';
import { paths } from '../paths.ts';
import { route } from '../route-def.ts';

/** The admin capability's calls. */
export const adminRoutes = {
  staffLogin: route({
    ...paths.staffLogin,
    summary: 'Staff sign-in (separate from user accounts)',
    tag: 'admin',
    auth: 'none',
    body: admin.staffLoginBody,
    result: admin.staffLoginResult,
    fields: admin.adminFieldCodes,
  }),
  staffLogout: route({
    ...paths.staffLogout,
    summary: 'End the staff session',
    tag: 'admin',
    auth: 'staff',
    roles: admin.STAFF_ROLES,
    result: auth.emptyResult,
    fields: {},
  }),
  staffMe: route({
    ...paths.staffMe,
    summary: 'The signed-in staff member',
    tag: 'admin',
    auth: 'staff',
    roles: admin.STAFF_ROLES,
    result: admin.staffSchema,
    fields: {},
  }),
  listAudit: route({
    ...paths.listAudit,
    summary: 'The audit log of staff actions, newest first',
    tag: 'admin',
    auth: 'staff',
    roles: ['admin'],
    query: admin.auditQuery,
    result: admin.auditList,
    fields: admin.adminFieldCodes,
  }),
  exportAudit: route({
    ...paths.exportAudit,
    summary: 'The whole audit log as CSV',
    tag: 'admin',
    auth: 'staff',
    roles: ['admin'],
    rawResult: 'text/csv',
    result: auth.emptyResult,
    fields: {},
  }),
  createStaff: route({
    ...paths.createStaff,
    summary: 'Create a staff account',
    tag: 'admin',
    auth: 'staff',
    roles: ['admin'],
    body: admin.createStaffBody,
    result: admin.staffSchema,
    fields: admin.adminFieldCodes,
  }),
} as const;
