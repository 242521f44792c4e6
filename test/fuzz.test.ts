import fc from 'fast-check';
import { encodeFunctionData, erc20Abi, getAddress, type Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Strait } from '../src/createStrait.ts';
import { CHAIN_KEYS } from '../src/domain/chains.ts';
import { ERROR_CATALOGUE } from '../src/domain/errors.ts';
import { startScriptedVenues, type ScriptedBehaviour, type ScriptedVenues } from '../src/venues/fake/scriptedVenue.ts';
import { dereferenceOpenApi } from './dereferenceOpenApi.ts';
import { requestsFor, type FuzzHints, type FuzzRequest, type OpenApiDocument } from './fuzzRequests.ts';
import { storeInvariantViolations } from './storeInvariants.ts';
import { createTestStrait } from './testStrait.ts';

/**
 * Requests generated from /v1/openapi.json for every endpoint — valid, boundary, invalid, wrong
 * types, oversized, oddly encoded — each answered without a 5xx, every error in the §7 envelope
 * with its catalogue status, no unhandled rejection, and nothing half-written in the store.
 *
 * STRAIT_FUZZ_RUNS sets the requests per endpoint (default 1000; `npm run fuzz` runs 10000);
 * STRAIT_FUZZ_SEED replays a failing run (fast-check prints the seed and the shrunk request).
 */

const RUNS = Number(process.env.STRAIT_FUZZ_RUNS ?? 1_000);
const SEED = process.env.STRAIT_FUZZ_SEED === undefined ? undefined : Number(process.env.STRAIT_FUZZ_SEED);
const TIMEOUT_MS = Math.max(60_000, RUNS * 30);
const USER_KEY = '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80';
const user = privateKeyToAccount(USER_KEY);
const BASE_USDC = '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913';

/** One behaviour of each kind, on venues that cover every privacy model, `requiresUserIp` and shape. */
const BEHAVIOURS: Record<string, ScriptedBehaviour> = {
  across: { kind: 'price', outBps: 9_990 },
  relay: { kind: 'price', outBps: 9_985, etaSeconds: null },
  debridge: { kind: 'noRoute' },
  mayan: { kind: 'belowMin', minAmount: 5_000_000n, wouldDeliver: 4_000_000n },
  lifi: { kind: 'aboveMax', maxAmount: 10n ** 15n },
  nearintents: { kind: 'noLiquidity' },
  eco: { kind: 'error', status: 500 },
  garden: { kind: 'malformed' },
  silentswap: { kind: 'price', outBps: 9_995 },
  changenow: { kind: 'price', outBps: 9_970 },
  sideshift: { kind: 'price', outBps: 9_960 },
};
const CREDENTIALS = { STRAIT_VENUE_GARDEN_APP_ID: 'x', STRAIT_VENUE_CHANGENOW_API_KEY: 'x', STRAIT_VENUE_SIDESHIFT_SECRET: 'x', STRAIT_VENUE_SIDESHIFT_AFFILIATE_ID: 'x' };

const ENDPOINTS = [
  ['get', '/bridge/source-chains'],
  ['get', '/bridge/routes'],
  ['get', '/bridge/tokens'],
  ['get', '/bridge/venues'],
  ['post', '/bridge/quote'],
  ['post', '/bridge/build'],
  ['post', '/bridge/transfers/{id}/submit'],
  ['get', '/bridge/transfers/{id}'],
] as const;

let venues: ScriptedVenues;
let strait: Strait;
let doc: OpenApiDocument;
const decisions: { id: string; quoteIds: string[] }[] = [];
const transfers: string[] = [];
const signedSteps: { transferId: string; signed: Hex }[] = [];
const unhandled: unknown[] = [];
const stats = new Map<string, number>();
const onUnhandled = (reason: unknown) => void unhandled.push(reason);

const QUOTE = { fromChain: 'base', toChain: 'arbitrum', fromToken: 'USDC', toToken: 'USDC', amountAtomic: '100000000', sender: user.address, recipient: user.address };

