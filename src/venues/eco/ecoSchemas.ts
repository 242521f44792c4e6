import { Type, type Static } from 'typebox';

/**
 * Schemas of the Eco Quotes API v3 answers the adapter reads (docs.eco.com/openapi.json:
 * `QuotesResponseV3DTO`, `QuoteResponseDataV3DTO`, `QuoteV3ResponseContractsDTO`,
 * `IntentStatusResponseV3DTO`). Only what the adapter uses is required; fees, solver URLs and
 * explorer links pass through. Addresses stay free strings here: the adapter compares them with the
 * request and with its pinned contracts, which says more than a pattern would.
 */

const UINT_STRING = Type.String({ pattern: '^[0-9]{1,78}$' });
const HEX = Type.String({ pattern: '^0x([0-9a-fA-F]{2})*$' });
const EVM_ADDRESS = Type.String({ pattern: '^0x[0-9a-fA-F]{40}$' });

export const EcoFeeSchema = Type.Object({
  name: Type.Optional(Type.String()),
  amount: UINT_STRING,
  token: Type.Optional(Type.Object({ address: Type.Optional(Type.String()), decimals: Type.Optional(Type.Integer()), symbol: Type.Optional(Type.String()) })),
});

export const EcoQuoteResponseSchema = Type.Object({
  intentExecutionType: Type.String(),
  sourceChainID: Type.Integer(),
  destinationChainID: Type.Integer(),
  sourceToken: Type.String(),
  destinationToken: Type.String(),
  sourceAmount: UINT_STRING,
  destinationAmount: UINT_STRING,
  funder: Type.String(),
  recipient: Type.String(),
  refundRecipient: Type.Optional(Type.String()),
  fees: Type.Optional(Type.Array(EcoFeeSchema)),
  /** Unix seconds; the docs type it as a number, integrators read strings too. */
  deadline: Type.Union([Type.Integer({ minimum: 0 }), UINT_STRING]),
  estimatedFulfillTimeSec: Type.Optional(Type.Union([Type.Number({ minimum: 0 }), Type.Null()])),
  encodedRoute: HEX,
});
export type EcoQuoteResponse = Static<typeof EcoQuoteResponseSchema>;

export const EcoQuoteEntrySchema = Type.Object({
  quoteID: Type.Optional(Type.String()),
  solverID: Type.Optional(Type.String()),
  quoteData: Type.Object({
    quoteResponse: EcoQuoteResponseSchema,
    contracts: Type.Object({ sourcePortal: Type.String(), destinationPortal: Type.Optional(Type.String()), prover: Type.String() }),
  }),
});
export type EcoQuoteEntry = Static<typeof EcoQuoteEntrySchema>;

/** `POST /api/v3/quotes/exactIn` (HTTP 201). */
export const EcoQuotesSchema = Type.Object({ data: Type.Array(EcoQuoteEntrySchema) });
export type EcoQuotes = Static<typeof EcoQuotesSchema>;

const TransactionInfoSchema = Type.Object({
  chainId: Type.Optional(Type.Integer()),
  transactionHash: Type.String(),
  blockExplorerUrl: Type.Optional(Type.String()),
});

/**
 * `POST /api/v3/intents/intentStatus`. `status` and `subStatus` stay free strings: a value the table
 * does not know must reach it (and stay pending), not fail validation.
 */
export const EcoIntentStatusSchema = Type.Object({
  data: Type.Object({
    intentHash: Type.Optional(Type.String()),
    status: Type.Object({ status: Type.String(), subStatus: Type.String(), subStatusMessage: Type.Optional(Type.String()) }),
    intentCreated: Type.Optional(TransactionInfoSchema),
    fulfillment: Type.Optional(Type.Union([TransactionInfoSchema, Type.Null()])),
    refund: Type.Optional(Type.Union([TransactionInfoSchema, Type.Null()])),
  }),
});
export type EcoIntentStatus = Static<typeof EcoIntentStatusSchema>;

/**
 * Eco's error answers: the docs publish no error schema for v3 (errors/eco-problem-types.yml calls
 * it the `EcoAPIResponse` envelope, not RFC 9457); the service is NestJS, whose default body is
 * `{ statusCode, message, error }`. Read loosely.
 */
export const EcoErrorSchema = Type.Object({
  statusCode: Type.Optional(Type.Integer()),
  message: Type.Optional(Type.Union([Type.String(), Type.Array(Type.String())])),
  error: Type.Optional(Type.Union([Type.String(), Type.Object({}, { additionalProperties: true })])),
});
export type EcoError = Static<typeof EcoErrorSchema>;

/**
 * What the adapter stores with a quote (the corridor in Eco's ids, the delivery it was promised) and
 * with its build (the route and reward the built call carries). Amounts as strings.
 */
export const EcoContextSchema = Type.Object({
  sourceChainID: Type.Integer(),
  destinationChainID: Type.Integer(),
  sourceToken: EVM_ADDRESS,
  destinationToken: EVM_ADDRESS,
  /** What the route pays the recipient: Eco fills it exactly or refunds. */
  destinationAmount: UINT_STRING,
  quoteID: Type.Optional(Type.String()),
  solverID: Type.Optional(Type.String()),
  /** The reward deadline (unix seconds) of the built intent: after it the user can take the funds back. */
  rewardDeadline: Type.Optional(UINT_STRING),
  prover: Type.Optional(EVM_ADDRESS),
  encodedRoute: Type.Optional(HEX),
});
export type EcoContext = Static<typeof EcoContextSchema>;
