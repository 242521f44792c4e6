import fc from 'fast-check';
import { concat, encodeFunctionData, getAddress, keccak256, numberToHex, pad, parseAbi, size, slice, toFunctionSelector, toHex, type Hex, type TransactionSerializable } from 'viem';
import { privateKeyToAccount, type PrivateKeyAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Strait } from '../src/createStrait.ts';
import type { StepsPlan, Venue } from '../src/venues/Venue.ts';
import type { VenueStandIn } from '../src/venues/VenueModule.ts';
import { startCountingEvmRpc, type CountingEvmRpc } from './countingEvmRpc.ts';
import { allCredentials } from './scriptedStrait.ts';
import { createTestStrait } from './testStrait.ts';

/**
 * The EVM submit path fails closed, shown with fast-check against a node that counts every
 * broadcast. A signed step changed in anything that moves funds (target, calldata, value, chain,
 * signer, an approval's spender or amount, a fee's payee or amount, a replay-open pre-EIP-155
 * signature, a set-code envelope, a flipped byte of the signed bytes) is refused with a 4xx and
 * never reaches the node, and the transfer is left as it was. Whatever a wallet may legally choose
 * (nonce, gas limit, transaction type, fees, access list) is accepted, verified and broadcast once.
 */

const USER_KEY: Hex = '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80';
const user = privateKeyToAccount(USER_KEY);
const RECIPIENT = getAddress('0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC');
const REFERRER = getAddress('0x70997970C51812dc3A010C7d01b50e0d17dc79C8');
const FEE_WALLET = getAddress('0x000000000000000000000000000000000000fee1');
const POOL = getAddress('0x00000000000000000000000000000000000b00c1');
const EVIL = getAddress('0x00000000000000000000000000000000000bad00');
const BASE_USDC = getAddress('0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913');
const BASE = 8453;
const SECP256K1_N = 0xfffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141n;
const MAX_UINT256 = 2n ** 256n - 1n;

const DEPOSIT = parseAbi(['function deposit(address depositor, address recipient, address inputToken, uint256 inputAmount, uint256 destinationChainId, bytes message)']);
const SELECTOR = toFunctionSelector(DEPOSIT[0]);
// A tail that does not end on a word boundary, so the calldata carries zero padding worth tampering with.
const MESSAGE = toHex('strait evm submit property: a bridge memo');

/** A pool-style venue: the main step calls an allow-listed contract with the recipient and amount in its calldata. */
function pool(id: string, outBps: bigint): VenueStandIn {
  return {
    id,
    defaultBaseUrl: 'http://127.0.0.1:1',
    allowList: { calls: [{ chainId: BASE, to: POOL, selectors: [SELECTOR] }], transferRecipients: [] },
    create(): Venue {
      return {
        id,
        supports: () => ({ served: true }),
        coverage: () => ({ origins: ['base'], tokenSymbols: () => ['USDC'] }),
        quote: async (r) => ({ amountIn: r.amountIn, amountOut: (r.amountIn * outBps) / 10_000n, minAmountOut: (r.amountIn * outBps) / 10_000n, estimatedSeconds: 10, expiresAt: null, context: {} }),
        build: async ({ request, quote }): Promise<StepsPlan> => {
          const token = request.fromToken.address as Hex;
          const data = encodeFunctionData({ abi: DEPOSIT, functionName: 'deposit', args: [request.sender as Hex, request.recipient as Hex, token, request.amountIn, 42_161n, MESSAGE] });
          return {
            shape: 'steps',
            steps: [{ vm: 'evm', step: 'main', chainId: BASE, to: POOL, data, value: 0n }],
            approval: { chainId: BASE, token, spender: POOL, amount: request.amountIn },
            amountOut: quote.amountOut,
            minAmountOut: quote.minAmountOut,
            context: {},
          };
        },
        status: async () => ({ state: 'pending', venueStatus: 'pending', destinationTxHash: null, receivedAmount: null, receivedAsset: null, detail: null }),
      };
    },
  };
}

let rpc: CountingEvmRpc;
let strait: Strait;
beforeAll(async () => {
  rpc = await startCountingEvmRpc({ chainId: BASE });
  strait = await createTestStrait(
    { ...allCredentials(), STRAIT_RPC_BASE: rpc.url, STRAIT_FEE_WALLET_BASE: FEE_WALLET, STRAIT_QUOTE_MIN_WAIT_MS: '0', STRAIT_RATE_LIMIT_PER_MINUTE: '0' },
    [pool('across', 9_990n), pool('relay', 9_940n)],
  );
});
afterAll(async () => {
  await strait?.close();
  await rpc?.close();
});

