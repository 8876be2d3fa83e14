-- The files kernel (docs/files.md): every upload checked by its content, re-encoded, and stored
-- here encrypted (AES-256-GCM under a data key of its own, wrapped by a master key from
-- FILES_MASTER_KEYS), so each node of a scale-out reads the same files.
create table files (
  id text primary key check (id ~ '^[0-9a-f]{32}$'),
  owner_id bigint not null references users (id),
  -- '<capability>.<name>', declared by the capability (funds/files.ts).
  kind text not null check (kind ~ '^[a-z][a-z0-9]*\.[a-z][a-z0-9-]*$' and length(kind) <= 64),
  mime text not null check (mime in ('image/png', 'image/jpeg')),
  bytes int not null check (bytes > 0),
  master_key_id text not null check (master_key_id ~ '^[A-Za-z0-9_-]{1,32}$'),
  -- iv (12) + the data key encrypted (32) + tag (16)
  wrapped_key bytea not null check (length(wrapped_key) = 60),
  iv bytea not null check (length(iv) = 12),
  tag bytea not null check (length(tag) = 16),
  -- GCM keeps the length: what is stored is exactly as long as the image served.
  ciphertext bytea not null check (length(ciphertext) = bytes),
  created_at timestamptz not null default now()
);
create index files_owner on files (owner_id, kind, created_at);
-- Key rotation walks the files still wrapped under an older key.
create index files_master_key on files (master_key_id, id);

-- "Who viewed this person's files": staff reads are audited with the owner in `after`.
create index audit_log_file_views on audit_log ((after ->> 'owner'), id)
  where action = 'files.view';

-- Deposit proofs are files of kind 'funds.deposit-proof' now, under the same ids. Proofs of
-- before this migration stay listed in `proofs` until the start-up moves their bytes from
-- DATA_DIR/proofs into `files` (funds/proofs.ts); the reference to `files` is checked for every
-- new or changed deposit at once, and for the old ones once they are all moved (VALIDATE).
alter table deposits drop constraint deposits_proof_id_fkey;
alter table deposits add constraint deposits_proof_file foreign key (proof_id)
  references files (id) not valid;
