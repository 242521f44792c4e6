-- One HyperCore credit per transfer of the relayer route (docs/hypercore.md). The relayer's signed
-- action is stored BEFORE it is sent, under the transfer's primary key: however many workers race
-- or restart, there is one action with one nonce, and sending it again is answered by the exchange
-- as a used nonce, never as a second transfer. `nonce` is unique per relayer, as the exchange needs.
CREATE TABLE hypercore_credits (
  transfer_id    uuid    PRIMARY KEY REFERENCES transfers (id) ON DELETE CASCADE,
  relayer        text    NOT NULL,
  destination    text    NOT NULL,
  balance        text    NOT NULL,   -- perps | spot
  amount         numeric(78,0) NOT NULL,
  activation_fee numeric(78,0) NOT NULL,
  paid_tx        text    NOT NULL,   -- the arbitrum transaction that paid the relayer for this credit
  nonce          bigint  NOT NULL,
  signed_action  text    NOT NULL,
  state          text    NOT NULL,   -- signed | sent | credited | failed
  attempts       integer NOT NULL DEFAULT 0,
  last_error     text,
  tx_hash        text,
  created_at     bigint  NOT NULL,
  updated_at     bigint  NOT NULL
);
CREATE UNIQUE INDEX hypercore_credits_nonce ON hypercore_credits (relayer, nonce);
CREATE INDEX hypercore_credits_paid_tx ON hypercore_credits (paid_tx);
