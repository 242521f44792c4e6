import { secp256k1 } from '@noble/curves/secp256k1';
import fc from 'fast-check';
import { concat, encodePacked, hashMessage, getAddress, keccak256, sliceHex, toHex, hexToBigInt, type Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Strait } from '../src/createStrait.ts';
import type { MessageStep } from '../src/domain/steps.ts';
import type { StepsPlan, Venue, VenueQuoteRequest } from '../src/venues/Venue.ts';
import type { VenueStandIn } from '../src/venues/VenueModule.ts';
import { allCredentials } from './scriptedStrait.ts';
import { createTestStrait } from './testStrait.ts';

/**
 * The `message` step (raw bytes signed with `personal_sign`, one signature per message) end to end
 * over HTTP, and its submit path failing closed, shown with fast-check: a message changed in any
 * byte, dropped, added or reordered, signatures changed in any byte, made by another key, swapped or
 * miscounted, are refused with a 4xx, forward nothing to the venue and leave the transfer as it was;
 * the honest signatures are then accepted. What a wallet may legally vary (hex case, `v` as 0/1 or
 * 27/28, the EIP-2098 compact form, spaces around the commas, the copy's hex case) is accepted once
 * and forwarded once; repeats answer the order on record.
 */

const USER_KEY: Hex = '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80';
const OTHER_KEY: Hex = '0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d';
const user = privateKeyToAccount(USER_KEY);
const other = privateKeyToAccount(OTHER_KEY);
const RECIPIENT = getAddress('0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC');
const POOL = getAddress('0x00000000000000000000000000000000000b0071');
const EVIL = getAddress('0x00000000000000000000000000000000000bad00');
const BASE = 8453;
const ARBITRUM = 42_161;
const N = 0xfffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141n;

/** A request (amount ‖ destination chain ‖ nonce: 32 bytes) and its release (the request ‖ the recipient), Meson-style. */
function messagesOf(amount: bigint, destination: number, recipient: string, nonce: bigint): Hex[] {
  const request = encodePacked(['uint96', 'uint32', 'uint128'], [amount, destination, nonce]);
  return [request, concat([request, recipient.toLowerCase() as Hex])];
}

interface Behaviour { tamper: ((messages: Hex[]) => Hex[]) | null; takes: boolean }
const behaviour: Behaviour = { tamper: null, takes: true };
const forwarded: { signatures: readonly Hex[]; signer: string; messages: readonly Hex[] }[] = [];
let nonce = 0n;

