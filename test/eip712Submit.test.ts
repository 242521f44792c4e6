import { secp256k1 } from '@noble/curves/secp256k1';
import fc from 'fast-check';
import { concat, getAddress, hashTypedData, keccak256, toHex, type Hex, type TypedDataDefinition } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Strait } from '../src/createStrait.ts';
import type { Eip712Step, JsonObject, TypedDataPayload } from '../src/domain/steps.ts';
import type { StepsPlan, Venue, VenueQuoteRequest } from '../src/venues/Venue.ts';
import type { VenueStandIn } from '../src/venues/VenueModule.ts';
import { allCredentials } from './scriptedStrait.ts';
import { createTestStrait } from './testStrait.ts';

/**
 * The `eip712` step end to end over HTTP, and its submit path failing closed, shown with fast-check:
 * typed data changed in its domain, types, primary type or message, a signature changed in any byte
 * or made by another key, is refused with a 4xx, forwards nothing to the venue and leaves the
 * transfer as it was; the honest signature is then accepted. What a wallet may legally vary (hex
 * case, `v` as 0/1 or 27/28, the EIP-2098 compact form, integers as numbers, an explicit
 * `EIP712Domain`) is accepted once and forwarded once; repeats answer the order on record.
 */

const USER_KEY: Hex = '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80';
const OTHER_KEY: Hex = '0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d';
const user = privateKeyToAccount(USER_KEY);
const RECIPIENT = getAddress('0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC');
const SETTLER = getAddress('0x00000000000000000000000000000000005e771e');
const EVIL = getAddress('0x00000000000000000000000000000000000bad00');
const BASE = 8453;
const ARBITRUM = 42_161;
const N = 0xfffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141n;

const TYPES = {
  Order: [
    { name: 'sender', type: 'address' },
    { name: 'recipient', type: 'address' },
    { name: 'inputToken', type: 'address' },
    { name: 'inputAmount', type: 'uint256' },
    { name: 'output', type: 'Leg' },
    { name: 'nonce', type: 'uint256' },
    { name: 'deadline', type: 'uint32' },
    { name: 'memo', type: 'bytes' },
    { name: 'tag', type: 'string' },
  ],
  Leg: [
    { name: 'chainId', type: 'uint256' },
    { name: 'token', type: 'address' },
    { name: 'minAmount', type: 'uint256' },
  ],
};
const DOMAIN = { name: 'Strait Test Settler', version: '1', chainId: BASE, verifyingContract: SETTLER };

/** What the venue double does with the next build or signature. */
interface Behaviour {
  /** Changes the typed data the venue answers the build with (an unsafe venue). */
  tamper: ((typedData: TypedDataPayload) => TypedDataPayload) | null;
  /** Whether the venue takes a forwarded signature. */
  takes: boolean;
}
const behaviour: Behaviour = { tamper: null, takes: true };
const forwarded: { signature: Hex; signer: string; typedData: TypedDataPayload }[] = [];
let nonce = 0;

function orderOf(request: VenueQuoteRequest): TypedDataPayload {
  return {
    domain: { ...DOMAIN },
    types: TYPES,
    primaryType: 'Order',
    message: {
      sender: request.sender,
      recipient: request.recipient,
      inputToken: request.fromToken.address!,
      inputAmount: request.amountIn.toString(),
      output: { chainId: String(ARBITRUM), token: request.toToken.address!, minAmount: ((request.amountIn * 9_990n) / 10_000n).toString() },
      nonce: String(++nonce),
      deadline: 4_000_000_000,
      memo: '0xc0ffee',
      tag: 'strait',
    },
  };
}

