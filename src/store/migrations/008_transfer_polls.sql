-- What the status worker heard at each venue poll of a transfer (strait transfers show): the venue's
-- own status word, what Strait mapped it to, or the error that postponed the poll. Kept for the
-- last 200 polls of each transfer (pollHistoryRepository.ts trims on insert); history, not state:
-- nothing reads it to decide.
CREATE TABLE transfer_polls (
  id            bigserial PRIMARY KEY,
  transfer_id   uuid   NOT NULL REFERENCES transfers (id) ON DELETE CASCADE,
  polled_at     bigint NOT NULL,
  venue         text   NOT NULL,
  venue_status  text,            -- the venue's raw status; null when the poll failed
  mapped_status text,            -- PENDING | COMPLETED | PARTIAL | REFUNDED | FAILED; null when the poll failed
  error         text             -- why the poll failed (sanitised); null when it answered
);
CREATE INDEX transfer_polls_transfer ON transfer_polls (transfer_id, id);
