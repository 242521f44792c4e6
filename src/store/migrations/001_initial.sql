-- Strait's system of record. Times are epoch milliseconds (bigint); amounts are atomic units
-- (numeric(78,0), as wide as a uint256); venue payloads that build and status need are jsonb.

CREATE TABLE decisions (
  id              uuid PRIMARY KEY,
  request         jsonb       NOT NULL,   -- the normalised quote request (chains, tokens, amount, wallets)
  privacy         boolean     NOT NULL,
  user_ip         text,
  fees            jsonb       NOT NULL,   -- the decision's `fees` object as answered
  best_quote_id   text,
  empty_reason    text,
  created_at      bigint      NOT NULL,
  expires_at      bigint      NOT NULL
);
CREATE INDEX decisions_expires_at ON decisions (expires_at);

CREATE TABLE decision_quotes (
  decision_id        uuid        NOT NULL REFERENCES decisions (id) ON DELETE CASCADE,
  quote_id           text        NOT NULL,
  rank               integer     NOT NULL,
  venue              text        NOT NULL,
  amount_in          numeric(78,0) NOT NULL,
  amount_out         numeric(78,0) NOT NULL,
  min_amount_out     numeric(78,0) NOT NULL,
  estimated_seconds  integer,
  fee_bps            integer     NOT NULL,
  fee_amount         numeric(78,0) NOT NULL,
  tier_saved_bps     integer     NOT NULL,
  executable         boolean     NOT NULL,
  eligibility        text        NOT NULL,
  expires_at         bigint      NOT NULL,
  venue_quote        jsonb       NOT NULL,  -- the adapter's VenueQuote (amounts as strings) with its context
  PRIMARY KEY (decision_id, quote_id)
);

CREATE TABLE decision_rejections (
  decision_id  uuid  NOT NULL REFERENCES decisions (id) ON DELETE CASCADE,
  venue        text  NOT NULL,
  code         text  NOT NULL,
  message      text  NOT NULL,
  details      jsonb,
  PRIMARY KEY (decision_id, venue)
);

CREATE TABLE transfers (
  id                      uuid PRIMARY KEY,
  decision_id             uuid        NOT NULL UNIQUE REFERENCES decisions (id),
  quote_id                text        NOT NULL,
  venue                   text        NOT NULL,
  status                  text        NOT NULL,
  status_detail           text,
  from_chain              text        NOT NULL,
  to_chain                text        NOT NULL,
  from_asset              text        NOT NULL,
  to_asset                text        NOT NULL,
  amount_in               numeric(78,0) NOT NULL,
  expected_out            numeric(78,0) NOT NULL,
  min_out                 numeric(78,0) NOT NULL,
  received_amount         numeric(78,0),
  received_asset          text,
  source_tx_hash          text,
  destination_tx_hash     text,
  fee_tx_hash             text,
  source_tx_verification  text,
  claim                   jsonb,
  post_step               jsonb,
  final_destination       jsonb,
  requester_wallet        text        NOT NULL,
  recipient_wallet        text        NOT NULL,
  avg_saved_bps           integer     NOT NULL,
  saved_vs_worst_bps      integer     NOT NULL,
  savings_quote_count     integer     NOT NULL,
  usd_value_bridged       text,
  usd_value_saved         text,
  privacy                 boolean     NOT NULL,
  privacy_model           text        NOT NULL,
  build                   jsonb       NOT NULL,  -- the build result as answered, replayed on a repeat build
  venue_context           jsonb       NOT NULL,  -- quote + build context the venue's status needs
  build_expires_at        bigint      NOT NULL,
  created_at              bigint      NOT NULL,
  submitted_at            bigint,
  updated_at              bigint      NOT NULL,
  completed_at            bigint,
  -- status worker bookkeeping
  next_poll_at            bigint,
  poll_attempts           integer     NOT NULL DEFAULT 0,
  give_up_at              bigint,
  lease_owner             text,
  lease_until             bigint
);
CREATE INDEX transfers_due ON transfers (next_poll_at) WHERE next_poll_at IS NOT NULL;

CREATE TABLE transfer_steps (
  transfer_id  uuid     NOT NULL REFERENCES transfers (id) ON DELETE CASCADE,
  step_index   integer  NOT NULL,
  kind         text     NOT NULL,   -- approve | fee | main | redeem
  vm           text     NOT NULL,
  chain        text     NOT NULL,
  payload      jsonb    NOT NULL,   -- the step exactly as built (EVM: chainId, to, data, value)
  PRIMARY KEY (transfer_id, step_index)
);

CREATE TABLE submissions (
  transfer_id   uuid    NOT NULL REFERENCES transfers (id) ON DELETE CASCADE,
  kind          text    NOT NULL,
  tx_hash       text    NOT NULL,
  signed_tx     text,
  verification  text    NOT NULL,
  user_ip       text,
  created_at    bigint  NOT NULL,
  PRIMARY KEY (transfer_id, kind)
);

CREATE TABLE fee_rows (
  transfer_id     uuid     NOT NULL REFERENCES transfers (id) ON DELETE CASCADE,
  kind            text     NOT NULL,   -- platform | referral
  status          text     NOT NULL,   -- offered | expected | settled | void
  bps             integer  NOT NULL,
  amount          numeric(78,0) NOT NULL,
  asset           text     NOT NULL,
  chain           text     NOT NULL,
  wallet          text,
  tier_saved_bps  integer  NOT NULL,
  tx_hash         text,
  PRIMARY KEY (transfer_id, kind)
);
