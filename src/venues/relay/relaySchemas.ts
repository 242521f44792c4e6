import { Type, type Static, type TSchema } from 'typebox';

/**
 * Schemas of the Relay API answers the adapter reads (`POST /quote/v2`, `GET /intents/status/v3`,
 * `GET /requests/v2`, `POST /transactions/index`, `GET /chains`) and of its error body. Only the
 * fields the adapter uses are required; everything else passes through untouched, and an optional
 * field may also be `null` (a status answer with nulls must never read as a bad response).
 *
 * Real quote answers (relay-kit's recorded `executeBridge`, fixtures/real/quote-eth-to-base-native.json)
 * carry no `steps[].requestId`, no `details.currencyOut.minimumAmount` and no `details.timeEstimate`:
 * the id is in the item's `check.endpoint`, the time in `breakdown[].timeEstimate`.
 */

/** An optional field the venue may also send as `null`. */
function Nullable<T extends TSchema>(schema: T) {
  return Type.Optional(Type.Union([schema, Type.Null()]));
}

const UINT_STRING = Type.String({ pattern: '^[0-9]{1,78}$' });
const HEX = Type.String({ pattern: '^0x([0-9a-fA-F]{2})*$' });
const EVM_ADDRESS = Type.String({ pattern: '^0x[0-9a-fA-F]{40}$' });

const CurrencySchema = Type.Object({
  chainId: Nullable(Type.Integer()),
  address: Nullable(Type.String()),
  symbol: Nullable(Type.String()),
  decimals: Nullable(Type.Integer({ minimum: 0 })),
});

/** `{ currency, amount, minimumAmount? }` as Relay writes every amount in `details`. */
const CurrencyAmountSchema = Type.Object({
  currency: Nullable(CurrencySchema),
  amount: UINT_STRING,
  minimumAmount: Nullable(UINT_STRING),
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
  status: Nullable(Type.String()),
  data: Type.Unknown(),
  check: Nullable(Type.Object({ endpoint: Type.String(), method: Nullable(Type.String()) })),
});

const StepSchema = Type.Object({
  id: Type.String(),
  kind: Type.String(),
  action: Nullable(Type.String()),
  description: Nullable(Type.String()),
  requestId: Nullable(Type.String()),
  depositAddress: Nullable(Type.String()),
  items: Type.Array(StepItemSchema),
});
export type RelayStep = Static<typeof StepSchema>;

/** `POST /quote/v2` (200). Relay's quote is also its build: the steps are executable. */
export const RelayQuoteSchema = Type.Object({
  steps: Type.Array(StepSchema, { minItems: 1 }),
  fees: Type.Optional(Type.Unknown()),
  details: Type.Object({
    currencyIn: CurrencyAmountSchema,
    currencyOut: CurrencyAmountSchema,
    timeEstimate: Nullable(Type.Number({ minimum: 0 })),
    operation: Nullable(Type.String()),
  }),
  /** Per-leg estimates; older answers put the only time estimate here. */
  breakdown: Nullable(Type.Array(Type.Object({ timeEstimate: Nullable(Type.Number({ minimum: 0 })) }))),
  protocol: Type.Optional(Type.Unknown()),
});
export type RelayQuote = Static<typeof RelayQuoteSchema>;

/** `GET /intents/status/v3`. `status` is free text here so an undocumented value maps to pending. */
export const RelayIntentStatusSchema = Type.Object({
  status: Type.String(),
  details: Nullable(Type.String()),
  inTxHashes: Nullable(Type.Array(Type.String())),
  txHashes: Nullable(Type.Array(Type.String())),
  updatedAt: Nullable(Type.Number()),
  originChainId: Nullable(Type.Integer()),
  destinationChainId: Nullable(Type.Integer()),
});
export type RelayIntentStatus = Static<typeof RelayIntentStatusSchema>;

/** `GET /requests/v2?id=…`: the delivered amount lives in `data.metadata.currencyOut`. */
export const RelayRequestsSchema = Type.Object({
  requests: Type.Array(
    Type.Object({
      id: Nullable(Type.String()),
      status: Nullable(Type.String()),
      data: Nullable(
        Type.Object({
          failReason: Nullable(Type.String()),
          metadata: Nullable(
            Type.Object({
              currencyOut: Nullable(
                Type.Object({ currency: Nullable(CurrencySchema), amount: Nullable(UINT_STRING) }),
              ),
            }),
          ),
          outTxs: Nullable(Type.Array(Type.Object({ hash: Nullable(Type.String()), chainId: Nullable(Type.Integer()) }))),
        }),
      ),
    }),
  ),
  continuation: Nullable(Type.Union([Type.String(), Type.Null()])),
});
export type RelayRequests = Static<typeof RelayRequestsSchema>;

/** A token of `GET /chains` (`currency`, `erc20Currencies[]`): its address, bridging flag, and symbol and decimals for the token directory. */
const ChainCurrencySchema = Type.Object({ address: Type.String(), supportsBridging: Nullable(Type.Boolean()), symbol: Nullable(Type.String()), decimals: Nullable(Type.Integer({ minimum: 0 })) });

/**
 * `GET /chains` (200): every chain Relay runs, with `tokenSupport` (`"All"`: any token with solver or
 * DEX liquidity; otherwise only `currency` and `erc20Currencies` entries with `supportsBridging`),
 * `disabled` (Relay switched the chain off during an incident) and `depositEnabled`. The docs'
 * examples (fixtures/real/chains-docs-*.json) leave out `disabled` and `depositEnabled`: absent
 * means not switched off.
 */
export const RelayChainsSchema = Type.Object({
  chains: Type.Array(
    Type.Object({
      id: Type.Integer(),
      name: Type.String(),
      disabled: Nullable(Type.Boolean()),
      depositEnabled: Nullable(Type.Boolean()),
      tokenSupport: Nullable(Type.String()),
      currency: Nullable(ChainCurrencySchema),
      erc20Currencies: Nullable(Type.Array(ChainCurrencySchema)),
    }),
  ),
});
export type RelayChains = Static<typeof RelayChainsSchema>;

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

/**
 * The context the adapter stores with a quote (`toVenueQuote`: request id and the deposit it was
 * priced with) and with a build (`{ requestId }`), merged as the engine hands it to `status`. A
 * context without a request id (an older row) is recovered from the origin hash via `/requests/v2`.
 */
export const RelayContextSchema = Type.Object({
  requestId: Type.Optional(Type.String({ pattern: '^0x[0-9a-fA-F]{64}$' })),
  deposit: Type.Optional(Type.Object({ to: EVM_ADDRESS, data: HEX, value: UINT_STRING, chainId: Type.Integer({ minimum: 1 }) })),
});
export type RelayContext = Static<typeof RelayContextSchema>;
