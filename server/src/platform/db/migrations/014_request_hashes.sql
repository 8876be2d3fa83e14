-- Request replay, one way for every money call (platform/request-replay.ts): the row a request
-- key made stores the hash of its book and whole body, as contract, option and spot orders
-- already do. Rows made before this have none: their key, used again, answers 10134.
alter table deposits add column body_hash text;
alter table withdrawals add column body_hash text;
