-- Deposits that only their payer can claim (docs/funds.md, "Deposit addresses").

-- Each person's own address per network, derived from the operator's extended public key
-- (key_id names the key). An index is handed out once per key: the counter only grows, and
-- (network, key_id, derivation_index) is unique, so two people never share an address.
create table deposit_key_counters (
  network text not null check (network in ('ethereum', 'tron', 'bitcoin')),
  key_id text not null check (key_id ~ '^[0-9a-f]{16}$'),
  next_index int not null default 0 check (next_index between 0 and 2147483647),
  primary key (network, key_id)
);

create table deposit_addresses (
  network text not null check (network in ('ethereum', 'tron', 'bitcoin')),
  -- Lower-case on Ethereum (addresses are compared case-insensitively there).
  address text not null check (length(address) between 20 and 100),
  user_id bigint not null references users (id),
  key_id text not null,
  derivation_index int not null check (derivation_index between 0 and 2147483647),
  created_at timestamptz not null default now(),
  primary key (network, address),
  unique (network, key_id, derivation_index),
  unique (user_id, network, key_id)
);

-- Shared addresses are configuration only: the seeded burn-address placeholders are gone, and
-- a coin and network with neither a key nor an address is not offered for deposits.
alter table funding_networks alter column deposit_address drop not null;

-- Where each deposit was paid (the person's own address, or the shared one), kept on the row so
-- a later change of configuration cannot change what an old deposit is checked against.
alter table deposits add column deposit_address text check (length(deposit_address) between 20 and 100);
update deposits d set deposit_address = f.deposit_address
  from funding_networks f where f.asset = d.asset and f.network = d.network;
alter table deposits alter column deposit_address set not null;
update funding_networks set deposit_address = null;

-- 'declared' by the person, or 'found' by the chain sweep at their own address.
alter table deposits add column source text not null default 'declared'
  check (source in ('declared', 'found'));

-- A transaction hash is no longer unique across people: anyone can name a public hash, and the
-- real payer must not be locked out by the first to do so. Instead: one claim per person and
-- payment, and at most one credit per payment (transaction, receiving address and coin).
alter table deposits drop constraint deposits_tx_hash_key;
create unique index deposits_one_claim on deposits (user_id, tx_hash, asset);
create unique index deposits_one_credit on deposits (tx_hash, deposit_address, asset)
  where status = 'approved';
create index deposits_tx_hash on deposits (tx_hash);

-- New reasons for review: below the minimum (10120, a payment the sweep found), a payment
-- already credited to someone else's claim (10130), and a shared address paid from a wallet not
-- linked to the account (10161).
alter table deposits drop constraint deposits_check_code_check;
alter table deposits add constraint deposits_check_code_check
  check (check_code between 10146 and 10150 or check_code in (10120, 10130, 10161));

-- Where the chain sweep has read up to, per chain.
create table chain_cursors (
  name text primary key check (length(name) between 1 and 100),
  next_block bigint not null check (next_block >= 0)
);
