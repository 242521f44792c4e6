import type { ChainKey } from '../domain/chains.ts';
import type { ClaimSigner } from '../domain/claimState.ts';
import type { RejectionCode } from '../domain/errors.ts';
import type { DepositInstruction, EvmStep, JsonObject, Step, StepKind, TypedDataPayload } from '../domain/steps.ts';
import type { TokenInfo } from '../domain/tokens.ts';

/**
 * The Venue interface: everything the engine knows about a bridge, aggregator, solver, pool,
 * canonical bridge or desk. An adapter is a pure translator between these types and the venue's own
 * API; it never touches the store, never signs, and never decides ranking.
 *
 * Units: every amount is a bigint in the asset's atomic units. Times are epoch milliseconds unless a
 * name says seconds.
 *
 * Errors: an adapter that cannot price throws {@link VenueRejection} with a code of the rejection
 * catalogue, translated at its edge from the venue's own error (e.g. Across `AMOUNT_TOO_LOW` →
 * `below_min`). Anything else it throws is classified by the registry (timeout, bad response,
 * transport error) so that one venue's fault never fails a quote.
 *
 * Cross-cutting behaviour (deadline, retries, circuit breaker, metrics) is not the adapter's
 * business: the shared HTTP client and the registry wrap every venue the same way.
 */
export interface Venue {
  readonly id: string;
  /** Whether the venue serves a corridor, answered from its coverage without a network call. */
  supports(corridor: Corridor): CoverageAnswer;
  /** Chains and tokens the venue serves, for `GET /bridge/routes` and `GET /bridge/source-chains`. */
  coverage(): VenueCoverage;
  /**
   * Prices the transfer. Must be side-effect free at the venue (dry quotes only): the engine calls it
   * for every candidate in parallel on every quote.
   */
  quote(request: VenueQuoteRequest, call: CallContext): Promise<VenueQuote>;
  /**
   * Turns a stored quote into what the wallet signs. May re-quote at the venue (live deposit
   * address, fresh calldata); the engine compares the result with the stored quote's minimum.
   */
  build(request: VenueBuildRequest, call: CallContext): Promise<VenueBuildPlan>;
  /** Asks the venue where a submitted transfer stands. Every venue status maps through a table. */
  status(request: VenueStatusRequest, call: CallContext): Promise<VenueStatus>;
  /**
   * Present on venues that publish the chains and tokens they serve. The service refreshes it in the
   * background on a schedule (startSnapshotRefresher.ts, `STRAIT_VENUE_SNAPSHOTS`); after a successful
   * refresh `supports` and `coverage` answer from the fetched lists, and until then (or while a
   * refresh fails, or with snapshots switched off) from the adapter's static tables.
   */
  readonly snapshot?: VenueSnapshot;
  /**
   * Present on venues whose snapshot fetches a token list with symbols and decimals: the tokens that
   * list names on `chain` (natives left out), empty before a refresh. Feeds `GET /bridge/tokens` and
   * the resolution of token addresses beyond the registry (engine/tokens/tokenDirectory.ts); whether
   * the venue prices one is still `supports`' answer.
   */
  tokens?(chain: ChainKey): readonly TokenInfo[];
  /**
   * Present on venues whose build hands out an `eip712` step (an intent order signed off chain):
   * hands the wallet's signature to the venue, which acts on it (posts the order, pulls the funds).
   * Called only after Strait recovered the transfer's requester from the signature over the stored
   * typed data, and once per accepted signature: a repeat is answered from the record. Returns the
   * venue's handle of the order (id or hash), which status receives as `sourceTxHash`. A throw means
   * the venue did not take it: nothing is recorded and the wallet may submit again.
   */
  submitSignature?(submission: VenueSignatureSubmission, call: CallContext): Promise<VenueSignatureReceipt>;
  /**
   * Present on venues whose build hands out a `message` step (raw bytes signed with `personal_sign`):
   * hands the wallet's signatures, one per message and in their order, to the venue. The same
   * contract as {@link submitSignature}: called only after every signature recovered to the
   * requester over the stored bytes, once per accepted set; a throw records nothing.
   */
  submitMessageSignatures?(submission: VenueMessageSubmission, call: CallContext): Promise<VenueSignatureReceipt>;
}

