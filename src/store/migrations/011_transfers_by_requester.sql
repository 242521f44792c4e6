-- A relayer route's build looks for the sender's other open relayer transfers whose leg is the same
-- transaction (engine/hyperCore/refuseSharedLeg.ts); without an index that read scans every transfer.
CREATE INDEX transfers_relayer_requester ON transfers (requester_wallet) WHERE venue = 'hyperliquid';
