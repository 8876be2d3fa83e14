-- Charity NFT sales (docs/nfts.md): auctions whose bids are ledger holds, buy-now, and the
-- settlement that pays the charity, the creator and the platform's fee.

-- Payees: money the platform owes someone outside it (the charity, a creator without an
-- account), `payee:<capability>:<who>`. Like reserves, they never go below zero.
alter table ledger_accounts drop constraint ledger_accounts_platform_key_check;
alter table ledger_accounts add constraint ledger_accounts_platform_key_check check (
  platform_key in ('external_deposits', 'withdrawals_in_flight', 'fees', 'house', 'demo_faucet',
                   'operator_capital')
  or platform_key ~ '^(reserve|payee):[a-z][a-z0-9:_-]{0,60}$');
alter table ledger_accounts drop constraint reserve_covered;
alter table ledger_accounts add constraint reserve_covered check (
  platform_key is null
  or (platform_key not like 'reserve:%' and platform_key not like 'payee:%')
  or balance >= 0);

-- A sale of one NFT, set by staff. Its terms never change once made; staff may withdraw it
-- (the leading bid is released) until it ends.
create table nft_sales (
  id bigint generated always as identity primary key,
  nft_id bigint not null references nfts (id),
  -- The creator's own account, when they have one: they may not bid, and are paid there.
  creator_user_id bigint references users (id),
  start_price numeric not null check (start_price > 0),
  -- Each bid beats the one before by at least this percent.
  min_increment numeric not null check (min_increment > 0 and min_increment <= 100),
  -- A bid this close to the end moves the end to this long after it (anti-sniping).
  extend_minutes int not null check (extend_minutes between 0 and 60),
  buy_now_price numeric check (buy_now_price > 0),
  charity_percent numeric not null check (charity_percent >= 0),
  creator_percent numeric not null check (creator_percent >= 0),
  fee_percent numeric not null check (fee_percent >= 0),
  starts_at timestamptz not null,
  ends_at timestamptz not null,
  original_ends_at timestamptz not null,
  status text not null default 'open' check (status in ('open', 'settled', 'unsold', 'withdrawn')),
  leading_bid_id bigint,
  bids int not null default 0 check (bids >= 0),
  winner_user_id bigint references users (id),
  final_price numeric check (final_price > 0),
  -- Where the winner's hold went: the ledger's settlement transfers name it (`hold:<id>`).
  settled_hold_id bigint references ledger_holds (id),
  ended_at timestamptz,
  created_by bigint not null references staff (id),
  created_at timestamptz not null default now(),
  check (charity_percent + creator_percent + fee_percent = 100),
  check (ends_at > starts_at and original_ends_at <= ends_at),
  check (buy_now_price is null or buy_now_price >= start_price),
  check ((status = 'settled') = (winner_user_id is not null and final_price is not null
                                 and settled_hold_id is not null)),
  check ((status = 'open') = (ended_at is null))
);
-- One open sale per NFT, and a sold NFT is never offered again (nft_owners).
create unique index nft_sales_one_open on nft_sales (nft_id) where status = 'open';
create index nft_sales_due on nft_sales (ends_at) where status = 'open';
create index nft_sales_of_nft on nft_sales (nft_id, id desc);

-- Every bid, server-timestamped. The leading one's hold is open; an outbid one's is released
-- in the transaction of the bid that beat it.
create table nft_bids (
  id bigint generated always as identity primary key,
  sale_id bigint not null references nft_sales (id),
  user_id bigint not null references users (id),
  request_key text not null,
  body_hash text not null,
  amount numeric not null check (amount > 0),
  hold_id bigint not null unique references ledger_holds (id),
  kind text not null check (kind in ('bid', 'buy_now')),
  status text not null check (status in ('leading', 'outbid', 'won', 'released')),
  created_at timestamptz not null default now(),
  unique (user_id, request_key)
);
create unique index nft_bids_one_leading on nft_bids (sale_id) where status = 'leading';
create index nft_bids_of_sale on nft_bids (sale_id, id desc);
create index nft_bids_of_user on nft_bids (user_id, id desc);
alter table nft_sales add constraint nft_sales_leading_bid
  foreign key (leading_bid_id) references nft_bids (id);

-- Who owns each sold NFT on the platform (the winner, from the settlement).
create table nft_owners (
  nft_id bigint primary key references nfts (id),
  user_id bigint not null references users (id),
  sale_id bigint not null unique references nft_sales (id),
  acquired_at timestamptz not null
);
create index nft_owners_of_user on nft_owners (user_id);

-- A sale's settlement transfers, found by the winning hold (donation sums per sale and NFT).
create index ledger_transfers_nft_settlement on ledger_transfers (reference)
  where kind in ('nft_charity', 'nft_creator', 'nft_fee');
