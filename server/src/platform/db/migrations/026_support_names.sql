-- The name an agent shows to people (issue 31): never the staff username, which signs in to
-- the back office. Null until the agent sets one; people then read "Support".
alter table support_agents
  add column display_name text check (display_name is null or length(display_name) between 1 and 40);

-- System lines named the agent by username until now: people see "Support" in their place.
update support_messages set body = '' where author = 'system';