// ---- HTTP ---------------------------------------------------------------------------------------

type StepKind = 'approve' | 'fee' | 'main';
interface BuiltStep { vm: 'evm'; step: StepKind; chainId: number; to: Hex; data: Hex; value: string }
interface Built { transferId: string; steps: BuiltStep[] }
interface SubmitAnswer {
  accepted?: boolean;
  status?: string;
  txHash?: string;
  verification?: string | null;
  error?: { code: string; message: string; details?: { mismatches?: { field: string }[] } };
}
interface TransferAnswer { status: string; sourceTxHash: string | null; fees: { kind: string; status: string; txHash: string | null }[] }

async function post<T>(url: string, payload: object): Promise<{ status: number; body: T }> {
  const response = await strait.app.inject({ method: 'POST', url, payload });
  return { status: response.statusCode, body: response.json() as T };
}

let builds = 0;

/**
 * A fresh transfer of about 1000 USDC base → arbitrum with a referral: approve, platform fee, referral
 * fee, main. Each build moves a slightly different amount, so no two transfers share calldata: one
 * signed transaction may pay for only one transfer (source_tx_claimed), and fast-check repeats envelopes.
 */
async function buildTransfer(): Promise<Built> {
  const quote = await post<{ decisionId: string }>('/v1/bridge/quote', {
    fromChain: 'base', toChain: 'arbitrum', fromToken: 'USDC', toToken: 'USDC', amountAtomic: String(1_000_000_000 + ++builds),
    sender: user.address, recipient: RECIPIENT, referralWallet: REFERRER, referralBps: 15,
  });
  expect(quote.status, JSON.stringify(quote.body)).toBe(200);
  const build = await post<Built>('/v1/bridge/build', { decisionId: quote.body.decisionId });
  expect(build.status, JSON.stringify(build.body)).toBe(200);
  return build.body;
}

const submit = (transferId: string, step: StepKind, signedTransaction: string) => post<SubmitAnswer>(`/v1/bridge/transfers/${transferId}/submit`, { step, signedTransaction });
const transferOf = async (id: string) => (await strait.app.inject({ method: 'GET', url: `/v1/bridge/transfers/${id}` })).json() as TransferAnswer;

// ---- What a wallet may choose -------------------------------------------------------------------

type Fees =
  | { type: 'legacy'; gasPrice: bigint }
  | { type: 'eip2930'; gasPrice: bigint; accessList: AccessList }
  | { type: 'eip1559'; maxFeePerGas: bigint; maxPriorityFeePerGas: bigint; accessList: AccessList };
type AccessList = { address: Hex; storageKeys: Hex[] }[];
interface Envelope { nonce: number; gas: bigint; fees: Fees }

const bytesHex = (length: number) => fc.uint8Array({ minLength: length, maxLength: length }).map((b) => toHex(b));
const uint = (max: bigint) => fc.bigInt({ min: 0n, max });
const feeValue = fc.oneof({ weight: 3, arbitrary: uint(10n ** 12n) }, { weight: 1, arbitrary: uint(MAX_UINT256) });
const accessList: fc.Arbitrary<AccessList> = fc.array(fc.record({ address: bytesHex(20), storageKeys: fc.array(bytesHex(32), { maxLength: 3 }) }), { maxLength: 3 });
const fees: fc.Arbitrary<Fees> = fc.oneof(
  fc.record({ type: fc.constant('legacy' as const), gasPrice: feeValue }),
  fc.record({ type: fc.constant('eip2930' as const), gasPrice: feeValue, accessList }),
  fc.record({ a: feeValue, b: feeValue, accessList }).map(({ a, b, accessList }) => ({ type: 'eip1559' as const, maxFeePerGas: a > b ? a : b, maxPriorityFeePerGas: a > b ? b : a, accessList })),
);
const envelope: fc.Arbitrary<Envelope> = fc.record({
  nonce: fc.oneof(fc.nat(1_000), fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER - 1 })),
  gas: fc.oneof(fc.bigInt({ min: 21_000n, max: 30_000_000n }), uint(2n ** 64n - 1n)),
  fees,
});

interface Fields { chainId: number | undefined; to: Hex | undefined; data: Hex; value: bigint }

const fieldsOf = (step: BuiltStep): Fields => ({ chainId: step.chainId, to: step.to, data: step.data, value: BigInt(step.value) });