/** The verified signatures of a built `message` step, as the venue receives them. */
export interface VenueMessageSubmission {
  readonly step: StepKind;
  /** The messages exactly as built and stored (lower-case 0x hex, what the wallet signed). */
  readonly messages: readonly `0x${string}`[];
  /** One per message, in order: 65 bytes `r ‖ s ‖ v`, lower-case 0x hex, `v` 27 or 28, low `s`. */
  readonly signatures: readonly `0x${string}`[];
  /** The address every signature recovers to: the transfer's requester. */
  readonly signer: string;
  /** The build plan's context merged over the quote's context, as status receives it. */
  readonly context: JsonObject;
}

/** A verified signature of a built `eip712` step, as the venue receives it. */
export interface VenueSignatureSubmission {
  readonly step: StepKind;
  /** The typed data exactly as built and stored (what the wallet signed). */
  readonly typedData: TypedDataPayload;
  /** 65 bytes `r ‖ s ‖ v`, lower-case 0x hex, `v` 27 or 28, low `s`. */
  readonly signature: `0x${string}`;
  /** The address the signature recovers to: the transfer's requester. */
  readonly signer: string;
  /** The build plan's context merged over the quote's context, as status receives it. */
  readonly context: JsonObject;
}

export interface VenueSignatureReceipt {
  /** The venue's handle of the order the signature opened (printable, at most 256 characters). */
  readonly orderId: string;
}

/** A venue's published coverage, fetched in the background and served from memory. */
export interface VenueSnapshot {
  /** How often the service refreshes it (jittered by ±10 %); twice this without a success reports it stale. */
  readonly intervalMs: number;
  /**
   * Fetches the venue's chain and token lists and swaps them in whole; throws and keeps the old ones on
   * failure. `call` carries `purpose: 'snapshot'` (its own breaker) and a 16 MiB `maxAnswerBytes`:
   * pass it to every request unchanged.
   */
  refresh(call: CallContext): Promise<void>;
  /** Epoch ms of the last successful refresh, or `null` when none has succeeded yet. */
  fetchedAt(): number | null;
}

export interface Corridor {
  readonly fromChain: ChainKey;
  readonly toChain: ChainKey;
  readonly fromToken: TokenInfo;
  readonly toToken: TokenInfo;
}

export type CoverageAnswer = { readonly served: true } | { readonly served: false; readonly code: RejectionCode; readonly message: string };

export interface VenueCoverage {
  /** Chains a transfer can start from at this venue. */
  readonly origins: readonly ChainKey[];
  /** Token symbols the venue moves from `fromChain` to `toChain` (empty when the pair is not served). */
  tokenSymbols(fromChain: ChainKey, toChain: ChainKey): readonly string[];
}

export interface CallContext {
  /** Aborted when the caller's deadline passes; adapters pass it to every request they make. */
  readonly signal: AbortSignal;
  readonly requestId?: string;
  /** Headers of this call only, over the module's own (e.g. SideShift's `x-user-ip` per end user). */
  readonly headers?: Readonly<Record<string, string>>;
  /**
   * What the engine is doing, set by its callers: the shared client counts a status poll's or a
   * snapshot refresh's faults on their own breakers, so they never take the venue's quoting offline.
   * Absent means `quote`. Adapters pass the context through untouched.
   */
  readonly purpose?: CallPurpose;
  /** Largest venue answer this call reads, in bytes (the client's default otherwise; larger for snapshot lists). */
  readonly maxAnswerBytes?: number;
}

export type CallPurpose = 'quote' | 'build' | 'status' | 'snapshot';

/** What `amountAtomic` fixes (docs/quotes.md, trade types): the input, or the recipient's exact output. */
export type TradeType = 'EXACT_IN' | 'EXACT_OUT' | 'MIN_OUT';
export const TRADE_TYPES: readonly TradeType[] = ['EXACT_IN', 'EXACT_OUT', 'MIN_OUT'];

