import { Type, type Static } from 'typebox';

/**
 * Schemas of the Meson relayer answers the adapter reads (https://meson.dev/api/endpoints/…):
 * `POST /api/v1/price`, `POST /api/v1/swap` (its `result`, or the error envelope whose
 * `data.swapData` carries the same swap when only the allowance is missing), `POST
 * /api/v1/swap/{encoded}` and `GET /api/v1/swap/{swapId}`. Fees are decimal strings in token units.
 */

const DECIMAL = Type.String({ pattern: '^[0-9]{1,30}(\\.[0-9]{1,30})?$' });
const HEX32 = Type.String({ pattern: '^0x[0-9a-fA-F]{64}$' });
const EVM_ADDRESS = Type.String({ pattern: '^0x[0-9a-fA-F]{40}$' });

const FeeSchema = Type.Object({ serviceFee: DECIMAL, lpFee: DECIMAL, totalFee: DECIMAL });

export const MesonPriceSchema = Type.Object({
  result: Type.Object({
    serviceFee: DECIMAL,
    lpFee: DECIMAL,
    totalFee: DECIMAL,
    // Present on conversion routes (arb:usdc → merlin:btc); the adapter does not build those.
    converted: Type.Optional(Type.Unknown()),
  }),
});

const SigningData = Type.Object({ message: Type.String({ pattern: '^0x([0-9a-fA-F]{2})+$', maxLength: 2_050 }), hash: HEX32 });

export const MesonSwapDataSchema = Type.Object({
  encoded: HEX32,
  fromAddress: Type.Optional(EVM_ADDRESS),
  fromContract: Type.Optional(EVM_ADDRESS),
  recipient: Type.String({ minLength: 1, maxLength: 128 }),
  initiator: Type.Optional(EVM_ADDRESS),
  fee: FeeSchema,
  converted: Type.Optional(Type.Unknown()),
  signingRequest: Type.Optional(SigningData),
  dataToSign: Type.Optional(Type.Array(SigningData, { maxItems: 4 })),
});
export type MesonSwapData = Static<typeof MesonSwapDataSchema>;

export const MesonEncodeSchema = Type.Object({ result: MesonSwapDataSchema });

/** The relayer's error envelope (`{ error: { code, message, data } }`), on price, encode and submit. */
export const MesonErrorSchema = Type.Object({
  error: Type.Object({
    code: Type.Optional(Type.Union([Type.Integer(), Type.String({ maxLength: 64 })])),
    message: Type.Optional(Type.String({ maxLength: 2_000 })),
    data: Type.Optional(Type.Unknown()),
  }),
});
export type MesonError = Static<typeof MesonErrorSchema>;

export const MesonSubmitSchema = Type.Object({ result: Type.Object({ swapId: HEX32 }) });

/**
 * Status: each step key present carries its transaction hash (meson.dev check-swap); `expired` when
 * the swap can no longer execute. Keys beyond the documented ones pass through and are reported.
 */
export const MesonStatusSchema = Type.Object({
  result: Type.Record(Type.String({ maxLength: 64 }), Type.Unknown()),
});
export type MesonStatusBody = Static<typeof MesonStatusSchema>;

export const MesonContextSchema = Type.Object({
  from: Type.String({ maxLength: 64 }),
  to: Type.String({ maxLength: 64 }),
  /** Decimal token units sent to the relayer (6 decimals at most). */
  amount: DECIMAL,
  totalFee: DECIMAL,
  /** Set by build. */
  encoded: Type.Optional(HEX32),
  initiator: Type.Optional(EVM_ADDRESS),
  recipient: Type.Optional(EVM_ADDRESS),
  /** keccak256(encoded ‖ initiator): the id status asks about. */
  swapId: Type.Optional(HEX32),
});
export type MesonContext = Static<typeof MesonContextSchema>;
