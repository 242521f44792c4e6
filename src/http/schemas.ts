import { Type, type Static, type TSchema } from 'typebox';
import { CHAIN_KEYS } from '../domain/chains.ts';
import { CLAIM_STATUSES } from '../domain/claimState.ts';
import { ERROR_CATALOGUE, REJECTION_CATALOGUE } from '../domain/errors.ts';
import { STEP_KINDS } from '../domain/steps.ts';
import { TRANSFER_SUBSTATUSES } from '../domain/transferProgress.ts';
import { TRANSFER_STATUSES } from '../domain/transferStatus.ts';

/**
 * TypeBox schemas: the single source of request validation, of the TypeScript types of the routes,
 * and of /v1/openapi.json. Field names and types follow spec §2 and §4.
 *
 * Every schema with an `$id` is registered once (`COMPONENT_SCHEMAS`, `app.addSchema`) and the
 * others point at it with `Ref`: openapi.json then carries each once under `components.schemas`
 * instead of a copy per route and per error status.
 */

/** A reference to a registered schema (`$id`), as Fastify, fast-json-stringify and @fastify/swagger resolve it. */
export const Ref = (id: string, options: { description?: string } = {}) => ({ $ref: `${id}#`, ...options });
const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);
const AtomicAmount = Type.String({ pattern: '^[0-9]{1,78}$', description: 'integer amount in the asset\'s atomic units' });
const EpochMs = Type.Integer({ minimum: 0, description: 'epoch milliseconds' });
export const UUID_PATTERN = '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$';
const Json = Type.Object({}, { additionalProperties: true });

export const ChainKey = Type.Union(CHAIN_KEYS.map((k) => Type.Literal(k)), { $id: 'ChainKey', description: 'chain key (spec §3)' });
export const StepKind = Type.Union(STEP_KINDS.map((k) => Type.Literal(k)), { $id: 'StepKind', description: 'what a step does: `approve` (exact allowance), `fee` (a platform or referral cut), `main` (the bridge call or deposit)' });
export const TransferStatus = Type.Union(TRANSFER_STATUSES.map((s) => Type.Literal(s)), { $id: 'TransferStatus', description: 'transfer state (docs/states.md)' });
export const Verification = Type.Union(['verified', 'pending', 'unverified_no_rpc', 'unverified_rpc_error', 'refuted'].map((v) => Type.Literal(v)), { $id: 'Verification', description: 'what Strait could check of a submitted transaction on its chain' });

export const ErrorEnvelope = Type.Object(
  {
    error: Type.Object({
      code: Type.Union(Object.keys(ERROR_CATALOGUE).map((c) => Type.Literal(c)), { description: 'stable code (docs/errors.md)' }),
      message: Type.String({ description: 'plain-language explanation' }),
      details: Type.Optional(Type.Object({}, { additionalProperties: true, description: 'code-specific fields, e.g. `issues` for `invalid_request`' })),
      retryAfterMs: Type.Optional(Type.Integer({ minimum: 0, description: 'when retriable: how long to wait' })),
    }),
  },
  { $id: 'ErrorEnvelope', description: 'Every error answer (spec §7).' },
);

export const SourceChain = Type.Object({ chain: Ref('ChainKey'), venues: Type.Integer({ minimum: 1, description: 'routable venues accepting this origin' }) }, { $id: 'SourceChain' });
export const SourceChainsResponse = Type.Object({ chains: Type.Array(Ref('SourceChain')) }, { $id: 'SourceChains', description: 'Chains a transfer can start from, each with how many venues accept it.' });

export const RoutesQuery = Type.Object(
  {
    fromChain: Ref('ChainKey'),
    toChain: Ref('ChainKey'),
    privacy: Type.Optional(Type.Union([Type.Literal('true'), Type.Literal('false')], { description: 'true narrows to venues a private transfer may use' })),
  },
  { additionalProperties: false },
);

export const TransferEventsHeaders = Type.Object({
  'last-event-id': Type.Optional(Type.String({ maxLength: 16, description: 'the id of the last event received: the stream resumes after it (an EventSource sends it itself when it reconnects)' })),
});

export const Route = Type.Object(
  {
    venue: Type.String(),
    enabled: Type.Boolean(),
    tokenSymbols: Type.Array(Type.String(), { maxItems: 50, description: 'at most 50 symbols; tokenSymbolCount is exact' }),
    tokenSymbolCount: Type.Integer({ minimum: 0 }),
  },
  { $id: 'Route', description: 'A venue serving the pair, with the token symbols quote accepts on it.' },
);

