-- A transfer may carry two steps of one kind (a platform and a referral `fee` step; a zero-reset
-- `approve` before the exact one), so a submission belongs to a built step, not to a kind.
ALTER TABLE submissions ADD COLUMN step_index integer;
UPDATE submissions s SET step_index = (
  SELECT min(t.step_index) FROM transfer_steps t WHERE t.transfer_id = s.transfer_id AND t.kind = s.kind
);
UPDATE submissions SET step_index = 0 WHERE step_index IS NULL;
ALTER TABLE submissions ALTER COLUMN step_index SET NOT NULL;
ALTER TABLE submissions DROP CONSTRAINT submissions_pkey;
ALTER TABLE submissions ADD PRIMARY KEY (transfer_id, step_index);