const venue: VenueStandIn = {
  id: 'meson',
  defaultBaseUrl: 'http://127.0.0.1:1',
  capabilities: { executionShapes: ['intent_signature'] },
  allowList: {
    calls: [{ chainId: BASE, to: POOL, selectors: [] }],
    transferRecipients: [],
    messages: [
      {
        chainId: BASE,
        check: (messages, intent) => {
          if (messages.length !== 2) return `asks for ${messages.length} signatures`;
          const [request, release] = messages as [Hex, Hex];
          if (request.length !== 66) return 'signs a request that is not 32 bytes';
          if (release.length !== 106 || !release.startsWith(request)) return 'signs a release that is not the request and a recipient';
          if (hexToBigInt(sliceHex(request, 0, 12)) !== intent.amount) return 'moves another amount';
          if (Number(hexToBigInt(sliceHex(request, 12, 16))) !== intent.destinationChainId) return 'goes to another chain';
          if (sliceHex(release, 32).toLowerCase() !== intent.recipient.toLowerCase()) return 'releases to someone else';
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
      build: async ({ request, quote }: { request: VenueQuoteRequest; quote: { amountOut: bigint; minAmountOut: bigint } }): Promise<StepsPlan> => {
        const messages = messagesOf(request.amountIn, ARBITRUM, request.recipient, ++nonce);
        const step: MessageStep = { vm: 'message', step: 'main', chainId: BASE, method: 'personal_sign', messages: behaviour.tamper ? behaviour.tamper(messages) : messages };
        return { shape: 'steps', steps: [step], approval: { chainId: BASE, token: request.fromToken.address as Hex, spender: POOL, amount: request.amountIn }, amountOut: quote.amountOut, minAmountOut: quote.minAmountOut, context: {} };
      },
      status: async ({ sourceTxHash }) => {
        const done = forwarded.some((f) => orderIdOf(f.signatures) === sourceTxHash);
        return { state: done ? 'completed' : 'pending', venueStatus: done ? 'RELEASED' : 'UNKNOWN', destinationTxHash: done ? keccak256(sourceTxHash as Hex) : null, receivedAmount: null, receivedAsset: null, detail: null };
      },
      submitMessageSignatures: async (submission) => {
        if (!behaviour.takes) throw new Error('relayer answered 502 Bad Gateway');
        forwarded.push({ signatures: submission.signatures, signer: submission.signer, messages: submission.messages });
        return { orderId: orderIdOf(submission.signatures) };
      },
    };
  },
};

const orderIdOf = (signatures: readonly Hex[]): Hex => keccak256(concat(['0x02', ...signatures]));

let strait: Strait;
beforeAll(async () => {
  strait = await createTestStrait({ ...allCredentials(), STRAIT_QUOTE_MIN_WAIT_MS: '0', STRAIT_RATE_LIMIT_PER_MINUTE: '0' }, [venue]);
});
afterAll(async () => {
  await strait?.close();
});
beforeEach(() => {
  behaviour.tamper = null;
  behaviour.takes = true;
});

interface BuiltMessage { vm: 'message'; step: 'main'; chainId: number; method: string; messages: Hex[] }
interface Built { transferId: string; steps: ({ vm: 'evm'; step: string } | BuiltMessage)[] }
interface Answer { accepted?: boolean; status?: string; txHash?: string; error?: { code: string; message?: string; details?: { mismatches?: { field: string }[]; txHash?: string } } }

async function post<T>(url: string, payload: object): Promise<{ status: number; body: T }> {
  const response = await strait.app.inject({ method: 'POST', url, payload });
  return { status: response.statusCode, body: response.json() as T };
}

let builds = 0;
async function quoteAndBuild(): Promise<{ status: number; body: Built & Answer }> {
  const quote = await post<{ decisionId: string }>('/v1/bridge/quote', {
    fromChain: 'base', toChain: 'arbitrum', fromToken: 'USDC', toToken: 'USDC', amountAtomic: String(300_000_000 + ++builds), sender: user.address, recipient: RECIPIENT,
  });
  expect(quote.status, JSON.stringify(quote.body)).toBe(200);
  return post<Built & Answer>('/v1/bridge/build', { decisionId: quote.body.decisionId });
}

async function build(): Promise<{ transferId: string; step: BuiltMessage }> {
  const built = await quoteAndBuild();
  expect(built.status, JSON.stringify(built.body)).toBe(200);
  return { transferId: built.body.transferId, step: built.body.steps.find((s): s is BuiltMessage => s.vm === 'message')! };
}

const submit = (transferId: string, signedTransaction: string, messages?: unknown) =>
  post<Answer>(`/v1/bridge/transfers/${transferId}/submit`, { step: 'main', signedTransaction, ...(messages !== undefined ? { messages } : {}) });
const transferOf = async (id: string) => (await strait.app.inject({ method: 'GET', url: `/v1/bridge/transfers/${id}` })).json() as { status: string; sourceTxHash: string | null };

/** The wallet's `personal_sign` of each message's bytes (RFC 6979: deterministic). */
const signAll = (messages: readonly Hex[], key = USER_KEY): Promise<Hex[]> => Promise.all(messages.map((raw) => (key === USER_KEY ? user : other).signMessage({ message: { raw } })));
const joined = (signatures: readonly string[]) => signatures.join(',');
const split = (signature: Hex) => ({ r: BigInt(signature.slice(0, 66)), s: BigInt(`0x${signature.slice(66, 130)}`), v: Number.parseInt(signature.slice(130), 16) });
const word = (n: bigint) => n.toString(16).padStart(64, '0');

describe('building a message venue', () => {
  it('hands out an approve and the exact messages to personal_sign, and stores them as built', async () => {
    const built = await quoteAndBuild();
    expect(built.status, JSON.stringify(built.body)).toBe(200);
    expect(built.body.steps.map((s) => [s.vm, s.step])).toEqual([['evm', 'approve'], ['message', 'main']]);
    const step = built.body.steps[1] as BuiltMessage;
    expect(step).toMatchObject({ chainId: BASE, method: 'personal_sign' });
    expect(step.messages).toEqual(messagesOf(BigInt(300_000_000 + builds), ARBITRUM, RECIPIENT, nonce));
    const stored = await strait.deps.store.db.selectFrom('transfer_steps').selectAll().where('transfer_id', '=', built.body.transferId).where('vm', '=', 'message').executeTakeFirstOrThrow();
    expect((stored.payload as { messages: unknown }).messages).toEqual(step.messages);
  });

  describe('with unsafe answers', () => {
    // Refusals count against the venue's breaker (five open it): these get a service of their own.
    let shared: Strait;
    beforeAll(async () => {
      shared = strait;
      strait = await createTestStrait({ ...allCredentials(), STRAIT_QUOTE_MIN_WAIT_MS: '0', STRAIT_RATE_LIMIT_PER_MINUTE: '0' }, [venue]);
    });
    afterAll(async () => {
      await strait.close();
      strait = shared;
    });
    const unsafe: [string, (m: Hex[]) => Hex[]][] = [
      ['another recipient', (m) => [m[0]!, concat([m[0]!, EVIL.toLowerCase() as Hex])]],
      ['another amount', () => messagesOf(1n, ARBITRUM, RECIPIENT, 1n)],
      ['upper-case hex (two spellings of one message)', (m) => [m[0]!, `0x${m[1]!.slice(2).toUpperCase()}`]],
      ['a third message', (m) => [...m, '0x00']],
    ];
    it.each(unsafe)('refuses messages with %s: 502 unsafe_venue_answer, nothing built', async (_, tamper) => {
      behaviour.tamper = tamper;
      const refused = await quoteAndBuild();
      expect(refused.status, JSON.stringify(refused.body)).toBe(502);
      expect(refused.body.error?.code).toBe('unsafe_venue_answer');
    });
  });
});

describe('submitting the signatures', () => {
  it('forwards them once, moves the transfer to SUBMITTED under the venue order, and the worker tracks it to COMPLETED', async () => {
    const { transferId, step } = await build();
    const signatures = await signAll(step.messages);
    const count = forwarded.length;
    const accepted = await submit(transferId, joined(signatures), step.messages);
    expect(accepted.body, JSON.stringify(accepted.body)).toMatchObject({ accepted: true, status: 'SUBMITTED', verification: 'verified', txHash: orderIdOf(signatures) });
    expect(forwarded.at(-1)).toMatchObject({ signatures, signer: user.address, messages: step.messages });
    expect((await submit(transferId, joined(signatures))).body).toMatchObject({ accepted: false, txHash: orderIdOf(signatures) });
    expect(forwarded.length).toBe(count + 1);
    await strait.worker.tick();
    expect((await transferOf(transferId)).status).toBe('COMPLETED');
  });

  it('refuses the same messages signed differently once signed (409 step_already_signed), a txHash, messages beside an EVM step, and records nothing when the venue refuses', async () => {
    const { transferId, step } = await build();
    const signatures = await signAll(step.messages);
    behaviour.takes = false;
    expect((await submit(transferId, joined(signatures))).status).toBe(503);
    behaviour.takes = true;
    const asHash = await post<Answer>(`/v1/bridge/transfers/${transferId}/submit`, { step: 'main', txHash: `0x${'ab'.repeat(32)}` });
    expect([asHash.status, asHash.body.error?.code]).toEqual([400, 'invalid_submission']);
    expect(asHash.body.error?.message).toMatch(/^a message step is submitted as its signature/);
    const onApprove = await post<Answer>(`/v1/bridge/transfers/${transferId}/submit`, { step: 'approve', signedTransaction: '0x02', messages: step.messages });
    expect([onApprove.status, onApprove.body.error?.code]).toEqual([400, 'invalid_submission']);
    expect((await submit(transferId, joined(signatures))).body.accepted).toBe(true);
    // A second valid signature of the release (another nonce k): the same messages, other signatures.
    const { r, s, v } = split(signatures[1]!);
    const highTwin = `0x${word(r)}${word(N - s)}${(v === 27 ? 28 : 27).toString(16)}`;
    expect((await submit(transferId, joined([signatures[0]!, highTwin]))).status).toBe(400);
    const count = forwarded.length;
    const again = await submit(transferId, joined([signatures[0]!, signatures[1]!.toUpperCase().replace('0X', '0x')]));
    expect(again.body).toMatchObject({ accepted: false });
    const sig = secp256k1.sign(hashMessage({ raw: step.messages[1]! }).slice(2), USER_KEY.slice(2), { extraEntropy: true });
    const second = `0x${word(sig.r)}${word(sig.s)}${(27 + sig.recovery).toString(16)}`;
    expect(second).not.toBe(signatures[1]);
    const refused = await submit(transferId, joined([signatures[0]!, second]));
    expect([refused.status, refused.body.error?.code]).toEqual([409, 'step_already_signed']);
    expect(forwarded.length).toBe(count);
  });
});

// ---- Properties -----------------------------------------------------------------------------------

type MessageTamper = { path: string; count: boolean; apply: (m: Hex[]) => Hex[] };
const flipByte = fc.record({ which: fc.nat(1), at: fc.nat(51), xor: fc.integer({ min: 1, max: 255 }) }).map(({ which, at, xor }): MessageTamper => ({
  path: `messages[${which}]`,
  count: false,
  apply: (m) => m.map((message, i) => {
    if (i !== which) return message;
    const bytes = Buffer.from(message.slice(2), 'hex');
    bytes[at % bytes.length]! ^= xor;
    return toHex(bytes);
  }),
}));
const resize = fc.record({ which: fc.nat(1), grow: fc.boolean(), n: fc.integer({ min: 1, max: 8 }) }).map(({ which, grow, n }): MessageTamper => ({
  path: `messages[${which}]`,
  count: false,
  apply: (m) => m.map((message, i) => (i !== which ? message : grow ? concat([message, toHex(new Uint8Array(n).fill(7))]) : (message.slice(0, message.length - 2 * n) as Hex))),
}));
const reshape = fc.constantFrom<MessageTamper>(
  { path: 'messages[0]', count: false, apply: (m) => [m[1]!, m[0]!] },
  { path: 'messages[1]', count: true, apply: (m) => [m[0]!] },
  { path: 'messages[2]', count: true, apply: (m) => [...m, m[0]!] },
);
const messageTamper = fc.oneof({ weight: 3, arbitrary: flipByte }, { weight: 2, arbitrary: resize }, { weight: 1, arbitrary: reshape });
const delivery = fc.constantFrom('signed-with-copy', 'signed-only', 'honest-signatures-changed-copy');

describe('messages changed in anything that is signed', () => {
  it('are refused with a 4xx naming the message or the signer, forward nothing, and leave the step open to the honest signatures', async () => {
    await fc.assert(
      fc.asyncProperty(messageTamper, delivery, async (t, how) => {
        const { transferId, step } = await build();
        const changed = t.apply(step.messages);
        const signatures = how === 'honest-signatures-changed-copy' ? await signAll(step.messages) : await signAll(changed);
        const copy = how === 'signed-only' ? undefined : changed;
        const count = forwarded.length;
        const refused = await submit(transferId, joined(signatures), copy);
        if (t.count && how !== 'honest-signatures-changed-copy') {
          // As many signatures as the changed list: not what the built step signs.
          expect([refused.status, refused.body.error?.code], JSON.stringify(refused.body)).toEqual([400, 'invalid_signed_transaction']);
        } else {
          expect(refused.status, JSON.stringify(refused.body)).toBe(422);
          expect(refused.body.error?.code).toBe('transaction_mismatch');
          const fields = refused.body.error?.details?.mismatches?.map((m) => m.field) ?? [];
          if (copy === undefined) {
            expect(fields).toHaveLength(1);
            expect(fields[0]).toMatch(/^signatures\[\d\]\.signer$/);
          } else expect(fields, `${t.path} in ${fields.join(', ')}`).toContain(t.path);
        }
        expect(forwarded.length).toBe(count);
        expect(await transferOf(transferId)).toMatchObject({ status: 'PENDING_SIGNATURE', sourceTxHash: null });
        const honest = await signAll(step.messages);
        expect((await submit(transferId, joined(honest))).body).toMatchObject({ accepted: true, txHash: orderIdOf(honest) });
        expect(forwarded.length).toBe(count + 1);
      }),
      { numRuns: 150 },
    );
  });
});

type SignatureTamper =
  | { kind: 'byte'; which: number; at: number; xor: number }
  | { kind: 'v'; which: number; v: number }
  | { kind: 'signer'; which: number }
  | { kind: 'swap' }
  | { kind: 'drop'; which: number }
  | { kind: 'extra' }
  | { kind: 'separator'; with: string }
  | { kind: 'truncate'; which: number; drop: number };
const signatureTamper: fc.Arbitrary<SignatureTamper> = fc.oneof(
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('byte' as const), which: fc.nat(1), at: fc.nat(63), xor: fc.integer({ min: 1, max: 255 }) }) },
  fc.record({ kind: fc.constant('v' as const), which: fc.nat(1), v: fc.integer({ min: 0, max: 255 }).filter((v) => v !== 27 && v !== 28) }),
  fc.record({ kind: fc.constant('signer' as const), which: fc.nat(1) }),
  fc.constant({ kind: 'swap' as const }),
  fc.record({ kind: fc.constant('drop' as const), which: fc.nat(1) }),
  fc.constant({ kind: 'extra' as const }),
  fc.record({ kind: fc.constant('separator' as const), with: fc.constantFrom(';', '', ' ', '|', ',,') }),
  // Dropping exactly the v byte leaves the 64-byte EIP-2098 spelling, a legal one (the same signature when v was 27), so 2 is skipped.
  fc.record({ kind: fc.constant('truncate' as const), which: fc.nat(1), drop: fc.integer({ min: 3, max: 64 }) }),
);