export const RoutesResponse = Type.Object(
  { fromChain: Ref('ChainKey'), toChain: Ref('ChainKey'), privacy: Type.Boolean(), generatedAt: EpochMs, routes: Type.Array(Ref('Route')) },
  { $id: 'Routes', description: 'The venues serving a pair of chains.' },
);

/** The query of an endpoint that takes none: an unknown parameter is a 400 naming it, as on routes and tokens. */
export const NoQuery = Type.Object({}, { additionalProperties: false });

export const TokensQuery = Type.Object({ chain: Ref('ChainKey') }, { additionalProperties: false });

export const Token = Type.Object(
  {
    address: Nullable(Type.String({ description: 'the token\'s address on the chain (EIP-55 on EVM chains); what `fromToken`/`toToken` take' })),
    symbol: Type.String({ description: 'as its source names it; several tokens may share one, so quote by address' }),
    decimals: Type.Integer({ minimum: 0, maximum: 36 }),
    source: Type.Union([Type.Literal('registry'), Type.Literal('public_list'), Type.Literal('venue_list')], { description: 'where Strait found it: its own registry (quotable by symbol), the vendored public token list, or a venue\'s published list (docs/tokens.md)' }),
    venues: Type.Array(Type.String(), { description: 'ids of the enabled venues whose coverage serves the token on this chain, from or to some other chain' }),
  },
  { $id: 'Token', description: 'A token of the chain. `address: null` is the native asset.' },
);

export const TokensResponse = Type.Object(
  { chain: Ref('ChainKey'), generatedAt: EpochMs, tokens: Type.Array(Ref('Token')) },
  { $id: 'Tokens', description: 'The tokens known on a chain: the native asset, then the registry\'s, the public list\'s and the venues\' lists\' tokens, each address once.' },
);

export const Capabilities = Type.Object(
  {
    archetype: Type.Union(['aggregator', 'intent', 'pool', 'canonical', 'offchain'].map((v) => Type.Literal(v))),
    tradeTypes: Type.Array(Type.String()),
    executionShapes: Type.Array(Type.String()),
    feeCapture: Type.Union([Type.Literal('venue-param'), Type.Literal('none')]),
    requiresUserIp: Type.Boolean(),
    privacyModel: Type.Union([Type.Literal('unlinkable'), Type.Literal('custodial-hop'), Type.Literal('none')]),
  },
  { $id: 'Capabilities', description: 'What a venue does and needs.' },
);

export const Venue = Type.Object(
  {
    venue: Type.String(),
    routable: Type.Boolean({ description: 'registered, enabled and not unhealthy: quote asks it' }),
    notRoutableReason: Nullable(Type.String()),
    enabled: Type.Boolean(),
    registered: Type.Boolean({ description: 'false for catalogue venues Strait has no adapter for yet' }),
    snapshotFresh: Type.Boolean(),
    snapshotAgeMs: Nullable(Type.Integer({ minimum: 0 })),
    health: Type.Union(['healthy', 'degraded', 'unhealthy', 'unknown'].map((v) => Type.Literal(v))),
    reason: Nullable(Type.String()),
    capabilities: Nullable(Ref('Capabilities')),
  },
  { $id: 'Venue', description: 'One venue of the catalogue with its state and capabilities.' },
);

export const VenuesResponse = Type.Object({ venues: Type.Array(Ref('Venue')) }, { $id: 'Venues', description: 'Every venue of the catalogue.' });

