import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { signerOfSignedTransaction } from '../../chains/signerOfSignedTransaction.ts';
import { signerOfTransactionHash } from '../../chains/signerOfTransactionHash.ts';
import { isChainKey } from '../../domain/chains.ts';
import { walletKey } from '../../domain/addresses/walletKey.ts';
import { AppError } from '../../domain/errors.ts';
import type { EngineDeps } from '../../engine/EngineDeps.ts';
import type { Store } from '../../store/openStore.ts';
import type { SubmittedTransactions } from '../submittedTransactions.ts';
import { findDecisionSender, findStepChain, findTransferRequester } from '../../store/requesterWallets.ts';
import type { CounterState, RateCounter, RateLimiter } from './RateLimiter.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Which counters one limited request spends, decided once its body is parsed. */
interface Charge {
  /** Spend the IP counter (quote and build always; submit unless it is an approve or fee step). */
  readonly ip: boolean;
  /** The wallet counter's key, or `null` to leave it alone. */
  readonly wallet: string | null;
  /** The per-transfer counter's key (submits the requester is not proven to send), or `null`. */
  readonly transfer: string | null;
  /**
   * Asked only once the IP counter let the request through: true when it proves the requester sent
   * it, and then `transfer` is not spent. A request over its IP limit is refused without it, so a
   * flood of submits costs the chain's RPC nothing.
   */
  readonly provenRequester?: () => Promise<boolean>;
}

/** What a charge is decided from: the store, the chains a submitted hash is looked up on, and where a transaction found is kept for the route. */
interface ChargeContext {
  readonly store: Store;
  readonly chains: SubmitChains;
  readonly submitted: SubmittedTransactions | undefined;
}

type ChargeOf = (request: FastifyRequest, context: ChargeContext) => Promise<Charge>;

/**
 * Spec §8: the limited calls and what each spends. Every other route (reads, /health, /ready,
 * /metrics) is unlimited. An unknown decision or transfer names no wallet: only the IP counter
 * applies and the route answers its own 404.
 *
 * Submits follow the rule that a completed transfer costs three limited calls (quote, build, one
 * submit) and that nothing strangers can do blocks the owner. Anyone holding a transfer id may
 * submit, so a submit is asked who sent it: the recovered signer of its signed bytes, or for a main
 * `txHash` the signer of the transaction the step's chain knows by it (one bounded lookup, made only
 * once the IP counter let the request through; a hash not found yet, or a failed lookup, proves
 * nothing).
 * - a `main` or `redeem` submit spends the IP counter; signed bytes not from the transfer's requester
 *   also spend the wallet counter (anyone can name a wallet in ten quotes, so that counter is one
 *   strangers can spend anyway), and a hash not proven to be the requester's spends the per-transfer
 *   counter instead: junk hashes from strangers never touch the owner's wallet counter, and the
 *   owner's own visible transaction, or signed bytes, spend nothing a stranger can;
 * - an `approve` or `fee` submit spends neither, only a per-transfer counter (the same limit), and
 *   none at all when its signed bytes come from the requester. Its hash is not looked up: with no IP
 *   counter in front, every such request would cost an RPC call.
 */
const LIMITED_ROUTES: Readonly<Record<string, ChargeOf>> = {
  'POST /v1/bridge/quote': async (request) => ({ ip: true, wallet: walletKey(stringField(request.body, 'sender')), transfer: null }),
  'POST /v1/bridge/build': async (request, { store }) => {
    const id = stringField(request.body, 'decisionId');
    const decisionId = id && UUID.test(id) ? id.toLowerCase() : null;
    if (decisionId) await store.decisionWritten(decisionId);
    return { ip: true, wallet: walletKey(decisionId ? await findDecisionSender(store.db, decisionId) : null), transfer: null };
  },
  'POST /v1/bridge/transfers/:id/submit': async (request, context) => {
    const raw = stringField(request.params, 'id');
    const id = raw && UUID.test(raw) ? raw.toLowerCase() : null;
    const requester = walletKey(id ? await findTransferRequester(context.store.db, id) : null);
    if (id === null || requester === null) return { ip: true, wallet: null, transfer: null };
    const step = stringField(request.body, 'step');
    const signed = stringField(request.body, 'signedTransaction');
    const bySigner = signed !== null && signed.length <= 256 * 1024 && walletKey(await signerOfSignedTransaction(signed)) === requester;
    if (step === 'approve' || step === 'fee') return { ip: false, wallet: null, transfer: bySigner ? null : id };
    if (signed !== null) return { ip: true, wallet: bySigner ? null : requester, transfer: null };
    return { ip: true, wallet: null, transfer: id, provenRequester: async () => (await senderOfHash(request, id, step, context)) === requester };
  },
};

/** The signer of the transaction the submitted step's chain knows by the submit's `txHash`, as a wallet key; `null` when unknown. */
async function senderOfHash(request: FastifyRequest, transferId: string, step: string | null, { store, chains, submitted }: ChargeContext): Promise<string | null> {
  const hash = stringField(request.body, 'txHash');
  if (hash === null || hash.length > 256 || step === null) return null;
  const built = await findStepChain(store.db, transferId, step);
  if (!built || !isChainKey(built.chain)) return null;
  const evm = built.vm === 'evm' ? chains.rpc(built.chain) : null;
  const svm = built.vm === 'svm' ? chains.svmRpc(built.chain) : null;
  const found = await signerOfTransactionHash({ vm: built.vm, hash, evm, svm });
  if (!found) return null;
  submitted?.keep(request, { chain: built.chain, hash, found });
  return walletKey(found.signer);
}

