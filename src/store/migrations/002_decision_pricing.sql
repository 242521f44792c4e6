-- What a decision's fees were computed from: the USD prices used (or their absence) and the notes
-- the answer gave about cuts not collected. Transfers read it for their USD figures.
ALTER TABLE decisions ADD COLUMN pricing jsonb NOT NULL DEFAULT '{}'::jsonb;