export const QuoteBody = Type.Object(
  {
    fromChain: Type.String({ description: 'chain key' }),
    toChain: Type.String({ description: 'chain key' }),
    fromToken: Nullable(Type.String({ minLength: 1, maxLength: 128, description: 'symbol or address; null is the native asset' })),
    toToken: Nullable(Type.String({ minLength: 1, maxLength: 128, description: 'symbol or address; null is the native asset' })),
    amountAtomic: Type.String({ minLength: 1, maxLength: 100, description: 'positive integer, atomic units, at most 78 digits: of `fromToken` (what the sender sends) for `EXACT_IN`, of `toToken` (what the recipient receives, exactly) for `EXACT_OUT`' }),
    tradeType: Type.Optional(Type.Union([Type.Literal('EXACT_IN'), Type.Literal('EXACT_OUT'), Type.Literal('MIN_OUT')], { description: '`EXACT_IN` (default): `amountAtomic` is the input. `EXACT_OUT`: the recipient receives exactly `amountAtomic`; each row says what the sender pays (`amountInAtomic`) and rows rank by least input. `MIN_OUT` is reserved: no venue prices it yet (each answers `trade_type_not_supported`). Venues that cannot price the trade type are rejected with `trade_type_not_supported` (docs/quotes.md).' })),
    sender: Type.String({ minLength: 1, maxLength: 256 }),
    recipient: Type.String({ minLength: 1, maxLength: 256 }),
    referralWallet: Type.Optional(Type.String({ minLength: 1, maxLength: 256 })),
    referralBps: Type.Optional(Type.Number({ description: 'integer 0 to 15; with referralWallet' })),
    privacy: Type.Optional(Type.Boolean()),
    userIp: Type.Optional(Type.String({ maxLength: 64 })),
  },
  { $id: 'QuoteRequest', additionalProperties: false, description: 'What to move, from and to whom (spec §4, docs/quotes.md). Unknown fields are refused.' },
);

export const QuoteRow = Type.Object(
  {
    venue: Type.String(),
    quoteId: Type.String(),
    amountInAtomic: AtomicAmount,
    amountOutAtomic: AtomicAmount,
    minAmountOutAtomic: AtomicAmount,
    estimatedSeconds: Nullable(Type.Integer({ minimum: 0 })),
    feeBps: Type.Integer(),
    feeAmountAtomic: AtomicAmount,
    tierSavedBps: Type.Integer(),
    executable: Type.Boolean(),
    eligibility: Type.String({ description: '`ok` when build turns the row into steps; `quote_only` when Strait shows the price but cannot build steps for this venue from this source chain yet (docs/quotes.md)' }),
    expiresAt: EpochMs,
    claim: Type.Optional(
      Type.Object(
        {
          chain: Type.String({ description: 'the chain the claim is sent on (the destination)' }),
          actions: Type.Array(Type.String(), { description: 'the redeem steps it takes, in order' }),
          signer: Type.Union([Type.Literal('anyone'), Type.Literal('recipient')]),
        },
        { description: 'present when the transfer will need a claim: one more transaction on the destination, signed (and paid for in gas) after the venue\'s part (docs/transfer-fields.md#claim)' },
      ),
    ),
  },
  { $id: 'QuoteRow', description: 'One venue\'s priced answer, net of every fee.' },
);

export const Rejection = Type.Object(
  {
    venue: Type.String(),
    code: Type.Union(Object.keys(REJECTION_CATALOGUE).map((c) => Type.Literal(c))),
    message: Type.String(),
    details: Type.Optional(Type.Object({}, { additionalProperties: true })),
  },
  { $id: 'Rejection', description: 'Why a venue did not price (docs/errors.md, rejection reasons).' },
);

export const StreamedQuote = Type.Object(
  {
    venue: Type.String(),
    amountInAtomic: AtomicAmount,
    venueAmountOutAtomic: { ...AtomicAmount, description: 'what the venue quoted, before Strait\'s cuts (those depend on every row, so they are in the final decision only)' },
    venueMinAmountOutAtomic: AtomicAmount,
    estimatedSeconds: Nullable(Type.Integer({ minimum: 0 })),
    executable: Type.Boolean(),
  },
  { $id: 'StreamedQuote', description: 'A `quote` event of the quote stream: one venue\'s answer the moment it arrives, before ranking (docs/quotes.md, streaming).' },
);

export const Fees = Type.Object(
  {
    platform: Nullable(Type.Object({ bps: Type.Integer(), amountAtomic: AtomicAmount, asset: Type.String(), tierSavedBps: Type.Integer() })),
    referral: Nullable(Type.Object({ bps: Type.Integer(), amountAtomic: AtomicAmount, asset: Type.String(), wallet: Type.String() })),
  },
  { $id: 'Fees', description: 'The platform fee and referral share of the best row (docs/fees.md).' },
);

