// The package's public entry (its `exports`): everything an integrator imports from @strait/client.
export { createStraitClient, type CreateStraitClientParams, type StraitClient } from './createStraitClient.ts';
export { runTransfer, type ReceiptReader, type RunTransferParams, type RunTransferResult, type TransferProgress } from './runTransfer.ts';
export { watchTransfer, type TransferEvent, type WatchTransferParams } from './watchTransfer.ts';
export { walletSigner, type AccountWalletClient, type EvmSigner, type EvmTransactionRequest } from './walletSigner.ts';
export { streamQuote, type QuoteStreamEvent, type StreamQuoteParams } from './streamQuote.ts';
export { readServerSentEvents, type ServerSentEvent } from './readServerSentEvents.ts';
export { unwrap, type FetchResult } from './unwrap.ts';
export { StraitApiError, type UnexpectedResponseEnvelope } from './StraitApiError.ts';
export { StraitClientError } from './StraitClientError.ts';
export { EVM_CHAIN_IDS } from './evmChainIds.ts';
export * from './straitTypes.ts';
export type { components, operations, paths } from './generated/straitApi.ts';
