import { Type, type Static, type TSchema } from 'typebox';
import { CHAIN_KEYS } from '../domain/chains.ts';
import { ERROR_CATALOGUE, REJECTION_CATALOGUE } from '../domain/errors.ts';
import { STEP_KINDS } from '../domain/steps.ts';
import { TRANSFER_STATUSES } from '../domain/transferStatus.ts';

/**
 * TypeBox schemas: the single source of request validation, of the TypeScript types of the routes,
 * and of /v1/openapi.json. Field names and types follow spec §2 and §4.
 */

const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);
const AtomicAmount = Type.String({ pattern: '^[0-9]{1,78}$', description: 'integer amount in the asset\'s atomic units' });
const EpochMs = Type.Integer({ minimum: 0, description: 'epoch milliseconds' });
export const UUID_PATTERN = '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$';
const ChainKeySchema = Type.Union(CHAIN_KEYS.map((k) => Type.Literal(k)), { description: 'chain key' });

export const ErrorEnvelope = Type.Object(
  {
    error: Type.Object({
      code: Type.Union(Object.keys(ERROR_CATALOGUE).map((c) => Type.Literal(c))),
      message: Type.String(),
      details: Type.Optional(Type.Object({}, { additionalProperties: true })),
      retryAfterMs: Type.Optional(Type.Integer({ minimum: 0 })),
    }),
  },
  { $id: 'ErrorEnvelope', description: 'Every error answer (spec §7).' },
);

export const SourceChainsResponse = Type.Object({
  chains: Type.Array(Type.Object({ chain: ChainKeySchema, venues: Type.Integer({ minimum: 1 }) })),
});

export const RoutesQuery = Type.Object(
  {
    fromChain: ChainKeySchema,
    toChain: ChainKeySchema,
    privacy: Type.Optional(Type.Union([Type.Literal('true'), Type.Literal('false')], { description: 'true narrows to venues a private transfer may use' })),
  },
  { additionalProperties: false },
);

export const RoutesResponse = Type.Object({
  fromChain: ChainKeySchema,
  toChain: ChainKeySchema,
  privacy: Type.Boolean(),
  generatedAt: EpochMs,
  routes: Type.Array(
    Type.Object({
      venue: Type.String(),
      enabled: Type.Boolean(),
      tokenSymbols: Type.Array(Type.String(), { maxItems: 50, description: 'at most 50 symbols; tokenSymbolCount is exact' }),
      tokenSymbolCount: Type.Integer({ minimum: 0 }),
    }),
  ),
});

export const Capabilities = Type.Object({
  archetype: Type.Union(['aggregator', 'intent', 'pool', 'canonical', 'offchain'].map((v) => Type.Literal(v))),
  tradeTypes: Type.Array(Type.String()),
  executionShapes: Type.Array(Type.String()),
  feeCapture: Type.Union([Type.Literal('venue-param'), Type.Literal('none')]),
  requiresUserIp: Type.Boolean(),
  privacyModel: Type.Union([Type.Literal('unlinkable'), Type.Literal('custodial-hop'), Type.Literal('none')]),
});

export const VenuesResponse = Type.Object({
  venues: Type.Array(
    Type.Object({
      venue: Type.String(),
      routable: Type.Boolean(),
      notRoutableReason: Nullable(Type.String()),
      enabled: Type.Boolean(),
      registered: Type.Boolean(),
      snapshotFresh: Type.Boolean(),
      snapshotAgeMs: Nullable(Type.Integer({ minimum: 0 })),
      health: Type.Union(['healthy', 'degraded', 'unhealthy', 'unknown'].map((v) => Type.Literal(v))),
      reason: Nullable(Type.String()),
      capabilities: Nullable(Capabilities),
    }),
  ),
});

export const QuoteBody = Type.Object(
  {
    fromChain: Type.String({ description: 'chain key' }),
    toChain: Type.String({ description: 'chain key' }),
    fromToken: Nullable(Type.String({ minLength: 1, maxLength: 128, description: 'symbol or address; null is the native asset' })),
    toToken: Nullable(Type.String({ minLength: 1, maxLength: 128, description: 'symbol or address; null is the native asset' })),
    amountAtomic: Type.String({ minLength: 1, maxLength: 100, description: 'positive integer, atomic units, at most 78 digits' }),
    sender: Type.String({ minLength: 1, maxLength: 256 }),
    recipient: Type.String({ minLength: 1, maxLength: 256 }),
    referralWallet: Type.Optional(Type.String({ minLength: 1, maxLength: 256 })),
    referralBps: Type.Optional(Type.Number({ description: 'integer 0 to 15; with referralWallet' })),
    privacy: Type.Optional(Type.Boolean()),
    userIp: Type.Optional(Type.String({ maxLength: 64 })),
  },
  { additionalProperties: false },
);