export const QuoteResponse = Type.Object(
  {
    decisionId: Type.String({ format: 'uuid' }),
    best: Nullable(Ref('QuoteRow')),
    bestByPrice: Nullable(Type.String()),
    bestByTime: Nullable(Type.String()),
    quotes: Type.Array(Ref('QuoteRow')),
    rejected: Type.Array(Ref('Rejection')),
    fees: Ref('Fees'),
    expiresAt: EpochMs,
    emptyReason: Type.Optional(Type.String()),
    notes: Type.Array(Type.String(), { description: 'plain-language notes on cuts not collected and prices missing (docs/fees.md)' }),
  },
  { $id: 'QuoteDecision', description: 'The ranked rows, the rejections and the decision to build from.' },
);

export const BuildBody = Type.Object(
  {
    decisionId: Type.String({ pattern: UUID_PATTERN }),
    quoteId: Type.Optional(Type.String({ minLength: 1, maxLength: 128 })),
    privacy: Type.Optional(Type.Boolean()),
    walletBatching: Type.Optional(Type.Boolean({ description: 'whether the wallet signs EIP-5792 bundles (wallet_sendCalls); default true. With false, fee steps are offered as separate transactions (`feeCapture: separate-step`, no `feeBatch`)' })),
    webhookUrl: Type.Optional(Type.String({ minLength: 1, maxLength: 2_048, description: 'an http(s) URL Strait POSTs every change of the transfer to, signed per Standard Webhooks; refused `400 webhook_url_forbidden` when it resolves to a loopback, private or link-local address (docs/events.md#webhooks)' })),
  },
  { $id: 'BuildRequest', additionalProperties: false, description: 'The decision to build, and optionally which row (default: `best`).' },
);