function sign(account: PrivateKeyAccount, fields: Fields, { nonce, gas, fees }: Envelope): Promise<Hex> {
  // A transaction without a chain id can only be legacy: every typed envelope commits to one.
  const envelopeFees: Fees = fields.chainId === undefined && fees.type !== 'legacy' ? { type: 'legacy', gasPrice: fees.type === 'eip1559' ? fees.maxFeePerGas : fees.gasPrice } : fees;
  return account.signTransaction({ ...envelopeFees, nonce, gas, ...fields } as TransactionSerializable);
}

// ---- What must be refused -----------------------------------------------------------------------

/** A 32-byte ABI word put where an argument was: an address, the old value moved by a delta, or any bytes. */
type Word = { as: 'address'; address: Hex } | { as: 'delta'; delta: bigint } | { as: 'bytes'; word: Hex };

type Mutation =
  | { kind: 'to'; to: Hex | undefined }
  | { kind: 'dataByte'; at: number; xor: number }
  | { kind: 'word'; word: number; replacement: Word }
  | { kind: 'append'; bytes: Hex }
  | { kind: 'truncate'; drop: number }
  | { kind: 'value'; value: bigint }
  | { kind: 'chainId'; chainId: number }
  | { kind: 'noChainId' }
  | { kind: 'signer'; key: Hex }
  | { kind: 'rawByte'; at: number; xor: number }
  | { kind: 'setCode'; delegate: Hex };

const address = fc.oneof(fc.constantFrom(EVIL, REFERRER, FEE_WALLET, RECIPIENT, POOL, BASE_USDC, user.address), bytesHex(20));
const nonZeroByte = fc.integer({ min: 1, max: 255 });
const delta = fc.oneof(fc.bigInt({ min: -(2n ** 64n), max: 2n ** 64n }), fc.constantFrom(1n, -1n, 2n ** 255n, MAX_UINT256)).filter((d) => d % 2n ** 256n !== 0n);
const otherKey = fc.oneof(
  fc.constant<Hex>('0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d'),
  bytesHex(32).filter((k) => BigInt(k) > 0n && BigInt(k) < SECP256K1_N && BigInt(k) !== BigInt(USER_KEY)),
);

const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  fc.record({ kind: fc.constant('to' as const), to: fc.option(address, { nil: undefined }) }),
  fc.record({ kind: fc.constant('dataByte' as const), at: fc.nat(), xor: nonZeroByte }),
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('word' as const), word: fc.nat(), replacement: fc.oneof(fc.record({ as: fc.constant('address' as const), address }), fc.record({ as: fc.constant('delta' as const), delta }), fc.record({ as: fc.constant('bytes' as const), word: bytesHex(32) })) }) },
  fc.record({ kind: fc.constant('append' as const), bytes: fc.uint8Array({ minLength: 1, maxLength: 68 }).map((b) => toHex(b)) }),
  fc.record({ kind: fc.constant('truncate' as const), drop: fc.nat() }),
  fc.record({ kind: fc.constant('value' as const), value: fc.oneof(fc.bigInt({ min: 1n, max: 10n ** 18n }), fc.bigInt({ min: 1n, max: MAX_UINT256 })) }),
  fc.record({ kind: fc.constant('chainId' as const), chainId: fc.oneof(fc.constantFrom(1, 10, 137, 42_161, 84_532, 31_337), fc.integer({ min: 1, max: 2 ** 31 })).filter((id) => id !== BASE) }),
  fc.record({ kind: fc.constant('noChainId' as const) }),
  fc.record({ kind: fc.constant('signer' as const), key: otherKey }),
  fc.record({ kind: fc.constant('rawByte' as const), at: fc.nat(), xor: nonZeroByte }),
  fc.record({ kind: fc.constant('setCode' as const), delegate: address }),
);

/** The field the refusal must name when the step is the first open one of its kind, or `null` when the bytes cannot decode or authenticate. */
const FIELD: Record<Mutation['kind'], string | null> = {
  to: 'to', dataByte: 'data', word: 'data', append: 'data', truncate: 'data', value: 'value', chainId: 'chainId', noChainId: 'chainId', signer: 'signer', rawByte: null, setCode: null,
};

function xorByte(hex: Hex, at: number, xor: number): Hex {
  const bytes = Buffer.from(hex.slice(2), 'hex');
  bytes[at % bytes.length]! ^= xor;
  return toHex(bytes);
}

