import fc from 'fast-check';
import { utils as tronUtils } from 'tronweb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTronRpc } from '../src/chains/tron/createTronRpc.ts';
import { tronHexAddress } from '../src/chains/tron/tronAddress.ts';
import { decodeTronRawData, encodeTronRawData, tronRawDataJson, tronTxId, type TronRawData } from '../src/chains/tron/tronRawData.ts';
import { startTronNodeStandIn, type TronNodeStandIn } from '../src/chains/tron/tronNodeStandIn.ts';
import type { Strait } from '../src/createStrait.ts';
import { startAllbridgeFake, type AllbridgeFake } from '../src/venues/allbridge/allbridgeFake.ts';
import { createTestStrait } from './testStrait.ts';

/**
 * The Tron submit path fails closed, shown with fast-check against a node stand-in that records every
 * broadcast. A signed `tron` step changed in anything (a flipped byte of its raw data; its reference
 * block, expiration, timestamp, fee limit, owner, contract, call value, a word of its calldata or its
 * contract type; a signature flipped, missing, doubled, or another key's; a txID or raw_data JSON that
 * disagrees) is refused with a 4xx, never reaches the node, and leaves the transfer as it was. What a
 * wallet may legally vary (signature hex case, JSON field order, txID case, `visible`, an equivalent
 * `raw_data`) is accepted, broadcast once, and answered from the record afterwards.
 */

const USER_KEY = '5f1c2d3e4b5a69788796a5b4c3d2e1f00f1e2d3c4b5a69788796a5b4c3d2e1f0';
const OTHER_KEY = '1f1c2d3e4b5a69788796a5b4c3d2e1f00f1e2d3c4b5a69788796a5b4c3d2e1f1';
const USER = tronUtils.address.fromPrivateKey(USER_KEY) as string;
const OTHER_HEX = tronHexAddress(tronUtils.address.fromPrivateKey(OTHER_KEY) as string)!;
const RECIPIENT = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const USDT = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';

let node: TronNodeStandIn;
let fake: AllbridgeFake;
let strait: Strait;

beforeAll(async () => {
  node = await startTronNodeStandIn();
  node.setTrxBalance(tronHexAddress(USER)!, 10_000_000_000n);
  node.setTokenBalance(tronHexAddress(USDT)!, tronHexAddress(USER)!, 10n ** 12n);
  fake = await startAllbridgeFake({ tronNode: createTronRpc(node.url), nativeFee: 2_000_000n });
  strait = await createTestStrait({ STRAIT_VENUE_ALLBRIDGE_BASE_URL: fake.url, STRAIT_RPC_TRON: node.url, STRAIT_QUOTE_MIN_WAIT_MS: '0', STRAIT_PRICES_FIXED: 'TRX=0.25,USDT=1,USDC=1' });
}, 60_000);

afterAll(async () => {
  await strait?.close();
  await fake?.close();
  await node?.close();
});

type TronStepView = { step: string; txID: string; rawDataHex: string };

const post = async (url: string, payload: object) => {
  const response = await strait.app.inject({ method: 'POST', url, payload });
  return { status: response.statusCode, body: response.json() as { status?: string; txHash?: string; accepted?: boolean; transferId?: string; steps?: TronStepView[]; decisionId?: string; error?: { code: string } } };
};

async function build(): Promise<{ transferId: string; main: TronStepView }> {
  const quote = await post('/v1/bridge/quote', { fromChain: 'tron', toChain: 'arbitrum', fromToken: 'USDT', toToken: 'USDC', amountAtomic: '20000000', sender: USER, recipient: RECIPIENT });
  const built = await post('/v1/bridge/build', { decisionId: quote.body.decisionId });
  expect(built.status).toBe(200);
  return { transferId: built.body.transferId!, main: built.body.steps!.find((s) => s.step === 'main')! };
}

const signRaw = (rawDataHex: string, key = USER_KEY) => tronUtils.crypto.signTransaction(key, { txID: tronTxId(rawDataHex), raw_data_hex: rawDataHex }) as { txID: string; raw_data_hex: string; signature: string[] };
const hex = (bytes: number) => fc.uint8Array({ minLength: bytes, maxLength: bytes }).map((b) => Buffer.from(b).toString('hex'));

