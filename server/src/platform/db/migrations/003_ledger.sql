-- The double-entry ledger: the only place balances change (docs/ledger.md).

create table assets (
  code text primary key check (code ~ '^[A-Z]{2,10}$'),
  scale smallint not null check (scale between 0 and 18)
);
insert into assets (code, scale) values ('USDT', 6), ('USDC', 6), ('BTC', 8), ('ETH', 18);

create table ledger_accounts (
  id bigint generated always as identity primary key,
  user_id bigint references users (id),
  platform_key text check (platform_key in
    ('external_deposits', 'withdrawals_in_flight', 'fees', 'house', 'demo_faucet')),
  asset text not null references assets (code),
  book text not null check (book in ('demo', 'real')),
  purpose text not null check (purpose in ('available', 'held', 'platform')),
  balance numeric not null default 0,
  -- Exactly one owner: a user (available or held) or the platform.
  check ((user_id is not null and platform_key is null and purpose in ('available', 'held'))
      or (user_id is null and platform_key is not null and purpose = 'platform')),
  -- A user's money never goes below zero; platform accounts carry the other side.
  check (user_id is null or balance >= 0)
);
create unique index ledger_accounts_user on ledger_accounts (user_id, asset, book, purpose)
  where user_id is not null;
create unique index ledger_accounts_platform on ledger_accounts (platform_key, asset, book)
  where platform_key is not null;

-- One request that moves money: all its legs commit together, once per idempotency key.
create table ledger_batches (
  id bigint generated always as identity primary key,
  idempotency_key text not null unique check (length(idempotency_key) between 8 and 200),
  body_hash text not null,
  created_at timestamptz not null default now()
);

create table ledger_transfers (
  id bigint generated always as identity primary key,
  batch_id bigint not null references ledger_batches (id),
  leg smallint not null check (leg >= 0),
  from_account bigint not null references ledger_accounts (id),
  to_account bigint not null references ledger_accounts (id),
  asset text not null references assets (code),
  book text not null check (book in ('demo', 'real')),
  amount numeric not null check (amount > 0),
  kind text not null check (length(kind) between 1 and 40),
  reference text check (length(reference) <= 200),
  -- The price a settlement used, kept here because raw ticks are swept after two days.
  tick_code text,
  tick_price numeric check (tick_price > 0),
  tick_ts timestamptz,
  check ((tick_code is null) = (tick_price is null) and (tick_price is null) = (tick_ts is null)),
  created_at timestamptz not null default now(),
  unique (batch_id, leg),
  check (from_account <> to_account)
);
create index ledger_transfers_from on ledger_transfers (from_account, id);
create index ledger_transfers_to on ledger_transfers (to_account, id);

-- Funds set aside (withdrawal, bid, margin, order): released or settled exactly once.
create table ledger_holds (
  id bigint generated always as identity primary key,
  batch_id bigint not null unique references ledger_batches (id),
  account_id bigint not null references ledger_accounts (id),
  amount numeric not null check (amount > 0),
  status text not null default 'open' check (status in ('open', 'released', 'settled')),
  reference text check (length(reference) <= 200),
  created_at timestamptz not null default now(),
  resolved_at timestamptz,
  check ((status = 'open') = (resolved_at is null))
);
