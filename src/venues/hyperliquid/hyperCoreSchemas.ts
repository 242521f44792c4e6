import { Type, type Static } from 'typebox';

/**
 * Shapes of the HyperCore info and exchange answers Strait reads (`POST /info`, `POST /exchange`).
 * Fields Strait reads are required and typed; the rest of each answer is allowed, since the API adds
 * fields freely (the 2023 `clearinghouseState` of fixtures/real has no `time`, today's has). The
 * real recorded answers under fixtures/real decide what is required, not the SDKs' types.
 */

/** A non-negative decimal string, as the API writes USDC ("1010.57173", "2703997.4500000002"). */
const Decimal = Type.String({ pattern: '^[0-9]+(\\.[0-9]+)?$' });
/** A decimal that may be negative (PnL, borrowed spot balances under portfolio margin). */
const SignedDecimal = Type.String({ pattern: '^-?[0-9]+(\\.[0-9]+)?$' });
const HexAddress = Type.String({ pattern: '^0x[0-9a-fA-F]{40}$' });

/**
 * `{"type":"userRole","user":…}`: `missing` for an address the exchange has never seen; `user`,
 * `vault`, `agent` (+`data.user`) or `subAccount` (+`data.master`) otherwise. A role added later is
 * still a known account, so any string passes.
 */
export const UserRoleAnswer = Type.Object({
  role: Type.String({ minLength: 1 }),
  data: Type.Optional(Type.Object({ user: Type.Optional(HexAddress), master: Type.Optional(HexAddress) })),
});
export type UserRoleAnswer = Static<typeof UserRoleAnswer>;

/**
 * `{"type":"preTransferCheck","user":<destination>,"source":<sender>}` (undocumented; nktkas/hyperliquid
 * `preTransferCheck.ts`, fixtures/real/pre-transfer-check-existing-testnet.json). Measured on testnet:
 * this object form ignores `source` and reports `fee: "0.0"` even for a recipient that does not
 * exist, so it cannot tell the activation fee; `userExists` says no more than `userRole`. Hence
 * {@link HyperCoreApi.accountExists} asks `userRole`, which is documented and recorded.
 */
export const PreTransferCheckAnswer = Type.Object({
  fee: Decimal,
  isSanctioned: Type.Boolean(),
  userExists: Type.Boolean(),
  userHasSentTx: Type.Boolean(),
});
export type PreTransferCheckAnswer = Static<typeof PreTransferCheckAnswer>;

const MarginSummary = Type.Object({
  accountValue: SignedDecimal,
  totalNtlPos: Type.Optional(SignedDecimal),
  totalRawUsd: Type.Optional(SignedDecimal),
  totalMarginUsed: Type.Optional(SignedDecimal),
});

/** `{"type":"clearinghouseState","user":…}`: the perps account; `withdrawable` is the USDC that can leave it. */
export const ClearinghouseStateAnswer = Type.Object({
  withdrawable: Decimal,
  marginSummary: MarginSummary,
  crossMarginSummary: Type.Optional(MarginSummary),
  assetPositions: Type.Array(Type.Unknown()),
  time: Type.Optional(Type.Integer()),
});
export type ClearinghouseStateAnswer = Static<typeof ClearinghouseStateAnswer>;

/**
 * `{"type":"spotClearinghouseState","user":…}`: one entry per token held. `token` (0 is USDC) and
 * `entryNtl` are in today's answers but not in the exchange docs' example, and outcome-market
 * entries (`coin` "+N"/"oN") carry no `token`: both optional.
 */
export const SpotBalance = Type.Object({
  coin: Type.String(),
  token: Type.Optional(Type.Integer({ minimum: 0 })),
  total: SignedDecimal,
  hold: SignedDecimal,
  entryNtl: Type.Optional(SignedDecimal),
});
export const SpotClearinghouseStateAnswer = Type.Object({ balances: Type.Array(SpotBalance) });
export type SpotClearinghouseStateAnswer = Static<typeof SpotClearinghouseStateAnswer>;

/** Ledger delta types typed below; any other `type` is a {@link GenericDelta}. */
export const KNOWN_DELTA_TYPES = ['deposit', 'internalTransfer', 'accountClassTransfer', 'spotTransfer', 'send', 'withdraw', 'subAccountTransfer'] as const;

const Nonce = Type.Union([Type.Integer({ minimum: 0 }), Type.Null()]);

