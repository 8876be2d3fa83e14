-- Sign-in without a password: wallet (SIWE) and OpenID (Google) identities (docs/sign-in.md).

-- A wallet or Google account has no password and may have no e-mail or phone.
alter table users alter column password_hash drop not null;
alter table users drop constraint users_check;
alter table users add constraint users_password_needs_contact
  check (password_hash is null or email is not null or phone is not null);

-- One external identity belongs to one account; an account may hold several.
-- wallet: issuer 'eip155', subject the lower-case address (the same on every EVM chain).
-- oidc: issuer the token's `iss`, subject its `sub` (never the e-mail, which can change hands).
create table user_identities (
  provider text not null check (provider in ('wallet', 'oidc')),
  issuer text not null check (length(issuer) between 1 and 300),
  subject text not null check (length(subject) between 1 and 255),
  user_id bigint not null references users (id),
  created_at timestamptz not null default now(),
  primary key (provider, issuer, subject)
);
create index user_identities_user on user_identities (user_id);

-- Server-issued, single-use, short-lived: a signed message or ID token naming a nonce from here
-- can be used once (the row is deleted in the transaction that signs the person in).
create table sign_in_nonces (
  nonce text primary key check (nonce ~ '^[A-Za-z0-9]{16,64}$'),
  purpose text not null check (purpose in ('wallet', 'oidc')),
  expires_at timestamptz not null
);
create index sign_in_nonces_expiry on sign_in_nonces (expires_at);