/** An intent venue: the main step is an Order to sign; the message must name the transfer's recipient, token, amount and destination. */
const intentVenue: VenueStandIn = {
  id: 'meson',
  defaultBaseUrl: 'http://127.0.0.1:1',
  // Signatures only: its rows are executable because the adapter forwards signatures.
  capabilities: { executionShapes: ['intent_signature'] },
  allowList: {
    calls: [{ chainId: BASE, to: SETTLER, selectors: [] }],
    transferRecipients: [],
    typedData: [
      {
        chainId: BASE,
        domain: DOMAIN,
        primaryTypes: ['Order'],
        check: (typedData, intent) => {
          const m = typedData.message as { recipient: string; inputToken: string; inputAmount: string; output: { chainId: string } };
          if (m.recipient.toLowerCase() !== intent.recipient.toLowerCase()) return `names recipient ${m.recipient}`;
          if (m.inputToken.toLowerCase() !== intent.sourceToken?.toLowerCase()) return `spends ${m.inputToken}`;
          if (BigInt(m.inputAmount) !== intent.amount) return `spends ${m.inputAmount}`;
          if (BigInt(m.output.chainId) !== BigInt(intent.destinationChainId ?? -1)) return `goes to chain ${m.output.chainId}`;
          return null;
        },
      },
    ],
  },
  create(): Venue {
    return {
      id: 'meson',
      supports: () => ({ served: true }),
      coverage: () => ({ origins: ['base'], tokenSymbols: () => ['USDC'] }),
      quote: async (r) => ({ amountIn: r.amountIn, amountOut: (r.amountIn * 9_990n) / 10_000n, minAmountOut: (r.amountIn * 9_990n) / 10_000n, estimatedSeconds: 60, expiresAt: null, context: {} }),
      build: async ({ request, quote }): Promise<StepsPlan> => {
        const order = orderOf(request);
        const step: Eip712Step = { vm: 'eip712', step: 'main', chainId: BASE, typedData: behaviour.tamper ? behaviour.tamper(order) : order };
        return { shape: 'steps', steps: [step], approval: { chainId: BASE, token: request.fromToken.address as Hex, spender: SETTLER, amount: request.amountIn }, amountOut: quote.amountOut, minAmountOut: quote.minAmountOut, context: { nonce } };
      },
      status: async ({ sourceTxHash }) => {
        const done = forwarded.some((f) => orderIdOf(f.signature) === sourceTxHash);
        return { state: done ? 'completed' : 'pending', venueStatus: done ? 'RELEASED' : 'UNKNOWN', destinationTxHash: done ? keccak256(sourceTxHash as Hex) : null, receivedAmount: null, receivedAsset: null, detail: null };
      },
      submitSignature: async (submission) => {
        if (!behaviour.takes) throw new Error('relayer answered 502 Bad Gateway');
        forwarded.push({ signature: submission.signature, signer: submission.signer, typedData: submission.typedData });
        return { orderId: orderIdOf(submission.signature) };
      },
    };
  },
};

/** The venue's order id: not the signature's own hash, so the claim's rename is exercised. */
const orderIdOf = (signature: Hex): Hex => keccak256(concat(['0x01', signature]));

let strait: Strait;
beforeAll(async () => {
  strait = await createTestStrait({ ...allCredentials(), STRAIT_QUOTE_MIN_WAIT_MS: '0', STRAIT_RATE_LIMIT_PER_MINUTE: '0' }, [intentVenue]);
});
afterAll(async () => {
  await strait?.close();
});
beforeEach(() => {
  behaviour.tamper = null;
  behaviour.takes = true;
});

// ---- HTTP ---------------------------------------------------------------------------------------

interface BuiltEip712 { vm: 'eip712'; step: 'main'; chainId: number; typedData: TypedDataPayload }
interface Built { transferId: string; steps: ({ vm: 'evm'; step: string } | BuiltEip712)[] }
interface Answer {
  accepted?: boolean;
  status?: string;
  txHash?: string;
  verification?: string | null;
  error?: { code: string; message: string; details?: { mismatches?: { field: string }[]; txHash?: string } };
}

async function post<T>(url: string, payload: object): Promise<{ status: number; body: T }> {
  const response = await strait.app.inject({ method: 'POST', url, payload });
  return { status: response.statusCode, body: response.json() as T };
}

let builds = 0;
async function quoteAndBuild(extra: object = {}): Promise<{ status: number; body: Built & Answer & { feeCapture?: string; feeBatch?: unknown } }> {
  const quote = await post<{ decisionId: string }>('/v1/bridge/quote', {
    fromChain: 'base', toChain: 'arbitrum', fromToken: 'USDC', toToken: 'USDC', amountAtomic: String(500_000_000 + ++builds), sender: user.address, recipient: RECIPIENT, ...extra,
  });
  expect(quote.status, JSON.stringify(quote.body)).toBe(200);
  return post<Built & Answer>('/v1/bridge/build', { decisionId: quote.body.decisionId });
}

async function build(): Promise<{ transferId: string; step: BuiltEip712 }> {
  const built = await quoteAndBuild();
  expect(built.status, JSON.stringify(built.body)).toBe(200);
  const step = built.body.steps.find((s): s is BuiltEip712 => s.vm === 'eip712')!;
  return { transferId: built.body.transferId, step };
}