export interface VenueQuoteRequest extends Corridor {
  /**
   * EXACT_IN: what the sender sends. With `exactOut` set: the most the venue may take (at quote
   * time no bound, at build the quoted input plus a small drift); the venue answers what it needs.
   */
  readonly amountIn: bigint;
  /**
   * Set for an exact-output request, only to venues whose capabilities list `EXACT_OUT`: the recipient
   * must receive exactly this many atomic units of `toToken`, and the answer's `amountIn` says what
   * the sender pays the venue.
   */
  readonly exactOut?: bigint;
  readonly sender: string;
  readonly recipient: string;
  /** The end user's IP for geo-gated venues; `null` when the caller gave none. */
  readonly userIp: string | null;
  /**
   * The integrator fee to ask the venue to charge on our behalf (venue-param fee capture), or
   * `null` when the service takes no fee through this venue: `amount` is the exact platform cut in
   * the source token's atomic units (the engine always states it; absent, it is `amountIn × bps`),
   * `bps` the same rounded down to whole basis points of `amountIn` (for a venue whose parameter
   * takes nothing finer), and `recipient` the source chain's fee wallet.
   */
  readonly integratorFee: { readonly bps: number; readonly amount?: bigint; readonly recipient: string } | null;
}

export interface VenueQuote {
  readonly amountIn: bigint;
  /** What the recipient is expected to receive, net of every venue fee. */
  readonly amountOut: bigint;
  /** The least the venue guarantees to deliver (after its slippage); equals `amountOut` for exact fills. */
  readonly minAmountOut: bigint;
  readonly estimatedSeconds: number | null;
  /** When the venue's price stops holding; `null` when the venue publishes no expiry. */
  readonly expiresAt: number | null;
  /** JSON data build and status need (venue quote ids, timestamps, deadlines). Stored with the row. */
  readonly context: JsonObject;
  /**
   * Present when a transfer built from this row will need a claim on the destination (the build's
   * {@link StepsPlan.claim} says the same): the quote row discloses it, since the recipient signs and
   * pays for one more transaction.
   */
  readonly claim?: Pick<ClaimTerms, 'chain' | 'actions' | 'signer'>;
}

export interface VenueBuildRequest {
  readonly request: VenueQuoteRequest;
  readonly quote: VenueQuote;
}

/**
 * What the wallet must do. `approval` names the ERC-20 allowance the main step spends, so the engine
 * can add an exact-amount `approve` when the allowance is missing; adapters never emit approvals.
 */
export type VenueBuildPlan = StepsPlan | DepositPlan;

export interface StepsPlan {
  readonly shape: 'steps';
  readonly steps: readonly Step[];
  readonly approval: Approval | TronApproval | null;
  /** Expected output of this build (a re-quote may differ from the stored quote). */
  readonly amountOut: bigint;
  readonly minAmountOut: bigint;
  /** Tracking handles for status (request ids, order ids). */
  readonly context: JsonObject;
  /**
   * Native units the `main` call carries beyond the amount moved: a fee the venue charges in the
   * source chain's native asset (a LayerZero message, Axelar's destination gas). Absent means none.
   * Strait bounds it (STRAIT_MAX_NATIVE_FEE_USD), states it as the build's `nativeFeeAtomic`, and
   * lets the main step's value exceed the amount by exactly that much, at build and at submit.
   */
  readonly nativeFee?: bigint;
  /**
   * What the steps take from the sender, when the venue decided it (an exact-output build whose
   * re-quote moved the input); absent means the request's `amountIn`. Never above it.
   */
  readonly amountIn?: bigint;
  /**
   * Present when the transfer will need a claim: a transaction on the destination chain after the
   * venue's part (a CCTP mint without forwarding, an L2 withdrawal's prove and finalize). The transfer
   * carries `claim` from the build on; the venue's `status` then reports it ({@link VenueStatus.claim}).
   */
  readonly claim?: ClaimTerms;
  /**
   * `true` when the adapter encoded its EVM `main` calls itself, to a Solidity contract that decodes
   * fixed ABI arguments and ignores trailing calldata (a canonical bridge, CCTP's TokenMessenger, an
   * ERC-20 `transfer`). The engine then appends the transfer's 16-byte id to them
   * (engine/tagCalldata.ts): such a call is otherwise the same bytes for every transfer of the same
   * sender, amount and recipient, and a look-alike transfer could claim the owner's transaction.
   * Never for calldata a venue's API wrote (a router may read it to its end), a precompile, or a
   * plain value send. Absent means the main steps are handed out as built.
   */
  readonly tagMain?: boolean;
}

