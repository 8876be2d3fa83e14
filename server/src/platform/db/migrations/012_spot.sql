-- Spot coin-to-coin trading on an order book per pair and book (docs/spot.md).

-- The pairs offered, with the sizes orders must respect. tick_size x lot_size must be a whole
-- unit of the quote coin, so every trade's turnover is exact (checked again at start).
-- A pair's code is the market instrument's (BTCUSDT), whose feed price the platform quotes follow.
create table spot_pairs (
  code text primary key check (code ~ '^[A-Z0-9]{2,16}$'),
  base text not null references assets (code),
  quote text not null references assets (code),
  tick_size numeric not null check (tick_size > 0),
  lot_size numeric not null check (lot_size > 0),
  min_notional numeric not null check (min_notional > 0),
  -- The platform market maker: levels per side, the first level's distance from the feed price
  -- and the step between levels (basis points), the quote value of each level, and the most of
  -- either coin it may have resting on one side.
  mm_levels smallint not null default 5 check (mm_levels between 0 and 20),
  mm_spread_bps int not null default 10 check (mm_spread_bps between 1 and 1000),
  mm_step_bps int not null default 5 check (mm_step_bps between 1 and 1000),
  mm_level_value numeric not null default 2000 check (mm_level_value > 0),
  sort smallint not null default 0,
  enabled boolean not null default true,
  check (base <> quote)
);
insert into spot_pairs (code, base, quote, tick_size, lot_size, min_notional, mm_level_value, sort)
  values
  ('BTCUSDT', 'BTC', 'USDT', 0.01, 0.0001, 5, 5000, 1),
  ('ETHUSDT', 'ETH', 'USDT', 0.01, 0.0001, 5, 3000, 2),
  ('USDCUSDT', 'USDC', 'USDT', 0.0001, 0.01, 5, 10000, 3);

insert into params (key, value) values ('spot_maker_fee_rate', '0.1') on conflict (key) do nothing;
insert into params (key, value) values ('spot_taker_fee_rate', '0.1') on conflict (key) do nothing;
-- How far (percent) from the feed price a market order may fill: its price protection.
insert into params (key, value) values ('spot_market_band', '5') on conflict (key) do nothing;

-- The platform's market maker trades under its own user, which cannot sign in: its orders are
-- ordinary orders, and its money is ordinary ledger balances funded from the house.
insert into users (username, email, password_hash, status, invite_code)
  values ('kestrel-market-maker', 'market-maker@kestrel.invalid', '!', 'disabled', 'PLATFORM-MM')
  on conflict do nothing;

create table spot_orders (
  id bigint generated always as identity primary key,
  user_id bigint not null references users (id),
  book text not null check (book in ('demo', 'real')),
  code text not null references spot_pairs (code),
  request_key text not null,
  body_hash text not null,
  side text not null check (side in ('buy', 'sell')),
  order_type text not null check (order_type in ('limit', 'market')),
  tif text not null check (tif in ('gtc', 'ioc', 'post_only')),
  -- The limit price; a market order's price protection (from the feed price it saw).
  price numeric check (price > 0),
  qty numeric not null check (qty > 0),
  filled numeric not null default 0 check (filled >= 0 and filled <= qty),
  -- Quote coin traded so far (the turnover), and the fee paid in the coin received.
  turnover numeric not null default 0 check (turnover >= 0),
  fee numeric not null default 0 check (fee >= 0),
  -- What is still set aside in the ledger for the unfilled part (quote to buy, base to sell).
  held numeric not null default 0 check (held >= 0),
  status text not null check (status in ('waiting', 'filled', 'cancelled', 'rejected', 'success')),
  reason text check (length(reason) <= 40),
  platform boolean not null default false,
  -- The feed tick a platform quote or a market order's protection was priced from.
  ref_price numeric check (ref_price > 0),
  ref_ts timestamptz,
  created_at timestamptz not null default now(),
  ended_at timestamptz,
  unique (user_id, request_key),
  check (order_type = 'limit' or tif = 'ioc'),
  check (order_type = 'market' or price is not null),
  check ((status = 'waiting') = (ended_at is null)),
  check (status = 'waiting' or held = 0)
);
create index spot_orders_user on spot_orders (user_id, book, id desc);
create index spot_orders_open on spot_orders (book, code, id) where status = 'waiting';

-- One trade: the resting (maker) order met the incoming (taker) one at the maker's price.
create table spot_fills (
  id bigint generated always as identity primary key,
  book text not null check (book in ('demo', 'real')),
  code text not null references spot_pairs (code),
  maker_order bigint not null references spot_orders (id),
  taker_order bigint not null references spot_orders (id),
  taker_side text not null check (taker_side in ('buy', 'sell')),
  price numeric not null check (price > 0),
  qty numeric not null check (qty > 0),
  turnover numeric not null check (turnover > 0),
  maker_fee numeric not null check (maker_fee >= 0),
  taker_fee numeric not null check (taker_fee >= 0),
  created_at timestamptz not null default now()
);
create index spot_fills_recent on spot_fills (book, code, id desc);
create index spot_fills_maker on spot_fills (maker_order);
create index spot_fills_taker on spot_fills (taker_order);
