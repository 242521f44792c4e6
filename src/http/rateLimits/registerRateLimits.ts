import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../domain/errors.ts';
import type { Store } from '../../store/openStore.ts';
import { findDecisionSender, findTransferRequester } from '../../store/requesterWallets.ts';
import type { CounterState, RateCounter, RateLimiter } from './RateLimiter.ts';

type WalletOf = (request: FastifyRequest, store: Store) => Promise<string | null>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Spec §8, the calls that are limited and where each finds its requester wallet; every other route
 * (reads, /health, /ready, /metrics) is unlimited. An unknown decision or transfer names no wallet:
 * only the IP counter applies and the route answers its own 404.
 */
const LIMITED_ROUTES: Readonly<Record<string, WalletOf>> = {
  'POST /v1/bridge/quote': async (request) => stringField(request.body, 'sender'),
  'POST /v1/bridge/build': async (request, store) => {
    const id = stringField(request.body, 'decisionId');
    return id && UUID.test(id) ? findDecisionSender(store.db, id.toLowerCase()) : null;
  },
  'POST /v1/bridge/transfers/:id/submit': async (request, store) => {
    const id = stringField(request.params, 'id');
    return id && UUID.test(id) ? findTransferRequester(store.db, id.toLowerCase()) : null;
  },
};

export interface RateLimitOptions {
  readonly limiter: RateLimiter;
  readonly store: Store;
  /** Told which counters refused a request (metrics). */
  readonly onRefused?: (counters: readonly RateCounter[]) => void;
}

/**
 * Applies the two counters of spec §8 to the limited routes, answering `429 rate_limited` with
 * `retryAfterMs` (the longer wait of the refusing counters), `Retry-After`, and the IETF draft
 * `RateLimit-Policy` / `RateLimit` fields on every limited response.
 *
 * The IP counter counts on arrival, before the body is read, so garbage cannot bypass it: a body
 * that does not even parse (malformed JSON, wrong media type, too large) still costs one request and
 * is answered with its own 4xx. Once the body is parsed — before schema validation — the wallet
 * counter counts and the refusal is decided, so an over-limit caller gets 429 whatever it sent and a
 * caller within its limits gets the route's normal answer, 400s included.
 */
export function registerRateLimits(app: FastifyInstance, options: RateLimitOptions): void {
  const { limiter, store } = options;
  const ipStates = new WeakMap<FastifyRequest, CounterState>();
  const policy = (['ip', 'wallet'] as const).map((name) => `"${name}";q=${limiter.limit};w=${limiter.windowSeconds}`).join(', ');

  app.addHook('onRequest', async (request, reply) => {
    if (!walletResolverOf(request)) return;
    const ip = await limiter.hit('ip', request.ip);
    ipStates.set(request, ip);
    setRateLimitFields(reply, policy, { ip });
  });

  app.addHook('preValidation', async (request, reply) => {
    const walletOf = walletResolverOf(request);
    const ip = ipStates.get(request);
    if (!walletOf || !ip) return;
    const wallet = walletKey(
      await walletOf(request, store).catch((error: unknown) => {
        // The route itself will meet the same store fault and answer it; the IP counter still holds.
        request.log.warn({ err: error }, 'requester wallet lookup failed; only the IP limit applies');
        return null;
      }),
    );
    const states: Partial<Record<RateCounter, CounterState>> = { ip, ...(wallet ? { wallet: await limiter.hit('wallet', wallet) } : {}) };
    setRateLimitFields(reply, policy, states);
    const refused = (Object.entries(states) as [RateCounter, CounterState][]).filter(([, state]) => !state.allowed);
    if (refused.length === 0) return;
    options.onRefused?.(refused.map(([name]) => name));
    const retryAfterMs = Math.max(1, ...refused.map(([, state]) => Math.ceil(state.resetMs)));
    const who = refused.map(([name]) => (name === 'ip' ? 'this IP address' : 'this wallet')).join(' and ');
    throw new AppError('rate_limited', `too many requests from ${who}: ${limiter.limit} per ${limiter.windowSeconds} s; retry in ${Math.ceil(retryAfterMs / 1000)} s`, {
      retryAfterMs,
      details: { exceeded: refused.map(([name]) => name), limit: limiter.limit, windowSeconds: limiter.windowSeconds },
    });
  });
}

function walletResolverOf(request: FastifyRequest): WalletOf | undefined {
  const url = request.routeOptions.url;
  return url === undefined ? undefined : LIMITED_ROUTES[`${request.method} ${url}`];
}

/** draft-ietf-httpapi-ratelimit-headers-10: `"ip";r=<remaining>;t=<seconds to reset>` per counter. */
function setRateLimitFields(reply: FastifyReply, policy: string, states: Partial<Record<RateCounter, CounterState>>): void {
  const current = (Object.entries(states) as [RateCounter, CounterState][]).map(([name, s]) => `"${name}";r=${s.remaining};t=${Math.ceil(s.resetMs / 1000)}`).join(', ');
  void reply.header('ratelimit-policy', policy).header('ratelimit', current);
}

/** One counter per wallet however it is spelled: EVM addresses are case-insensitive. */
function walletKey(wallet: string | null): string | null {
  if (wallet === null || wallet.length === 0 || wallet.length > 256) return null;
  return /^0x[0-9a-fA-F]{40}$/.test(wallet) ? wallet.toLowerCase() : wallet;
}

function stringField(source: unknown, name: string): string | null {
  const value = source !== null && typeof source === 'object' ? (source as Record<string, unknown>)[name] : undefined;
  return typeof value === 'string' ? value : null;
}
