-- Transfer events (docs/events.md): an append-only log of every change a person or a program would
-- want to see, written by triggers in the same transaction as the change, so no write path can
-- forget it and no event describes a change that rolled back. One event per transaction and
-- transfer (the constraint triggers are deferred to commit, and the second firing in a transaction
-- refreshes the first event), numbered per transfer from 1: the number is the SSE event id and the
-- webhook's `webhook-id`.

ALTER TABLE transfers ADD COLUMN webhook_url text;

CREATE TABLE transfer_events (
  transfer_id  uuid    NOT NULL REFERENCES transfers (id) ON DELETE CASCADE,
  seq          integer NOT NULL,
  tx_id        bigint  NOT NULL,   -- txid_current() of the writing transaction: one event per transaction
  at           bigint  NOT NULL,   -- the transfer's updated_at (epoch ms, the service's clock)
  transfer     jsonb   NOT NULL,   -- the transfer row as committed, amounts as text, without build and venue context
  fees         jsonb   NOT NULL,   -- its fee rows as committed, amounts as text
  PRIMARY KEY (transfer_id, seq)
);

-- The webhook outbox: one row per event of a transfer that named a webhookUrl, created with the event.
CREATE TABLE webhook_deliveries (
  transfer_id      uuid    NOT NULL,
  seq              integer NOT NULL,
  url              text    NOT NULL,
  attempts         integer NOT NULL DEFAULT 0,
  next_attempt_at  bigint  NOT NULL DEFAULT 0,
  lease_owner      text,
  lease_until      bigint,
  delivered_at     bigint,
  abandoned_at     bigint,
  last_error       text,
  PRIMARY KEY (transfer_id, seq),
  FOREIGN KEY (transfer_id, seq) REFERENCES transfer_events (transfer_id, seq) ON DELETE CASCADE
);
CREATE INDEX webhook_deliveries_due ON webhook_deliveries (next_attempt_at) WHERE delivered_at IS NULL AND abandoned_at IS NULL;

CREATE FUNCTION append_transfer_event(tid uuid) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  t transfers%ROWTYPE;
  snapshot jsonb;
  fee_snapshot jsonb;
  next_seq integer;
  xid bigint := txid_current();
BEGIN
  -- Taken at commit, after every row lock this transaction needs, so it can never close a cycle;
  -- it orders the numbering of concurrent writers of one transfer.
  PERFORM pg_advisory_xact_lock(7310, hashtext(tid::text));
  SELECT * INTO t FROM transfers WHERE id = tid;
  IF NOT FOUND THEN RETURN; END IF;
  snapshot := (to_jsonb(t) - 'build' - 'venue_context' - 'lease_owner' - 'lease_until' - 'webhook_url')
    || jsonb_build_object('amount_in', t.amount_in::text, 'expected_out', t.expected_out::text, 'min_out', t.min_out::text, 'received_amount', t.received_amount::text);
  SELECT coalesce(jsonb_agg(jsonb_build_object('kind', f.kind, 'status', f.status, 'bps', f.bps, 'amount', f.amount::text, 'asset', f.asset, 'chain', f.chain, 'wallet', f.wallet, 'tier_saved_bps', f.tier_saved_bps, 'tx_hash', f.tx_hash) ORDER BY f.kind), '[]'::jsonb)
    INTO fee_snapshot FROM fee_rows f WHERE f.transfer_id = tid;
  UPDATE transfer_events SET transfer = snapshot, fees = fee_snapshot, at = t.updated_at WHERE transfer_id = tid AND tx_id = xid;
  IF FOUND THEN RETURN; END IF;
  SELECT coalesce(max(seq), 0) + 1 INTO next_seq FROM transfer_events WHERE transfer_id = tid;
  INSERT INTO transfer_events (transfer_id, seq, tx_id, at, transfer, fees) VALUES (tid, next_seq, xid, t.updated_at, snapshot, fee_snapshot);
  IF t.webhook_url IS NOT NULL THEN
    INSERT INTO webhook_deliveries (transfer_id, seq, url) VALUES (tid, next_seq, t.webhook_url);
  END IF;
  -- Delivered at commit to every LISTEN session: the SSE streams of every replica wake up.
  PERFORM pg_notify('strait_transfer_events', tid::text);
END $$;

CREATE FUNCTION transfer_event_of_transfer() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM append_transfer_event(NEW.id);
  RETURN NULL;
END $$;

CREATE FUNCTION transfer_event_of_fee_row() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM append_transfer_event(NEW.transfer_id);
  RETURN NULL;
END $$;

CREATE CONSTRAINT TRIGGER transfer_created_event AFTER INSERT ON transfers
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION transfer_event_of_transfer();

-- Only what a reader sees: the worker's bookkeeping (next poll, attempts, leases) is no event.
CREATE CONSTRAINT TRIGGER transfer_changed_event AFTER UPDATE ON transfers
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN (OLD.status IS DISTINCT FROM NEW.status
     OR OLD.status_detail IS DISTINCT FROM NEW.status_detail
     OR OLD.source_tx_hash IS DISTINCT FROM NEW.source_tx_hash
     OR OLD.source_tx_verification IS DISTINCT FROM NEW.source_tx_verification
     OR OLD.destination_tx_hash IS DISTINCT FROM NEW.destination_tx_hash
     OR OLD.fee_tx_hash IS DISTINCT FROM NEW.fee_tx_hash
     OR OLD.received_amount IS DISTINCT FROM NEW.received_amount
     OR OLD.received_asset IS DISTINCT FROM NEW.received_asset
     OR OLD.claim IS DISTINCT FROM NEW.claim
     OR OLD.post_step IS DISTINCT FROM NEW.post_step
     OR OLD.final_destination IS DISTINCT FROM NEW.final_destination
     OR OLD.completed_at IS DISTINCT FROM NEW.completed_at)
  EXECUTE FUNCTION transfer_event_of_transfer();

CREATE CONSTRAINT TRIGGER fee_row_created_event AFTER INSERT ON fee_rows
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION transfer_event_of_fee_row();

CREATE CONSTRAINT TRIGGER fee_row_changed_event AFTER UPDATE ON fee_rows
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.tx_hash IS DISTINCT FROM NEW.tx_hash)
  EXECUTE FUNCTION transfer_event_of_fee_row();

-- Transfers written before this migration start their log with their state now, so a stream has a
-- current state to send at once.
INSERT INTO transfer_events (transfer_id, seq, tx_id, at, transfer, fees)
SELECT t.id, 1, txid_current(), t.updated_at,
       (to_jsonb(t) - 'build' - 'venue_context' - 'lease_owner' - 'lease_until' - 'webhook_url')
         || jsonb_build_object('amount_in', t.amount_in::text, 'expected_out', t.expected_out::text, 'min_out', t.min_out::text, 'received_amount', t.received_amount::text),
       coalesce((SELECT jsonb_agg(jsonb_build_object('kind', f.kind, 'status', f.status, 'bps', f.bps, 'amount', f.amount::text, 'asset', f.asset, 'chain', f.chain, 'wallet', f.wallet, 'tier_saved_bps', f.tier_saved_bps, 'tx_hash', f.tx_hash) ORDER BY f.kind)
                 FROM fee_rows f WHERE f.transfer_id = t.id), '[]'::jsonb)
FROM transfers t;
