-- A decision's priced rows and rejections become two jsonb columns of `decisions` (docs/performance.md,
-- "Decisions' rows inline"). They are written once, with the decision, on every quote's hot path and
-- read back whole by build; as ~36 heap rows with their key entries and foreign-key checks they were
-- the largest single cost of a quote on PGlite. Each element keeps StoredQuoteRow's / StoredRejection's
-- field names, amounts as decimal strings.
ALTER TABLE decisions ADD COLUMN quotes jsonb NOT NULL DEFAULT '[]'::jsonb;
ALTER TABLE decisions ADD COLUMN rejections jsonb NOT NULL DEFAULT '[]'::jsonb;

UPDATE decisions d SET
  quotes = COALESCE((
    SELECT jsonb_agg(jsonb_build_object(
      'quoteId', q.quote_id, 'rank', q.rank, 'venue', q.venue,
      'amountIn', q.amount_in::text, 'amountOut', q.amount_out::text, 'minAmountOut', q.min_amount_out::text,
      'estimatedSeconds', q.estimated_seconds, 'feeBps', q.fee_bps, 'feeAmount', q.fee_amount::text,
      'tierSavedBps', q.tier_saved_bps, 'executable', q.executable, 'eligibility', q.eligibility,
      'expiresAt', q.expires_at, 'venueQuote', q.venue_quote) ORDER BY q.rank)
    FROM decision_quotes q WHERE q.decision_id = d.id), '[]'::jsonb),
  rejections = COALESCE((
    SELECT jsonb_agg(jsonb_build_object('venue', r.venue, 'code', r.code, 'message', r.message, 'details', r.details) ORDER BY r.venue)
    FROM decision_rejections r WHERE r.decision_id = d.id), '[]'::jsonb);

DROP TABLE decision_quotes;
DROP TABLE decision_rejections;