const QuoteRow = Type.Object({
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
});

export const QuoteResponse = Type.Object({
  decisionId: Type.String({ format: 'uuid' }),
  best: Nullable(QuoteRow),
  bestByPrice: Nullable(Type.String()),
  bestByTime: Nullable(Type.String()),
  quotes: Type.Array(QuoteRow),
  rejected: Type.Array(
    Type.Object({
      venue: Type.String(),
      code: Type.Union(Object.keys(REJECTION_CATALOGUE).map((c) => Type.Literal(c))),
      message: Type.String(),
      details: Type.Optional(Type.Object({}, { additionalProperties: true })),
    }),
  ),
  fees: Type.Object({
    platform: Nullable(Type.Object({ bps: Type.Integer(), amountAtomic: AtomicAmount, asset: Type.String(), tierSavedBps: Type.Integer() })),
    referral: Nullable(Type.Object({ bps: Type.Integer(), amountAtomic: AtomicAmount, asset: Type.String(), wallet: Type.String() })),
  }),
  expiresAt: EpochMs,
  emptyReason: Type.Optional(Type.String()),
  notes: Type.Array(Type.String(), { description: 'plain-language notes on cuts not collected and prices missing (docs/fees.md)' }),
});

export const BuildBody = Type.Object(
  {
    decisionId: Type.String({ pattern: UUID_PATTERN }),
    quoteId: Type.Optional(Type.String({ minLength: 1, maxLength: 128 })),
    privacy: Type.Optional(Type.Boolean()),
    walletBatching: Type.Optional(Type.Boolean({ description: 'whether the wallet signs EIP-5792 bundles (wallet_sendCalls); default true. With false, fee steps are offered as separate transactions (`feeCapture: separate-step`, no `feeBatch`)' })),
  },
  { additionalProperties: false },
);

const Json = Type.Object({}, { additionalProperties: true });
const StepKindSchema = Type.Union(STEP_KINDS.map((k) => Type.Literal(k)));
const EvmStepSchema = Type.Object({ vm: Type.Literal('evm'), step: StepKindSchema, chainId: Type.Integer(), to: Type.String(), data: Type.String(), value: AtomicAmount });
const SvmStepSchema = Type.Object({ vm: Type.Literal('svm'), step: StepKindSchema, serializedTx: Type.String(), encoding: Type.Union([Type.Literal('base64'), Type.Literal('hex')]), refreshBlockhash: Type.Boolean() });
// The seven other variants of docs/steps.md: designed and published now, built as venues need them.
const TronStepSchema = Type.Object(
  { vm: Type.Literal('tron'), step: StepKindSchema, txID: Type.String(), rawDataHex: Type.String(), contractAddress: Nullable(Type.String()), callValue: AtomicAmount },
  { description: 'Tron transaction: sign `txID` (sha256 of `raw_data`) and submit the signed transaction JSON or its txID' },
);
const UtxoStepSchema = Type.Object(
  { vm: Type.Literal('utxo'), step: StepKindSchema, chain: Type.String(), psbt: Nullable(Type.String({ description: 'base64 PSBT when Strait selected inputs; null when the wallet builds the transaction from `outputs`' })), outputs: Type.Array(Type.Object({ address: Type.String(), amountAtomic: AtomicAmount })), memo: Nullable(Type.String({ description: 'OP_RETURN memo the transaction must carry (THORChain / Maya style)' })) },
  { description: 'UTXO transfer with memo' },
);
const TransferStepSchema = Type.Object(
  { vm: Type.Literal('transfer'), step: StepKindSchema, chain: Type.String(), to: Type.String(), asset: Nullable(Type.String({ description: 'token address; null is the native asset' })), amountAtomic: AtomicAmount, memo: Nullable(Type.String({ description: 'memo, tag or destination tag the transfer must carry' })) },
  { description: 'a plain transfer the wallet composes itself, on chains where Strait does not build transactions' },
);
const Eip712StepSchema = Type.Object(
  { vm: Type.Literal('eip712'), step: StepKindSchema, chainId: Type.Integer(), typedData: Type.Object({ domain: Json, types: Json, primaryType: Type.String(), message: Json }) },
  { description: 'an intent or permit signature (eth_signTypedData_v4); submit the 65-byte signature as `signedTransaction`' },
);
const CosmosStepSchema = Type.Object(
  { vm: Type.Literal('cosmos'), step: StepKindSchema, chainId: Type.String(), messages: Type.Array(Json), memo: Type.String() },
  { description: 'Cosmos SDK messages (e.g. an IBC MsgTransfer) the wallet signs in one transaction' },
);
const SuiStepSchema = Type.Object({ vm: Type.Literal('sui'), step: StepKindSchema, txBytes: Type.String({ description: 'base64 TransactionData' }) }, { description: 'Sui transaction' });
const TonStepSchema = Type.Object(
  { vm: Type.Literal('ton'), step: StepKindSchema, validUntil: Type.Integer(), messages: Type.Array(Type.Object({ address: Type.String(), amountAtomic: AtomicAmount, payload: Nullable(Type.String({ description: 'base64 BoC' })) })) },
  { description: 'TON Connect `sendTransaction` request' },
);
const StepSchema = Type.Union([EvmStepSchema, SvmStepSchema, TronStepSchema, UtxoStepSchema, TransferStepSchema, Eip712StepSchema, CosmosStepSchema, SuiStepSchema, TonStepSchema]);

