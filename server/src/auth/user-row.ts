import type { UserInfo } from '../../../contract/auth/schemas.ts';
import type { Book } from '../../../contract/envelope.ts';

/** A `users` row as the services read it (the password hash only where it is checked). */
export interface UserRow {
  id: number;
  username: string;
  email: string | null;
  area_code: string | null;
  phone: string | null;
  status: 'active' | 'disabled';
  invite_code: string;
  created_at: Date;
  /** Read by USER_COLUMNS; a row read with `select *` carries `password_hash` instead. */
  has_password?: boolean;
}

export interface UserRowWithPassword extends UserRow {
  /** Null for accounts opened by wallet or Google sign-in. */
  password_hash: string | null;
}

export const USER_COLUMNS =
  'id, username, email, area_code, phone, status, invite_code, created_at, password_hash is not null as has_password';

export function toUserInfo(row: UserRow, book: Book): UserInfo {
  return {
    id: row.id,
    username: row.username,
    email: row.email,
    areaCode: row.area_code,
    phone: row.phone,
    inviteCode: row.invite_code,
    status: row.status,
    createdAt: row.created_at.toISOString(),
    book,
    hasPassword:
      row.has_password ??
      ('password_hash' in row && (row as UserRowWithPassword).password_hash !== null),
  };
}