export const EvmStep = Type.Object(
  { vm: Type.Literal('evm'), step: Ref('StepKind'), chainId: Type.Integer(), to: Type.String(), data: Type.String(), value: AtomicAmount },
  { $id: 'EvmStep', description: 'EVM transaction: the wallet picks nonce and gas, and signs `to`, `data` and `value` unchanged' },
);
export const SvmStep = Type.Object(
  { vm: Type.Literal('svm'), step: Ref('StepKind'), serializedTx: Type.String(), encoding: Type.Union([Type.Literal('base64'), Type.Literal('hex')]), refreshBlockhash: Type.Boolean() },
  { $id: 'SvmStep', description: 'Solana transaction, serialized; with `refreshBlockhash` the wallet may replace the blockhash' },
);
// The seven other variants of docs/steps.md: designed and published now, built as venues need them.
export const TronStep = Type.Object(
  { vm: Type.Literal('tron'), step: Ref('StepKind'), txID: Type.String(), rawDataHex: Type.String(), contractAddress: Nullable(Type.String()), callValue: AtomicAmount },
  { $id: 'TronStep', description: 'Tron transaction: sign `txID` (sha256 of `raw_data`) and submit the signed transaction JSON or its txID' },
);
export const UtxoStep = Type.Object(
  { vm: Type.Literal('utxo'), step: Ref('StepKind'), chain: Type.String(), psbt: Nullable(Type.String({ description: 'base64 PSBT when Strait selected inputs; null when the wallet builds the transaction from `outputs`' })), outputs: Type.Array(Type.Object({ address: Type.String(), amountAtomic: AtomicAmount })), memo: Nullable(Type.String({ description: 'OP_RETURN memo the transaction must carry (THORChain / Maya style)' })) },
  { $id: 'UtxoStep', description: 'UTXO transfer with memo' },
);
export const TransferStep = Type.Object(
  { vm: Type.Literal('transfer'), step: Ref('StepKind'), chain: Type.String(), to: Type.String(), asset: Nullable(Type.String({ description: 'token address; null is the native asset' })), amountAtomic: AtomicAmount, memo: Nullable(Type.String({ description: 'memo, tag or destination tag the transfer must carry' })) },
  { $id: 'TransferStep', description: 'a plain transfer the wallet composes itself, on chains where Strait does not build transactions' },
);
const typedDataFields = () => ({ domain: Json, types: Json, primaryType: Type.String({ maxLength: 256 }), message: Json });
export const SignedTypedData = Type.Object(typedDataFields(), {
  $id: 'SignedTypedData',
  description: 'For an `eip712` step only: the typed data the wallet signed, as the wallet had it. Strait compares it with the built step field for field (address and hex case, integers as numbers or strings, and an `EIP712Domain` entry matching the domain are not differences) and refuses any other difference with `422 transaction_mismatch`, whose `details.mismatches` name each path (`message.recipient`, `types.Order[1].type`, …). Optional: the signature is always checked against the stored typed data.',
});
export const Eip712Step = Type.Object(
  { vm: Type.Literal('eip712'), step: Ref('StepKind'), chainId: Type.Integer(), typedData: Type.Object({ domain: Json, types: Json, primaryType: Type.String(), message: Json }) },
  { $id: 'Eip712Step', description: 'an intent or permit signature (eth_signTypedData_v4 of `typedData` exactly as given); submit the 65-byte signature as `signedTransaction`, optionally with the `typedData` signed (docs/steps.md#submit-a-signature)' },
);
export const MessageStep = Type.Object(
  {
    vm: Type.Literal('message'),
    step: Ref('StepKind'),
    chainId: Type.Integer({ description: 'the chain whose wallet signs (the source chain)' }),
    method: Type.Literal('personal_sign', { description: 'EIP-191: each message is signed as `\\x19Ethereum Signed Message:\\n` + its byte length + its bytes' }),
    messages: Type.Array(Type.String({ pattern: '^0x([0-9a-f]{2})+$' }), { minItems: 1, maxItems: 4, description: 'raw bytes (lower-case 0x hex) to sign as bytes, never as text, each with its own signature, in order' }),
  },
  { $id: 'MessageStep', description: 'raw messages a venue acts on when signed (Meson\'s swap request and release): `personal_sign` each of `messages` exactly as given (viem `signMessage({ message: { raw } })`); submit the signatures as `signedTransaction`, comma-separated in the order of `messages`, optionally with the `messages` signed (docs/steps.md#submit-a-signature)' },
);
export const CosmosStep = Type.Object(
  { vm: Type.Literal('cosmos'), step: Ref('StepKind'), chainId: Type.String(), messages: Type.Array(Json), memo: Type.String() },
  { $id: 'CosmosStep', description: 'Cosmos SDK messages (e.g. an IBC MsgTransfer) the wallet signs in one transaction' },
);
export const SuiStep = Type.Object({ vm: Type.Literal('sui'), step: Ref('StepKind'), txBytes: Type.String({ description: 'base64 TransactionData' }) }, { $id: 'SuiStep', description: 'Sui transaction' });
export const TonStep = Type.Object(
  { vm: Type.Literal('ton'), step: Ref('StepKind'), validUntil: Type.Integer(), messages: Type.Array(Type.Object({ address: Type.String(), amountAtomic: AtomicAmount, payload: Nullable(Type.String({ description: 'base64 BoC' })) })) },
  { $id: 'TonStep', description: 'TON Connect `sendTransaction` request' },
);
const STEP_VARIANTS = ['EvmStep', 'SvmStep', 'TronStep', 'UtxoStep', 'TransferStep', 'Eip712Step', 'MessageStep', 'CosmosStep', 'SuiStep', 'TonStep'];
export const Step = Type.Union(STEP_VARIANTS.map((id) => Ref(id)), { $id: 'Step', description: 'One transaction or signature for the wallet, by `vm` (docs/steps.md)' });

export const Deposit = Type.Object(
  {
    address: Type.String(),
    amountAtomic: AtomicAmount,
    deadlineMs: EpochMs,
    memo: Nullable(Type.String({ description: 'memo, tag or extra id the deposit must carry' })),
    token: Nullable(Type.String({ description: 'asset to send; null is the native asset' })),
    chain: Type.String(),
  },
  { $id: 'Deposit', description: 'For deposit-address venues: what the wallet sends, where, by when.' },
);

