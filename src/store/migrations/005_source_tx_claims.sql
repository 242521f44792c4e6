-- One on-chain transaction pays for one step of one transfer (docs/states.md, "Source claims").
-- `tx_key` is the hash as the chain compares it (EVM hex lower-cased, Solana base58 as is); the
-- unique index makes a second claim of the same transaction fail in the store, however many
-- requests race. `nonce` is the EVM nonce of the claimed transaction when known, so a wallet's
-- speed-up (same signer and nonce) is recognised as a replacement.
ALTER TABLE submissions ADD COLUMN chain text;
ALTER TABLE submissions ADD COLUMN tx_key text;
ALTER TABLE submissions ADD COLUMN nonce bigint;
UPDATE submissions s SET chain = t.chain FROM transfer_steps t WHERE t.transfer_id = s.transfer_id AND t.step_index = s.step_index;
UPDATE submissions SET chain = '' WHERE chain IS NULL;
ALTER TABLE submissions ALTER COLUMN chain SET NOT NULL;
UPDATE submissions SET tx_key = CASE WHEN tx_hash LIKE '0x%' THEN lower(tx_hash) ELSE tx_hash END;
-- Claims recorded before this rule may share a transaction: the earliest keeps the claim, the
-- others stay readable but hold none (NULL keys are outside the unique index).
UPDATE submissions s SET tx_key = NULL WHERE EXISTS (
  SELECT 1 FROM submissions o
  WHERE o.chain = s.chain AND o.tx_key = s.tx_key
    AND (o.created_at, o.transfer_id::text, o.step_index) < (s.created_at, s.transfer_id::text, s.step_index)
);
CREATE UNIQUE INDEX submissions_source_tx_claim ON submissions (chain, tx_key) WHERE tx_key IS NOT NULL;

-- Claims that no longer hold their step: a provisional hash superseded by a transaction that
-- verified, a speed-up's predecessor, a hash that never appeared on chain. Kept for the record, and
-- so the worker can follow a replaced transaction that was mined after all.
CREATE TABLE submission_history (
  transfer_id   uuid    NOT NULL REFERENCES transfers (id) ON DELETE CASCADE,
  step_index    integer NOT NULL,
  kind          text    NOT NULL,
  chain         text    NOT NULL,
  tx_hash       text    NOT NULL,
  signed_tx     text,
  verification  text    NOT NULL,
  nonce         bigint,
  user_ip       text,
  created_at    bigint  NOT NULL,
  ended_at      bigint  NOT NULL,
  reason        text    NOT NULL   -- superseded | replaced | expired
);
CREATE INDEX submission_history_transfer ON submission_history (transfer_id, step_index);

-- The block (EVM) or slot (Solana) in which the source transaction succeeded; NULL until the worker
-- has seen it land, so its receipt is read until then and never after.
ALTER TABLE transfers ADD COLUMN source_tx_block bigint;
