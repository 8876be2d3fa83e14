-- Accounts, sessions, one-time codes, sign-in throttling, parameters and content.

create table users (
  id bigint generated always as identity primary key,
  username text not null,
  email text,
  area_code text,
  phone text,
  password_hash text not null,
  status text not null default 'active' check (status in ('active', 'disabled')),
  invite_code text not null unique,
  invited_by bigint references users (id),
  created_at timestamptz not null default now(),
  check (email is not null or phone is not null),
  check ((area_code is null) = (phone is null))
);
create unique index users_username_key on users (lower(username));
create unique index users_email_key on users (lower(email)) where email is not null;
create unique index users_phone_key on users (area_code, phone) where phone is not null;

-- Tokens are stored as SHA-256 hashes: a leaked table does not leak sessions.
create table sessions (
  id bigint generated always as identity primary key,
  user_id bigint not null references users (id),
  token_hash text not null unique,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  revoked_at timestamptz,
  ip text,
  user_agent text
);
create index sessions_user_idx on sessions (user_id);

create table verification_codes (
  id bigint generated always as identity primary key,
  channel text not null check (channel in ('email', 'sms')),
  destination text not null,
  purpose text not null check (purpose in ('register', 'reset')),
  code_hash text not null,
  attempts int not null default 0 check (attempts >= 0),
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  consumed_at timestamptz
);
create index verification_codes_lookup on verification_codes (destination, purpose, created_at desc);

create table login_failures (
  id bigint generated always as identity primary key,
  account_key text not null,
  ip text not null,
  at timestamptz not null default now()
);
create index login_failures_account on login_failures (account_key, at);
create index login_failures_ip on login_failures (ip, at);

create table params (
  key text primary key,
  value text not null,
  updated_at timestamptz not null default now()
);

create table contents (
  id int generated always as identity primary key,
  slug text not null unique,
  type smallint not null check (type between 1 and 5),
  sort int not null default 0
);

create table content_translations (
  content_id int not null references contents (id),
  lang text not null check (lang in ('en', 'ja', 'ko', 'de', 'fr', 'it', 'es', 'ar', 'hk', 'zh')),
  title text not null,
  body text not null,
  updated_at timestamptz not null default now(),
  primary key (content_id, lang)
);

insert into params (key, value) values
  ('down_url', '/introduction'),
  ('android_url', '/introduction'),
  ('ios_url', '/introduction'),
  ('support_email', 'support@kestrel.local'),
  ('withdraw_fee_rate', '0.5');
