-- Live support (docs/support.md): conversations between a person (or a visitor who proved an
-- address) and support staff, assigned by capacity.

-- A visitor's chat: the token its calls carry (stored hashed) and its live channel's key.
create table support_visitors (
  id bigint generated always as identity primary key,
  email text not null check (length(email) <= 254),
  token_hash bytea not null unique,
  channel text not null unique check (channel ~ '^[0-9a-f]{32}$'),
  -- Set when the visitor signs in and keeps the chat (supportClaim).
  user_id bigint references users (id),
  created_at timestamptz not null default now(),
  expires_at timestamptz not null
);

-- One support agent's state: whether they take conversations and how many at once.
create table support_agents (
  staff_id bigint primary key references staff (id),
  online boolean not null default false,
  capacity int not null default 3 check (capacity between 0 and 20),
  updated_at timestamptz not null default now()
);

create table support_conversations (
  id bigint generated always as identity primary key,
  user_id bigint references users (id),
  visitor_id bigint references support_visitors (id),
  status text not null check (status in ('waiting', 'ticket', 'open', 'resolved')),
  agent_id bigint references staff (id),
  created_at timestamptz not null default now(),
  -- When no one was online: the reply time promised.
  promised_by timestamptz,
  assigned_at timestamptz,
  first_response_at timestamptz,
  resolved_at timestamptz,
  last_message_at timestamptz not null default now(),
  -- Read receipts: the last message id each side has seen; they never move back.
  person_read_id bigint not null default 0,
  agent_read_id bigint not null default 0,
  rating smallint check (rating between 1 and 5),
  rating_comment text check (length(rating_comment) <= 500),
  check ((user_id is null) <> (visitor_id is null)),
  -- An open conversation has its agent; a resolved one keeps the agent who had it.
  check (status <> 'open' or agent_id is not null),
  check (status not in ('waiting', 'ticket') or agent_id is null),
  check ((status = 'resolved') = (resolved_at is not null)),
  check (rating is null or status = 'resolved')
);
-- One open conversation per person and per visitor.
create unique index support_one_open_user on support_conversations (user_id)
  where status <> 'resolved' and user_id is not null;
create unique index support_one_open_visitor on support_conversations (visitor_id)
  where status <> 'resolved' and visitor_id is not null;
create index support_waiting on support_conversations (created_at, id)
  where status in ('waiting', 'ticket');
create index support_by_agent on support_conversations (agent_id, status);
create index support_by_month on support_conversations (created_at);

create table support_messages (
  id bigint generated always as identity primary key,
  conversation_id bigint not null references support_conversations (id),
  author text not null check (author in ('person', 'agent', 'system')),
  staff_id bigint references staff (id),
  body text not null check (length(body) <= 2000),
  file_id text references files (id),
  internal boolean not null default false,
  flagged boolean not null default false,
  event text check (event in ('assigned', 'transferred', 'resolved')),
  -- The request key of the call that sent it: a replay answers the first message.
  request_key text,
  body_hash text,
  created_at timestamptz not null default now(),
  check ((author = 'agent') = (staff_id is not null) or author = 'system'),
  check (not internal or author = 'agent'),
  check ((author = 'system') = (event is not null)),
  check (author = 'system' or body <> '' or file_id is not null)
);
create index support_messages_of on support_messages (conversation_id, id);
create unique index support_messages_key on support_messages (conversation_id, author, request_key)
  where request_key is not null;
-- The flood limit counts a side's recent messages.
create index support_messages_recent on support_messages (conversation_id, author, created_at);

-- Canned answers, kept by admins; a removed one stays for the audit log's references.
create table support_canned (
  id bigint generated always as identity primary key,
  title text not null check (length(title) between 1 and 80),
  body text not null check (length(body) between 1 and 2000),
  created_by bigint not null references staff (id),
  updated_at timestamptz not null default now(),
  removed_at timestamptz
);

-- A visitor proves the address they leave with a code, as at sign-up.
alter table verification_codes drop constraint verification_codes_purpose_check;
alter table verification_codes add constraint verification_codes_purpose_check
  check (purpose in ('register', 'reset', 'support'));

insert into params (key, value) values
  -- A person sends at most 5 messages in 10 seconds.
  ('support_flood_messages', '5'),
  ('support_flood_seconds', '10'),
  -- A ticket (no one online) is answered within a day.
  ('support_reply_hours', '24'),
  ('support_visitor_days', '7')
on conflict (key) do nothing;