/** One change to the decoded raw data; every one moves a byte the wallet signs. */
const fieldChange: fc.Arbitrary<(raw: TronRawData) => TronRawData> = fc.oneof(
  hex(2).map((v) => (raw: TronRawData) => ({ ...raw, refBlockBytes: v })),
  hex(8).map((v) => (raw: TronRawData) => ({ ...raw, refBlockHash: v })),
  fc.integer({ min: -3_600_000, max: 3_600_000 }).map((d) => (raw: TronRawData) => ({ ...raw, expiration: raw.expiration + d })),
  fc.integer({ min: -60_000, max: 60_000 }).map((d) => (raw: TronRawData) => ({ ...raw, timestamp: raw.timestamp + d })),
  fc.bigInt({ min: 0n, max: 10n ** 12n }).map((v) => (raw: TronRawData) => ({ ...raw, feeLimit: v })),
  fc.constant((raw: TronRawData) => ({ ...raw, contract: { ...raw.contract, owner: OTHER_HEX } })),
  hex(20).map((v) => (raw: TronRawData) => (raw.contract.type === 'TriggerSmartContract' ? { ...raw, contract: { ...raw.contract, contract: `41${v}` } } : raw)),
  fc.bigInt({ min: 0n, max: 10n ** 10n }).map((v) => (raw: TronRawData) => (raw.contract.type === 'TriggerSmartContract' ? { ...raw, contract: { ...raw.contract, callValue: v } } : raw)),
  fc.tuple(fc.nat({ max: 7 }), hex(32)).map(([word, v]) => (raw: TronRawData) => (raw.contract.type === 'TriggerSmartContract' ? { ...raw, contract: { ...raw.contract, data: raw.contract.data.slice(0, 8 + word * 64) + v + raw.contract.data.slice(8 + word * 64 + 64) } } : raw)),
  hex(4).map((v) => (raw: TronRawData) => (raw.contract.type === 'TriggerSmartContract' ? { ...raw, contract: { ...raw.contract, data: v + raw.contract.data.slice(8) } } : raw)),
  fc.bigInt({ min: 1n, max: 10n ** 9n }).map((amount) => (raw: TronRawData) => ({ ...raw, contract: { type: 'TransferContract' as const, owner: raw.contract.owner, to: raw.contract.type === 'TriggerSmartContract' ? raw.contract.contract : raw.contract.to, amount } })),
);

/** A whole submission, built from the honest signed step, that must be refused. */
const tampering: fc.Arbitrary<(main: TronStepView) => string> = fc.oneof(
  fieldChange.map((change) => (main: TronStepView) => {
    const raw = decodeTronRawData(main.rawDataHex);
    const changed = encodeTronRawData(change(raw));
    return JSON.stringify(signRaw(changed === main.rawDataHex ? encodeTronRawData({ ...raw, timestamp: raw.timestamp + 1 }) : changed));
  }),
  fc.tuple(fc.nat(), fc.integer({ min: 1, max: 255 })).map(([at, mask]) => (main: TronStepView) => {
    const bytes = Buffer.from(main.rawDataHex, 'hex');
    bytes[at % bytes.length]! ^= mask;
    return JSON.stringify(signRaw(bytes.toString('hex')));
  }),
  fc.tuple(fc.nat({ max: 64 }), fc.integer({ min: 1, max: 255 })).map(([at, mask]) => (main: TronStepView) => {
    const signed = signRaw(main.rawDataHex);
    const sig = Buffer.from(signed.signature[0]!, 'hex');
    const v = sig[64]!;
    sig[at]! ^= mask;
    // java-tron reads v 0/1 and 27/28 alike: a flip between the two spellings of one recovery id is the same signature, so the parity flips too.
    const recoveryId = (b: number): number => (b >= 27 ? b - 27 : b);
    if (at === 64 && [0, 1, 27, 28].includes(sig[64]!) && recoveryId(sig[64]!) === recoveryId(v)) sig[64]! ^= 1;
    return JSON.stringify({ ...signed, signature: [sig.toString('hex')] });
  }),
  fc.constantFrom(
    (main: TronStepView) => JSON.stringify(signRaw(main.rawDataHex, OTHER_KEY)),
    (main: TronStepView) => JSON.stringify({ ...signRaw(main.rawDataHex), signature: [] }),
    (main: TronStepView) => JSON.stringify({ ...signRaw(main.rawDataHex), signature: [...signRaw(main.rawDataHex).signature, ...signRaw(main.rawDataHex, OTHER_KEY).signature] }),
    (main: TronStepView) => JSON.stringify({ ...signRaw(main.rawDataHex), signature: [signRaw(main.rawDataHex).signature[0]!.slice(0, 128)] }),
    (main: TronStepView) => JSON.stringify({ ...signRaw(main.rawDataHex), txID: '00'.repeat(32) }),
    (main: TronStepView) => JSON.stringify({ ...signRaw(main.rawDataHex), raw_data: { ...tronRawDataJson(decodeTronRawData(main.rawDataHex)), fee_limit: 1 } }),
    (main: TronStepView) => JSON.stringify({ ...signRaw(main.rawDataHex), raw_data_hex: undefined }),
    (main: TronStepView) => `${JSON.stringify(signRaw(main.rawDataHex))}x`,
    (main: TronStepView) => signRaw(main.rawDataHex).raw_data_hex,
    // The recovery byte as an EIP-155-style v: the library would recover the same signer, the network would not.
    (main: TronStepView) => JSON.stringify({ ...signRaw(main.rawDataHex), signature: [signRaw(main.rawDataHex).signature[0]!.slice(0, 128) + '25'] }),
  ),
);

