import fc from 'fast-check';
import { Compile } from 'typebox/compile';
import { decodeFunctionData, encodeAbiParameters, encodeEventTopics, encodePacked, keccak256, toHex, type Hex, type Log } from 'viem';
import { afterEach, describe, expect, it } from 'vitest';
import type { FakeSettlement, MinedTransaction } from '../fake/FakeSettlement.ts';
import { createTestVenue, testCall } from '../fake/testVenueDeps.ts';
import { MESSAGE_TRANSMITTER_V2, messageSentEvent, messageTransmitterV2Abi } from './cctpChains.ts';
import { startCctpFake, type CctpFake } from './cctpFake.ts';
import { scaledDecimal } from './cctpMapping.ts';
import { bytes32ToAddress, decodeBurnBody, decodeMessage, encodeBurnBody, encodeMessage, isForwardHookData, FORWARD_HOOK_DATA, addressToBytes32 } from './cctpMessage.ts';
import { IrisFees, IrisMessages } from './cctpSchemas.ts';
import { cctpVenue } from './cctpVenue.ts';
import { RECIPIENT, sourceBurn, stubChain, usdcOn } from './cctpTestSupport.ts';

const TX: Hex = `0x${'ab'.repeat(32)}`;
const RELAY_TX: Hex = `0x${'ee'.repeat(32)}`;

describe('cctpMessage', () => {
  const hex32 = fc.uint8Array({ minLength: 32, maxLength: 32 }).map((b) => toHex(b));
  const u32 = fc.integer({ min: 0, max: 2 ** 32 - 1 });
  const u256 = fc.bigInt({ min: 0n, max: 2n ** 256n - 1n });

  it('round-trips header and burn body', () => {
    fc.assert(
      fc.property(u32, u32, hex32, hex32, u256, u256, u256, fc.uint8Array({ maxLength: 80 }), (domain, threshold, nonce, who, amount, maxFee, fee, hook) => {
        const body = { version: 1, burnToken: who, mintRecipient: nonce, amount, messageSender: who, maxFee, feeExecuted: fee, expirationBlock: amount, hookData: toHex(hook) };
        const header = { version: 1, sourceDomain: domain, destinationDomain: threshold, nonce, sender: who, recipient: nonce, destinationCaller: who, minFinalityThreshold: threshold, finalityThresholdExecuted: domain, messageBody: encodeBurnBody(body) };
        expect(decodeMessage(encodeMessage(header))).toEqual(header);
        expect(decodeBurnBody(header.messageBody)).toEqual(body);
      }),
      { numRuns: 50 },
    );
  });

  it('lays the header out like CCTP v2 (version 1, source 3, destination 6 as in the Iris sample)', () => {
    const message = encodeMessage(sourceBurn());
    expect(message.slice(0, 26)).toBe('0x000000010000000300000006');
    expect(bytes32ToAddress(decodeBurnBody(decodeMessage(message).messageBody).mintRecipient)).toBe(RECIPIENT);
    expect(() => decodeMessage('0x0001')).toThrow(/shorter/);
  });

  it('recognises the forwarding hook and pads addresses', () => {
    expect(isForwardHookData(FORWARD_HOOK_DATA)).toBe(true);
    expect(isForwardHookData('0x')).toBe(false);
    expect(addressToBytes32(RECIPIENT)).toBe(`0x${'0'.repeat(24)}${RECIPIENT.slice(2)}`);
  });

  it('scales decimals exactly, rounding as asked', () => {
    expect(scaledDecimal(1.3, 4, 'up')).toBe(13_000n);
    expect(scaledDecimal('0.00001', 4, 'up')).toBe(1n);
    expect(scaledDecimal('0.00001', 4, 'down')).toBe(0n);
    expect(scaledDecimal(5e21, 6, 'down')).toBe(5n * 10n ** 27n);
    expect(scaledDecimal(1e-7, 6, 'up')).toBe(1n);
    expect(() => scaledDecimal('-1', 4, 'up')).toThrow();
  });
});

describe('fake Iris', () => {
  let fake: CctpFake | undefined;
  afterEach(async () => {
    await fake?.close();
    fake = undefined;
  });

  it('serves the fee table with forward fees only when asked', async () => {
    fake = await startCctpFake();
    const plain: unknown = await (await fetch(`${fake.url}/v2/burn/USDC/fees/11/6`)).json();
    expect(plain).toEqual([{ finalityThreshold: 1000, minimumFee: 1.3 }, { finalityThreshold: 2000, minimumFee: 0 }]);
    const forwarded: unknown = await (await fetch(`${fake.url}/v2/burn/USDC/fees/3/6?forward=true`)).json();
    expect(Compile(IrisFees).Check(forwarded)).toBe(true);
    expect((forwarded as { forwardFee: unknown }[])[0]?.forwardFee).toEqual({ low: 100_000, med: 200_000, high: 300_000 });
    expect((await fetch(`${fake.url}/v2/burn/USDC/fees/3/99`)).status).toBe(400);
  });
});