async function tamperSignatures(honest: Hex[], t: SignatureTamper, messages: Hex[]): Promise<string> {
  const copy = [...honest] as string[];
  switch (t.kind) {
    case 'byte': {
      const body = Buffer.from(honest[t.which]!.slice(2), 'hex');
      body[t.at]! ^= t.xor;
      copy[t.which] = toHex(body);
      return joined(copy);
    }
    case 'v': {
      const body = Buffer.from(honest[t.which]!.slice(2), 'hex');
      body[64] = body[64]! - 27 === t.v ? 1 - t.v : t.v;
      copy[t.which] = toHex(body);
      return joined(copy);
    }
    case 'signer':
      copy[t.which] = (await signAll(messages, OTHER_KEY))[t.which]!;
      return joined(copy);
    case 'swap':
      return joined([honest[1]!, honest[0]!]);
    case 'drop':
      return honest[1 - t.which]!;
    case 'extra':
      return joined([...honest, honest[0]!]);
    case 'separator':
      return honest.join(t.with);
    case 'truncate':
      copy[t.which] = honest[t.which]!.slice(0, honest[t.which]!.length - t.drop);
      return joined(copy);
  }
}

describe('signatures changed in any byte, by another key, swapped or miscounted', () => {
  it('are refused with a 4xx, forward nothing, and the honest signatures are then accepted', async () => {
    await fc.assert(
      fc.asyncProperty(signatureTamper, fc.boolean(), async (t, withCopy) => {
        const { transferId, step } = await build();
        const honest = await signAll(step.messages);
        const bad = await tamperSignatures(honest, t, step.messages);
        fc.pre(bad.toLowerCase() !== joined(honest).toLowerCase());
        const count = forwarded.length;
        const refused = await submit(transferId, bad, withCopy ? step.messages : undefined);
        expect([400, 422], JSON.stringify(refused.body)).toContain(refused.status);
        expect(refused.body.error?.code).toBe(refused.status === 400 ? 'invalid_signed_transaction' : 'transaction_mismatch');
        if (refused.status === 422) expect(refused.body.error?.details?.mismatches?.[0]?.field).toMatch(/^signatures\[\d\]\.signer$/);
        expect(forwarded.length).toBe(count);
        expect((await transferOf(transferId)).status).toBe('PENDING_SIGNATURE');
        expect((await submit(transferId, joined(honest))).body).toMatchObject({ accepted: true });
        expect(forwarded.length).toBe(count + 1);
      }),
      { numRuns: 120 },
    );
  });
});