const submit = (transferId: string, signedTransaction: string, typedData?: unknown) =>
  post<Answer>(`/v1/bridge/transfers/${transferId}/submit`, { step: 'main', signedTransaction, ...(typedData !== undefined ? { typedData } : {}) });
const transferOf = async (id: string) => (await strait.app.inject({ method: 'GET', url: `/v1/bridge/transfers/${id}` })).json() as { status: string; sourceTxHash: string | null };
const transferCount = async () => Number((await strait.deps.store.db.selectFrom('transfers').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

// ---- Signing, as a wallet does it ---------------------------------------------------------------

const INTEGER = /^u?int\d*$/;

/** The typed data as a wallet library takes it: integers as bigints (JSON carries them as strings). */
function forWallet(typedData: TypedDataPayload): TypedDataDefinition {
  const convert = (type: string, value: unknown): unknown => {
    const fields = typedData.types[type];
    if (fields && typeof value === 'object' && value !== null) return Object.fromEntries(fields.map((f) => [f.name, convert(f.type, (value as Record<string, unknown>)[f.name])]));
    if (INTEGER.test(type) && (typeof value === 'string' || typeof value === 'number')) return BigInt(value);
    return value;
  };
  const { EIP712Domain: _, ...types } = typedData.types;
  return { domain: convert('EIP712Domain', typedData.domain) as never, types: types as never, primaryType: typedData.primaryType, message: convert(typedData.primaryType, typedData.message) as never };
}

/** The wallet's `eth_signTypedData_v4`; with `randomK`, a signer that does not use RFC 6979 (a second, different valid signature). */
function signTyped(key: Hex, typedData: TypedDataPayload, randomK = false): Hex {
  const digest = hashTypedData(forWallet(typedData));
  const sig = secp256k1.sign(digest.slice(2), key.slice(2), randomK ? { extraEntropy: true } : {});
  return `0x${sig.r.toString(16).padStart(64, '0')}${sig.s.toString(16).padStart(64, '0')}${(27 + sig.recovery).toString(16)}`;
}

const split = (signature: Hex) => ({ r: BigInt(signature.slice(0, 66)), s: BigInt(`0x${signature.slice(66, 130)}`), v: Number.parseInt(signature.slice(130), 16) });
const word = (n: bigint) => n.toString(16).padStart(64, '0');

// ---- The build -----------------------------------------------------------------------------------

describe('building an intent venue', () => {
  it('hands out an approve of the settler and the exact typed data to sign, and stores it as built', async () => {
    const built = await quoteAndBuild();
    expect(built.status, JSON.stringify(built.body)).toBe(200);
    expect(built.body.steps.map((s) => [s.vm, s.step])).toEqual([['evm', 'approve'], ['eip712', 'main']]);
    const step = built.body.steps[1] as BuiltEip712;
    expect(step.chainId).toBe(BASE);
    expect(step.typedData).toMatchObject({ domain: DOMAIN, types: TYPES, primaryType: 'Order', message: { sender: user.address, recipient: RECIPIENT, inputAmount: String(500_000_000 + builds), output: { chainId: String(ARBITRUM) } } });
    const stored = await strait.deps.store.db.selectFrom('transfer_steps').selectAll().where('transfer_id', '=', built.body.transferId).where('vm', '=', 'eip712').executeTakeFirstOrThrow();
    expect((stored.payload as { typedData: unknown }).typedData).toEqual(step.typedData);
  });

  const unsafe: [string, (t: TypedDataPayload) => TypedDataPayload][] = [
    ['another verifying contract', (t) => ({ ...t, domain: { ...t.domain, verifyingContract: EVIL } })],
    ['a primary type the allow-list does not name', (t) => ({ ...t, primaryType: 'Leg', message: { chainId: '1', token: EVIL, minAmount: '1' } })],
    ['another recipient', (t) => ({ ...t, message: { ...t.message, recipient: EVIL } })],
    ['a message key its types do not declare', (t) => ({ ...t, message: { ...t.message, spender: EVIL } })],
  ];
  describe('with unsafe answers', () => {
    // Refusals count against the venue's breaker (five open it): these get a service of their own.
    // Every kind of refusal is covered, faster, by src/engine/vetEip712Step.test.ts.
    let shared: Strait;
    beforeAll(async () => {
      shared = strait;
      strait = await createTestStrait({ ...allCredentials(), STRAIT_QUOTE_MIN_WAIT_MS: '0', STRAIT_RATE_LIMIT_PER_MINUTE: '0' }, [intentVenue]);
    });
    afterAll(async () => {
      await strait.close();
      strait = shared;
    });
    it.each(unsafe)('refuses typed data with %s: 502 unsafe_venue_answer, venue degraded, nothing built', async (_, tamper) => {
    behaviour.tamper = tamper;
    const before = await transferCount();
    const refused = await quoteAndBuild();
    expect(refused.status, JSON.stringify(refused.body)).toBe(502);
    expect(refused.body.error?.code).toBe('unsafe_venue_answer');
    expect(await transferCount()).toBe(before);
    const venues = (await strait.app.inject({ method: 'GET', url: '/v1/bridge/venues' })).json() as { venues: { venue: string; health: string }[] };
    expect(venues.venues.find((v) => v.venue === 'meson')?.health).toBe('degraded');
  });
  });
});

// ---- Submit ----------------------------------------------------------------------------------------

describe('submitting the signature', () => {
  it('forwards it once, moves the transfer to SUBMITTED under the venue order, and the worker tracks it to COMPLETED', async () => {
    const { transferId, step } = await build();
    const signature = signTyped(USER_KEY, step.typedData);
    const count = forwarded.length;
    const accepted = await submit(transferId, signature, step.typedData);
    expect(accepted.body, JSON.stringify(accepted.body)).toMatchObject({ accepted: true, status: 'SUBMITTED', verification: 'verified', txHash: orderIdOf(signature) });
    expect(forwarded.length).toBe(count + 1);
    expect(forwarded.at(-1)).toMatchObject({ signature, signer: user.address, typedData: step.typedData });
    expect(await transferOf(transferId)).toMatchObject({ status: 'SUBMITTED', sourceTxHash: orderIdOf(signature) });

    const again = await submit(transferId, signature);
    expect(again.body).toMatchObject({ accepted: false, txHash: orderIdOf(signature), status: 'SUBMITTED' });
    expect(forwarded.length).toBe(count + 1);

    await strait.worker.tick();
    expect((await transferOf(transferId)).status).toBe('COMPLETED');
  });

  it('refuses another valid signature of the signed step (409 step_already_signed), forwarding nothing', async () => {
    const { transferId, step } = await build();
    const first = signTyped(USER_KEY, step.typedData);
    expect((await submit(transferId, first)).body.accepted).toBe(true);
    const count = forwarded.length;
    const second = signTyped(USER_KEY, step.typedData, true);
    expect(second).not.toBe(first);
    const refused = await submit(transferId, second);
    expect(refused.status).toBe(409);
    expect(refused.body.error).toMatchObject({ code: 'step_already_signed', details: { txHash: orderIdOf(first) } });
    expect(forwarded.length).toBe(count);
  });

  it('records nothing when the venue does not take the signature (503, retriable), and takes it on the retry', async () => {
    const { transferId, step } = await build();
    const signature = signTyped(USER_KEY, step.typedData);
    behaviour.takes = false;
    const failed = await submit(transferId, signature);
    expect(failed.status).toBe(503);
    expect(failed.body.error?.code).toBe('venue_unavailable');
    expect(await transferOf(transferId)).toMatchObject({ status: 'PENDING_SIGNATURE', sourceTxHash: null });
    behaviour.takes = true;
    expect((await submit(transferId, signature)).body).toMatchObject({ accepted: true, txHash: orderIdOf(signature) });
  });

  it('forwards a signature once when the same one arrives twice at the same time', async () => {
    const { transferId, step } = await build();
    const signature = signTyped(USER_KEY, step.typedData);
    const count = forwarded.length;
    const answers = await Promise.all([submit(transferId, signature), submit(transferId, signature.toUpperCase().replace('0X', '0x'))]);
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    expect(answers.filter((a) => a.body.accepted === true)).toHaveLength(1);
    expect(forwarded.length).toBe(count + 1);
    expect((await transferOf(transferId)).sourceTxHash).toBe(orderIdOf(signature));
  });

  it('refuses a txHash, a high-s twin of the signature, and typedData beside an EVM step', async () => {
    const { transferId, step } = await build();
    const asHash = await post<Answer>(`/v1/bridge/transfers/${transferId}/submit`, { step: 'main', txHash: `0x${'ab'.repeat(32)}` });
    expect([asHash.status, asHash.body.error?.code]).toEqual([400, 'invalid_submission']);
    expect(asHash.body.error?.message).toMatch(/^an eip712 step is submitted as its signature/);
    const { r, s, v } = split(signTyped(USER_KEY, step.typedData));
    const twin = `0x${word(r)}${word(N - s)}${(v === 27 ? 28 : 27).toString(16)}`;
    const high = await submit(transferId, twin);
    expect([high.status, high.body.error?.code]).toEqual([400, 'invalid_signed_transaction']);
    const onApprove = await post<Answer>(`/v1/bridge/transfers/${transferId}/submit`, { step: 'approve', signedTransaction: '0x02', typedData: step.typedData });
    expect([onApprove.status, onApprove.body.error?.code]).toEqual([400, 'invalid_submission']);
    expect((await transferOf(transferId)).status).toBe('PENDING_SIGNATURE');
  });
});

describe('with fee steps beside the signature', () => {
  const FEE_WALLET = getAddress('0x000000000000000000000000000000000000fee1');
  let shared: Strait;
  beforeAll(async () => {
    shared = strait;
    strait = await createTestStrait({ ...allCredentials(), STRAIT_QUOTE_MIN_WAIT_MS: '0', STRAIT_RATE_LIMIT_PER_MINUTE: '0', STRAIT_FEE_WALLET_BASE: FEE_WALLET }, [intentVenue]);
  });
  afterAll(async () => {
    await strait.close();
    strait = shared;
  });

  it('offers the referral cut as its own transaction and forwards the signature only once the fee step is in (409 fee_steps_required before)', async () => {
    const built = await quoteAndBuild({ referralWallet: getAddress('0x70997970C51812dc3A010C7d01b50e0d17dc79C8'), referralBps: 15 });
    expect(built.status, JSON.stringify(built.body)).toBe(200);
    expect(built.body.steps.map((s) => [s.vm, s.step])).toEqual([['evm', 'approve'], ['evm', 'fee'], ['eip712', 'main']]);
    expect(built.body).toMatchObject({ feeCapture: 'separate-step', feeBatch: null });
    const step = built.body.steps[2] as BuiltEip712;
    // The venue is asked for what remains after Strait's cut, and the message must say so.
    expect(BigInt(step.typedData.message.inputAmount as string)).toBeLessThan(BigInt(500_000_000 + builds));
    const signature = signTyped(USER_KEY, step.typedData);
    const count = forwarded.length;
    const early = await submit(built.body.transferId, signature);
    expect([early.status, early.body.error?.code]).toEqual([409, 'fee_steps_required']);
    expect(forwarded.length).toBe(count);
    // Without an RPC for the chain the fee transaction is taken by hash, unverified (docs/steps.md, fee policy).
    const fee = await post<Answer>(`/v1/bridge/transfers/${built.body.transferId}/submit`, { step: 'fee', txHash: `0x${'fe'.repeat(32)}` });
    expect(fee.body, JSON.stringify(fee.body)).toMatchObject({ accepted: true, verification: 'unverified_no_rpc' });
    expect((await submit(built.body.transferId, signature)).body).toMatchObject({ accepted: true, status: 'SUBMITTED', txHash: orderIdOf(signature) });
    expect(forwarded.length).toBe(count + 1);
  });
});

// ---- Properties -----------------------------------------------------------------------------------

type Path = readonly (string | number)[];

/** A change of meaning to typed data, and the path the refusal must name when the copy is sent. */
type Tamper = { path: string; apply: (t: TypedDataPayload) => TypedDataPayload };

const hex = (bytes: number) => fc.uint8Array({ minLength: bytes, maxLength: bytes }).map((b) => toHex(b));
const addressArb = fc.oneof(fc.constantFrom(EVIL, RECIPIENT, SETTLER, user.address), hex(20)).map((a) => getAddress(a));
const clone = (t: TypedDataPayload): TypedDataPayload => JSON.parse(JSON.stringify(t)) as TypedDataPayload;

function setAt(t: TypedDataPayload, path: Path, value: unknown): TypedDataPayload {
  const copy = clone(t) as unknown as Record<string | number, unknown>;
  let node = copy;
  for (const key of path.slice(0, -1)) node = node[key] as Record<string | number, unknown>;
  node[path.at(-1)!] = value;
  return copy as unknown as TypedDataPayload;
}

const messageFields: fc.Arbitrary<Tamper> = fc.oneof(
  fc.tuple(fc.constantFrom('sender', 'recipient', 'inputToken'), addressArb).map(([field, a]): Tamper => ({ path: `message.${field}`, apply: (t) => (String(t.message[field]).toLowerCase() === a.toLowerCase() ? setAt(t, ['message', field], EVIL === a ? RECIPIENT : EVIL) : setAt(t, ['message', field], a)) })),
  fc.tuple(fc.constantFrom('inputAmount', 'nonce'), fc.bigInt({ min: 1n, max: 2n ** 128n })).map(([field, d]): Tamper => ({ path: `message.${field}`, apply: (t) => setAt(t, ['message', field], (BigInt(t.message[field] as string) + d).toString()) })),
  fc.tuple(fc.constantFrom('chainId', 'minAmount'), fc.bigInt({ min: 1n, max: 2n ** 64n })).map(([field, d]): Tamper => ({ path: `message.output.${field}`, apply: (t) => setAt(t, ['message', 'output', field], (BigInt((t.message.output as JsonObject)[field] as string) + d).toString()) })),
  addressArb.map((a): Tamper => ({ path: 'message.output.token', apply: (t) => setAt(t, ['message', 'output', 'token'], a.toLowerCase() === String((t.message.output as JsonObject).token).toLowerCase() ? EVIL : a) })),
  fc.integer({ min: 1, max: 1_000_000 }).map((d): Tamper => ({ path: 'message.deadline', apply: (t) => setAt(t, ['message', 'deadline'], (t.message.deadline as number) - d) })),
  fc.uint8Array({ minLength: 1, maxLength: 40 }).map((b): Tamper => ({ path: 'message.memo', apply: (t) => setAt(t, ['message', 'memo'], toHex(b) === t.message.memo ? '0x' : toHex(b)) })),
  fc.string({ minLength: 1, maxLength: 20 }).filter((s) => s !== 'strait').map((s): Tamper => ({ path: 'message.tag', apply: (t) => setAt(t, ['message', 'tag'], s) })),
);
const domainFields: fc.Arbitrary<Tamper> = fc.oneof(
  fc.string({ minLength: 1, maxLength: 30 }).filter((s) => s !== DOMAIN.name).map((s): Tamper => ({ path: 'domain.name', apply: (t) => setAt(t, ['domain', 'name'], s) })),
  fc.constantFrom('0', '2', '1.0', 'v1').map((s): Tamper => ({ path: 'domain.version', apply: (t) => setAt(t, ['domain', 'version'], s) })),
  fc.integer({ min: 1, max: 2 ** 31 }).filter((id) => id !== BASE).map((id): Tamper => ({ path: 'domain.chainId', apply: (t) => setAt(t, ['domain', 'chainId'], id) })),
  addressArb.filter((a) => a !== SETTLER).map((a): Tamper => ({ path: 'domain.verifyingContract', apply: (t) => setAt(t, ['domain', 'verifyingContract'], a) })),
);
const typeFields: fc.Arbitrary<Tamper> = fc.oneof(
  fc.tuple(fc.nat(8), fc.constantFrom('int256', 'uint128', 'bytes32', 'address', 'string')).map(([i, type]): Tamper => ({ path: `types.Order[${i}].type`, apply: (t) => (t.types.Order![i]!.type === type ? setAt(t, ['types', 'Order', i, 'type'], 'bytes') : setAt(t, ['types', 'Order', i, 'type'], type)) })),
  fc.nat(8).map((i): Tamper => ({ path: `types.Order[${i}].name`, apply: (t) => setAt(t, ['types', 'Order', i, 'name'], `${t.types.Order![i]!.name}X`) })),
  fc.nat(7).map((i): Tamper => ({ path: `types.Order[${i}]`, apply: (t) => setAt(t, ['types', 'Order'], t.types.Order!.map((f, j) => (j === i ? t.types.Order![i + 1]! : j === i + 1 ? t.types.Order![i]! : f))) })),
  fc.constant<Tamper>({ path: 'types.Order[9]', apply: (t) => setAt(t, ['types', 'Order'], [...t.types.Order!, { name: 'extra', type: 'uint256' }]) }),
  fc.constant<Tamper>({ path: 'types.Leg[2]', apply: (t) => setAt(t, ['types', 'Leg'], t.types.Leg!.slice(0, 2)) }),
  fc.constant<Tamper>({ path: 'primaryType', apply: (t) => ({ ...clone(t), primaryType: 'Leg' }) }),
);
const tamper = fc.oneof({ weight: 3, arbitrary: messageFields }, { weight: 2, arbitrary: domainFields }, { weight: 2, arbitrary: typeFields });

/** How the tampered data reaches submit: signed and sent, signed without the copy, or the honest signature beside a changed copy. */
const delivery = fc.constantFrom('signed-with-copy', 'signed-only', 'honest-signature-changed-copy');

function signMaybe(key: Hex, t: TypedDataPayload): Hex | null {
  try {
    return signTyped(key, t);
  } catch {
    return null; // a wallet cannot hash it either
  }
}

describe('typed data changed in anything that is signed', () => {
  it('is refused with 422 transaction_mismatch naming the field, forwards nothing, and leaves the step open to the honest signature', async () => {
    await fc.assert(
      fc.asyncProperty(tamper, delivery, async (t, how) => {
        const { transferId, step } = await build();
        const changed = t.apply(step.typedData);
        const tamperedSig = how === 'honest-signature-changed-copy' ? null : signMaybe(USER_KEY, changed);
        const signature = tamperedSig ?? signTyped(USER_KEY, step.typedData);
        const copy = how === 'signed-only' && tamperedSig !== null ? undefined : changed;
        const count = forwarded.length;
        const refused = await submit(transferId, signature, copy);
        expect(refused.status, JSON.stringify(refused.body)).toBe(422);
        expect(refused.body.error?.code).toBe('transaction_mismatch');
        const fields = refused.body.error?.details?.mismatches?.map((m) => m.field) ?? [];
        if (copy === undefined) expect(fields).toEqual(['signer']);
        else expect(fields.some((f) => f === t.path || f.startsWith(`${t.path}.`) || f.startsWith(`${t.path}[`) || t.path.startsWith(f) || (t.path === 'primaryType' && f === 'primaryType')), `${t.path} in ${fields.join(', ')}`).toBe(true);
        expect(forwarded.length).toBe(count);
        expect(await transferOf(transferId)).toMatchObject({ status: 'PENDING_SIGNATURE', sourceTxHash: null });

        const honest = signTyped(USER_KEY, step.typedData);
        expect((await submit(transferId, honest)).body).toMatchObject({ accepted: true, txHash: orderIdOf(honest) });
        expect(forwarded.length).toBe(count + 1);
      }),
      { numRuns: 150 },
    );
  });
});

type SignatureTamper = { kind: 'byte'; at: number; xor: number } | { kind: 'v'; v: number } | { kind: 'signer' } | { kind: 'truncate'; drop: number } | { kind: 'append'; bytes: Hex };
const signatureTamper: fc.Arbitrary<SignatureTamper> = fc.oneof(
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('byte' as const), at: fc.nat(63), xor: fc.integer({ min: 1, max: 255 }) }) },
  fc.record({ kind: fc.constant('v' as const), v: fc.integer({ min: 0, max: 255 }).filter((v) => v !== 27 && v !== 28) }),
  fc.constant({ kind: 'signer' as const }),
  fc.record({ kind: fc.constant('truncate' as const), drop: fc.integer({ min: 2, max: 64 }) }),
  fc.record({ kind: fc.constant('append' as const), bytes: fc.uint8Array({ minLength: 1, maxLength: 32 }).map((b) => toHex(b)) }),
);