/** The RPCs a submitted hash is looked up on before the submit is counted. */
export type SubmitChains = Pick<EngineDeps, 'rpc' | 'svmRpc'>;

export interface RateLimitOptions {
  readonly limiter: RateLimiter;
  readonly store: Store;
  readonly chains: SubmitChains;
  /** Where a transaction looked up for a submit's charge is kept for the route, so the chain is asked once. */
  readonly submitted?: SubmittedTransactions;
  /** Told which counters refused a request (metrics). */
  readonly onRefused?: (counters: readonly RateCounter[]) => void;
}

/**
 * Applies the counters of spec §8 to the limited routes, answering `429 rate_limited` with
 * `retryAfterMs` (the longer wait of the refusing counters), `Retry-After`, and the IETF draft
 * `RateLimit-Policy` / `RateLimit` fields on every limited response.
 *
 * Counting happens once the body is parsed, before schema validation, so an over-limit caller gets
 * 429 whatever it sent and a caller within its limits gets the route's normal answer, 400s included.
 * A body that never parses (malformed JSON, wrong media type, too large) still costs the IP one
 * request, counted when its 4xx is sent, so garbage cannot bypass the counter.
 */
export function registerRateLimits(app: FastifyInstance, options: RateLimitOptions): void {
  const { limiter } = options;
  const context: ChargeContext = { store: options.store, chains: options.chains, submitted: options.submitted };
  const counted = new WeakSet<FastifyRequest>();

  app.addHook('preValidation', async (request, reply) => {
    const chargeOf = chargeResolverOf(request);
    if (!chargeOf) return;
    counted.add(request);
    const charge = await chargeOf(request, context).catch((error: unknown): Charge => {
      // The route itself will meet the same store fault and answer it; the IP counter still holds.
      request.log.warn({ err: error }, 'requester wallet lookup failed; only the IP limit applies');
      return { ip: true, wallet: null, transfer: null };
    });
    const states: Partial<Record<RateCounter, CounterState>> = {};
    if (charge.ip) states.ip = await limiter.hit('ip', request.ip);
    if (charge.wallet) states.wallet = await limiter.hit('wallet', charge.wallet);
    if (charge.transfer && !(await provenOrRefused(charge, states, request))) states.transfer = await limiter.hit('transfer', charge.transfer);
    setRateLimitFields(reply, limiter, states);
    const refused = (Object.entries(states) as [RateCounter, CounterState][]).filter(([, state]) => !state.allowed);
    if (refused.length === 0) return;
    options.onRefused?.(refused.map(([name]) => name));
    const retryAfterMs = Math.max(1, ...refused.map(([, state]) => Math.ceil(state.resetMs)));
    const who = refused.map(([name]) => (name === 'ip' ? 'this IP address' : name === 'wallet' ? 'this wallet' : 'this transfer')).join(' and ');
    throw new AppError('rate_limited', `too many requests from ${who}: ${limiter.limit} per ${limiter.windowSeconds} s; retry in ${Math.ceil(retryAfterMs / 1000)} s`, {
      retryAfterMs,
      details: { exceeded: refused.map(([name]) => name), limit: limiter.limit, windowSeconds: limiter.windowSeconds },
    });
  });

  // A limited request refused before its body parsed never reached preValidation: it still costs its
  // IP one, counted before its answer leaves so the caller's next request sees it.
  app.addHook('onSend', async (request, _reply, payload) => {
    if (!counted.has(request) && chargeResolverOf(request)) {
      counted.add(request);
      await limiter.hit('ip', request.ip);
    }
    return payload;
  });
}

/** True when the per-transfer counter is left alone: the requester is proven, or the IP already refused the request (unproven then). */
async function provenOrRefused(charge: Charge, states: Partial<Record<RateCounter, CounterState>>, request: FastifyRequest): Promise<boolean> {
  if (!charge.provenRequester) return false;
  if (states.ip?.allowed === false) return true;
  return charge.provenRequester().catch((error: unknown) => {
    request.log.warn({ err: error }, 'looking up the submitted transaction failed; the per-transfer limit applies');
    return false;
  });
}

function chargeResolverOf(request: FastifyRequest): ChargeOf | undefined {
  const url = request.routeOptions.url;
  return url === undefined ? undefined : LIMITED_ROUTES[`${request.method} ${url}`];
}

/**
 * draft-ietf-httpapi-ratelimit-headers-10: `"ip";r=<remaining>;t=<seconds to reset>` per counter the
 * request spent, and the policy of each of those same counters (`RateLimit` names only policies
 * `RateLimit-Policy` lists).
 */
function setRateLimitFields(reply: FastifyReply, limiter: RateLimiter, states: Partial<Record<RateCounter, CounterState>>): void {
  const entries = Object.entries(states) as [RateCounter, CounterState][];
  if (entries.length === 0) return;
  const policy = entries.map(([name]) => `"${name}";q=${limiter.limit};w=${limiter.windowSeconds}`).join(', ');
  const current = entries.map(([name, s]) => `"${name}";r=${s.remaining};t=${Math.ceil(s.resetMs / 1000)}`).join(', ');
  void reply.header('ratelimit-policy', policy).header('ratelimit', current);
}

function stringField(source: unknown, name: string): string | null {
  const value = source !== null && typeof source === 'object' ? (source as Record<string, unknown>)[name] : undefined;
  return typeof value === 'string' ? value : null;
}
