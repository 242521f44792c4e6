import { parseAbi, type Address } from 'viem';
import type { ChainKey } from '../../domain/chains.ts';

/**
 * The OP Stack chains Strait bridges to and from Ethereum through the canonical Standard Bridge.
 * L1 addresses: ethereum-optimism/superchain-registry@03dd74e67e643b1be9cbe963fcbdc302c44cd6ea
 * superchain/configs/mainnet/op.toml and @0ab241dfa733589f488d26356e168edde4b0be19 …/base.toml
 * ([addresses] L1StandardBridgeProxy, OptimismPortalProxy, DisputeGameFactoryProxy,
 * L1CrossDomainMessengerProxy for OP; Base's messenger from Base's contracts page, the same address
 * viem and L2Beat name). The L2 side is the predeploys, the same on every OP Stack chain
 * (ethereum-optimism/optimism specs/predeploys.md).
 */

export interface OpStackTokenPair {
  readonly symbol: string;
  /** On Ethereum; `null` for ETH. */
  readonly l1: Address | null;
  /** The OptimismMintableERC20 whose `remoteToken` is `l1`; `null` for ETH. */
  readonly l2: Address | null;
  readonly decimals: number;
}

export interface OpStackChain {
  readonly key: ChainKey;
  readonly chainId: number;
  readonly l1StandardBridge: Address;
  readonly l1CrossDomainMessenger: Address;
  readonly portal: Address;
  readonly disputeGameFactory: Address;
  /** The native USDC Circle issues on the L2: not reachable through the Standard Bridge (a typed refusal). */
  readonly nativeUsdc: Address;
  readonly tokens: readonly OpStackTokenPair[];
}

export const L1_CHAIN: ChainKey = 'ethereum';
export const L1_CHAIN_ID = 1;
const L1_USDC: Address = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48';

export const L2_STANDARD_BRIDGE: Address = '0x4200000000000000000000000000000000000010';
export const L2_CROSS_DOMAIN_MESSENGER: Address = '0x4200000000000000000000000000000000000007';
export const L2_TO_L1_MESSAGE_PASSER: Address = '0x4200000000000000000000000000000000000016';
/** What L2StandardBridge.withdrawTo takes as the token of an ETH withdrawal (Predeploys.LEGACY_ERC20_ETH). */
export const LEGACY_ERC20_ETH: Address = '0xDeadDeAddeAddEAddeadDEaDDEAdDeaDDeAD0000';
/** Gas the bridge's relay gets on the other side: StandardBridge's own RECEIVE_DEFAULT_GAS_LIMIT. */
export const MIN_GAS_LIMIT = 200_000;

export const OPSTACK_CHAINS: readonly OpStackChain[] = [
  {
    key: 'optimism',
    chainId: 10,
    l1StandardBridge: '0x99C9fc46f92E8a1c0deC1b1747d010903E884bE1',
    l1CrossDomainMessenger: '0x25ace71c97B33Cc4729CF772ae268934F7ab5fA1',
    portal: '0xbEb5Fc579115071764c7423A4f12eDde41f106Ed',
    disputeGameFactory: '0xe5965Ab5962eDc7477C8520243A95517CD252fA9',
    nativeUsdc: '0x0b2C639c533813f4Aa9D7837CAf62653d097Ff85',
    tokens: [
      { symbol: 'ETH', l1: null, l2: null, decimals: 18 },
      // USDC.e: the Uniswap default list (src/domain/tokenLists) and the Optimism token list's bridged USDC.
      { symbol: 'USDC.e', l1: L1_USDC, l2: '0x7F5c764cBc14f9669B88837ca1490cCa17c31607', decimals: 6 },
    ],
  },
  {
    key: 'base',
    chainId: 8453,
    l1StandardBridge: '0x3154Cf16ccdb4C6d922629664174b904d80F2C35',
    l1CrossDomainMessenger: '0x866E82a600A1414e583f7F13623F1aC5d58b0Afa',
    portal: '0x49048044D57e1C92A77f79988d21Fa8fAF74E97e',
    disputeGameFactory: '0x43edB88C4B80fDD2AdFF2412A7BebF9dF42cB40e',
    nativeUsdc: '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913',
    tokens: [
      { symbol: 'ETH', l1: null, l2: null, decimals: 18 },
      // USDbC: ethereum-optimism/ethereum-optimism.github.io data/USDbC/data.json.
      { symbol: 'USDbC', l1: L1_USDC, l2: '0xd9aAEc86B65D86f6A7B5B1b0c42FFA531710b6CA', decimals: 6 },
    ],
  },
];

