-- Rewards (docs/rewards.md): daily check-ins and task rewards, paid from a pool the operator
-- funds (`reserve:rewards:pool`); invites: referral rewards, a share of the friend's trading
-- fees, with an itemised statement.

-- The zone a person's calendar days are counted in, fixed at their first check-in: switching
-- zones cannot make a second "today".
create table checkin_zones (
  user_id bigint primary key references users (id),
  time_zone text not null check (length(time_zone) between 1 and 64),
  created_at timestamptz not null default now()
);

-- One check-in per person and local day; the streak counts consecutive days.
create table checkins (
  id bigint generated always as identity primary key,
  user_id bigint not null references users (id),
  day date not null,
  streak int not null check (streak >= 1),
  amount numeric not null check (amount >= 0),
  created_at timestamptz not null,
  unique (user_id, day)
);
create index checkins_of_user on checkins (user_id, day desc);

-- A task's reward, claimed once (SPEC §7 lingqu2: trading; lingqu3: identity and plans).
create table reward_claims (
  id bigint generated always as identity primary key,
  user_id bigint not null references users (id),
  task text not null check (task in ('trade', 'verify')),
  amount numeric not null check (amount > 0),
  created_at timestamptz not null,
  unique (user_id, task)
);

-- Referral rewards: one row per fee of a referred person, the referrer's share of it.
create table referral_rewards (
  id bigint generated always as identity primary key,
  fee_transfer_id bigint not null unique references ledger_transfers (id),
  referrer_id bigint not null references users (id),
  friend_id bigint not null references users (id),
  fee_kind text not null,
  fee numeric not null check (fee > 0),
  share_percent numeric not null check (share_percent > 0 and share_percent <= 100),
  amount numeric not null check (amount >= 0),
  created_at timestamptz not null
);
create index referral_rewards_of_referrer on referral_rewards (referrer_id, id desc);

-- Invite codes refused, with why: a person's own, a loop, or after the sign-up window.
create table invite_refusals (
  id bigint generated always as identity primary key,
  user_id bigint not null references users (id),
  code text not null check (length(code) <= 32),
  reason text not null check (reason in ('self', 'loop', 'late', 'unknown', 'already')),
  created_at timestamptz not null default now()
);
create index invite_refusals_of_user on invite_refusals (user_id, id desc);
create index users_invited_by on users (invited_by) where invited_by is not null;

-- The referral job reads fee transfers in id order from where it stopped.
create table referral_cursor (
  id boolean primary key default true check (id),
  last_transfer_id bigint not null default 0
);
insert into referral_cursor (id, last_transfer_id)
  select true, coalesce(max(id), 0) from ledger_transfers;

insert into params (key, value) values
  -- USDT for day 1, 2, … of a streak; the last repeats.
  ('rewards_checkin_amounts', '0.1,0.1,0.2,0.2,0.3,0.3,1'),
  ('rewards_task_trade_amount', '5'),
  ('rewards_task_verify_amount', '10'),
  -- Task rewards can be claimed this many days after signing up.
  ('rewards_task_days', '30'),
  -- The referrer's share of each trading fee their friend pays, for this many days.
  ('invite_fee_share_percent', '20'),
  ('invite_reward_days', '365'),
  -- A code may be entered this long after signing up (wallet and Google accounts).
  ('invite_bind_hours', '24')
on conflict (key) do nothing;
