/**
 * The one catalogue of error codes the API answers with, and the one catalogue of reasons a venue
 * lands in a quote's `rejected` list. Codes are stable API: add, never rename.
 *
 * `status` is the HTTP status; `retriable` tells a client whether the same request may succeed later
 * unchanged. `docs/errors.md` and `openapi.json` are checked against this file by a test.
 */

export interface ErrorSpec {
  readonly status: number;
  readonly retriable: boolean;
  readonly summary: string;
}

export const ERROR_CATALOGUE = {
  invalid_request: { status: 400, retriable: false, summary: 'The request does not match the schema; `details.issues` lists each problem with its path.' },
  malformed_json: { status: 400, retriable: false, summary: 'The body is not valid JSON.' },
  unsupported_media_type: { status: 415, retriable: false, summary: 'A request with a body must be sent as `Content-Type: application/json`.' },
  payload_too_large: { status: 413, retriable: false, summary: 'The body is larger than the service accepts (64 KiB).' },
  malformed_request: { status: 400, retriable: false, summary: 'The HTTP request itself does not parse (a malformed request line or header, a control character in the path); it was refused before routing and the connection closed.' },
  headers_too_large: { status: 431, retriable: false, summary: 'The request headers are larger than the service accepts (16 KiB in all).' },
  request_timeout: { status: 408, retriable: true, summary: 'The request did not arrive whole in time; the connection was closed.' },
  route_not_found: { status: 404, retriable: false, summary: 'No endpoint has this method and path.' },
  same_chain: { status: 400, retriable: false, summary: '`fromChain` and `toChain` are the same; Strait prices cross-chain transfers only.' },
  unknown_token: { status: 400, retriable: false, summary: 'The token is not a known symbol or a valid address on that chain; `details.field` names which.' },
  token_not_priced: { status: 400, retriable: false, summary: 'The token address is valid on that chain but no enabled venue prices it there (or, on this corridor, to or from the other token), or its decimals could not be learned; `details` names the field, chain and address (docs/tokens.md).' },
  invalid_amount: { status: 400, retriable: false, summary: '`amountAtomic` must be a positive integer string of at most 78 digits and at most 2^256 − 1.' },
  invalid_sender: { status: 400, retriable: false, summary: '`sender` is not a valid address on the source chain, or is the zero address.' },
  invalid_recipient: { status: 400, retriable: false, summary: '`recipient` is not a valid address on the destination chain, or is one that cannot hold funds: the zero address or a token contract (docs/quotes.md).' },
  invalid_referral_wallet: { status: 400, retriable: false, summary: '`referralWallet` is not a valid address for the source chain\'s virtual machine.' },
  invalid_referral_bps: { status: 400, retriable: false, summary: '`referralBps` must be an integer from 0 to 15.' },
  referral_incomplete: { status: 400, retriable: false, summary: '`referralWallet` and `referralBps` must be given together or not at all.' },
  invalid_user_ip: { status: 400, retriable: false, summary: '`userIp` is not an IPv4 or IPv6 address.' },
  decision_not_found: { status: 404, retriable: false, summary: 'No quote decision has this `decisionId`.' },
  quote_not_found: { status: 404, retriable: false, summary: 'The decision has no row with this `quoteId`.' },
  no_executable_quote: { status: 409, retriable: false, summary: 'The decision has no row a wallet can sign (nothing priced, or the chosen row is not executable).' },
  privacy_venue_required: { status: 409, retriable: false, summary: 'The decision was made under `privacy: true` and the chosen venue is public.' },
  quote_expired: { status: 410, retriable: false, summary: 'The quote is past its `expiresAt`; request a new quote.' },
  quote_drifted: { status: 409, retriable: false, summary: 'The venue\'s price moved below the quoted minimum between quote and build; request a new quote.' },
  decision_already_built: { status: 409, retriable: false, summary: 'The decision was already built with another row (`details.quoteId`, `details.transferId`); a decision builds one transfer. Request a new quote to build another row.' },
  insufficient_balance: { status: 422, retriable: false, summary: 'The sender holds less of the source asset than `amountAtomic` (read from the source chain\'s RPC); `details.balanceAtomic` and `details.amountAtomic` hold both. Nothing was built.' },
  unsafe_venue_answer: { status: 502, retriable: false, summary: 'The venue answered with a transaction outside its allow-list (an unknown contract, function or payee) or an answer its adapter refuses as impossible (amounts that do not match, a deposit address not valid for the chain); nothing was built, the venue is marked degraded and the answer counts as its fault.' },
  venue_unavailable: { status: 503, retriable: true, summary: 'The venue did not answer the build request in time or in a shape Strait accepts, or asked Strait to wait for its rate limit; nothing was built. The same build may be retried after `retryAfterMs`.' },
  transfer_not_found: { status: 404, retriable: false, summary: 'No transfer has this id.' },
  invalid_webhook_url: { status: 400, retriable: false, summary: '`webhookUrl` is not an absolute http(s) URL without credentials, or its host does not resolve; nothing was built.' },
  webhook_url_forbidden: { status: 400, retriable: false, summary: '`webhookUrl` resolves to a loopback, private, link-local or otherwise non-public address (`details.address`) the operator has not allowed (STRAIT_WEBHOOK_ALLOW_HOSTS); nothing was built (docs/events.md#webhooks).' },
  webhooks_not_configured: { status: 400, retriable: false, summary: 'The build names a `webhookUrl` but the operator has set no signing secret (STRAIT_WEBHOOK_SECRET); build without it and follow the transfer\'s event stream instead.' },
  invalid_last_event_id: { status: 400, retriable: false, summary: '`Last-Event-ID` (or `lastEventId`) is not an event id of this stream: a non-negative integer.' },
  too_many_streams: { status: 429, retriable: true, summary: 'This IP holds as many open event streams as it may (STRAIT_EVENTS_MAX_STREAMS_PER_IP); close one or retry after `retryAfterMs`.' },
  invalid_submission: { status: 400, retriable: false, summary: 'Exactly one of `signedTransaction` and `txHash` must be given, and a `txHash` must be a hash of the step\'s chain (0x and 64 hex digits on EVM, a base58 signature on Solana, a 64-hex txid on Bitcoin-family chains and Tron, …; docs/steps.md). A deposit funded from a chain Strait broadcasts nothing on takes only a `txHash`.' },
  step_not_allowed: { status: 409, retriable: false, summary: 'The built step no longer passes the allow-list check at submit; nothing was broadcast.' },
  claim_already_made: { status: 409, retriable: false, summary: 'The transfer\'s claim already landed on the destination (someone sent the redeem); a `redeem` would only revert. Nothing was broadcast or recorded.' },
  step_not_built: { status: 409, retriable: false, summary: 'The transfer has no built step of this kind.' },
  source_tx_claimed: { status: 409, retriable: false, summary: 'The transaction already pays another step, of this transfer or of another one; one on-chain transaction pays one step of one transfer. `details.chain` and `details.txHash` name it. Nothing was broadcast or recorded.' },
  fee_steps_required: { status: 409, retriable: false, summary: 'The `main` step is accepted only once every built `fee` step has a submission that is verified (or cannot be checked: no RPC); `details.missingSteps` names each one still missing. Nothing was broadcast or recorded.' },
  transfer_abandoned: { status: 409, retriable: false, summary: 'The transfer is `ABANDONED`: its built steps can no longer move funds (their deadlines passed); request a new quote. Nothing was broadcast or recorded.' },
  step_already_signed: { status: 409, retriable: false, summary: 'The signature step (`eip712` or `message`) already has an accepted signature (`details.txHash` is the venue\'s order); a different signature is not forwarded. The same signature again answers the order on record.' },
  build_expired: { status: 410, retriable: false, summary: 'The build is past its `expiresAt`; signed bytes are no longer broadcast (a `txHash` is still accepted).' },
  invalid_signed_transaction: { status: 400, retriable: false, summary: '`signedTransaction` does not decode as a signed transaction of the step\'s chain.' },
  transaction_mismatch: { status: 422, retriable: false, summary: 'The transaction differs from the built step; `details.mismatches` names each field. Nothing was broadcast.' },
  nonce_too_low: { status: 409, retriable: false, summary: 'The chain refused the transaction: its nonce is already used. Nothing was recorded.' },
  nonce_too_high: { status: 409, retriable: true, summary: 'The transaction\'s nonce (signed bytes, or an unmined transaction submitted by hash) is above the signer\'s next one (`details.nonce`, `details.expectedNonce`): the node would only queue it behind a gap, and it would never be mined. Nothing was broadcast or recorded; sign again with `expectedNonce`, or retry after `retryAfterMs` once the transactions before it are sent.' },
  transaction_underpriced: { status: 422, retriable: false, summary: 'The chain refused the transaction: its fee is too low. Nothing was recorded.' },
  insufficient_funds: { status: 422, retriable: false, summary: 'The chain refused the transaction: the signer cannot pay amount plus gas. Nothing was recorded.' },
  broadcast_rejected: { status: 422, retriable: false, summary: 'The chain refused the transaction for another reason, given in `message`. Nothing was recorded.' },
  blockhash_expired: { status: 409, retriable: false, summary: 'The chain refused the Solana transaction: its blockhash is unknown or expired. Sign again with a fresh blockhash (when `refreshBlockhash`) or build again. Nothing was recorded.' },
  chain_unavailable: { status: 503, retriable: true, summary: 'The chain\'s RPC did not answer and nothing was recorded; the transaction may or may not have reached the chain. Retrying the same bytes after `retryAfterMs` is safe: Strait never broadcasts a step twice.' },
  no_rpc_for_chain: { status: 422, retriable: false, summary: 'Signed bytes were sent for a chain with no RPC configured; send the `txHash` after broadcasting it yourself.' },
  rate_limited: { status: 429, retriable: true, summary: 'Too many requests from this IP or wallet, or submits to this transfer not proven to come from its requester (docs/operations.md#rate-limits-spec-8); `details.exceeded` names the counters, `retryAfterMs` holds the longer wait and `Retry-After` is sent.' },
  service_unavailable: { status: 503, retriable: true, summary: 'The store is unreachable; retry after `retryAfterMs`.' },
  internal_error: { status: 500, retriable: true, summary: 'An unexpected fault; it is logged with the request id.' },
} as const satisfies Record<string, ErrorSpec>;

