-- Charity NFTs (SPEC §1): the catalogue with each token's place on chain. Buying and bidding
-- come with the NFT capability; this holds what every NFT shows (docs/nfts.md).
create table nfts (
  id bigint generated always as identity primary key,
  name text not null check (length(name) between 1 and 120),
  creator text not null check (length(creator) between 1 and 120),
  image text not null check (image ~ '^/nft/[a-z0-9-]{1,60}\.svg$'),
  -- Token id in the NFT contract (NFT_CONTRACT on CHAIN_ID), unique per contract.
  token_id numeric not null unique check (token_id >= 0 and token_id < 2 ^ 256),
  starting_price numeric not null check (starting_price > 0),
  asset text not null references assets (code),
  sort smallint not null default 0,
  created_at timestamptz not null default now()
);
insert into nfts (name, creator, image, token_id, starting_price, asset, sort) values
  ('Morning Kite', 'Lena Ortiz', '/nft/morning-kite.svg', 1, 120, 'USDT', 1),
  ('Paper Boats', 'Kenji Mori', '/nft/paper-boats.svg', 2, 90, 'USDT', 2),
  ('First Library', 'Amara Okafor', '/nft/first-library.svg', 3, 150, 'USDT', 3);
