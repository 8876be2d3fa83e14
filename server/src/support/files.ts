import { Code } from '../../../contract/errors.ts';
import type { FileKind } from '../platform/files/kinds.ts';

/** An image a person attaches in the chat: read by them and by support staff (audited). */
export const supportAttachmentKind: FileKind = {
  kind: 'support.attachment',
  staffRoles: ['admin', 'support'],
  bytesMax: 2 * 1024 * 1024,
  missingCode: Code.supportEmpty,
};

export const supportFileKinds: readonly FileKind[] = [supportAttachmentKind];