export type ErrorCode = keyof typeof ERROR_CATALOGUE;

/**
 * Codes of a quote's `rejected` entries (not HTTP errors), with the priority that picks the quote's
 * `emptyReason` when nothing priced: the lowest number wins, because it tells the user what to change
 * ("amount too small" beats "upstream 500").
 */
export const REJECTION_CATALOGUE = {
  below_min: { priority: 1, summary: 'The amount is below the venue minimum; `details.minAmountAtomic` holds it.' },
  above_max: { priority: 2, summary: 'The amount is above the venue maximum; `details.maxAmountAtomic` holds it.' },
  privacy_venue_required: { priority: 3, summary: 'A public venue was left out because the quote asked for privacy.' },
  invalid_input: { priority: 4, summary: 'The venue needs an input the request lacks (e.g. the end user\'s IP) or refused one.' },
  token_not_supported: { priority: 5, summary: 'The venue does not carry this token on this corridor.' },
  trade_type_not_supported: { priority: 6, summary: 'The venue cannot price the requested `tradeType` (e.g. an exact output); `details.tradeTypes` lists the ones it can.' },
  route_not_served: { priority: 7, summary: 'The venue does not serve this pair of chains.' },
  no_liquidity: { priority: 8, summary: 'The venue serves the route but has no quote or capacity for it now.' },
  venue_disabled: { priority: 9, summary: 'The venue is switched off or lacks a credential it needs.' },
  breaker_open: { priority: 10, summary: 'The venue failed repeatedly and is rested for a while (circuit breaker open).' },
  venue_timeout: { priority: 11, summary: 'The venue did not answer before the quote deadline.' },
  venue_rate_limited: { priority: 12, summary: 'The venue refused the call for its own rate limit; `details.retryAfterMs` is how long Strait leaves it alone (its `Retry-After`, at most 5 minutes).' },
  venue_bad_response: { priority: 13, summary: 'The venue answered with a shape Strait does not accept (`details.path` says where), more than the answer-size cap (`details.limitBytes`), or an impossible quote; it counts against the venue.' },
  venue_error: { priority: 14, summary: 'The venue answered with an error.' },
} as const;

export type RejectionCode = keyof typeof REJECTION_CATALOGUE;

/** An error the API answers with; the HTTP layer turns it into the §7 envelope. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly details: Record<string, unknown> | undefined;
  readonly retryAfterMs: number | undefined;

  constructor(
    code: ErrorCode,
    message: string,
    options: { details?: Record<string, unknown>; retryAfterMs?: number; cause?: unknown } = {},
  ) {
    super(message, { cause: options.cause });
    this.name = 'AppError';
    this.code = code;
    this.status = ERROR_CATALOGUE[code].status;
    this.details = options.details;
    this.retryAfterMs = options.retryAfterMs;
  }
}
