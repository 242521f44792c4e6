import { parseAbi, parseAbiItem, type Address } from 'viem';

/**
 * Arbitrum One's bridge, pinned from Offchain Labs' SDK network list (OffchainLabs/arbitrum-sdk
 * @7948889f:packages/sdk/src/lib/dataEntities/networks.ts, `mainnetETHBridge`/`mainnetTokenBridge`)
 * and its precompile constants (…/dataEntities/constants.ts). Parent chain: Ethereum (1).
 */
export const PARENT_CHAIN = 'ethereum' as const;
export const CHILD_CHAIN = 'arbitrum' as const;
export const PARENT_CHAIN_ID = 1;
export const CHILD_CHAIN_ID = 42161;

export const INBOX: Address = '0x4Dbd4fc535Ac27206064B68FfCf827b0A60BAB3f';
export const BRIDGE: Address = '0x8315177aB297bA92A06054cE80a67Ed4DBd7ed3a';
export const OUTBOX: Address = '0x0B9857ae2D4A3DBe74ffE1d7DF045bb7F96E4840';
export const ROLLUP: Address = '0x4DCeB440657f21083db8aDd07665f8ddBe1DCfc0';
export const L1_GATEWAY_ROUTER: Address = '0x72Ce9c846789fdB6fC1f34aC4AD25Dd9ef7031ef';
export const L1_ERC20_GATEWAY: Address = '0xa3A7B6F88361F48403514059F1F16C8E78d60EeC';
export const L1_WETH_GATEWAY: Address = '0xd92023E9d9911199a6711321D1277285e6d4e2db';
export const L2_GATEWAY_ROUTER: Address = '0x5288c571Fd7aD117beA99bF60FE0846C4E84F933';
export const L2_ERC20_GATEWAY: Address = '0x09e9222E96E7B4AE2a407B98d48e330053351EEe';
export const L2_WETH_GATEWAY: Address = '0x6c411aD3E74De3E7Bd422b94A27770f5B86C623B';

export const ARB_SYS: Address = '0x0000000000000000000000000000000000000064';
export const ARB_RETRYABLE_TX: Address = '0x000000000000000000000000000000000000006E';
export const NODE_INTERFACE: Address = '0x00000000000000000000000000000000000000C8';

/** Rollup.confirmPeriodBlocks of Arbitrum One (SDK network list): L1 blocks of the challenge period. */
export const CONFIRM_PERIOD_BLOCKS = 45_818;

/**
 * The tokens the gateways move that Strait routes, each pinned to its gateways on both sides. The
 * standard gateway's USDC counterpart is bridged USDC.e, not Circle's native USDC on Arbitrum
 * (`0xaf88…5831`, served by `cctp`): a native-USDC destination is no route here.
 */
export interface GatewayToken {
  readonly symbol: string;
  readonly l1: Address;
  readonly l2: Address;
  readonly l1Gateway: Address;
  readonly l2Gateway: Address;
  /**
   * What the withdrawal's L2→L1 message carries as value: the WETH gateway unwraps on L2 and sends
   * the ETH along (the L1 gateway wraps it again); the standard gateway sends none.
   */
  readonly withdrawalCallValue: 'amount' | 'none';
}

export const GATEWAY_TOKENS: readonly GatewayToken[] = [
  {
    symbol: 'WETH',
    l1: '0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2',
    l2: '0x82aF49447D8a07e3bd95BD0d56f35241523fBab1',
    l1Gateway: L1_WETH_GATEWAY,
    l2Gateway: L2_WETH_GATEWAY,
    withdrawalCallValue: 'amount',
  },
  {
    symbol: 'USDC.e',
    l1: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48',
    l2: '0xFF970A61A04b1cA14834A43f5dE4533eBDDB5CC8',
    l1Gateway: L1_ERC20_GATEWAY,
    l2Gateway: L2_ERC20_GATEWAY,
    withdrawalCallValue: 'none',
  },
];

const same = (a: string, b: string): boolean => a.toLowerCase() === b.toLowerCase();
export const gatewayTokenByL1 = (address: string): GatewayToken | undefined => GATEWAY_TOKENS.find((t) => same(t.l1, address));
export const gatewayTokenByL2 = (address: string): GatewayToken | undefined => GATEWAY_TOKENS.find((t) => same(t.l2, address));