export const BuildResponse = Type.Object(
  {
    transferId: Type.String({ format: 'uuid' }),
    venue: Type.String(),
    steps: Type.Optional(Type.Array(Ref('Step'), { description: 'every transaction to sign, in order (docs/steps.md); with `deposit`, present only when fee steps must be signed beside the deposit' })),
    deposit: Type.Optional(Ref('Deposit')),
    expiresAt: EpochMs,
    amountInAtomic: AtomicAmount,
    expectedOutAtomic: AtomicAmount,
    minOutAtomic: AtomicAmount,
    feeCapture: Type.Union(['venue-param', 'merged', 'separate-step', 'batch', 'none'].map((v) => Type.Literal(v))),
    referralCapture: Nullable(Type.Union(['merged', 'batch', 'separate-step', 'none'].map((v) => Type.Literal(v)))),
    feeBasis: Type.Union([Type.Literal('carved'), Type.Literal('added')]),
    feeBatch: Nullable(Type.Object({ chainId: Type.Integer(), stepIndexes: Type.Array(Type.Integer()) })),
    permit: Nullable(Type.Object({}, { additionalProperties: true })),
    relayFeePermit: Nullable(Type.Object({}, { additionalProperties: true })),
    spotTransfer: Nullable(Type.Object({}, { additionalProperties: true })),
    requoted: Type.Boolean(),
    nativeFeeAtomic: Type.Optional({ ...AtomicAmount, description: "native units of the source chain the `main` step sends beyond the amount: the venue's own fee (a LayerZero message, Axelar gas), at most STRAIT_MAX_NATIVE_FEE_USD; `0` for most venues (docs/steps.md#native-fees)" }),
  },
  { $id: 'BuildResult', description: 'The steps to sign (or a deposit address) and the transfer they belong to.' },
);

export const TransferParams = Type.Object({ id: Type.String({ pattern: UUID_PATTERN, description: 'transferId from build' }) });

export const TransferEventsQuery = Type.Object(
  { lastEventId: Type.Optional(Type.String({ maxLength: 16, description: 'resume after this event id, for clients that cannot send the `Last-Event-ID` header; the header wins when both are given' })) },
  { additionalProperties: false },
);

/**
 * What submit validates: at most one shape, so that "both" or "neither" reaches the engine and is
 * answered `400 invalid_submission` (a code the client can act on) rather than a schema failure.
 * The document shows `SubmitRequest`, the `oneOf` this amounts to.
 */
export const SubmitBody = Type.Object(
  {
    signedTransaction: Type.Optional(Type.String({ minLength: 1, maxLength: 262_144 })),
    txHash: Type.Optional(Type.String({ minLength: 1, maxLength: 256 })),
    // Inline, not `Ref`: the route's generic types the handler from this schema.
    step: Type.Union(STEP_KINDS.map((k) => Type.Literal(k))),
    userIp: Type.Optional(Type.String({ maxLength: 64 })),
    typedData: Type.Optional(Type.Object(typedDataFields())),
    messages: Type.Optional(Type.Array(Type.String({ maxLength: 2_050 }), { maxItems: 8 })),
  },
  { additionalProperties: false },
);

const SubmitTypedData = Type.Optional(Ref('SignedTypedData'));
const SubmitMessages = Type.Optional(
  Type.Array(Type.String({ maxLength: 2_050 }), {
    maxItems: 8,
    description: 'For a `message` step only: the messages the wallet signed, as it had them. Compared with the built ones (hex in any case is the same message); any other difference is `422 transaction_mismatch` naming `messages[i]`. Optional: the signatures are always checked against the stored messages.',
  }),
);
const SubmitStep = Ref('StepKind', { description: 'the built step this transaction pays' });
const SubmitUserIp = Type.Optional(Type.String({ maxLength: 64, description: 'the end user\'s IP, for venues that need it' }));
export const SubmitSigned = Type.Object(
  { signedTransaction: Type.String({ minLength: 1, maxLength: 262_144, description: 'the signed transaction (EVM: 0x-hex RLP; Solana: base64 or base58), which Strait verifies against the built step and then broadcasts; for an `eip712` step, the signature (0x + 130 hex digits, `v` 27/28 or 0/1; or 0x + 128, EIP-2098 compact), which Strait verifies and forwards to the venue; for a `message` step, one such signature per message, comma-separated in the order of `messages`' }), step: SubmitStep, userIp: SubmitUserIp, typedData: SubmitTypedData, messages: SubmitMessages },
  { $id: 'SubmitSigned', additionalProperties: false, description: 'Strait broadcasts the signed step.' },
);
export const SubmitTxHash = Type.Object(
  { txHash: Type.String({ minLength: 1, maxLength: 256, description: 'hash (EVM) or signature (Solana) of a transaction the wallet broadcast itself' }), step: SubmitStep, userIp: SubmitUserIp },
  { $id: 'SubmitTxHash', additionalProperties: false, description: 'The wallet broadcast the step itself; Strait fetches and verifies it.' },
);
export const SubmitRequest = { $id: 'SubmitRequest', oneOf: [Ref('SubmitSigned'), Ref('SubmitTxHash')], description: 'Exactly one of `signedTransaction` and `txHash` (both or neither: `400 invalid_submission`).' };

