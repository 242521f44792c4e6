import { getAddress, parseSignature, recoverTypedDataAddress, zeroAddress, type Address, type Hex, type LocalAccount, type TypedDataDomain } from 'viem';

/**
 * HyperCore's user-signed transfer actions, signed with viem's EIP-712 (`signTypedData`), exactly as
 * the official SDKs sign them (hyperliquid-python-sdk `hyperliquid/utils/signing.py`,
 * nktkas/hyperliquid `src/signing/_userSigned.ts`):
 *
 * - domain `{ name: "HyperliquidSignTransaction", version: "1", chainId: <signatureChainId>, verifyingContract: 0x0…0 }`;
 * - primary type `HyperliquidTransaction:<Action>` with the SDKs' field lists, below;
 * - `hyperliquidChain` (`Mainnet`/`Testnet`) is what keeps an action from replaying on the other
 *   network; `signatureChainId` only names the chain the wallet signed for, and any chain id works.
 *
 * Amounts are decimal strings in whole USDC ("25.5"); Strait counts 6-decimal atomic units, so
 * {@link formatUsdc} and {@link parseUsdc} are the only bridges between the two.
 */

export type HyperCoreNetwork = 'Mainnet' | 'Testnet';

/** The spot USDC token as `spotSend` names it: `<name>:<tokenId>` (hyperliquid docs, `spotMeta` token 0). */
export const SPOT_USDC_TOKEN = 'USDC:0x6d1e7cde53ba9467b783cb7c530ce054';

/** The chain id each network's actions are signed for by default: Arbitrum One / Arbitrum Sepolia's 0x66eee. */
export const SIGNATURE_CHAIN_ID: Readonly<Record<HyperCoreNetwork, Hex>> = { Mainnet: '0xa4b1', Testnet: '0x66eee' };

/** Perps USDC to another account (`usdSend`, the SDKs' `usd_transfer`). `time` is the nonce. */
export interface UsdSendAction {
  readonly type: 'usdSend';
  readonly signatureChainId: Hex;
  readonly hyperliquidChain: HyperCoreNetwork;
  readonly destination: string;
  readonly amount: string;
  readonly time: number;
}

/** A spot token to another account (`spotSend`); Strait only sends {@link SPOT_USDC_TOKEN}. `time` is the nonce. */
export interface SpotSendAction {
  readonly type: 'spotSend';
  readonly signatureChainId: Hex;
  readonly hyperliquidChain: HyperCoreNetwork;
  readonly destination: string;
  readonly token: string;
  readonly amount: string;
  readonly time: number;
}

/** The signer's own USDC between perps and spot (`toPerp: true` moves spot → perps). */
export interface UsdClassTransferAction {
  readonly type: 'usdClassTransfer';
  readonly signatureChainId: Hex;
  readonly hyperliquidChain: HyperCoreNetwork;
  readonly amount: string;
  readonly toPerp: boolean;
  readonly nonce: number;
}

export type HyperCoreAction = UsdSendAction | SpotSendAction | UsdClassTransferAction;

/**
 * What `POST /exchange` takes, as is: JSON-safe (no bigint), so it can be stored before it is sent and
 * sent again unchanged (the exchange then answers the duplicate nonce instead of moving funds twice).
 */
export interface SignedHyperCoreAction {
  readonly action: UsdSendAction | SpotSendAction | UsdClassTransferAction;
  readonly nonce: number;
  readonly signature: { readonly r: Hex; readonly s: Hex; readonly v: number };
}

/** The EIP-712 field list of each action, as signing.py's `*_SIGN_TYPES`. */
const SIGN_TYPES = {
  usdSend: {
    primaryType: 'HyperliquidTransaction:UsdSend',
    fields: [
      { name: 'hyperliquidChain', type: 'string' },
      { name: 'destination', type: 'string' },
      { name: 'amount', type: 'string' },
      { name: 'time', type: 'uint64' },
    ],
  },
  spotSend: {
    primaryType: 'HyperliquidTransaction:SpotSend',
    fields: [
      { name: 'hyperliquidChain', type: 'string' },
      { name: 'destination', type: 'string' },
      { name: 'token', type: 'string' },
      { name: 'amount', type: 'string' },
      { name: 'time', type: 'uint64' },
    ],
  },
  usdClassTransfer: {
    primaryType: 'HyperliquidTransaction:UsdClassTransfer',
    fields: [
      { name: 'hyperliquidChain', type: 'string' },
      { name: 'amount', type: 'string' },
      { name: 'toPerp', type: 'bool' },
      { name: 'nonce', type: 'uint64' },
    ],
  },
} as const;

const USDC_DECIMALS = 6;

/** 6-decimal atomic USDC → the decimal string the exchange takes: `25500000n` → `"25.5"`, `25000000n` → `"25"`. */
export function formatUsdc(atomic: bigint): string {
  if (atomic < 0n) throw new RangeError(`a HyperCore amount cannot be negative: ${atomic}`);
  const whole = atomic / 10n ** BigInt(USDC_DECIMALS);
  const fraction = (atomic % 10n ** BigInt(USDC_DECIMALS)).toString().padStart(USDC_DECIMALS, '0').replace(/0+$/, '');
  return fraction ? `${whole}.${fraction}` : whole.toString();
}