export const inboxAbi = parseAbi([
  'function createRetryableTicket(address to, uint256 l2CallValue, uint256 maxSubmissionCost, address excessFeeRefundAddress, address callValueRefundAddress, uint256 gasLimit, uint256 maxFeePerGas, bytes data) payable returns (uint256)',
  'function depositEth() payable returns (uint256)',
  'function calculateRetryableSubmissionFee(uint256 dataLength, uint256 baseFee) view returns (uint256)',
  'event InboxMessageDelivered(uint256 indexed messageNum, bytes data)',
]);

export const bridgeAbi = parseAbi([
  'event MessageDelivered(uint256 indexed messageIndex, bytes32 indexed beforeInboxAcc, address inbox, uint8 kind, address sender, bytes32 messageDataHash, uint256 baseFeeL1, uint64 timestamp)',
]);

export const l1GatewayRouterAbi = parseAbi([
  'function outboundTransfer(address _token, address _to, uint256 _amount, uint256 _maxGas, uint256 _gasPriceBid, bytes _data) payable returns (bytes)',
  'function outboundTransferCustomRefund(address _token, address _refundTo, address _to, uint256 _amount, uint256 _maxGas, uint256 _gasPriceBid, bytes _data) payable returns (bytes)',
  'function getGateway(address _token) view returns (address)',
  'function calculateL2TokenAddress(address l1ERC20) view returns (address)',
]);

/** What a token gateway's retryable (and an L2 gateway's L2→L1 message) calls on the other side. */
export const gatewayAbi = parseAbi(['function finalizeInboundTransfer(address _token, address _from, address _to, uint256 _amount, bytes _data) payable']);

export const l2GatewayRouterAbi = parseAbi([
  'function outboundTransfer(address _l1Token, address _to, uint256 _amount, bytes _data) payable returns (bytes)',
  'function calculateL2TokenAddress(address l1ERC20) view returns (address)',
]);

export const l2ToL1TxEvent = parseAbiItem(
  'event L2ToL1Tx(address caller, address indexed destination, uint256 indexed hash, uint256 indexed position, uint256 arbBlockNum, uint256 ethBlockNum, uint256 timestamp, uint256 callvalue, bytes data)',
);
export const arbSysAbi = [...parseAbi(['function withdrawEth(address destination) payable returns (uint256)']), l2ToL1TxEvent] as const;

export const redeemScheduledEvent = parseAbiItem(
  'event RedeemScheduled(bytes32 indexed ticketId, bytes32 indexed retryTxHash, uint64 indexed sequenceNum, uint64 donatedGas, address gasDonor, uint256 maxRefund, uint256 submissionFeeRefund)',
);
export const arbRetryableTxAbi = [
  ...parseAbi(['function redeem(bytes32 ticketId) returns (bytes32)', 'function getTimeout(bytes32 ticketId) view returns (uint256)', 'event TicketCreated(bytes32 indexed ticketId)']),
  redeemScheduledEvent,
] as const;

export const sendRootUpdatedEvent = parseAbiItem('event SendRootUpdated(bytes32 indexed outputRoot, bytes32 indexed l2BlockHash)');
export const outBoxTransactionExecutedEvent = parseAbiItem('event OutBoxTransactionExecuted(address indexed to, address indexed l2Sender, uint256 indexed zero, uint256 transactionIndex)');
export const outboxAbi = [
  ...parseAbi([
    'function executeTransaction(bytes32[] proof, uint256 index, address l2Sender, address to, uint256 l2Block, uint256 l1Block, uint256 l2Timestamp, uint256 value, bytes data)',
    'function isSpent(uint256 index) view returns (bool)',
    'function roots(bytes32 root) view returns (bytes32)',
  ]),
  sendRootUpdatedEvent,
  outBoxTransactionExecutedEvent,
] as const;

export const nodeInterfaceAbi = parseAbi(['function constructOutboxProof(uint64 size, uint64 leaf) view returns (bytes32 send, bytes32 root, bytes32[] proof)']);

/** Kind of a retryable ticket's message in the Bridge (nitro-contracts `L1MessageType_submitRetryableTx`). */
export const SUBMIT_RETRYABLE_KIND = 9;
