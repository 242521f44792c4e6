-- A decision's rows and rejections are stored as the JSON text the quote wrote, uncompressed
-- (docs/performance.md, "Decisions' rows as json text"). They are written on every quote's hot path
-- and only ever read back whole by build, never queried inside: jsonb's conversion to its binary
-- form and TOAST's pglz compression of the ~20 KB value were ≈ 0.8 ms of PGlite's CPU per quote.
-- `json` keeps the text as sent (after checking it is JSON); EXTERNAL stores a large value out of
-- line without compressing it, for about three times the bytes on disk.
ALTER TABLE decisions ALTER COLUMN quotes DROP DEFAULT;
ALTER TABLE decisions ALTER COLUMN rejections DROP DEFAULT;
ALTER TABLE decisions ALTER COLUMN quotes TYPE json USING quotes::json;
ALTER TABLE decisions ALTER COLUMN rejections TYPE json USING rejections::json;
ALTER TABLE decisions ALTER COLUMN quotes SET DEFAULT '[]'::json;
ALTER TABLE decisions ALTER COLUMN rejections SET DEFAULT '[]'::json;
ALTER TABLE decisions ALTER COLUMN quotes SET STORAGE EXTERNAL;
ALTER TABLE decisions ALTER COLUMN rejections SET STORAGE EXTERNAL;