/**
 * A decimal USDC string the API sent → 6-decimal atomic, rounding DOWN. The API carries up to 8
 * decimals (USDC's `weiDecimals`) and its ledger even float noise ("2703997.4500000002"): what lies
 * past the 6th decimal is dropped, never rounded up into money Strait does not have.
 */
export function parseUsdc(decimal: string): bigint {
  const match = /^([0-9]+)(?:\.([0-9]+))?$/.exec(decimal.trim());
  if (!match) throw new RangeError(`not a non-negative decimal USDC amount: '${decimal}'`);
  const fraction = (match[2] ?? '').slice(0, USDC_DECIMALS).padEnd(USDC_DECIMALS, '0');
  return BigInt(match[1]!) * 10n ** BigInt(USDC_DECIMALS) + BigInt(fraction);
}

/** Parameters of {@link signUsdSend} and {@link signSpotSend}. */
export interface SignSendParams {
  readonly network: HyperCoreNetwork;
  readonly destination: Address;
  readonly amountAtomic: bigint;
  /** Milliseconds; the action's `time` and the request's nonce (unique per signer). */
  readonly nonce: number;
  /** The chain id the wallet signs for; {@link SIGNATURE_CHAIN_ID} of the network by default. */
  readonly signatureChainId?: Hex;
}

/** Parameters of {@link signUsdClassTransfer}. */
export interface SignUsdClassTransferParams {
  readonly network: HyperCoreNetwork;
  readonly amountAtomic: bigint;
  /** true: spot → perps; false: perps → spot. */
  readonly toPerp: boolean;
  readonly nonce: number;
  readonly signatureChainId?: Hex;
}

/** Signs a `usdSend`: `amountAtomic` of the signer's perps USDC to `destination`'s perps balance. */
export function signUsdSend(account: LocalAccount, p: SignSendParams): Promise<SignedHyperCoreAction> {
  const action: UsdSendAction = {
    type: 'usdSend',
    signatureChainId: p.signatureChainId ?? SIGNATURE_CHAIN_ID[p.network],
    hyperliquidChain: p.network,
    // Lower case, as nktkas/hyperliquid sends it: the string is signed, so it must be sent as signed.
    destination: p.destination.toLowerCase(),
    amount: formatUsdc(p.amountAtomic),
    time: p.nonce,
  };
  return sign(account, action, p.nonce);
}

/** Signs a `spotSend` of spot USDC ({@link SPOT_USDC_TOKEN}) to `destination`'s spot balance. */
export function signSpotSend(account: LocalAccount, p: SignSendParams): Promise<SignedHyperCoreAction> {
  const action: SpotSendAction = {
    type: 'spotSend',
    signatureChainId: p.signatureChainId ?? SIGNATURE_CHAIN_ID[p.network],
    hyperliquidChain: p.network,
    destination: p.destination.toLowerCase(),
    token: SPOT_USDC_TOKEN,
    amount: formatUsdc(p.amountAtomic),
    time: p.nonce,
  };
  return sign(account, action, p.nonce);
}

/** Signs a `usdClassTransfer`: the signer's own USDC between its perps and spot balances. */
export function signUsdClassTransfer(account: LocalAccount, p: SignUsdClassTransferParams): Promise<SignedHyperCoreAction> {
  const action: UsdClassTransferAction = {
    type: 'usdClassTransfer',
    signatureChainId: p.signatureChainId ?? SIGNATURE_CHAIN_ID[p.network],
    hyperliquidChain: p.network,
    amount: formatUsdc(p.amountAtomic),
    toPerp: p.toPerp,
    nonce: p.nonce,
  };
  return sign(account, action, p.nonce);
}

/** The address whose key signed `signed` (what the exchange debits). Throws when no address can be recovered. */
export function recoverActionSigner(signed: SignedHyperCoreAction): Promise<Address> {
  const { r, s, v } = signed.signature;
  return recoverTypedDataAddress({ ...typedDataOf(signed.action), signature: { r, s, v: BigInt(v) } }).then((address) => getAddress(address));
}

async function sign(account: LocalAccount, action: HyperCoreAction, nonce: number): Promise<SignedHyperCoreAction> {
  if (!Number.isSafeInteger(nonce) || nonce <= 0) throw new RangeError(`a HyperCore nonce is a positive integer of milliseconds: ${nonce}`);
  if (!account.signTypedData) throw new TypeError('the account cannot sign typed data');
  const { r, s, v, yParity } = parseSignature(await account.signTypedData(typedDataOf(action)));
  return { action, nonce, signature: { r, s, v: v === undefined ? 27 + yParity : Number(v) } };
}

/** The EIP-712 payload of an action: the SDKs' domain and field list, its own values. */
export function typedDataOf(action: HyperCoreAction) {
  const { primaryType, fields } = SIGN_TYPES[action.type];
  const domain: TypedDataDomain = {
    name: 'HyperliquidSignTransaction',
    version: '1',
    chainId: Number.parseInt(action.signatureChainId, 16),
    verifyingContract: zeroAddress,
  };
  const message: Record<string, unknown> = {};
  for (const field of fields) message[field.name] = (action as unknown as Record<string, unknown>)[field.name];
  return { domain, types: { [primaryType]: fields }, primaryType, message } as const;
}