describe('fake Iris in sandbox mode', () => {
  let fake: CctpFake | undefined;
  afterEach(async () => {
    await fake?.close();
    fake = undefined;
  });

  function settlementWith(message: Hex, options: { success?: boolean; sendFails?: number } = {}) {
    const sent: { chainId: number; to: string; data: Hex }[] = [];
    let failures = options.sendFails ?? 0;
    const log = {
      address: MESSAGE_TRANSMITTER_V2.toLowerCase(),
      topics: encodeEventTopics({ abi: [messageSentEvent], eventName: 'MessageSent' }),
      data: encodeAbiParameters([{ type: 'bytes' }], [message]),
      logIndex: 7,
    } as unknown as Log;
    const tx: MinedTransaction = { from: RECIPIENT, to: null, input: '0x', value: 0n, success: options.success ?? true, logs: [log] };
    const settlement: FakeSettlement = {
      findTransaction: async (chainId, hash) => (chainId === 42161 && hash === TX ? tx : null),
      balanceOf: () => Promise.reject(new Error('unused')),
      pay: () => Promise.reject(new Error('unused')),
      async send(chainId, to, data) {
        if (failures-- > 0) throw new Error('solver out of gas');
        sent.push({ chainId, to, data });
        return RELAY_TX;
      },
    };
    return { settlement, sent };
  }

  const query = (url: string) => fetch(`${url}/v2/messages/3?transactionHash=${TX}`);

  it('attests the burn it finds on the source chain and forwards the mint once', async () => {
    const { settlement, sent } = settlementWith(encodeMessage(sourceBurn()));
    fake = await startCctpFake({ settlement });
    const first = await query(fake.url);
    expect(first.status).toBe(200);
    const answer: unknown = await first.json();
    expect(Compile(IrisMessages).Check(answer)).toBe(true);
    await query(fake.url);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ chainId: 8453, to: MESSAGE_TRANSMITTER_V2 });
    const call = decodeFunctionData({ abi: messageTransmitterV2Abi, data: sent[0]?.data ?? '0x' });
    if (call.functionName !== 'receiveMessage') throw new Error('expected receiveMessage');
    const [relayed, attestation] = call.args;
    expect(attestation.length).toBe(2 + 65 * 2);
    const header = decodeMessage(relayed);
    expect(header.nonce).toBe(keccak256(encodePacked(['bytes32', 'uint256'], [TX, 7n])));
    expect(header.finalityThresholdExecuted).toBe(1000);
    expect(decodeBurnBody(header.messageBody).feeExecuted).toBe(300_000n);
    const [message] = (answer as IrisMessages).messages;
    // The fake answers in the live answer's shape (fixtures/real), which writes cctpVersion as a number.
    expect(message).toMatchObject({ status: 'complete', cctpVersion: 2, message: relayed, eventNonce: header.nonce, attestation, delayReason: null });
    expect(message?.decodedMessage?.decodedMessageBody).toMatchObject({ amount: '1000000000', feeExecuted: '300000', maxFee: '301000' });
    expect(fake.relays.get(`${TX}:7`)).toBe(RELAY_TX);
  });

  it('lets the adapter report the fill once the nonce is used on the destination', async () => {
    const { settlement } = settlementWith(encodeMessage(sourceBurn()));
    fake = await startCctpFake({ settlement });
    const { venue } = createTestVenue(cctpVenue, fake.url, { evm: () => stubChain({ usedNonce: 1n, mintTx: RELAY_TX }).client });
    const status = await venue.status(
      { fromChain: 'arbitrum', toChain: 'base', toToken: usdcOn('base'), sourceTxHash: TX, recipient: RECIPIENT, amountIn: 10n ** 9n, expectedOut: 0n, context: {} },
      testCall(),
    );
    expect(status).toMatchObject({ state: 'completed', destinationTxHash: RELAY_TX, receivedAmount: 10n ** 9n - 300_000n });
  });

  it.each([
    { name: 'fast fee + forward fits', maxFee: 301_000n, threshold: 1000, fee: 300_000n, relayed: 1 },
    { name: 'only standard + forward fits', maxFee: 250_000n, threshold: 2000, fee: 200_000n, relayed: 1 },
    { name: 'forward fee does not fit: no forwarding', maxFee: 150_000n, threshold: 1000, fee: 100_000n, relayed: 0 },
  ])('executes fees within maxFee: $name', async ({ maxFee, threshold, fee, relayed }) => {
    const { settlement, sent } = settlementWith(encodeMessage(sourceBurn({ maxFee })));
    fake = await startCctpFake({ settlement });
    const answer = (await (await query(fake.url)).json()) as IrisMessages;
    expect(answer.messages[0]?.decodedMessage).toMatchObject({ finalityThresholdExecuted: String(threshold), decodedMessageBody: { feeExecuted: fee.toString() } });
    expect(sent).toHaveLength(relayed);
  });

  it('does not forward a burn without the forwarding hook, and never indexes a reverted burn', async () => {
    const plain = settlementWith(encodeMessage(sourceBurn({ hookData: '0x' })));
    fake = await startCctpFake({ settlement: plain.settlement });
    expect((await query(fake.url)).status).toBe(200);
    expect(plain.sent).toHaveLength(0);
    await fake.close();
    const reverted = settlementWith(encodeMessage(sourceBurn()), { success: false });
    fake = await startCctpFake({ settlement: reverted.settlement });
    expect((await query(fake.url)).status).toBe(404);
    expect((await fetch(`${fake.url}/v2/messages/3?transactionHash=0x${'01'.repeat(32)}`)).status).toBe(404);
  });

  it('retries a relay that failed on the next query', async () => {
    const { settlement, sent } = settlementWith(encodeMessage(sourceBurn()), { sendFails: 1 });
    fake = await startCctpFake({ settlement });
    await query(fake.url);
    expect(sent).toHaveLength(0);
    await query(fake.url);
    expect(sent).toHaveLength(1);
  });
});