beforeAll(async () => {
  process.on('unhandledRejection', onUnhandled);
  venues = await startScriptedVenues(BEHAVIOURS);
  strait = await createTestStrait({ STRAIT_QUOTE_DEADLINE_MS: '250', STRAIT_QUOTE_MIN_WAIT_MS: '20', STRAIT_RATE_LIMIT_PER_MINUTE: '0', ...CREDENTIALS }, venues.modules);
  doc = dereferenceOpenApi((await strait.app.inject({ method: 'GET', url: '/v1/openapi.json' })).json(), { mergeOneOf: true });
  for (let i = 0; i < 4; i++) {
    // The first quotes may meet the deadline while the venue connections are being opened.
    let quote: { decisionId: string; best: unknown; quotes: { quoteId: string }[] } | undefined;
    for (let attempt = 0; attempt < 20 && !quote?.best; attempt++) quote = (await strait.app.inject({ method: 'POST', url: '/v1/bridge/quote', payload: { ...QUOTE, userIp: '203.0.113.9' } })).json();
    if (!quote?.best) throw new Error(`the scripted venues did not price: ${JSON.stringify(quote)}`);
    decisions.push({ id: quote.decisionId, quoteIds: quote.quotes.map((q) => q.quoteId) });
    const build = (await strait.app.inject({ method: 'POST', url: '/v1/bridge/build', payload: { decisionId: quote.decisionId } })).json() as { transferId: string; deposit: { address: Hex; amountAtomic: string } };
    transfers.push(build.transferId);
    // The funding step exactly as built (signed by the sender), and one paying a different amount.
    for (const amount of [BigInt(build.deposit.amountAtomic), 1n]) {
      const data = encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [getAddress(build.deposit.address), amount] });
      signedSteps.push({ transferId: build.transferId, signed: await user.signTransaction({ chainId: 8453, to: BASE_USDC, data, value: 0n, nonce: i, gas: 90_000n, maxFeePerGas: 10n ** 9n, maxPriorityFeePerGas: 1n, type: 'eip1559' }) });
    }
  }
}, 60_000);

afterAll(async () => {
  process.off('unhandledRejection', onUnhandled);
  await strait?.close();
  await venues?.close();
});

