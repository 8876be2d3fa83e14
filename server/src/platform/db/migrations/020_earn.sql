-- Earn and credit (docs/plans.md, docs/loans.md): operator-funded reserves in the ledger,
-- smart plans paid only from them, and loans paid out of a lending account.

-- Reserves are platform accounts named `reserve:<capability>:<what>`; the operator puts its
-- own money in from `operator_capital`. A reserve can never go below zero: what it promised
-- is paid from what it holds, never from other people's money.
alter table ledger_accounts drop constraint ledger_accounts_platform_key_check;
alter table ledger_accounts add constraint ledger_accounts_platform_key_check check (
  platform_key in ('external_deposits', 'withdrawals_in_flight', 'fees', 'house', 'demo_faucet',
                   'operator_capital')
  or platform_key ~ '^reserve:[a-z][a-z0-9:_-]{0,60}$');
alter table ledger_accounts add constraint reserve_covered
  check (platform_key is null or platform_key not like 'reserve:%' or balance >= 0);

create table plan_products (
  id bigint generated always as identity primary key,
  name text not null check (length(name) between 1 and 80),
  min_amount numeric not null check (min_amount > 0),
  max_amount numeric not null check (max_amount >= min_amount),
  cycle_days int not null check (cycle_days between 1 and 3650),
  -- Percent per day, and percent of the principal kept on an early exit.
  daily_rate numeric not null check (daily_rate > 0 and daily_rate <= 10),
  purchase_limit int not null check (purchase_limit between 1 and 1000),
  exit_penalty numeric not null check (exit_penalty >= 0 and exit_penalty <= 100),
  yield_source text not null check (length(yield_source) between 3 and 500),
  status text not null check (status in ('open', 'paused')),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

-- A subscription. Its terms are copied from the product when it is bought: staff's later
-- edits change new subscriptions only. The principal is a ledger hold on the person's money.
create table plans (
  id bigint generated always as identity primary key,
  user_id bigint not null references users (id),
  product_id bigint not null references plan_products (id),
  request_key text not null,
  body_hash text not null,
  amount numeric not null check (amount > 0),
  daily_rate numeric not null,
  cycle_days int not null check (cycle_days > 0),
  exit_penalty numeric not null,
  daily_yield numeric not null check (daily_yield >= 0),
  hold_id bigint not null unique references ledger_holds (id),
  -- The first local day that earns (the day after the subscription).
  first_day date not null,
  days_paid int not null default 0 check (days_paid between 0 and cycle_days),
  status text not null default 'earning' check (status in ('earning', 'shared', 'expired')),
  penalty numeric check (penalty >= 0),
  created_at timestamptz not null default now(),
  ended_at timestamptz,
  check ((status = 'earning') = (ended_at is null)),
  check (status <> 'shared' or days_paid = cycle_days),
  check ((status = 'expired') = (penalty is not null)),
  unique (user_id, request_key)
);
create index plans_due on plans ((first_day + days_paid)) where status = 'earning';
create index plans_of_user on plans (user_id, id desc);
create index plans_of_product on plans (product_id, user_id);
-- A plan's yield, summed from the ledger for its page.
create index ledger_transfers_plan_yield on ledger_transfers (reference) where kind = 'plan_yield';

-- What each product's reserve paid per local day, written by the daily job in the transaction
-- of the payments it sums (the public 7- and 30-day figures).
create table plan_payout_days (
  product_id bigint not null references plan_products (id),
  day date not null,
  amount numeric not null check (amount >= 0),
  plans int not null check (plans >= 0),
  primary key (product_id, day)
);

create table loan_products (
  id bigint generated always as identity primary key,
  name text not null check (length(name) between 1 and 80),
  min_amount numeric not null check (min_amount > 0),
  max_amount numeric not null check (max_amount >= min_amount),
  terms int[] not null check (cardinality(terms) between 1 and 12 and 0 < all (terms)),
  daily_rate numeric not null check (daily_rate >= 0 and daily_rate <= 10),
  free_days int not null check (free_days between 0 and 3650),
  -- Liquidated damages: percent of the principal per day overdue.
  overdue_rate numeric not null check (overdue_rate >= 0 and overdue_rate <= 10),
  status text not null check (status in ('open', 'paused')),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

create table loans (
  id bigint generated always as identity primary key,
  user_id bigint not null references users (id),
  product_id bigint not null references loan_products (id),
  request_key text not null,
  body_hash text not null,
  amount numeric not null check (amount > 0),
  term_days int not null check (term_days > 0),
  daily_rate numeric not null,
  free_days int not null,
  overdue_rate numeric not null,
  -- The agreement as signed: its version, the figures shown, the signature, a hash of all.
  agreement_version text not null,
  figures jsonb not null,
  signature_id text references files (id) on delete set null,
  signature_sha256 text not null check (signature_sha256 ~ '^[0-9a-f]{64}$'),
  agreement_hash text not null check (agreement_hash ~ '^[0-9a-f]{64}$'),
  language text not null,
  status text not null check (status in ('pending', 'repaying', 'repaid', 'expired', 'rejected')),
  -- Set when the loan is paid out: its first accruing day and its repayment day (local).
  first_day date,
  due_day date,
  days_accrued int not null default 0 check (days_accrued >= 0),
  interest numeric not null default 0 check (interest >= 0),
  damages numeric not null default 0 check (damages >= 0),
  repaid_amount numeric,
  reason_code text,
  note text,
  applied_at timestamptz not null default now(),
  decided_at timestamptz,
  decided_by bigint references staff (id),
  repaid_at timestamptz,
  check ((status in ('pending', 'rejected')) = (first_day is null)),
  check ((status = 'repaid') = (repaid_at is not null)),
  unique (user_id, request_key)
);
-- One loan at a time: under review, or being repaid.
create unique index loans_one_open on loans (user_id) where status in ('pending', 'repaying', 'expired');
create index loans_of_user on loans (user_id, id desc);
create index loans_queue on loans (status, applied_at, id);
create index loans_accruing on loans ((first_day + days_accrued)) where status in ('repaying', 'expired');
