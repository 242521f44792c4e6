-- The venue's ETA for the built row: the worker spaces its polls and sets the give-up deadline by it.
ALTER TABLE transfers ADD COLUMN eta_seconds integer;