function tamperSignature(signature: Hex, t: SignatureTamper, typedData: TypedDataPayload): Hex {
  const body = Buffer.from(signature.slice(2), 'hex');
  switch (t.kind) {
    case 'byte':
      body[t.at]! ^= t.xor;
      return toHex(body);
    case 'v': {
      // v = 0/1 names the same parity as 27/28: flip it so the signature says something else.
      const sameParity = (body[64]! - 27) === t.v;
      body[64] = sameParity ? 1 - t.v : t.v;
      return toHex(body);
    }
    case 'signer':
      return signTyped(OTHER_KEY, typedData);
    case 'truncate':
      return toHex(body.subarray(0, body.length - t.drop));
    case 'append':
      return concat([signature, t.bytes]);
  }
}

describe('a signature changed in any byte, or by another key', () => {
  it('is refused with a 4xx, forwards nothing, and the honest signature is then accepted', async () => {
    await fc.assert(
      fc.asyncProperty(signatureTamper, fc.boolean(), async (t, withCopy) => {
        const { transferId, step } = await build();
        const honest = signTyped(USER_KEY, step.typedData);
        const bad = tamperSignature(honest, t, step.typedData);
        fc.pre(bad.toLowerCase() !== honest.toLowerCase());
        const count = forwarded.length;
        const refused = await submit(transferId, bad, withCopy ? step.typedData : undefined);
        expect([400, 422], JSON.stringify(refused.body)).toContain(refused.status);
        expect(refused.body.error?.code).toBe(refused.status === 400 ? 'invalid_signed_transaction' : 'transaction_mismatch');
        if (refused.status === 422) expect(refused.body.error?.details?.mismatches?.map((m) => m.field)).toEqual(['signer']);
        expect(forwarded.length).toBe(count);
        expect((await transferOf(transferId)).status).toBe('PENDING_SIGNATURE');
        expect((await submit(transferId, honest)).body).toMatchObject({ accepted: true });
        expect(forwarded.length).toBe(count + 1);
      }),
      { numRuns: 120 },
    );
  });
});

