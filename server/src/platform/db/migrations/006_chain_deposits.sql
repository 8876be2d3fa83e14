-- On-chain deposit verification (docs/funds.md, "Verified on chain"). A deposit on a network the
-- configured chain verifies needs no proof screenshot or last 6 characters: the chain shows
-- the payment. Everything else keeps both.
alter table deposits alter column proof_id drop not null;
alter table deposits alter column last6 drop not null;

alter table deposits
  add column chain_check text not null default 'none'
    check (chain_check in ('none', 'confirming', 'verified', 'review')),
  add column check_code int check (check_code between 10146 and 10150),
  add column confirmations int check (confirmations >= 0),
  add column confirmations_required int check (confirmations_required between 1 and 1000),
  add column chain_amount numeric check (chain_amount >= 0),
  add column from_address text check (from_address ~ '^0x[0-9a-f]{40}$'),
  -- After this, a payment still not confirmed goes to staff review (10150).
  add column check_until timestamptz;

alter table deposits
  add constraint deposits_evidence
    check (chain_check <> 'none' or (proof_id is not null and last6 is not null)),
  add constraint deposits_review_has_code check ((chain_check = 'review') = (check_code is not null)),
  add constraint deposits_chain_credit
    check (chain_check <> 'verified' or (status = 'approved' and reviewed_by is null));

-- The chain watcher reads this on every sweep.
create index deposits_confirming on deposits (id) where chain_check = 'confirming' and status = 'pending';
