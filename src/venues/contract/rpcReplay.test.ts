import { describe, expect, it } from 'vitest';
import type { RecordedRpcCall } from './ContractCase.ts';
import { recordedCallFor, replayedEvm } from './rpcReplay.ts';

const MESSENGER = '0x14E4A1B13bf7F943c8ff7C51fb60FA964A298D92';
const calls: RecordedRpcCall[] = [
  { chain: 'arbitrum', method: 'eth_call', to: MESSENGER, selector: '0xfc0c546a', answer: { file: 'synthetic/token.json' } },
  { chain: 'arbitrum', method: 'eth_call', to: MESSENGER, selector: '0x0d35b415', answer: { file: 'synthetic/quote-oft.json' } },
  { chain: 'arbitrum', method: 'eth_blockNumber', answer: { file: 'synthetic/block-number.json' } },
];
const ethCall = (to: string, data: string) => JSON.stringify({ jsonrpc: '2.0', id: 7, method: 'eth_call', params: [{ to, data }, 'latest'] });

describe('recordedCallFor', () => {
  it('picks the answer by method, contract (any case) and selector, whatever the arguments', () => {
    expect(recordedCallFor(calls, 'arbitrum', ethCall(MESSENGER.toLowerCase(), `0x0d35b415${'00'.repeat(64)}`))?.answer.file).toBe('synthetic/quote-oft.json');
    expect(recordedCallFor(calls, 'arbitrum', ethCall(MESSENGER, '0xFC0C546A'))?.answer.file).toBe('synthetic/token.json');
    expect(recordedCallFor(calls, 'arbitrum', JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_blockNumber', params: [] }))?.answer.file).toBe('synthetic/block-number.json');
  });

  it('answers nothing for another chain, contract, selector or method, a batch or a body that is not JSON', () => {
    expect(recordedCallFor(calls, 'ethereum', ethCall(MESSENGER, '0xfc0c546a'))).toBeNull();
    expect(recordedCallFor(calls, 'arbitrum', ethCall('0x0000000000000000000000000000000000000001', '0xfc0c546a'))).toBeNull();
    expect(recordedCallFor(calls, 'arbitrum', ethCall(MESSENGER, '0x3b6f743b'))).toBeNull();
    expect(recordedCallFor(calls, 'arbitrum', JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] }))).toBeNull();
    expect(recordedCallFor(calls, 'arbitrum', `[${ethCall(MESSENGER, '0xfc0c546a')}]`)).toBeNull();
    expect(recordedCallFor(calls, 'arbitrum', 'not json')).toBeNull();
  });
});

describe('recordedCallFor with params', () => {
  const HASH = `0x${'ab'.repeat(32)}`;
  const receipts: RecordedRpcCall[] = [
    { chain: 'base', method: 'eth_getTransactionReceipt', params: [HASH], answer: { file: 'real/receipt.json' } },
    { chain: 'base', method: 'eth_getTransactionReceipt', answer: { file: 'synthetic/null.json' } },
  ];
  const receipt = (hash: string) => JSON.stringify({ jsonrpc: '2.0', id: 3, method: 'eth_getTransactionReceipt', params: [hash] });

  it("serves a call recorded for a transaction only to a request for that transaction (any case), the others to the next answer", () => {
    expect(recordedCallFor(receipts, 'base', receipt(HASH.toUpperCase().replace('0X', '0x')))?.answer.file).toBe('real/receipt.json');
    expect(recordedCallFor(receipts, 'base', receipt(`0x${'cd'.repeat(32)}`))?.answer.file).toBe('synthetic/null.json');
    expect(recordedCallFor(receipts.slice(0, 1), 'base', receipt(`0x${'cd'.repeat(32)}`))).toBeNull();
  });
});

describe('replayedEvm', () => {
  it('gives a client for the chains a case records only, the same one each time', () => {
    const evm = replayedEvm(calls, 'http://127.0.0.1:1');
    expect(evm('arbitrum')).not.toBeNull();
    expect(evm('arbitrum')).toBe(evm('arbitrum'));
    expect(evm('ethereum')).toBeNull();
    expect(replayedEvm(undefined, 'http://127.0.0.1:1')('arbitrum')).toBeNull();
  });
});