/** Legal re-spellings of the honest signed step. */
const legal: fc.Arbitrary<(main: TronStepView) => string> = fc.tuple(fc.boolean(), fc.boolean(), fc.boolean(), fc.boolean(), fc.boolean(), fc.boolean()).map(([upperSig, upperTxId, withVisible, withRawData, reversed, dropTxId]) => (main: TronStepView) => {
  const signed = signRaw(main.rawDataHex);
  const raw = tronRawDataJson(decodeTronRawData(main.rawDataHex));
  const fields: [string, unknown][] = [
    ...(dropTxId ? [] : [['txID', upperTxId ? signed.txID.toUpperCase() : signed.txID] as [string, unknown]]),
    ['raw_data_hex', main.rawDataHex],
    ['signature', [upperSig ? signed.signature[0]!.toUpperCase() : signed.signature[0]!]],
    ...(withVisible ? [['visible', false] as [string, unknown]] : []),
    ...(withRawData ? [['raw_data', reversed ? Object.fromEntries(Object.entries(raw).reverse()) : raw] as [string, unknown]] : []),
  ];
  return JSON.stringify(Object.fromEntries(reversed ? fields.reverse() : fields));
});

describe('Tron submit properties', () => {
  it('refuses every tampered signed step with a 4xx, before the node sees it, leaving the transfer unsigned', async () => {
    const { transferId, main } = await build();
    const acceptedBefore = node.accepted.length;
    await fc.assert(
      fc.asyncProperty(tampering, async (tamper) => {
        const submitted = tamper(main);
        const answer = await post(`/v1/bridge/transfers/${transferId}/submit`, { step: 'main', signedTransaction: submitted });
        expect(answer.status, submitted).toBeGreaterThanOrEqual(400);
        expect(answer.status).toBeLessThan(500);
        expect(['transaction_mismatch', 'invalid_signed_transaction', 'invalid_request']).toContain(answer.body.error?.code);
      }),
      { numRuns: 300 },
    );
    expect(node.accepted.length).toBe(acceptedBefore);
    const view = await strait.app.inject({ method: 'GET', url: `/v1/bridge/transfers/${transferId}` });
    expect(view.json()).toMatchObject({ status: 'PENDING_SIGNATURE', sourceTxHash: null });
  }, 120_000);

  it('accepts legal re-spellings of the signed step once, and answers later ones from the record', async () => {
    await fc.assert(
      fc.asyncProperty(legal, legal, async (first, second) => {
        const { transferId, main } = await build();
        const acceptedBefore = node.accepted.length;
        const one = await post(`/v1/bridge/transfers/${transferId}/submit`, { step: 'main', signedTransaction: first(main) });
        expect(one.status, JSON.stringify(one.body)).toBe(200);
        expect(one.body).toMatchObject({ accepted: true, txHash: main.txID, status: 'SUBMITTED' });
        const two = await post(`/v1/bridge/transfers/${transferId}/submit`, { step: 'main', signedTransaction: second(main) });
        expect(two.body).toMatchObject({ accepted: false, txHash: main.txID });
        expect(node.accepted.slice(acceptedBefore)).toEqual([main.txID]);
      }),
      { numRuns: 25 },
    );
  }, 120_000);
});