export function opStackChain(key: ChainKey): OpStackChain | undefined {
  return OPSTACK_CHAINS.find((c) => c.key === key);
}

export function opStackChainById(chainId: number | null): OpStackChain | undefined {
  return OPSTACK_CHAINS.find((c) => c.chainId === chainId);
}

/** The signatures of ethereum-optimism/optimism packages/contracts-bedrock (L1StandardBridge, StandardBridge). */
export const l1StandardBridgeAbi = parseAbi([
  'function depositETHTo(address _to, uint32 _minGasLimit, bytes _extraData) payable',
  'function depositERC20To(address _l1Token, address _l2Token, address _to, uint256 _amount, uint32 _minGasLimit, bytes _extraData)',
  'function finalizeBridgeETH(address _from, address _to, uint256 _amount, bytes _extraData) payable',
  'function finalizeBridgeERC20(address _localToken, address _remoteToken, address _from, address _to, uint256 _amount, bytes _extraData)',
  'function paused() view returns (bool)',
]);

export const l2StandardBridgeAbi = parseAbi([
  'function withdrawTo(address _l2Token, address _to, uint256 _amount, uint32 _minGasLimit, bytes _extraData) payable',
  'function finalizeBridgeETH(address _from, address _to, uint256 _amount, bytes _extraData) payable',
  'function finalizeBridgeERC20(address _localToken, address _remoteToken, address _from, address _to, uint256 _amount, bytes _extraData)',
  'event DepositFinalized(address indexed l1Token, address indexed l2Token, address indexed from, address to, uint256 amount, bytes extraData)',
]);

export const crossDomainMessengerAbi = parseAbi([
  'function relayMessage(uint256 _nonce, address _sender, address _target, uint256 _value, uint256 _minGasLimit, bytes _message) payable',
  'event RelayedMessage(bytes32 indexed msgHash)',
  'event FailedRelayedMessage(bytes32 indexed msgHash)',
]);

/** OptimismPortal2 (fault proofs): the withdrawal's prove and finalize, and the reads of its progress. */
export const portalAbi = parseAbi([
  'struct WithdrawalTransaction { uint256 nonce; address sender; address target; uint256 value; uint256 gasLimit; bytes data; }',
  'struct OutputRootProof { bytes32 version; bytes32 stateRoot; bytes32 messagePasserStorageRoot; bytes32 latestBlockhash; }',
  'function proveWithdrawalTransaction(WithdrawalTransaction _tx, uint256 _disputeGameIndex, OutputRootProof _outputRootProof, bytes[] _withdrawalProof)',
  'function finalizeWithdrawalTransaction(WithdrawalTransaction _tx)',
  'function finalizeWithdrawalTransactionExternalProof(WithdrawalTransaction _tx, address _proofSubmitter)',
  'function provenWithdrawals(bytes32 withdrawalHash, address proofSubmitter) view returns (address disputeGameProxy, uint64 timestamp)',
  'function finalizedWithdrawals(bytes32 withdrawalHash) view returns (bool)',
  'function numProofSubmitters(bytes32 withdrawalHash) view returns (uint256)',
  'function proofSubmitters(bytes32 withdrawalHash, uint256 index) view returns (address)',
  'function checkWithdrawal(bytes32 withdrawalHash, address proofSubmitter) view',
  'function proofMaturityDelaySeconds() view returns (uint256)',
  'function disputeGameFinalityDelaySeconds() view returns (uint256)',
  'function respectedGameType() view returns (uint32)',
  'function paused() view returns (bool)',
  'event TransactionDeposited(address indexed from, address indexed to, uint256 indexed version, bytes opaqueData)',
  'event WithdrawalFinalized(bytes32 indexed withdrawalHash, bool success)',
]);

export const disputeGameFactoryAbi = parseAbi([
  'struct GameSearchResult { uint256 index; bytes32 metadata; uint64 timestamp; bytes32 rootClaim; bytes extraData; }',
  'function gameCount() view returns (uint256)',
  'function findLatestGames(uint32 _gameType, uint256 _start, uint256 _n) view returns (GameSearchResult[] games_)',
]);

/** GameStatus of contracts-bedrock Types.sol: 0 IN_PROGRESS, 1 CHALLENGER_WINS, 2 DEFENDER_WINS. */
export const GAME_DEFENDER_WINS = 2;
export const disputeGameAbi = parseAbi(['function status() view returns (uint8)', 'function resolvedAt() view returns (uint64)']);
