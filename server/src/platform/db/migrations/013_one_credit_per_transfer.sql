-- One credit per chain transfer, to any account (docs/funds.md, "Credit exactly once").
-- Migration 009 kept one approved deposit per (transaction, receiving address, coin): a claim
-- of the same payment at another address (a thief declaring the victim's transaction at their
-- own address) could be approved by staff after the sweep credited the payer, and was credited
-- a second time. A transfer is now named by (chain, transaction, log index), whoever claims it.
--
-- `chain` is the deposit's network: a deployment reads one chain per network (CHAIN_ID picks
-- which on 'ethereum'). `log_index` is the ERC-20 Transfer event's log index, or -1 for the
-- transaction's own value (ETH sent directly has no log).

-- One row per transaction that credited anything. Every credit locks it before it checks, so
-- credits of one transaction take turns and each sees those committed before it: that is what
-- checks a credit of unknown transfers (below) against known ones, which no unique key can.
create table chain_payments (
  chain text not null check (chain in ('ethereum', 'tron', 'bitcoin')),
  tx_hash text not null check (tx_hash ~ '^0x[0-9a-f]{64}$'),
  primary key (chain, tx_hash)
);

create table chain_credits (
  chain text not null,
  tx_hash text not null,
  -- Null where the transfers are not known (a network the server does not read, a transaction
  -- the chain shows none of the coin in, a credit older than this table): the credit then stands
  -- for every transfer of `asset` in the transaction.
  log_index int check (log_index >= -1),
  asset text not null references assets (code),
  deposit_id bigint not null references deposits (id),
  created_at timestamptz not null default now(),
  foreign key (chain, tx_hash) references chain_payments (chain, tx_hash),
  -- The rule itself: a known transfer is credited once, to whichever deposit got there first.
  constraint chain_credits_one_credit unique (chain, tx_hash, log_index),
  -- ETH's only transfer is the transaction's value; a token's are logs.
  constraint chain_credits_native check (log_index is null or (log_index = -1) = (asset = 'ETH'))
);
create index chain_credits_deposit on chain_credits (deposit_id);

-- Existing credits. Their log indexes were never read, so a token credit stands for the whole
-- transaction in its coin (null) and an ETH credit for the transaction's value (-1). Where one
-- ETH value was already credited more than once (the double credit closed here), the earliest
-- approval keeps -1 and the later ones are kept as unknown transfers: the ledger has moved that
-- money, and a migration does not take it back. Staff find such credits with the query in
-- docs/funds.md and settle them by a journaled adjustment.
insert into chain_payments (chain, tx_hash)
  select distinct network, tx_hash from deposits where status = 'approved';
insert into chain_credits (chain, tx_hash, log_index, asset, deposit_id, created_at)
  select network, tx_hash,
         case when asset = 'ETH' and row_number() over (
                partition by network, tx_hash, asset order by reviewed_at, id) = 1
              then -1 end,
         asset, id, reviewed_at
    from deposits where status = 'approved';

-- Superseded: it compared the receiving address, which is how the second credit got through.
drop index deposits_one_credit;