/** What a wallet may legally vary in the signature it hands back and the copy it sends. */
interface Legal { upper: boolean; prefixUpper: boolean; vForm: 'v27' | 'v01' | 'compact'; copy: 'none' | 'same' | 'checksummed' | 'upper-hex' | 'numbers' | 'explicit-domain' | 'reordered' }
const legal: fc.Arbitrary<Legal> = fc.record({
  upper: fc.boolean(),
  prefixUpper: fc.boolean(),
  vForm: fc.constantFrom('v27', 'v01', 'compact'),
  copy: fc.constantFrom('none', 'same', 'checksummed', 'upper-hex', 'numbers', 'explicit-domain', 'reordered'),
});

function spell(signature: Hex, l: Legal): string {
  const { r, s, v } = split(signature);
  const digits = l.vForm === 'compact' ? `${word(r)}${word(s | (BigInt(v - 27) << 255n))}` : `${word(r)}${word(s)}${(l.vForm === 'v01' ? v - 27 : v).toString(16).padStart(2, '0')}`;
  return `${l.prefixUpper ? '0X' : '0x'}${l.upper ? digits.toUpperCase() : digits}`;
}

function copyOf(t: TypedDataPayload, how: Legal['copy']): TypedDataPayload | undefined {
  const m = t.message as Record<string, unknown> & { output: Record<string, unknown> };
  switch (how) {
    case 'none':
      return undefined;
    case 'same':
      return clone(t);
    case 'checksummed':
      return { ...clone(t), domain: { ...t.domain, verifyingContract: getAddress(SETTLER) }, message: { ...m, sender: getAddress(m.sender as string), recipient: getAddress(m.recipient as string), inputToken: getAddress(m.inputToken as string) } as JsonObject };
    case 'upper-hex':
      return { ...clone(t), domain: { ...t.domain, verifyingContract: `0x${SETTLER.slice(2).toUpperCase()}` }, message: { ...m, recipient: `0x${(m.recipient as string).slice(2).toUpperCase()}`, memo: '0xC0FFEE' } as JsonObject };
    case 'numbers':
      return { ...clone(t), domain: { ...t.domain, chainId: `0x${BASE.toString(16)}` }, message: { ...m, nonce: Number(m.nonce), deadline: String(m.deadline), output: { ...m.output, chainId: ARBITRUM } } as JsonObject };
    case 'explicit-domain':
      return { ...clone(t), types: { EIP712Domain: [{ name: 'name', type: 'string' }, { name: 'version', type: 'string' }, { name: 'chainId', type: 'uint256' }, { name: 'verifyingContract', type: 'address' }], ...t.types } };
    case 'reordered':
      return { message: clone(t).message, primaryType: t.primaryType, types: { Leg: t.types.Leg!, Order: t.types.Order! }, domain: { verifyingContract: SETTLER, chainId: BASE, version: '1', name: DOMAIN.name } };
  }
}

describe('a signature as the wallet chose to spell it', () => {
  it('is accepted and forwarded once in its canonical form; any later spelling of it answers the order on record', async () => {
    await fc.assert(
      fc.asyncProperty(legal, legal, async (first, repeat) => {
        const { transferId, step } = await build();
        const signature = signTyped(USER_KEY, step.typedData);
        const count = forwarded.length;
        const accepted = await submit(transferId, spell(signature, first), copyOf(step.typedData, first.copy));
        expect(accepted.body, JSON.stringify(accepted.body)).toMatchObject({ accepted: true, txHash: orderIdOf(signature), status: 'SUBMITTED' });
        expect(forwarded.length).toBe(count + 1);
        expect(forwarded.at(-1)!.signature).toBe(signature);
        const again = await submit(transferId, spell(signature, repeat), copyOf(step.typedData, repeat.copy));
        expect(again.body, JSON.stringify(again.body)).toMatchObject({ accepted: false, txHash: orderIdOf(signature) });
        expect(forwarded.length).toBe(count + 1);
      }),
      { numRuns: 80 },
    );
  });
});