/** What a build tells of the claim its transfer will need (docs/transfer-fields.md, "claim"). */
export interface ClaimTerms {
  /** The chain the redeem steps are sent on (the transfer's destination). */
  readonly chain: ChainKey;
  /** Names of the redeem steps in order, as a wallet would show them (`receiveMessage`; `prove`, `finalize`). */
  readonly actions: readonly string[];
  /** Whether the destination contract lets anyone send the redeem, or only the recipient. */
  readonly signer: ClaimSigner;
  /** Why a claim is needed, for people. */
  readonly reason: string;
}

/**
 * A claim's progress as the venue sees it on a status poll (chain reads or the venue's answer). The
 * engine turns it into the transfer's `claim`, stores the due steps as `redeem` steps (checked against
 * the venue's `allowList.redeemCalls` first) and verifies their submission like any other step.
 */
export interface ClaimProgress {
  /** `ready` when at least one redeem step can be sent now; `waiting` until then. */
  readonly status: 'waiting' | 'ready';
  /** When the next step becomes (or became) sendable, epoch ms; `null` when unknown. */
  readonly claimableAt: number | null;
  /**
   * The redeem steps due now (every one built so far, in order, so an earlier step already sent is
   * given again unchanged); empty while `waiting`. EVM calls on the claim chain, `step: 'redeem'`.
   */
  readonly steps: readonly EvmStep[];
  /** For people: what is awaited, or what to sign. */
  readonly detail: string;
}

export interface DepositPlan {
  readonly shape: 'deposit';
  readonly deposit: DepositInstruction;
  /**
   * The transfer to the deposit address the service expects to see signed, so submit can verify it
   * (an ERC-20 `transfer` or a native send on EVM).
   */
  readonly fundingStep: EvmStep | null;
  readonly amountOut: bigint;
  readonly minAmountOut: bigint;
  readonly context: JsonObject;
}

export interface Approval {
  readonly chainId: number;
  readonly token: `0x${string}`;
  readonly spender: `0x${string}`;
  readonly amount: bigint;
}

/** A TRC-20 allowance the Tron `main` step spends; the engine builds the exact-amount `approve` (engine/tronSteps.ts). */
export interface TronApproval {
  readonly vm: 'tron';
  /** Base58 addresses. */
  readonly token: string;
  readonly spender: string;
  readonly amount: bigint;
}

export interface VenueStatusRequest {
  readonly fromChain: ChainKey;
  readonly toChain: ChainKey;
  readonly toToken: TokenInfo;
  readonly sourceTxHash: string;
  readonly recipient: string;
  readonly amountIn: bigint;
  readonly expectedOut: bigint;
  /** The build plan's context merged over the quote's context. */
  readonly context: JsonObject;
}

/** Where a transfer stands at the venue, already mapped from the venue's own status vocabulary. */
export type VenueTransferState = 'pending' | 'completed' | 'partial' | 'refunded' | 'failed';

export interface VenueStatus {
  readonly state: VenueTransferState;
  /** The venue's own status value, kept for `statusDetail` and logs. */
  readonly venueStatus: string;
  readonly destinationTxHash: string | null;
  readonly receivedAmount: bigint | null;
  /** Address of the asset delivered, when the venue says (a partial fill may deliver another asset). */
  readonly receivedAsset: string | null;
  readonly detail: string | null;
  /** The venue answered a status value its adapter's table does not know (mapped to `pending`). */
  readonly unrecognized?: boolean;
  /**
   * Reported by venues whose build announced a claim ({@link StepsPlan.claim}), while the transfer is
   * not delivered. A claim completes the transfer only through `state: 'completed'`, which the venue
   * answers once the destination chain shows the redeem landed, whoever sent it.
   */
  readonly claim?: ClaimProgress;
}

/** A venue's typed refusal to price, translated at the adapter's edge. */
export class VenueRejection extends Error {
  readonly code: RejectionCode;
  readonly details: Record<string, unknown> | undefined;

  constructor(code: RejectionCode, message: string, details?: Record<string, unknown>, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'VenueRejection';
    this.code = code;
    this.details = details;
  }
}

/**
 * The reason a caller aborts a venue call when it stops waiting by its own choice: the quote answered
 * early with enough rows, or its deadline (Strait's budget) passed. The venue failed at nothing, so
 * its breaker does not count it; a call over the per-attempt timeout does count.
 */
export class CallAbandoned extends Error {
  override name = 'CallAbandoned';
}