export const SubmitResponse = Type.Object(
  {
    transferId: Type.String({ format: 'uuid' }),
    status: Ref('TransferStatus'),
    txHash: Type.String(),
    step: Ref('StepKind'),
    accepted: Type.Boolean({ description: 'false when this transaction was already submitted for the step (idempotent)' }),
    verification: Nullable(Ref('Verification')),
  },
  { $id: 'SubmitResult', description: 'What Strait did with the submitted step.' },
);

export const FeeRow = Type.Object(
  {
    kind: Type.String(),
    status: Type.Union(['offered', 'expected', 'settled', 'void'].map((v) => Type.Literal(v))),
    bps: Type.Integer(),
    amountAtomic: AtomicAmount,
    asset: Type.String(),
    chain: Type.String(),
    wallet: Nullable(Type.String()),
    tierSavedBps: Type.Integer(),
    txHash: Nullable(Type.String()),
  },
  { $id: 'FeeRow', description: 'One cut of the transfer (platform or referral) and whether it was paid (docs/fees.md).' },
);

export const PostStep = Type.Object(
  {
    type: Type.Literal('hypercore_credit', { description: "Strait's relayer credited a HyperCore account (docs/hypercore.md)." }),
    action: Type.Union([Type.Literal('usdSend'), Type.Literal('spotSend')], { description: 'The exchange action the relayer signed: `usdSend` to the perps balance, `spotSend` to the spot balance.' }),
    balance: Type.Union([Type.Literal('perps'), Type.Literal('spot')]),
    status: Type.Union([Type.Literal('credited'), Type.Literal('failed')]),
    relayer: Type.String({ description: "The relayer's address: paid on arbitrum, sender of the credit on HyperCore." }),
    txHash: Nullable(Type.String({ description: 'The HyperCore transaction hash of the credit (its ledger entry), once it landed.' })),
    creditedAmountAtomic: Nullable(AtomicAmount),
    activationFeeAtomic: AtomicAmount,
    nonce: Type.Optional(Type.Integer({ description: 'The nonce of the signed action; one per transfer.' })),
    paidTxHash: Type.Optional(Type.String({ description: 'The arbitrum transaction that paid the relayer for this transfer.' })),
    heldAtomic: Type.Optional(AtomicAmount),
    creditedAt: Type.Optional(EpochMs),
  },
  { $id: 'PostStep', additionalProperties: true, description: 'What happened after the venue: for a HyperCore destination reached through the relayer, its credit. `txHash` and `creditedAmountAtomic` are set once the credit lands; on `failed`, `heldAtomic` is the USDC the relayer holds for the transfer.' },
);

export const Claim = Type.Object(
  {
    status: Type.Union(CLAIM_STATUSES.map((v) => Type.Literal(v)), { description: '`waiting` (the venue\'s part is not done, or a challenge period runs), `ready` (sign `steps` now), `submitted` (a redeem transaction is on record; waiting for it to land), `claimed` (it landed; the transfer completes)' }),
    chain: Type.String({ description: 'the chain the redeem steps are sent on (the destination)' }),
    actions: Type.Array(Type.String(), { description: 'the redeem steps this claim takes, in order: `receiveMessage` (CCTP), or `prove` then `finalize` (an L2 withdrawal)' }),
    signer: Type.Union([Type.Literal('anyone'), Type.Literal('recipient')], { description: 'who the destination contract lets send the redeem. Strait accepts a submission signed by the requester or the recipient; a redeem anyone else sends still completes the transfer' }),
    claimableAt: Nullable(Type.String({ format: 'date-time', description: 'when the next redeem step can be sent (ISO 8601); null while unknown' })),
    secondsUntilClaimable: Nullable(Type.Integer({ minimum: 0, description: 'countdown to `claimableAt` at this read; 0 once ready; null while unknown or once claimed' })),
    steps: Type.Array(Ref('Step'), { description: 'the unsigned `redeem` steps to sign now, in order (EVM, on `chain`); empty unless `ready`. Submit each with `step: "redeem"`' }),
    txHash: Nullable(Type.String({ description: 'the latest redeem transaction on record (or the one the venue saw land)' })),
    reason: Type.String({ description: 'why this transfer needs a claim' }),
    detail: Type.String({ description: 'what is awaited, for people; never parsed' }),
  },
  { $id: 'Claim', additionalProperties: false, description: 'A transaction on the destination chain the transfer needs after the venue\'s part (docs/transfer-fields.md#claim). The transfer stays `PENDING` until the claim lands.' },
);

