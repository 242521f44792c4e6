import { getAbiItem, parseAbi, type Address } from 'viem';
import type { ChainKey } from '../../domain/chains.ts';

/**
 * Wormhole Portal (Token Bridge) on the EVM chains Strait knows. Wormhole numbers chains with its own
 * 16-bit ids. Addresses are pinned from wormhole-foundation/wormhole-sdk-ts
 * (core/base/src/constants/contracts/tokenBridge.ts@047e11dba82f53430e3ecb32eb5149859cdf78ad and
 * core.ts@03ec0e3122dd3d6d10d0df5777767a3c5ea8ef69, mainnet), never from an API answer.
 */
export interface WormholeChain {
  readonly key: ChainKey;
  /** Wormhole's chain id (the VAA's emitter chain, the payload's token and recipient chain). */
  readonly whChainId: number;
  readonly chainId: number;
  readonly tokenBridge: Address;
  /** The core bridge: `messageFee()` and the `LogMessagePublished` of the source transaction. */
  readonly core: Address;
  /** Rough seconds from the source transaction to signed VAA (source finality; SDK finality table). */
  readonly finalitySeconds: number;
}

export const WORMHOLE_CHAINS: readonly WormholeChain[] = [
  { key: 'ethereum', whChainId: 2, chainId: 1, tokenBridge: '0x3ee18B2214AFF97000D974cf647E7C347E8fa585', core: '0x98f3c9e6E3fAce36bAAd05FE09d375Ef1464288B', finalitySeconds: 1_100 },
  { key: 'bnb', whChainId: 4, chainId: 56, tokenBridge: '0xB6F6D86a8f9879A9c87f643768d9efc38c1Da6E7', core: '0x98f3c9e6E3fAce36bAAd05FE09d375Ef1464288B', finalitySeconds: 60 },
  { key: 'polygon', whChainId: 5, chainId: 137, tokenBridge: '0x5a58505a96D1dbf8dF91cB21B54419FC36e93fdE', core: '0x7A4B5a56256163F07b2C80A7cA55aBE66c4ec4d7', finalitySeconds: 300 },
  { key: 'avalanche', whChainId: 6, chainId: 43114, tokenBridge: '0x0e082F06FF657D94310cB8cE8B0D9a04541d8052', core: '0x54a8e5f9c4CbA08F9943965859F6c34eAF03E26c', finalitySeconds: 60 },
  { key: 'celo', whChainId: 14, chainId: 42220, tokenBridge: '0x796Dff6D74F3E27060B71255Fe517BFb23C93eed', core: '0xa321448d90d4e5b0A732867c18eA198e75CAC48E', finalitySeconds: 60 },
  { key: 'moonbeam', whChainId: 16, chainId: 1284, tokenBridge: '0xb1731c586ca89a23809861c6103f0b96b3f57d92', core: '0xC8e2b0cD52Cf01b0Ce87d389Daa3d414d4cE29f3', finalitySeconds: 60 },
  { key: 'arbitrum', whChainId: 23, chainId: 42161, tokenBridge: '0x0b2402144Bb366A632D14B83F244D2e0e21bD39c', core: '0xa5f208e072434bC67592E4C49C1B991BA79BCA46', finalitySeconds: 1_200 },
  { key: 'optimism', whChainId: 24, chainId: 10, tokenBridge: '0x1D68124e65faFC907325e3EDbF8c4d84499DAa8b', core: '0xEe91C335eab126dF5fDB3797EA9d6aD93aeC9722', finalitySeconds: 1_200 },
  { key: 'base', whChainId: 30, chainId: 8453, tokenBridge: '0x8d2de8d2f73F1F4cAB472AC9A881C9b123C79627', core: '0xbebdb6C8ddC678FfA9f8748f85C815C556Dd8ac6', finalitySeconds: 1_200 },
  { key: 'berachain', whChainId: 39, chainId: 80094, tokenBridge: '0x3Ff72741fd67D6AD0668d93B41a09248F4700560', core: '0xCa1D5a146B03f6303baF59e5AD5615ae0b9d146D', finalitySeconds: 60 },
  { key: 'sei', whChainId: 40, chainId: 1329, tokenBridge: '0x3Ff72741fd67D6AD0668d93B41a09248F4700560', core: '0xCa1D5a146B03f6303baF59e5AD5615ae0b9d146D', finalitySeconds: 60 },
  { key: 'unichain', whChainId: 44, chainId: 130, tokenBridge: '0x3Ff72741fd67D6AD0668d93B41a09248F4700560', core: '0xCa1D5a146B03f6303baF59e5AD5615ae0b9d146D', finalitySeconds: 1_200 },
  { key: 'worldchain', whChainId: 45, chainId: 480, tokenBridge: '0xc309275443519adca74c9136b02A38eF96E3a1f6', core: '0xcbcEe4e081464A15d8Ad5f58BB493954421eB506', finalitySeconds: 1_200 },
  { key: 'ink', whChainId: 46, chainId: 57073, tokenBridge: '0x3Ff72741fd67D6AD0668d93B41a09248F4700560', core: '0xCa1D5a146B03f6303baF59e5AD5615ae0b9d146D', finalitySeconds: 1_200 },
];

export function wormholeChain(key: string): WormholeChain | undefined {
  return WORMHOLE_CHAINS.find((chain) => chain.key === key);
}

export function wormholeChainByEvmId(chainId: number): WormholeChain | undefined {
  return WORMHOLE_CHAINS.find((chain) => chain.chainId === chainId);
}

/** The Token Bridge calls Strait makes or reads (wormhole-solidity-sdk ITokenBridge). */
export const tokenBridgeAbi = parseAbi([
  'function transferTokens(address token, uint256 amount, uint16 recipientChain, bytes32 recipient, uint256 arbiterFee, uint32 nonce) payable returns (uint64 sequence)',
  'function completeTransfer(bytes encodedVm)',
  'function wrappedAsset(uint16 tokenChainId, bytes32 tokenAddress) view returns (address)',
  'function isTransferCompleted(bytes32 hash) view returns (bool)',
  'event TransferRedeemed(uint16 indexed emitterChainId, bytes32 indexed emitterAddress, uint64 indexed sequence)',
]);

/** The core bridge: the message fee and the event that carries a published message's sequence. */
export const coreBridgeAbi = parseAbi([
  'function messageFee() view returns (uint256)',
  'event LogMessagePublished(address indexed sender, uint64 sequence, uint32 nonce, bytes payload, uint8 consistencyLevel)',
]);

export const transferRedeemedEvent = getAbiItem({ abi: tokenBridgeAbi, name: 'TransferRedeemed' });
export const logMessagePublishedEvent = getAbiItem({ abi: coreBridgeAbi, name: 'LogMessagePublished' });