export const BuildResponse = Type.Object({
  transferId: Type.String({ format: 'uuid' }),
  venue: Type.String(),
  steps: Type.Optional(Type.Array(StepSchema, { description: 'every transaction to sign, in order (docs/steps.md); with `deposit`, present only when fee steps must be signed beside the deposit' })),
  deposit: Type.Optional(
    Type.Object({
      address: Type.String(),
      amountAtomic: AtomicAmount,
      deadlineMs: EpochMs,
      memo: Nullable(Type.String({ description: 'memo, tag or extra id the deposit must carry' })),
      token: Nullable(Type.String({ description: 'asset to send; null is the native asset' })),
      chain: Type.String(),
    }),
  ),
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
});

export const TransferParams = Type.Object({ id: Type.String({ pattern: UUID_PATTERN }) });

export const SubmitBody = Type.Object(
  {
    signedTransaction: Type.Optional(Type.String({ minLength: 1, maxLength: 262_144 })),
    txHash: Type.Optional(Type.String({ minLength: 1, maxLength: 256 })),
    step: StepKindSchema,
    userIp: Type.Optional(Type.String({ maxLength: 64 })),
  },
  { additionalProperties: false },
);

const Verification = Type.Union(['verified', 'pending', 'unverified_no_rpc', 'unverified_rpc_error', 'refuted'].map((v) => Type.Literal(v)));
const StatusSchema = Type.Union(TRANSFER_STATUSES.map((s) => Type.Literal(s)));

export const SubmitResponse = Type.Object({
  transferId: Type.String({ format: 'uuid' }),
  status: StatusSchema,
  txHash: Type.String(),
  step: StepKindSchema,
  accepted: Type.Boolean(),
  verification: Nullable(Verification),
});

export const TransferResponse = Type.Object({
  transferId: Type.String({ format: 'uuid' }),
  status: StatusSchema,
  statusDetail: Nullable(Type.String()),
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
  sourceTxVerification: Nullable(Verification),
  claim: Nullable(Json),
  postStep: Nullable(Json),
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
  fees: Type.Array(
    Type.Object({
      kind: Type.String(),
      status: Type.Union(['offered', 'expected', 'settled', 'void'].map((v) => Type.Literal(v))),
      bps: Type.Integer(),
      amountAtomic: AtomicAmount,
      asset: Type.String(),
      chain: Type.String(),
      wallet: Nullable(Type.String()),
      tierSavedBps: Type.Integer(),
      txHash: Nullable(Type.String()),
    }),
  ),
});

export type QuoteBodyT = Static<typeof QuoteBody>;
export type BuildBodyT = Static<typeof BuildBody>;
export type SubmitBodyT = Static<typeof SubmitBody>;
