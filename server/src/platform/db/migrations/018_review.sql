-- The review queue (platform/review, docs/review.md). A reviewer's claim on a pending row, for
-- a while: another reviewer's decision on it is refused (10191) until it lapses or is decided.
create table review_claims (
  kind text not null,
  subject_id bigint not null,
  staff_id bigint not null references staff (id),
  until timestamptz not null,
  primary key (kind, subject_id)
);

-- A rejection's reason from the capability's catalogue, beside the reviewer's note (reason).
alter table deposits add column reason_code text;
alter table withdrawals add column reason_code text;
