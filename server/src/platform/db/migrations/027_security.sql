-- Account security (issue 32, docs/security.md): authenticator codes, recovery codes, the
-- devices a second factor has vouched for, one-time sign-in tickets and withdrawal holds.

-- One authenticator per person. The secret is sealed like a file (platform/files envelope,
-- the files kernel's master keys), bound to its person; unconfirmed until a first code.
create table totp_authenticators (
  user_id bigint primary key references users (id),
  master_key_id text not null,
  wrapped_key bytea not null,
  iv bytea not null,
  tag bytea not null,
  ciphertext bytea not null,
  confirmed_at timestamptz,
  -- The last 30-second step a code was accepted for: a code is taken once per step.
  last_step bigint not null default 0 check (last_step >= 0),
  created_at timestamptz not null default now()
);

-- Ten per person, shown once: only their hashes are kept; each is used once.
create table recovery_codes (
  user_id bigint not null references users (id),
  code_hash text not null check (length(code_hash) = 64),
  used_at timestamptz,
  created_at timestamptz not null default now(),
  primary key (user_id, code_hash)
);

-- A device the person confirmed with a second factor: its sign-ins ask for the password only.
create table trusted_devices (
  user_id bigint not null references users (id),
  device_hash text not null check (length(device_hash) = 64),
  first_seen timestamptz not null default now(),
  last_seen timestamptz not null default now(),
  primary key (user_id, device_hash)
);

-- The step between a right password and the second factor: single use, five minutes.
create table sign_in_tickets (
  id bigint generated always as identity primary key,
  user_id bigint not null references users (id),
  token_hash text not null unique check (length(token_hash) = 64),
  device_hash text check (length(device_hash) = 64),
  expires_at timestamptz not null,
  used_at timestamptz,
  created_at timestamptz not null default now()
);
create index sign_in_tickets_expiry on sign_in_tickets (expires_at);

-- After a security change (a password reset, a second factor removed) withdrawals wait.
alter table users add column withdrawals_held_until timestamptz;

alter table login_counters drop constraint login_counters_realm_check;
alter table login_counters add constraint login_counters_realm_check
  check (realm in ('user', 'staff', 'password-change', 'address', 'second-factor'));
