-- Identity verification (docs/kyc.md). One row per submission; the person's status is their
-- latest submission's. Images are files of the kernel (kinds kyc.document, kyc.signature);
-- past the retention period the job deletes them and the columns become null.
create table kyc_submissions (
  id bigint generated always as identity primary key,
  user_id bigint not null references users (id),
  request_key text not null,
  body_hash text not null,
  status text not null check (status in ('pending', 'verified', 'rejected')),
  personal jsonb not null,
  doc_type text not null check (doc_type in ('id_card', 'driver_licence', 'passport')),
  front_id text references files (id) on delete set null,
  back_id text references files (id) on delete set null,
  selfie_id text references files (id) on delete set null,
  signature_id text references files (id) on delete set null,
  -- [{part, reasonCode}] on a rejection
  rejected jsonb not null default '[]'::jsonb,
  note text,
  submitted_at timestamptz not null default now(),
  decided_at timestamptz,
  decided_by bigint references staff (id),
  documents_deleted_at timestamptz,
  unique (user_id, request_key)
);
-- One submission waits at a time per person (10026 otherwise).
create unique index kyc_one_pending on kyc_submissions (user_id) where status = 'pending';
create index kyc_queue on kyc_submissions (status, submitted_at, id);
create index kyc_of_user on kyc_submissions (user_id, id desc);
create index kyc_retention on kyc_submissions (decided_at) where documents_deleted_at is null;

-- Levels (docs/kyc.md): what an unverified and a verified person may do. Empty: no limit.
insert into params (key, value) values
  ('kyc_loan_max_unverified', '1000'),
  ('kyc_loan_max_verified', '50000'),
  ('kyc_withdraw_daily_max_unverified', ''),
  ('kyc_retention_days', '1825')
on conflict (key) do nothing;