export const TransferResponse = Type.Object(
  {
    transferId: Type.String({ format: 'uuid' }),
    status: Ref('TransferStatus'),
    substatus: Ref('TransferSubstatus'),
    statusDetail: Nullable(Type.String({ description: 'free text for people; never parsed' })),
    etaSeconds: Nullable(Type.Integer({ minimum: 0, description: "the venue's ETA for the built row, in seconds; null when it published none" })),
    elapsedSeconds: Nullable(Type.Integer({ minimum: 0, description: 'seconds since the source transaction was submitted, until completion (or until this read); null before submission' })),
    explorerLinks: Type.Array(Ref('ExplorerLink'), { description: 'a public explorer page for every transaction hash the transfer names, on chains that have one (docs/events.md#explorer-links)' }),
    venue: Type.String(),
    fromChain: Type.String(),
    toChain: Type.String(),
    fromAsset: Type.String(),
    toAsset: Type.String(),
    amountInAtomic: AtomicAmount,
    expectedOutAtomic: AtomicAmount,
    minOutAtomic: AtomicAmount,
    receivedAmountAtomic: Nullable(AtomicAmount),
    receivedAsset: Nullable(Type.String()),
    sourceTxHash: Nullable(Type.String()),
    destinationTxHash: Nullable(Type.String()),
    feeTxHash: Nullable(Type.String()),
    sourceTxVerification: Nullable(Ref('Verification')),
    claim: Nullable(Ref('Claim')),
    postStep: Nullable(Ref('PostStep')),
    finalDestination: Nullable(Json),
    requesterWallet: Type.String(),
    recipientWallet: Type.String(),
    avgSavedBps: Type.Integer(),
    savedVsWorstBps: Type.Integer(),
    savingsQuoteCount: Type.Integer(),
    usdValueBridged: Nullable(Type.String()),
    usdValueSaved: Nullable(Type.String()),
    privacy: Type.Boolean(),
    privacyModel: Type.String(),
    buildExpiresAtMs: EpochMs,
    createdAt: EpochMs,
    submittedAt: Nullable(EpochMs),
    updatedAt: EpochMs,
    completedAt: Nullable(EpochMs),
    fees: Type.Array(Ref('FeeRow')),
  },
  { $id: 'Transfer', description: 'A transfer and where it stands (docs/transfer-fields.md, docs/states.md).' },
);

export const TransferSubstatus = Type.Union(TRANSFER_SUBSTATUSES.map((s) => Type.Literal(s)), { $id: 'TransferSubstatus', description: 'where the transfer stands, for a person (docs/events.md#progress)' });

export const ExplorerLink = Type.Object(
  {
    field: Type.String({ description: 'the hash it shows: `sourceTxHash`, `feeTxHash`, `destinationTxHash`, `postStep.txHash`, `claim.txHash` or `fees[<kind>].txHash`' }),
    chain: Type.String(),
    txHash: Type.String(),
    url: Type.String({ format: 'uri' }),
  },
  { $id: 'ExplorerLink', description: "A transaction's page on its chain's public explorer." },
);

/** Every schema with an `$id`, registered once on the app; order does not matter to Fastify. */
export const COMPONENT_SCHEMAS: readonly object[] = [
  ChainKey, StepKind, TransferStatus, Verification, ErrorEnvelope, SourceChain, SourceChainsResponse, Route, RoutesResponse, Token, TokensResponse, Capabilities, Venue, VenuesResponse,
  QuoteBody, QuoteRow, Rejection, StreamedQuote, Fees, QuoteResponse, BuildBody, EvmStep, SvmStep, TronStep, UtxoStep, TransferStep, Eip712Step, MessageStep, CosmosStep, SuiStep, TonStep, Step,
  Deposit, BuildResponse, SignedTypedData, SubmitSigned, SubmitTxHash, SubmitRequest, SubmitResponse, FeeRow, PostStep, Claim, TransferSubstatus, ExplorerLink, TransferResponse,
];

export type QuoteBodyT = Static<typeof QuoteBody>;
export type BuildBodyT = Static<typeof BuildBody>;
export type SubmitBodyT = Static<typeof SubmitBody>;