interface Legal { upper: boolean; prefixUpper: boolean; vForm: 'v27' | 'v01' | 'compact'; spaced: boolean; copy: 'none' | 'same' | 'upper-hex' }
const legal: fc.Arbitrary<Legal> = fc.record({ upper: fc.boolean(), prefixUpper: fc.boolean(), vForm: fc.constantFrom('v27', 'v01', 'compact'), spaced: fc.boolean(), copy: fc.constantFrom('none', 'same', 'upper-hex') });

function spell(signature: Hex, l: Legal): string {
  const { r, s, v } = split(signature);
  const digits = l.vForm === 'compact' ? `${word(r)}${word(s | (BigInt(v - 27) << 255n))}` : `${word(r)}${word(s)}${(l.vForm === 'v01' ? v - 27 : v).toString(16).padStart(2, '0')}`;
  return `${l.prefixUpper ? '0X' : '0x'}${l.upper ? digits.toUpperCase() : digits}`;
}
const copyOf = (messages: Hex[], how: Legal['copy']) => (how === 'none' ? undefined : how === 'same' ? [...messages] : messages.map((m) => `0x${m.slice(2).toUpperCase()}`));

describe('signatures as the wallet chose to spell them', () => {
  it('are accepted and forwarded once in their canonical form; any later spelling answers the order on record', async () => {
    await fc.assert(
      fc.asyncProperty(legal, legal, async (first, repeat) => {
        const { transferId, step } = await build();
        const signatures = await signAll(step.messages);
        const count = forwarded.length;
        const spelled = (l: Legal) => signatures.map((sig) => spell(sig, l)).join(l.spaced ? ' , ' : ',');
        const accepted = await submit(transferId, spelled(first), copyOf(step.messages, first.copy));
        expect(accepted.body, JSON.stringify(accepted.body)).toMatchObject({ accepted: true, txHash: orderIdOf(signatures), status: 'SUBMITTED' });
        expect(forwarded.at(-1)!.signatures).toEqual(signatures);
        const again = await submit(transferId, spelled(repeat), copyOf(step.messages, repeat.copy));
        expect(again.body, JSON.stringify(again.body)).toMatchObject({ accepted: false, txHash: orderIdOf(signatures) });
        expect(forwarded.length).toBe(count + 1);
      }),
      { numRuns: 80 },
    );
  });
});
