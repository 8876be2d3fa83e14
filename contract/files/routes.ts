import { STAFF_ROLES } from '../admin/schemas.ts';
import { emptyResult } from '../auth/schemas.ts';
import * as files from './schemas.ts';
import { paths } from '../paths.ts';
import { route } from '../route-def.ts';

/**
 * The files kernel's own calls: a stored file served to its owner, or to staff whose role its
 * kind names (every staff read audited). Anyone else, and an id that does not exist, get the
 * same 10101 (HTTP 404), so an answer never tells that an id exists.
 */
export const filesRoutes = {
  getFile: route({
    ...paths.getFile,
    summary: 'One of my files (an upload of mine), as stored: PNG or JPEG, re-encoded',
    tag: 'files',
    auth: 'session',
    params: files.fileParams,
    rawResult: 'image/*',
    result: emptyResult,
    fields: files.filesFieldCodes,
  }),
  getStaffFile: route({
    ...paths.getStaffFile,
    summary: "A person's file, for staff whose role the file's kind names (the read is audited)",
    tag: 'admin',
    auth: 'staff',
    roles: STAFF_ROLES,
    params: files.fileParams,
    rawResult: 'image/*',
    result: emptyResult,
    fields: files.filesFieldCodes,
  }),
};
