import { Type, type Static } from 'typebox';

/**
 * Schemas of the Relay API answers the adapter reads (`POST /quote/v2`, `GET /intents/status/v3`,
 * `GET /requests/v2`, `POST /transactions/index`) and of its error body. Only the fields the adapter
 * uses are required; everything else passes through untouched.
 */

const UINT_STRING = Type.String({ pattern: '^[0-9]{1,78}$' });
const HEX = Type.String({ pattern: '^0x([0-9a-fA-F]{2})*$' });
const EVM_ADDRESS = Type.String({ pattern: '^0x[0-9a-fA-F]{40}$' });

const CurrencySchema = Type.Object({
  chainId: Type.Optional(Type.Integer()),
  address: Type.Optional(Type.String()),
  symbol: Type.Optional(Type.String()),
  decimals: Type.Optional(Type.Integer({ minimum: 0 })),
});

/** `{ currency, amount, minimumAmount? }` as Relay writes every amount in `details`. */
const CurrencyAmountSchema = Type.Object({
  currency: Type.Optional(CurrencySchema),
  amount: UINT_STRING,
  minimumAmount: Type.Optional(UINT_STRING),
});

/** An EVM transaction of a `kind: "transaction"` step. `value` is absent on some ERC-20 steps. */
export const RelayTransactionDataSchema = Type.Object({
  from: Type.Optional(Type.String()),
  to: EVM_ADDRESS,
  data: HEX,
  value: Type.Optional(UINT_STRING),
  chainId: Type.Integer({ minimum: 1 }),
});
export type RelayTransactionData = Static<typeof RelayTransactionDataSchema>;

// Signature steps and non-EVM items carry other shapes, so `data` is only checked once the adapter
// has picked the step it will use.
const StepItemSchema = Type.Object({
  status: Type.Optional(Type.String()),
  data: Type.Unknown(),
  check: Type.Optional(Type.Object({ endpoint: Type.String(), method: Type.Optional(Type.String()) })),
});

const StepSchema = Type.Object({
  id: Type.String(),
  kind: Type.String(),
  action: Type.Optional(Type.String()),
  description: Type.Optional(Type.String()),
  requestId: Type.Optional(Type.String()),
  depositAddress: Type.Optional(Type.String()),
  items: Type.Array(StepItemSchema),
});
export type RelayStep = Static<typeof StepSchema>;

/** `POST /quote/v2` (200). Relay's quote is also its build: the steps are executable. */
export const RelayQuoteSchema = Type.Object({
  steps: Type.Array(StepSchema, { minItems: 1 }),
  fees: Type.Optional(Type.Unknown()),
  details: Type.Object({
    currencyIn: CurrencyAmountSchema,
    currencyOut: Type.Object({
      currency: Type.Optional(CurrencySchema),
      amount: UINT_STRING,
      minimumAmount: UINT_STRING,
    }),
    timeEstimate: Type.Optional(Type.Number({ minimum: 0 })),
    operation: Type.Optional(Type.String()),
  }),
  protocol: Type.Optional(Type.Unknown()),
});
export type RelayQuote = Static<typeof RelayQuoteSchema>;

/** `GET /intents/status/v3`. `status` is free text here so an undocumented value maps to pending. */
export const RelayIntentStatusSchema = Type.Object({
  status: Type.String(),
  details: Type.Optional(Type.String()),
  inTxHashes: Type.Optional(Type.Array(Type.String())),
  txHashes: Type.Optional(Type.Array(Type.String())),
  updatedAt: Type.Optional(Type.Number()),
  originChainId: Type.Optional(Type.Integer()),
  destinationChainId: Type.Optional(Type.Integer()),
});
export type RelayIntentStatus = Static<typeof RelayIntentStatusSchema>;

/** `GET /requests/v2?id=…`: the delivered amount lives in `data.metadata.currencyOut`. */
export const RelayRequestsSchema = Type.Object({
  requests: Type.Array(
    Type.Object({
      id: Type.Optional(Type.String()),
      status: Type.Optional(Type.String()),
      data: Type.Optional(
        Type.Object({
          failReason: Type.Optional(Type.String()),
          metadata: Type.Optional(
            Type.Object({
              currencyOut: Type.Optional(
                Type.Object({ currency: Type.Optional(CurrencySchema), amount: Type.Optional(UINT_STRING) }),
              ),
            }),
          ),
          outTxs: Type.Optional(Type.Array(Type.Object({ hash: Type.Optional(Type.String()), chainId: Type.Optional(Type.Integer()) }))),
        }),
      ),
    }),
  ),
  continuation: Type.Optional(Type.Union([Type.String(), Type.Null()])),
});
export type RelayRequests = Static<typeof RelayRequestsSchema>;

/** `POST /transactions/index` (200): `{ message }`; nothing in it is read. */
export const RelayIndexSchema = Type.Object({ message: Type.Optional(Type.String()) });

/**
 * Relay's error body: `{ message, errorCode, errorData?, requestId? }` (429 has only `message`).
 * `errorData` is a string in the docs' examples; it is kept loose to mine a limit from it.
 */
export const RelayErrorSchema = Type.Object({
  message: Type.Optional(Type.String()),
  errorCode: Type.Optional(Type.String()),
  errorData: Type.Optional(Type.Unknown()),
  requestId: Type.Optional(Type.String()),
});
export type RelayError = Static<typeof RelayErrorSchema>;
