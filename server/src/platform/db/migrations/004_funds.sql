-- Deposits, withdrawals, proofs, staff, the audit log and the demo book (docs/funds.md).

-- Which coin moves on which chain, where deposits go and the minimums (SPEC §9). The seeded
-- addresses are well-known burn addresses, placeholders only: a deployment sets its own with
-- DEPOSIT_ADDRESSES (docs/funds.md), so no stranger's address is ever shown as ours.
create table funding_networks (
  asset text not null references assets (code),
  network text not null check (network in ('ethereum', 'tron', 'bitcoin')),
  deposit_address text not null check (length(deposit_address) between 20 and 100),
  min_deposit numeric not null check (min_deposit > 0),
  min_withdrawal numeric not null check (min_withdrawal > 0),
  bank_withdrawal boolean not null default false,
  sort smallint not null default 0,
  primary key (asset, network)
);
insert into funding_networks (asset, network, deposit_address, min_deposit, min_withdrawal, bank_withdrawal, sort) values
  ('USDT', 'ethereum', '0x000000000000000000000000000000000000dEaD', 10, 10, true, 1),
  ('USDT', 'tron', 'T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb', 10, 10, true, 2),
  ('USDC', 'ethereum', '0x000000000000000000000000000000000000dEaD', 120, 10, true, 3),
  ('BTC', 'bitcoin', '1BitcoinEaterAddressDontSendf59kuE', 0.015, 0.001, false, 4),
  ('ETH', 'ethereum', '0x000000000000000000000000000000000000dEaD', 0.2, 0.01, false, 5);

-- Proof screenshots: the bytes live under DATA_DIR/proofs (outside the web root), named by id.
create table proofs (
  id text primary key check (id ~ '^[0-9a-f]{32}$'),
  user_id bigint not null references users (id),
  mime text not null check (mime in ('image/jpeg', 'image/png', 'image/jp2')),
  bytes int not null check (bytes > 0 and bytes <= 2097152),
  sha256 text not null,
  created_at timestamptz not null default now()
);
create index proofs_user on proofs (user_id, created_at);

create table deposits (
  id bigint generated always as identity primary key,
  user_id bigint not null references users (id),
  request_key text not null,
  asset text not null,
  network text not null,
  amount numeric not null check (amount > 0),
  tx_hash text not null unique check (tx_hash ~ '^0x[0-9a-f]{64}$'),
  last6 text not null check (last6 ~ '^[A-Za-z0-9]{6}$'),
  proof_id text not null unique references proofs (id),
  status text not null default 'pending' check (status in ('pending', 'approved', 'rejected', 'failed')),
  reason text check (length(reason) <= 500),
  reviewed_by bigint,
  reviewed_at timestamptz,
  created_at timestamptz not null default now(),
  unique (user_id, request_key),
  foreign key (asset, network) references funding_networks (asset, network),
  check ((status = 'pending') = (reviewed_at is null)),
  check (status <> 'rejected' or length(reason) >= 3)
);
create index deposits_user on deposits (user_id, id desc);
create index deposits_status on deposits (status, id);

create table withdrawals (
  id bigint generated always as identity primary key,
  user_id bigint not null references users (id),
  request_key text not null,
  asset text not null references assets (code),
  method text not null check (method in ('crypto', 'bank')),
  network text check (network in ('ethereum', 'tron', 'bitcoin')),
  address text check (length(address) <= 100),
  bank_name text check (length(bank_name) <= 120),
  bank_address text check (length(bank_address) <= 200),
  account_name text check (length(account_name) <= 120),
  iban text check (iban ~ '^[A-Z]{2}[0-9]{2}[A-Z0-9]{11,30}$'),
  amount numeric not null check (amount > 0),
  fee numeric not null check (fee >= 0),
  fee_rate numeric not null check (fee_rate >= 0 and fee_rate < 100),
  hold_id bigint not null unique references ledger_holds (id),
  status text not null default 'pending' check (status in ('pending', 'approved', 'rejected', 'failed')),
  reason text check (length(reason) <= 500),
  reviewed_by bigint,
  reviewed_at timestamptz,
  created_at timestamptz not null default now(),
  unique (user_id, request_key),
  check (fee < amount),
  check ((method = 'crypto') = (network is not null and address is not null and iban is null)),
  check ((method = 'bank') = (iban is not null and bank_name is not null and account_name is not null)),
  check ((status = 'pending') = (reviewed_at is null)),
  check (status <> 'rejected' or length(reason) >= 3)
);
create index withdrawals_user on withdrawals (user_id, id desc);
create index withdrawals_status on withdrawals (status, id);

create table staff (
  id bigint generated always as identity primary key,
  username text not null unique check (username ~ '^[A-Za-z0-9_.-]{3,32}$'),
  password_hash text not null,
  role text not null check (role in ('admin', 'reviewer', 'support')),
  status text not null default 'active' check (status in ('active', 'disabled')),
  created_at timestamptz not null default now()
);
alter table deposits add foreign key (reviewed_by) references staff (id);
alter table withdrawals add foreign key (reviewed_by) references staff (id);

create table staff_sessions (
  id bigint generated always as identity primary key,
  staff_id bigint not null references staff (id),
  token_hash text not null unique,
  expires_at timestamptz not null,
  revoked_at timestamptz,
  created_at timestamptz not null default now()
);

-- Every staff action: who, what, on what, before and after, why, when. Append-only: the
-- database itself refuses to change or remove a row.
create table audit_log (
  id bigint generated always as identity primary key,
  staff_id bigint references staff (id),
  action text not null check (length(action) between 1 and 60),
  target text not null check (length(target) between 1 and 200),
  before jsonb,
  after jsonb,
  reason text check (length(reason) <= 500),
  at timestamptz not null default now()
);
create function audit_log_append_only() returns trigger language plpgsql as $$
begin
  raise exception 'audit_log is append-only' using errcode = 'insufficient_privilege';
end
$$;
create trigger audit_log_no_update before update or delete on audit_log
  for each row execute function audit_log_append_only();
create trigger audit_log_no_truncate before truncate on audit_log
  for each statement execute function audit_log_append_only();

-- The demo book: a generation per user; a reset starts a new one (its grant has a new key).
alter table users add column demo_generation int not null default 0 check (demo_generation >= 0);