const pick = <T>(pool: readonly T[]) => fc.nat().map((i) => pool[i % pool.length] as T);
const address = fc.constantFrom(user.address, user.address.toLowerCase(), `0x${'0'.repeat(40)}`, user.address.replace('f39F', 'F39f'), '0x123', '9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin', 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq', 'x'.repeat(256));
const hints: FuzzHints = {
  fromChain: fc.oneof({ weight: 4, arbitrary: fc.constant('base') }, { weight: 2, arbitrary: fc.constantFrom(...CHAIN_KEYS) }, { weight: 1, arbitrary: fc.constantFrom('BASE', 'mars', '') }),
  toChain: fc.oneof({ weight: 4, arbitrary: fc.constant('arbitrum') }, { weight: 2, arbitrary: fc.constantFrom(...CHAIN_KEYS) }, { weight: 1, arbitrary: fc.constantFrom('Arbitrum', 'base') }),
  fromToken: fc.constantFrom('USDC', 'usdc', 'USDT', 'ETH', null, BASE_USDC, BASE_USDC.toLowerCase(), `0x${'1'.repeat(40)}`, 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v'),
  toToken: fc.constantFrom('USDC', 'USDT', 'ETH', null, '0xaf88d065e77c8cC2239327C5EDb3A432268e5831', 'USDC (perps)', 'USDC (spot)'),
  amountAtomic: fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom('100000000', '1', '5000000', '4999999', `${10n ** 15n + 1n}`) },
    { weight: 1, arbitrary: fc.constantFrom('0', '-1', '1.5', '1e6', ' 1', '0x10', '٣', '9'.repeat(78), '9'.repeat(79), '01') },
    { weight: 1, arbitrary: fc.bigInt({ min: 0n, max: 10n ** 80n }).map(String) },
  ),
  sender: address,
  recipient: address,
  referralWallet: address,
  referralBps: fc.oneof(fc.integer({ min: -2, max: 17 }), fc.constantFrom(1.5, -0, 1e308)),
  privacy: fc.boolean(),
  userIp: fc.oneof(fc.ipV4(), fc.ipV6(), fc.constantFrom('203.0.113.7', '300.1.1.1', '', 'localhost', '1.2.3.4.5', '::ffff:1.2.3.4')),
  decisionId: fc.oneof({ weight: 3, arbitrary: pick(decisions).map((d) => d.id) }, { weight: 1, arbitrary: pick(decisions).map((d) => d.id.toUpperCase()) }, { weight: 1, arbitrary: fc.uuid() }),
  quoteId: fc.oneof(pick(decisions).chain((d) => (d.quoteIds.length > 0 ? fc.constantFrom(...d.quoteIds) : fc.constant('none'))), fc.string({ minLength: 1, maxLength: 20 })),
  id: fc.oneof({ weight: 3, arbitrary: pick(transfers) }, { weight: 1, arbitrary: pick(transfers).map((t) => t.toUpperCase()) }),
  signedTransaction: fc.oneof(
    pick(signedSteps).map((s) => s.signed),
    pick(signedSteps).map((s) => `${s.signed.slice(0, -4)}`),
    pick(signedSteps).map((s) => s.signed.toUpperCase().replace('0X', '0x')),
    fc.uint8Array({ minLength: 1, maxLength: 300 }).map((b) => `0x${Buffer.from(b).toString('hex')}`),
    fc.constantFrom('0x', '0x0', '0x02', '0x04f8', '0x03', 'deadbeef'),
  ),
  txHash: fc.oneof(fc.uint8Array({ minLength: 32, maxLength: 32 }).map((b) => `0x${Buffer.from(b).toString('hex')}`), fc.constantFrom('0x', `0x${'a'.repeat(63)}`, `0x${'A'.repeat(64)}`)),
  step: fc.constantFrom('main', 'approve', 'fee', 'redeem', 'MAIN', 'other'),
};

const EVM_CHAINS = ['base', 'arbitrum', 'optimism', 'ethereum'] as const;
/** Bodies the engine accepts; the generators perturb one field of them at a time. */
const EXAMPLES: Record<string, fc.Arbitrary<Record<string, unknown>>> = {
  '/bridge/quote': fc
    .record({
      route: fc.tuple(fc.constantFrom(...EVM_CHAINS), fc.constantFrom(...EVM_CHAINS)).filter(([a, b]) => a !== b),
      amountAtomic: fc.constantFrom('100000000', '5000000', '2500000', '1000000000000'),
      extras: fc.record({ userIp: fc.constant('203.0.113.7'), privacy: fc.boolean(), referral: fc.constant(true) }, { requiredKeys: [] }),
    })
    .map(({ route: [fromChain, toChain], amountAtomic, extras }) => ({
      fromChain,
      toChain,
      fromToken: 'USDC',
      toToken: 'USDC',
      amountAtomic,
      sender: user.address,
      recipient: user.address,
      ...(extras.userIp ? { userIp: extras.userIp } : {}),
      ...(extras.privacy !== undefined ? { privacy: extras.privacy } : {}),
      ...(extras.referral ? { referralWallet: user.address, referralBps: 5 } : {}),
    })),
  '/bridge/build': fc.tuple(pick(decisions), fc.boolean(), fc.option(fc.boolean())).map(([d, withRow, privacy]) => ({
    decisionId: d.id,
    ...(withRow && d.quoteIds.length > 0 ? { quoteId: d.quoteIds[d.quoteIds.length - 1] } : {}),
    ...(privacy === null ? {} : { privacy }),
  })),
  '/bridge/transfers/{id}/submit': fc.oneof(
    pick(signedSteps).map((s) => ({ step: 'main', signedTransaction: s.signed })),
    fc.uint8Array({ minLength: 32, maxLength: 32 }).map((b) => ({ step: 'main', txHash: `0x${Buffer.from(b).toString('hex')}` })),
  ),
};

