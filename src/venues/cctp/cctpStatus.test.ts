import { readFileSync } from 'node:fs';
import { decodeFunctionData, type Hex } from 'viem';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestVenue, testCall } from '../fake/testVenueDeps.ts';
import { VenueRejection, type VenueStatusRequest } from '../Venue.ts';
import { VenueHttpError } from '../venueHttpClient.ts';
import { MESSAGE_TRANSMITTER_V2, messageTransmitterV2Abi } from './cctpChains.ts';
import { attest, irisMessageJson, startCctpFake, type CctpFake } from './cctpFake.ts';
import { attestedBurn, IRIS_STATUS_TABLE, mapAttested } from './cctpMapping.ts';
import { decodeBurnBody } from './cctpMessage.ts';
import type { IrisMessages } from './cctpSchemas.ts';
import { cctpVenue } from './cctpVenue.ts';
import { RECIPIENT, sourceBurn, stubChain, usdcOn, type StubChain } from './cctpTestSupport.ts';

const TX: Hex = `0x${'ab'.repeat(32)}`;
const MINT_TX: Hex = `0x${'cd'.repeat(32)}`;
const BASE_USDC = '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913';
const source = sourceBurn();
// Fast 1 bps (100,000) + forward fee (200,000) fits maxFee 301,000.
const attested = attest(source, decodeBurnBody(source.messageBody), TX, 7);
const complete = irisMessageJson(attested.header, 'complete', attested.attestation);
const pending = irisMessageJson(source, 'pending_confirmations', 'PENDING');

let fake: CctpFake;
beforeAll(async () => {
  fake = await startCctpFake();
});
afterAll(() => fake.close());
beforeEach(() => {
  fake.server.requests.length = 0;
  fake.server.setFault(null);
  fake.setMessage(TX, null);
});

function venueWith(chain: StubChain | null) {
  return createTestVenue(cctpVenue, fake.url, { evm: (key) => (key === 'base' ? (chain?.client ?? null) : null) }).venue;
}

const request: VenueStatusRequest = {
  fromChain: 'arbitrum',
  toChain: 'base',
  toToken: usdcOn('base'),
  sourceTxHash: TX,
  recipient: RECIPIENT,
  amountIn: 1_000_000_000n,
  expectedOut: 999_700_000n,
  context: { srcDomain: 3, dstDomain: 6, minFinalityThreshold: 1000, maxFee: '301000' },
};

describe('status table', () => {
  it('never maps an Iris status to a terminal state (completion is proven on chain)', () => {
    expect(Object.values(IRIS_STATUS_TABLE)).toEqual(['pending', 'pending']);
  });

  it.each([
    { name: '404 (not indexed yet)', message: null, chain: null, expected: { state: 'pending', venueStatus: 'not_indexed', detail: 'Iris has not indexed the burn yet' } },
    { name: 'pending_confirmations', message: pending, chain: null, expected: { state: 'pending', venueStatus: 'pending_confirmations', detail: "waiting for Circle's attestation" } },
    { name: 'pending with a delay reason', message: { ...pending, delayReason: 'insufficient_fee' }, chain: null, expected: { state: 'pending', detail: "waiting for Circle's attestation (delay: insufficient_fee)" } },
    { name: 'an unknown status', message: { ...pending, status: 're_attesting' }, chain: null, expected: { state: 'pending', venueStatus: 're_attesting', detail: "unknown Iris status 're_attesting'; treated as pending" } },
    { name: 'complete without an RPC', message: complete, chain: null, expected: { state: 'pending', venueStatus: 'complete', detail: 'attested; no RPC configured for base to confirm the mint' } },
    { name: 'complete, nonce unused', message: complete, chain: { usedNonce: 0n }, expected: { state: 'pending', detail: 'attested; waiting for the mint on base', receivedAmount: null } },
    { name: 'complete, RPC down', message: complete, chain: { usedNonce: new Error('fetch failed\nmore') }, expected: { state: 'pending', detail: 'attested; could not read the mint on base: fetch failed' } },
    {
      name: 'complete, minted',
      message: complete,
      chain: { usedNonce: 1n, mintTx: MINT_TX },
      expected: { state: 'completed', venueStatus: 'complete', destinationTxHash: MINT_TX, receivedAmount: 1_000_000_000n - 300_000n, receivedAsset: BASE_USDC, detail: null },
    },
    {
      name: 'complete, minted but the log is out of range',
      message: complete,
      chain: { usedNonce: 1n, mintTx: null },
      expected: { state: 'completed', destinationTxHash: null, receivedAmount: 999_700_000n, detail: 'minted on base; the mint transaction was not found in recent blocks' },
    },
  ])('$name', async ({ message, chain, expected }) => {
    if (message) fake.setMessage(TX, message);
    const status = await venueWith(chain ? stubChain(chain) : null).status(request, testCall());
    expect(status).toMatchObject(expected);
  });
});

