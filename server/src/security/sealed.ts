import type { SealedTable } from '../platform/files/rotate.ts';

/** The authenticator secrets, sealed like files: key rotation rewraps them too. */
export const TOTP_SECRETS: SealedTable = {
  table: 'totp_authenticators',
  key: 'user_id',
  sealedId: (userId) => `totp:${userId}`,
};