interface Answer {
  statusCode: number;
  headers: Record<string, unknown>;
  body: string;
}

/** The answer's contract whatever was asked; throws a readable message when it is broken. */
function checkAnswer(request: FuzzRequest, answer: Answer): void {
  const where = `${request.method} ${request.url.slice(0, 200)} [${request.label}] → ${answer.statusCode} ${answer.body.slice(0, 300)}`;
  if (answer.statusCode >= 500) throw new Error(`5xx: ${where}`);
  if (answer.statusCode === 304) return;
  let json: unknown;
  try {
    json = JSON.parse(answer.body);
  } catch {
    throw new Error(`answer is not JSON: ${where}`);
  }
  if (answer.statusCode < 400) return;
  if (!String(answer.headers['content-type']).startsWith('application/json')) throw new Error(`error without a JSON content type: ${where}`);
  const envelope = json as { error?: { code?: unknown; message?: unknown; details?: unknown; retryAfterMs?: unknown } };
  const keys = Object.keys(envelope ?? {});
  const error = envelope?.error;
  if (keys.length !== 1 || !error || typeof error !== 'object') throw new Error(`error outside the envelope: ${where}`);
  const extra = Object.keys(error).filter((k) => !['code', 'message', 'details', 'retryAfterMs'].includes(k));
  if (extra.length > 0) throw new Error(`envelope with unknown fields ${extra.join(', ')}: ${where}`);
  const spec = ERROR_CATALOGUE[error.code as keyof typeof ERROR_CATALOGUE];
  if (!spec) throw new Error(`code outside the catalogue: ${where}`);
  if (spec.status !== answer.statusCode) throw new Error(`status ${answer.statusCode} but the catalogue says ${spec.status}: ${where}`);
  if (typeof error.message !== 'string' || error.message.length === 0) throw new Error(`error without a message: ${where}`);
  if (error.details !== undefined && (error.details === null || typeof error.details !== 'object' || Array.isArray(error.details))) throw new Error(`details not an object: ${where}`);
  if (error.retryAfterMs !== undefined && !(Number.isInteger(error.retryAfterMs) && (error.retryAfterMs as number) >= 0)) throw new Error(`retryAfterMs not a whole number: ${where}`);
}

/** A transfer nobody has submitted to yet. */
async function freshTransfer(): Promise<string> {
  let quote: { decisionId: string; best: unknown } | undefined;
  for (let attempt = 0; attempt < 20 && !quote?.best; attempt++) quote = (await strait.app.inject({ method: 'POST', url: '/v1/bridge/quote', payload: QUOTE })).json();
  return ((await strait.app.inject({ method: 'POST', url: '/v1/bridge/build', payload: { decisionId: quote?.decisionId } })).json() as { transferId: string }).transferId;
}

/** Successful quotes and builds feed the pools, so later requests build and submit what exists. */
function remember(request: FuzzRequest, answer: Answer): void {
  if (answer.statusCode !== 200 || request.method !== 'POST') return;
  const body = JSON.parse(answer.body) as { decisionId?: string; quotes?: { quoteId: string }[]; transferId?: string; steps?: unknown };
  if (request.url.startsWith('/v1/bridge/quote') && body.decisionId) decisions.push({ id: body.decisionId, quoteIds: (body.quotes ?? []).map((q) => q.quoteId) });
  if (request.url.startsWith('/v1/bridge/build') && body.transferId && !transfers.includes(body.transferId)) transfers.push(body.transferId);
}