describe('Iris dialect and the mint check', () => {
  it('asks the messages endpoint of the source domain by transaction hash', async () => {
    await venueWith(null).status(request, testCall());
    expect(fake.server.requests).toHaveLength(1);
    expect(fake.server.requests[0]?.path).toBe('/v2/messages/3');
    expect(fake.server.requests[0]?.query.get('transactionHash')).toBe(TX);
  });

  it('reads usedNonces, then the nonce-filtered MessageReceived log of recent blocks', async () => {
    fake.setMessage(TX, complete);
    const chain = stubChain({ usedNonce: 1n, mintTx: MINT_TX, latestBlock: 123_456n });
    await venueWith(chain).status(request, testCall());
    const read = chain.calls.find((c) => c.method === 'readContract')?.args;
    expect(read).toMatchObject({ address: MESSAGE_TRANSMITTER_V2, functionName: 'usedNonces', args: [attested.header.nonce] });
    const logs = chain.calls.find((c) => c.method === 'getLogs')?.args;
    expect(logs).toMatchObject({ address: MESSAGE_TRANSMITTER_V2, args: { nonce: attested.header.nonce }, fromBlock: 113_456n, toBlock: 123_456n });
    expect((logs as { event: { name: string } }).event.name).toBe('MessageReceived');
  });

  it('reads amounts from the raw message when Iris sends no decoded message', async () => {
    fake.setMessage(TX, { ...complete, decodedMessage: null });
    const status = await venueWith(stubChain({ usedNonce: 1n, mintTx: MINT_TX })).status(request, testCall());
    expect(status).toMatchObject({ state: 'completed', receivedAmount: 999_700_000n });
  });

  it('picks the burn of this recipient among several in one transaction', async () => {
    const other = sourceBurn({ recipient: '0x9999999999999999999999999999999999999999', amount: 5_000_000n, maxFee: 210_000n });
    const otherAttested = attest(other, decodeBurnBody(other.messageBody), TX, 3);
    fake.server.setFault({ kind: 'status', status: 200, body: { messages: [irisMessageJson(otherAttested.header, 'complete', otherAttested.attestation), complete] } });
    const status = await venueWith(stubChain({ usedNonce: 1n, mintTx: MINT_TX })).status(request, testCall());
    expect(status.receivedAmount).toBe(999_700_000n);
  });

  it('rejects a message without status as venue_bad_response', async () => {
    fake.server.setFault({ kind: 'status', status: 200, body: { messages: [{ message: '0x' }] } });
    const error = await venueWith(null).status(request, testCall()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(VenueRejection);
    expect((error as VenueRejection).code).toBe('venue_bad_response');
  });

  it('keeps an attested message without a bytes32 nonce pending (Circle\'s own example has nonce "9682")', async () => {
    const decoded = complete.decodedMessage as Record<string, unknown>;
    fake.server.setFault({ kind: 'status', status: 200, body: { messages: [{ ...complete, eventNonce: '9682', message: '0x', decodedMessage: { ...decoded, nonce: '9682' } }] } });
    const status = await venueWith(stubChain({ usedNonce: 1n, mintTx: MINT_TX })).status(request, testCall());
    expect(status).toMatchObject({ state: 'pending', venueStatus: 'complete', destinationTxHash: null });
  });

  it("ignores a message decoded for another destination: it is not this transfer's burn", async () => {
    const elsewhere = sourceBurn({ dst: 0 });
    const attestedElsewhere = attest(elsewhere, decodeBurnBody(elsewhere.messageBody), TX, 1);
    fake.setMessage(TX, irisMessageJson(attestedElsewhere.header, 'complete', attestedElsewhere.attestation));
    expect(await venueWith(stubChain({ usedNonce: 1n, mintTx: MINT_TX })).status(request, testCall())).toMatchObject({ state: 'pending', venueStatus: 'not_indexed' });
  });

  it('translates 429 and lets 5xx through', async () => {
    fake.server.setFault({ kind: 'status', status: 429, body: { message: 'slow down' } });
    expect(await venueWith(null).status(request, testCall()).catch((e: unknown) => (e as VenueRejection).code)).toBe('venue_rate_limited');
    fake.server.setFault({ kind: 'status', status: 500 });
    await expect(venueWith(null).status(request, testCall())).rejects.toBeInstanceOf(VenueHttpError);
  });
});

describe('the claim of a manual burn', () => {
  const manualSource = sourceBurn({ hookData: '0x', maxFee: 120_000n });
  const manualAttested = attest(manualSource, decodeBurnBody(manualSource.messageBody), TX, 3);
  const manualComplete = irisMessageJson(manualAttested.header, 'complete', manualAttested.attestation);
  const manualRequest: VenueStatusRequest = { ...request, context: { ...request.context, route: 'manual', burnAmount: '1000000000' } };

  it('waits while Iris has not attested', async () => {
    fake.setMessage(TX, irisMessageJson(manualSource, 'pending_confirmations', 'PENDING'));
    const status = await venueWith(null).status(manualRequest, testCall());
    expect(status).toMatchObject({ state: 'pending', claim: { status: 'waiting', steps: [], detail: "waiting for Circle's attestation" } });
  });

  it('is ready with receiveMessage of the attested bytes once attested and not minted', async () => {
    fake.setMessage(TX, manualComplete);
    const status = await venueWith(stubChain({ usedNonce: 0n })).status(manualRequest, testCall());
    expect(status.state).toBe('pending');
    expect(status.claim).toMatchObject({ status: 'ready', steps: [{ vm: 'evm', step: 'redeem', chainId: 8453, to: MESSAGE_TRANSMITTER_V2, value: 0n }] });
    const step = status.claim!.steps[0]!;
    expect(decodeFunctionData({ abi: messageTransmitterV2Abi, data: step.data }).args).toEqual([manualAttested.message, manualAttested.attestation]);
  });

  it('hands out nothing for an attested message that is not this transfer\'s mint', async () => {
    fake.setMessage(TX, manualComplete);
    const other = { ...manualRequest, context: { ...manualRequest.context, burnAmount: '999' } };
    const status = await venueWith(stubChain({ usedNonce: 0n })).status(other, testCall());
    expect(status.claim).toMatchObject({ status: 'waiting', steps: [] });
    expect(status.detail).toMatch(/moves 1000000000, not the 999 burnt; no claim is handed out/);
  });

  it('completes once the destination shows the nonce used, whoever sent the mint', async () => {
    fake.setMessage(TX, manualComplete);
    const status = await venueWith(stubChain({ usedNonce: 1n, mintTx: MINT_TX })).status(manualRequest, testCall());
    expect(status).toMatchObject({ state: 'completed', destinationTxHash: MINT_TX, receivedAmount: 1_000_000_000n - 100_000n });
    expect(status.claim).toBeUndefined();
  });
});

describe("Iris's live complete answers (fixtures/real)", () => {
  const realMessage = (file: string) => (JSON.parse(readFileSync(new URL(`./fixtures/real/${file}`, import.meta.url), 'utf8')) as IrisMessages).messages[0];

  it.each([
    // decodedMessage present: amount and executed fee from the decoded body.
    { file: 'messages-complete-fast-arbitrum-linea-evidence.json', nonce: '0x61e1723eed95d9ff527f852541862ac14b5399f6be5d56ff029620d74e1d6384', received: 40_100n - 5n },
    // No decodedMessage at all: the same terms read from the raw message bytes.
    { file: 'messages-complete-fast-base-avalanche-notes.json', nonce: '0xbe761cca8a69cb0e710f3c765ca929dacd58ab31238952b2889b406f6406866b', received: 1_000_000n - 100n },
  ])('$file: a mint seen on chain completes with the amount less the executed fee', ({ file, nonce, received }) => {
    const message = realMessage(file);
    if (!message) throw new Error('no message');
    const burn = attestedBurn(message);
    expect(burn?.nonce).toBe(nonce);
    if (!burn) return;
    expect(mapAttested(message, burn, { kind: 'minted', txHash: MINT_TX }, 'avalanche', null)).toMatchObject({ state: 'completed', receivedAmount: received, destinationTxHash: MINT_TX });
  });
});
