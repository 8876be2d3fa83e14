-- Sign-in and password tries as one counter row per account and per address, taken with one
-- atomic upsert before a password is checked, so concurrent guesses cannot all pass the limit
-- (server/src/auth/login-throttle.ts). Replaces the per-failure rows, which were counted
-- before and written after the check.

drop table login_failures;

-- realm keeps user sign-ins, staff sign-ins, password changes and addresses apart: a name typed
-- into one form can never reach another's counter. subject: 'id:<account id>' for an account,
-- 'name:<what was typed>' for a name no account has, or the address.
create table login_counters (
  realm text not null check (realm in ('user', 'staff', 'password-change', 'address')),
  subject text not null check (length(subject) between 1 and 300),
  tries int not null check (tries >= 0),
  window_start timestamptz not null,
  primary key (realm, subject)
);
create index login_counters_window on login_counters (window_start);
