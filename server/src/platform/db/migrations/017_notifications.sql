-- The notification centre (docs/notifications.md). A notice is written in the transaction of
-- the change it tells of; `body` is the contract's notice (kind and figures), worded by the
-- app in the reader's language.
create table notifications (
  id bigserial primary key,
  user_id bigint not null references users (id),
  kind text not null,
  body jsonb not null,
  created_at timestamptz not null default now(),
  read_at timestamptz
);
create index notifications_of_user on notifications (user_id, id desc);
create index notifications_unread on notifications (user_id) where read_at is null;

-- Kinds a person switched off (money-critical kinds cannot be: the service refuses them).
create table notice_settings (
  user_id bigint not null references users (id),
  kind text not null,
  enabled boolean not null,
  primary key (user_id, kind)
);
