import { parseAbi, type Address } from 'viem';
import { evmChainId, type ChainKey } from '../../domain/chains.ts';

/**
 * USDT0's OFT messengers: the contract a transfer calls on each chain, its LayerZero v2 endpoint id,
 * and the token it moves. On Ethereum the messenger is `OAdapterUpgradeable`, which locks the legacy
 * USDT it pulls with `transferFrom` (so the wallet approves it); elsewhere it is the USDT0 OFT
 * (`OUpgradeable`), which burns the caller's USDT0 itself and needs no approval.
 *
 * Sources (pinned from deployment lists, never from an answer): stableflow-ai/stableflow-interface
 * @ee15fc05dc3be921895fd1f458ba9c0327fefcdf:src/services/usdt0/config.ts (messenger, token and EID of
 * Ethereum, Arbitrum, Polygon, Optimism); Across's `OFT_MESSENGERS.USDT` table (which cites
 * docs.usdt0.to "Developer") for the same messengers and Unichain's and Ink's; shared/venues/usdt0.md
 * for the Unichain and Ink tokens and EIDs. The messenger's `token()` is read at every quote
 * and must name the token of this table, so a wrong row refuses instead of pricing.
 */
export interface Usdt0Chain {
  readonly key: ChainKey;
  readonly eid: number;
  readonly messenger: Address;
  readonly token: Address;
  /** The messenger pulls the token (`approvalRequired()`): only Ethereum's adapter. */
  readonly pullsToken: boolean;
}

export const USDT0_CHAINS: readonly Usdt0Chain[] = [
  { key: 'ethereum', eid: 30101, messenger: '0x6C96dE32CEa08842dcc4058c14d3aaAD7Fa41dee', token: '0xdAC17F958D2ee523a2206206994597C13D831ec7', pullsToken: true },
  { key: 'arbitrum', eid: 30110, messenger: '0x14E4A1B13bf7F943c8ff7C51fb60FA964A298D92', token: '0xFd086bC7CD5C481DCC9C85ebE478A1C0b69FCbb9', pullsToken: false },
  { key: 'polygon', eid: 30109, messenger: '0x6BA10300f0DC58B7a1e4c0e41f5daBb7D7829e13', token: '0xc2132D05D31c914a87C6611C10748AEb04B58e8F', pullsToken: false },
  // OP Mainnet's USDT0, not the legacy bridged USDT (0x94b0…8e58) the standard bridge minted.
  { key: 'optimism', eid: 30111, messenger: '0xF03b4d9AC1D5d1E7c4cEf54C2A313b9fe051A0aD', token: '0x01bFF41798a0BcF287b996046Ca68b395DbC1071', pullsToken: false },
  { key: 'unichain', eid: 30320, messenger: '0xc07bE8994D035631c36fb4a89C918CeFB2f03EC3', token: '0x9151434b16b9763660705744891fA906F660EcC5', pullsToken: false },
  { key: 'ink', eid: 30339, messenger: '0x1cB6De532588fCA4a21B7209DE7C456AF8434A65', token: '0x0200C29006150606B650577BBE7B6248F58470c1', pullsToken: false },
];

export function usdt0Chain(key: ChainKey): Usdt0Chain | undefined {
  return USDT0_CHAINS.find((chain) => chain.key === key);
}

export function usdt0ChainById(chainId: number): Usdt0Chain | undefined {
  return USDT0_CHAINS.find((chain) => evmChainId(chain.key) === chainId);
}

export function usdt0ChainByEid(eid: number): Usdt0Chain | undefined {
  return USDT0_CHAINS.find((chain) => chain.eid === eid);
}

/** USDT and USDT0 keep 6 decimals everywhere; the OFTs' shared decimals are 6 too (read at quote). */
export const USDT0_DECIMALS = 6;

/**
 * The views the adapter reads (LayerZero-Labs/devtools `packages/oft-evm/contracts/interfaces/IOFT.sol`
 * and `OFTCore.sol`): `quoteOFT` for the amounts and limits, `quoteSend` for the LayerZero fee,
 * `token()` and `sharedDecimals()` to check the messenger is what the table says.
 */
export const oftViewAbi = parseAbi([
  'struct SendParam { uint32 dstEid; bytes32 to; uint256 amountLD; uint256 minAmountLD; bytes extraOptions; bytes composeMsg; bytes oftCmd; }',
  'struct OFTLimit { uint256 minAmountLD; uint256 maxAmountLD; }',
  'struct OFTFeeDetail { int256 feeAmountLD; string description; }',
  'struct OFTReceipt { uint256 amountSentLD; uint256 amountReceivedLD; }',
  'struct MessagingFee { uint256 nativeFee; uint256 lzTokenFee; }',
  'function quoteOFT(SendParam _sendParam) view returns (OFTLimit, OFTFeeDetail[], OFTReceipt)',
  'function quoteSend(SendParam _sendParam, bool _payInLzToken) view returns (MessagingFee)',
  'function token() view returns (address)',
  'function sharedDecimals() view returns (uint8)',
  'error SlippageExceeded(uint256 amountLD, uint256 minAmountLD)',
  'error NoPeer(uint32 eid)',
  'error InvalidLocalDecimals()',
  'error AmountSDOverflowed(uint256 amountSD)',
]);
