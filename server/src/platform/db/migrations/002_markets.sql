-- Instruments, recorded ticks, candles and watchlists (docs/markets.md: retention).

create table instruments (
  id int generated always as identity primary key,
  code text not null unique check (code ~ '^[A-Z0-9.]{1,16}$'),
  type smallint not null check (type between 1 and 5),
  app_name text not null,
  base text not null,
  quote text not null,
  precision smallint not null check (precision between 0 and 12),
  hours jsonb,
  sort int not null default 0,
  enabled boolean not null default true
);

create table market_ticks (
  id bigint generated always as identity primary key,
  instrument_id int not null references instruments (id),
  price numeric not null check (price > 0),
  volume numeric not null check (volume >= 0),
  ts timestamptz not null,
  source text not null
);
create index market_ticks_instrument_ts on market_ticks (instrument_id, ts desc);
create index market_ticks_ts on market_ticks (ts);

create table candles (
  instrument_id int not null references instruments (id),
  timeframe text not null check (timeframe in ('1m', '5m', '15m', '30m', '1h', '4h', '1d', '1w', '1M')),
  open_time timestamptz not null,
  open numeric not null,
  high numeric not null,
  low numeric not null,
  close numeric not null,
  volume numeric not null check (volume >= 0),
  primary key (instrument_id, timeframe, open_time),
  check (low > 0 and high >= open and high >= close and low <= open and low <= close)
);

create table watchlist (
  user_id bigint not null references users (id),
  instrument_id int not null references instruments (id),
  created_at timestamptz not null default now(),
  primary key (user_id, instrument_id)
);

-- Trading fee shown on the home page and charged by the trading issues (percent).
insert into params (key, value) values ('trading_fee_rate', '0.2') on conflict (key) do nothing;
