-- Charity NFTs delivered on chain (docs/nfts.md): where NFT_CUSTODY_KEY is set, each sold NFT
-- is sent from the custody account to its winner's linked wallet; this is that delivery's state.
create table nft_deliveries (
  sale_id bigint primary key references nft_sales (id),
  nft_id bigint not null references nfts (id),
  user_id bigint not null references users (id),
  -- pending: not tried yet; no_address: the winner has no linked wallet (SPEC 10021);
  -- sending: sent, waiting to be mined; sent: the winner holds it; failed: needs staff.
  status text not null default 'pending'
    check (status in ('pending', 'no_address', 'sending', 'sent', 'failed')),
  to_address text check (to_address ~ '^0x[0-9a-fA-F]{40}$'),
  tx_hash text check (tx_hash ~ '^0x[0-9a-f]{64}$'),
  attempts int not null default 0 check (attempts >= 0),
  last_error text check (length(last_error) <= 500),
  updated_at timestamptz not null default now(),
  check (status <> 'sent' or to_address is not null)
);
create index nft_deliveries_due on nft_deliveries (updated_at)
  where status in ('pending', 'no_address', 'sending');
