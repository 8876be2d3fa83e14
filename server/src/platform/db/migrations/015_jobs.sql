-- Jobs kernel (platform/jobs, docs/jobs.md). A row per (job, slot) run, written in the same
-- transaction as the job's own writes: a second node, a restart or a late timer that reaches
-- the same slot finds the row and does nothing.
create table job_runs (
  job text not null,
  slot text not null,
  slot_start timestamptz not null,
  started_at timestamptz not null,
  duration_ms integer not null,
  summary jsonb not null default '{}'::jsonb,
  primary key (job, slot)
);
create index job_runs_latest on job_runs (job, slot_start desc);

-- A slot whose run failed (rolled back): counted, with the last error, until a run succeeds.
create table job_failures (
  job text not null,
  slot text not null,
  attempts integer not null,
  last_error text not null,
  last_at timestamptz not null,
  primary key (job, slot)
);