describe(`fuzz: ${RUNS} requests per endpoint generated from openapi.json`, () => {
  it('fuzzes every endpoint the document lists', () => {
    // The event stream stays open until its transfer ends, which inject() would wait for; its refusals
    // and its stream are exercised over a real port in transferEvents.test.ts.
    const listed = Object.entries(doc.paths).flatMap(([path, ops]) => Object.keys(ops).map((method) => `${method} ${path}`)).filter((e) => e !== 'get /bridge/transfers/{id}/events');
    expect(listed.sort()).toEqual(ENDPOINTS.map(([method, path]) => `${method} ${path}`).sort());
  });

  it.each(ENDPOINTS)(
    '%s %s: no 5xx, every error in the envelope with its catalogue status',
    async (method, path) => {
      await fc.assert(
        fc.asyncProperty(requestsFor(doc, path, method, hints, EXAMPLES[path]), async (request) => {
          const answer = await strait.app.inject({ method: request.method, url: request.url, headers: request.headers, ...(request.payload !== undefined ? { payload: request.payload } : {}) });
          const key = `${path} ${answer.statusCode} ${/"code":"(\w+)"/.exec(answer.body)?.[1] ?? ''}`;
          stats.set(key, (stats.get(key) ?? 0) + 1);
          checkAnswer(request, answer);
          remember(request, answer);
        }),
        { numRuns: RUNS, ...(SEED !== undefined ? { seed: SEED } : {}) },
      );
    },
    TIMEOUT_MS,
  );

  // The router's own refusals are answered in the envelope too (createHttpApp `frameworkErrors`).
  it.each([
    ['a malformed percent-encoding (FST_ERR_BAD_URL)', '/v1/bridge/transfers/%zz'],
    // Only inject can send it: over a socket, Node's 16 KiB header limit answers 431 first.
    ['a path parameter over the router\'s 16 KiB limit (FST_ERR_MAX_PARAM_LENGTH)', `/v1/bridge/transfers/${'a'.repeat(16 * 1024 + 1)}`],
  ])('%s is answered in the envelope', async (_name, url) => {
    checkAnswer({ method: 'GET', url, headers: {}, label: 'router error' }, await strait.app.inject({ method: 'GET', url }));
  });

  // Submit checks `txHash` against the step's chain and `userIp` as an address before storing either.
  it.each([
    ['a NUL in txHash', { step: 'main', txHash: '\u0000' }],
    ['a NUL in userIp', { step: 'main', txHash: `0x${'ab'.repeat(32)}`, userIp: '\u0000' }],
    ['a txHash that is not 0x and 64 hex digits', { step: 'main', txHash: 'hello' }],
  ])('submit with %s is refused with a 400 in the envelope', async (_name, body) => {
    const url = `/v1/bridge/transfers/${await freshTransfer()}/submit`;
    const answer = await strait.app.inject({ method: 'POST', url, payload: body });
    checkAnswer({ method: 'POST', url, headers: {}, label: 'submit' }, answer);
    expect(answer.statusCode).toBe(400);
  });

  // 78 digits may exceed a uint256: such an amount is refused before any venue is asked.
  it('a quote above 2^256 − 1 atomic units is refused with 400 invalid_amount', async () => {
    const answer = await strait.app.inject({ method: 'POST', url: '/v1/bridge/quote', payload: { ...QUOTE, amountAtomic: '9'.repeat(78) } });
    expect(answer.statusCode).toBe(400);
    expect((answer.json() as { error: { code: string } }).error.code).toBe('invalid_amount');
  });

  it('prints the answers per endpoint, status and code (STRAIT_FUZZ_STATS=1)', () => {
    if (process.env.STRAIT_FUZZ_STATS) console.log([...stats].sort((a, b) => (a[0] < b[0] ? -1 : 1)).map(([k, v]) => `${v}\t${k}`).join('\n'));
  });

  it('left no unhandled rejection, no polluted prototype, nothing half-written in the store', async () => {
    expect(unhandled).toEqual([]);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(await storeInvariantViolations(strait.deps.store.db, Object.keys(BEHAVIOURS).length)).toEqual([]);
    // The fuzz reached the engine, not only the schema validator.
    const counts = await strait.deps.store.db.selectFrom('transfers').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    expect(decisions.length).toBeGreaterThan(4);
    expect(Number(counts.n)).toBeGreaterThan(4);
  });
});