function replaceWord(data: Hex, word: number, replacement: Word): Hex {
  const words = (size(data) - 4) / 32;
  const at = 4 + (word % words) * 32;
  const old = BigInt(slice(data, at, at + 32));
  const next = replacement.as === 'address' ? pad(replacement.address) : replacement.as === 'delta' ? numberToHex((old + replacement.delta + 2n ** 256n) % 2n ** 256n, { size: 32 }) : replacement.word;
  return concat([slice(data, 0, at), next, at + 32 < size(data) ? slice(data, at + 32) : '0x']);
}

/** The mutated fields, and the key that signs them. */
function mutate(clean: Fields, m: Mutation): { fields: Fields; key: Hex } {
  const fields = { ...clean };
  switch (m.kind) {
    case 'to':
      return { fields: { ...fields, to: m.to }, key: USER_KEY };
    case 'dataByte':
      return { fields: { ...fields, data: xorByte(fields.data, m.at, m.xor) }, key: USER_KEY };
    case 'word':
      return { fields: { ...fields, data: replaceWord(fields.data, m.word, m.replacement) }, key: USER_KEY };
    case 'append':
      return { fields: { ...fields, data: concat([fields.data, m.bytes]) }, key: USER_KEY };
    case 'truncate':
      return { fields: { ...fields, data: slice(fields.data, 0, size(fields.data) - 1 - (m.drop % size(fields.data))) }, key: USER_KEY };
    case 'value':
      return { fields: { ...fields, value: m.value }, key: USER_KEY };
    case 'chainId':
      return { fields: { ...fields, chainId: m.chainId }, key: USER_KEY };
    case 'noChainId':
      return { fields: { ...fields, chainId: undefined }, key: USER_KEY };
    case 'signer':
      return { fields, key: m.key };
    case 'rawByte':
    case 'setCode':
      return { fields, key: USER_KEY };
  }
}

async function signMutated(clean: Fields, m: Mutation, env: Envelope): Promise<Hex> {
  const { fields, key } = mutate(clean, m);
  const account = key === USER_KEY ? user : privateKeyToAccount(key);
  if (m.kind === 'setCode') {
    const authorization = await user.signAuthorization({ address: m.delegate, chainId: BASE, nonce: env.nonce + 1 });
    const maxFeePerGas = env.fees.type === 'eip1559' ? env.fees.maxFeePerGas : env.fees.gasPrice;
    return user.signTransaction({ type: 'eip7702', chainId: BASE, nonce: env.nonce, gas: env.gas, maxFeePerGas, maxPriorityFeePerGas: 0n, authorizationList: [authorization], to: clean.to, data: clean.data, value: clean.value });
  }
  const signed = await sign(account, fields, env);
  return m.kind === 'rawByte' ? xorByte(signed, m.at, m.xor) : signed;
}

/** True when the mutated fields, signed by the user on Base, are exactly some built step of the kind (a legitimate submission). */
function isBuiltStep(built: Built, kind: StepKind, clean: Fields, m: Mutation): boolean {
  if (m.kind === 'signer' || m.kind === 'rawByte' || m.kind === 'setCode') return false;
  const { fields } = mutate(clean, m);
  return (
    fields.chainId === BASE &&
    built.steps.some((s) => s.step === kind && fields.to !== undefined && s.to.toLowerCase() === fields.to.toLowerCase() && s.data.toLowerCase() === fields.data.toLowerCase() && BigInt(s.value) === fields.value)
  );
}

// ---- Properties ---------------------------------------------------------------------------------

describe('the built transfer', () => {
  it('has an approve of the pool, a platform and a referral fee, and a main call carrying the recipient', async () => {
    const built = await buildTransfer();
    expect(built.steps.map((s) => s.step)).toEqual(['approve', 'fee', 'fee', 'main']);
    expect(built.steps.every((s) => s.chainId === BASE && s.value === '0')).toBe(true);
    expect(built.steps[0]!.data.toLowerCase()).toContain(POOL.slice(2).toLowerCase());
    expect(built.steps[1]!.data.toLowerCase()).toContain(FEE_WALLET.slice(2).toLowerCase());
    expect(built.steps[2]!.data.toLowerCase()).toContain(REFERRER.slice(2).toLowerCase());
    // Strait's own approve and fee calls end with the transfer's 16-byte tag (engine/tagCalldata.ts).
    for (const own of built.steps.slice(0, 3)) expect(size(own.data as Hex)).toBe(4 + 64 + 16);
    for (const own of built.steps.slice(0, 3)) expect(own.data.endsWith(built.transferId.replace(/-/g, ''))).toBe(true);
    expect(built.steps[3]).toMatchObject({ to: POOL, data: expect.stringContaining(RECIPIENT.slice(2).toLowerCase()) });
  });
});