/** A Bridge2 deposit (credited to the sender's perps balance). */
const DepositDelta = Type.Object({ type: Type.Literal('deposit'), usdc: Decimal });
/** A perps USDC transfer between accounts (`usdSend`); `fee` is "1.0" on the transfer that created the destination. */
const InternalTransferDelta = Type.Object({ type: Type.Literal('internalTransfer'), usdc: Decimal, user: HexAddress, destination: HexAddress, fee: Decimal });
/** The account's own USDC between perps and spot (`usdClassTransfer`). */
const AccountClassTransferDelta = Type.Object({ type: Type.Literal('accountClassTransfer'), usdc: Decimal, toPerp: Type.Boolean() });
/** A spot token transfer (`spotSend`); `token` is the name ("USDC"), `nonce` null on older entries. */
const SpotTransferDelta = Type.Object({
  type: Type.Literal('spotTransfer'),
  token: Type.String(),
  amount: Decimal,
  usdcValue: Type.Optional(Decimal),
  user: HexAddress,
  destination: HexAddress,
  fee: Decimal,
  nativeTokenFee: Type.Optional(Decimal),
  nonce: Type.Optional(Nonce),
  feeToken: Type.Optional(Type.String()),
});
/** A `sendAsset` between dexes or accounts. */
const SendDelta = Type.Object({
  type: Type.Literal('send'),
  user: HexAddress,
  destination: HexAddress,
  sourceDex: Type.Optional(Type.String()),
  destinationDex: Type.Optional(Type.String()),
  token: Type.String(),
  amount: Decimal,
  usdcValue: Type.Optional(Decimal),
  fee: Decimal,
  nativeTokenFee: Type.Optional(Decimal),
  nonce: Type.Optional(Nonce),
  feeToken: Type.Optional(Type.String()),
});
const WithdrawDelta = Type.Object({ type: Type.Literal('withdraw'), usdc: Decimal, nonce: Type.Optional(Nonce), fee: Type.Optional(Decimal) });
const SubAccountTransferDelta = Type.Object({ type: Type.Literal('subAccountTransfer'), usdc: Decimal, user: HexAddress, destination: HexAddress });
/**
 * Every other delta (liquidations, vault flows, rewards, types added later): passed through with its
 * `type`, never a reason to refuse the whole ledger. A known type with a wrong shape still fails.
 */
const GenericDelta = Type.Object({ type: Type.String({ pattern: `^(?!(?:${KNOWN_DELTA_TYPES.join('|')})$).+$` }) });

const KnownDelta = Type.Union([DepositDelta, InternalTransferDelta, AccountClassTransferDelta, SpotTransferDelta, SendDelta, WithdrawDelta, SubAccountTransferDelta]);
/** A delta of one of {@link KNOWN_DELTA_TYPES}, typed by its `type`. */
export type KnownLedgerDelta = Static<typeof KnownDelta>;
export const LedgerDelta = Type.Union([KnownDelta, GenericDelta]);
export type LedgerDelta = Static<typeof LedgerDelta>;

/** Whether a validated delta is one Strait reads (narrows the union; the schema already checked its shape). */
export function isKnownDelta(delta: LedgerDelta): delta is KnownLedgerDelta {
  return (KNOWN_DELTA_TYPES as readonly string[]).includes(delta.type);
}

/** `{"type":"userNonFundingLedgerUpdates","user":…,"startTime":ms}`: the account's non-funding movements. */
export const LedgerUpdatesAnswer = Type.Array(Type.Object({ time: Type.Integer({ minimum: 0 }), hash: Type.String({ pattern: '^0x[0-9a-fA-F]{64}$' }), delta: LedgerDelta }));
export type LedgerUpdatesAnswer = Static<typeof LedgerUpdatesAnswer>;

/**
 * `POST /exchange`: HTTP 200 either way. `ok` carries `{"type":"default"}` for transfers (nktkas
 * types it so; third-party docs show other inner shapes), so only `status` is read; `err` carries
 * the exchange's message as a plain string.
 */
export const ExchangeAnswer = Type.Union([
  Type.Object({ status: Type.Literal('ok'), response: Type.Optional(Type.Unknown()) }),
  Type.Object({ status: Type.Literal('err'), response: Type.String() }),
]);
export type ExchangeAnswer = Static<typeof ExchangeAnswer>;
