-- Leveraged contracts ("U" orders) and fixed-period options (docs/trading.md).

-- One row per order: waiting (a limit not yet reached), open, closed or cancelled. The ticks a
-- fill and a close used are stored on the row, so every settlement can be recomputed from it.
create table contract_orders (
  id bigint generated always as identity primary key,
  user_id bigint not null references users (id),
  book text not null check (book in ('demo', 'real')),
  request_key text not null,
  body_hash text not null,
  instrument_id int not null references instruments (id),
  code text not null,
  precision smallint not null check (precision between 0 and 12),
  side text not null check (side in ('long', 'short')),
  order_type text not null check (order_type in ('market', 'limit')),
  status text not null check (status in ('waiting', 'open', 'closed', 'cancelled')),
  lots numeric not null check (lots > 0),
  contract_size numeric not null check (contract_size > 0),
  leverage int not null check (leverage between 1 and 1000),
  limit_price numeric check (limit_price > 0),
  stop_loss numeric not null check (stop_loss > 0),
  take_profit numeric not null check (take_profit > 0),
  margin numeric not null check (margin > 0),
  fee numeric not null check (fee >= 0),
  fee_rate numeric not null check (fee_rate >= 0),
  maintenance_rate numeric not null check (maintenance_rate >= 0),
  -- The hold of margin (and, while waiting, the fee) in the ledger.
  hold_id bigint not null references ledger_holds (id),
  open_price numeric check (open_price > 0),
  open_tick_price numeric,
  open_tick_ts timestamptz,
  liquidation_price numeric,
  close_price numeric check (close_price > 0),
  close_tick_price numeric,
  close_tick_ts timestamptz,
  close_reason text check (close_reason in ('manual', 'take_profit', 'stop_loss', 'liquidation')),
  profit numeric,
  created_at timestamptz not null default now(),
  opened_at timestamptz,
  closed_at timestamptz,
  unique (user_id, request_key),
  check ((order_type = 'limit') = (limit_price is not null)),
  check ((status in ('open', 'closed')) = (open_price is not null and open_tick_ts is not null)),
  check ((status = 'closed') = (close_price is not null and close_reason is not null and profit is not null)),
  -- A loss never exceeds the margin: a balance cannot go negative through a position.
  check (profit is null or profit >= -margin)
);
create index contract_orders_user on contract_orders (user_id, book, id desc);
create index contract_orders_live on contract_orders (status) where status in ('waiting', 'open');

create table option_orders (
  id bigint generated always as identity primary key,
  user_id bigint not null references users (id),
  book text not null check (book in ('demo', 'real')),
  request_key text not null,
  body_hash text not null,
  instrument_id int not null references instruments (id),
  code text not null,
  direction text not null check (direction in ('up', 'down')),
  seconds int not null check (seconds > 0),
  payout numeric not null check (payout >= 0),
  amount numeric not null check (amount > 0),
  hold_id bigint not null references ledger_holds (id),
  status text not null default 'open' check (status in ('open', 'settled')),
  open_price numeric not null check (open_price > 0),
  open_tick_ts timestamptz not null,
  expires_at timestamptz not null,
  settle_price numeric check (settle_price > 0),
  settle_tick_ts timestamptz,
  outcome text check (outcome in ('won', 'lost', 'draw')),
  paid numeric check (paid >= 0),
  created_at timestamptz not null default now(),
  settled_at timestamptz,
  unique (user_id, request_key),
  check ((status = 'settled') = (outcome is not null and paid is not null and settle_price is not null)),
  check (settle_tick_ts is null or settle_tick_ts <= expires_at)
);
create index option_orders_user on option_orders (user_id, book, id desc);
create index option_orders_due on option_orders (expires_at) where status = 'open';

-- The maintenance margin (percent of the notional) and the option periods (docs/trading.md).
insert into params (key, value) values ('maintenance_margin_rate', '0.5') on conflict (key) do nothing;
insert into params (key, value) values ('option_periods',
  '[{"seconds":30,"payout":"0.80","min":"10","max":"5000"},{"seconds":60,"payout":"0.82","min":"10","max":"5000"},{"seconds":300,"payout":"0.85","min":"10","max":"10000"},{"seconds":3600,"payout":"0.88","min":"10","max":"20000"},{"seconds":86400,"payout":"0.90","min":"10","max":"50000"}]')
  on conflict (key) do nothing;