describe('a signed step changed in anything that matters', () => {
  it('is refused with a 4xx, reaches no node and leaves the transfer as it was; the same envelope untampered is then accepted', async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 0, max: 3 }), mutation, envelope, async (index, m, env) => {
        const built = await buildTransfer();
        const step = built.steps[index]!;
        const clean = fieldsOf(step);
        fc.pre(!isBuiltStep(built, step.step, clean, m));
        const signed = await signMutated(clean, m, env);
        // The main step is only looked at once its fee steps are in (docs/steps.md, fee policy).
        const feesFirst = step.step === 'main';
        if (feesFirst) {
          for (const fee of built.steps.filter((s) => s.step === 'fee')) expect((await submit(built.transferId, 'fee', await sign(user, fieldsOf(fee), env))).status).toBe(200);
        }

        const before = rpc.calls('eth_sendRawTransaction');
        const refused = await submit(built.transferId, step.step, signed);
        expect(rpc.calls('eth_sendRawTransaction'), 'broadcasts').toBe(before);
        expect([400, 422], JSON.stringify(refused.body)).toContain(refused.status);
        expect(refused.body.error?.code).toBe(refused.status === 422 ? 'transaction_mismatch' : 'invalid_signed_transaction');
        const field = FIELD[m.kind];
        if (field !== null) expect(refused.status).toBe(422);
        if (m.kind === 'setCode') expect(refused.status).toBe(400);
        const firstOfKind = built.steps.findIndex((s) => s.step === step.step) === index;
        if (field !== null && firstOfKind) expect(refused.body.error?.details?.mismatches?.map((x) => x.field)).toEqual([field]);

        const transfer = await transferOf(built.transferId);
        expect(transfer).toMatchObject({ status: 'PENDING_SIGNATURE', sourceTxHash: null });
        expect(transfer.fees.map((f) => [f.status, f.txHash === null])).toEqual(feesFirst ? [['expected', false], ['expected', false]] : [['offered', true], ['offered', true]]);

        // The refusal claimed nothing: the step is still open to the honest transaction.
        const honest = await sign(user, clean, env);
        const accepted = await submit(built.transferId, step.step, honest);
        expect(accepted.body, JSON.stringify(accepted.body)).toMatchObject({ accepted: true, verification: 'verified', txHash: keccak256(honest) });
        expect(rpc.calls('eth_sendRawTransaction')).toBe(before + 1);
        // This node answers no nonce read (eth_getTransactionCount is an error there): the gap check refused nothing.
        expect(rpc.calls('eth_getTransactionCount')).toBeGreaterThan(0);
      }),
      { numRuns: 120 },
    );
  });
});

describe('a signed step as the wallet chose to send it', () => {
  it('is accepted and broadcast once, whatever nonce, gas, type, fees and access list, each step in turn', async () => {
    await fc.assert(
      fc.asyncProperty(fc.tuple(envelope, envelope, envelope, envelope), fc.boolean(), fc.boolean(), async (envelopes, referralFirst, upperCase) => {
        const built = await buildTransfer();
        const order = referralFirst ? [0, 2, 1, 3] : [0, 1, 2, 3];
        const hashes: Hex[] = [];
        for (const [n, index] of order.entries()) {
          const step = built.steps[index]!;
          const signed = await sign(user, fieldsOf(step), envelopes[n]!);
          const sent = upperCase ? `0x${signed.slice(2).toUpperCase()}` : signed;

          const before = rpc.broadcasts.length;
          const answer = await submit(built.transferId, step.step, sent);
          expect(answer.status, JSON.stringify(answer.body)).toBe(200);
          expect(answer.body).toMatchObject({ accepted: true, verification: 'verified', txHash: keccak256(signed), status: step.step === 'main' ? 'SUBMITTED' : 'PENDING_SIGNATURE' });
          expect(rpc.broadcasts.slice(before).map((raw) => raw.toLowerCase())).toEqual([signed]);
          hashes[index] = keccak256(signed);
        }

        const transfer = await transferOf(built.transferId);
        expect(transfer).toMatchObject({ status: 'SUBMITTED', sourceTxHash: hashes[3] });
        expect(transfer.fees.map((f) => [f.kind, f.status, f.txHash])).toEqual([
          ['platform', 'expected', hashes[1]],
          ['referral', 'expected', hashes[2]],
        ]);
      }),
      { numRuns: 100 },
    );
  });
});
