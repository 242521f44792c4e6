import { Type } from 'typebox';
import { VenueRejection, type Venue, type VenueQuote } from '../Venue.ts';
import { VenueHttpError } from '../venueHttpClient.ts';
import type { VenueStandIn } from '../VenueModule.ts';
import { fundingStepOf } from '../depositVenueSupport.ts';
import { startFakeServer, type FakeReply, type FakeServer } from './startFakeServer.ts';

/**
 * A stand-in for any catalogue venue, for engine tests and benchmarks that need many venues at once
 * (36 fakes with different behaviours). It speaks a small desk-style dialect over loopback HTTP
 * through the same shared client, breaker and schema checks as the real adapters, so timing, faults
 * and rejections reach the engine exactly as a real venue's would. It is not a venue's real dialect:
 * each real adapter has its own fake beside it.
 *
 * Dialect: `POST /<venue>/quote` → `{ amountOut, minAmountOut, etaSeconds }` or an error
 * `{ error: 'AMOUNT_TOO_LOW', minAmount, amountOut? }` (400), `{ error: 'AMOUNT_TOO_HIGH', maxAmount }`
 * (400), `{ error: 'NO_ROUTE' }` (404), `{ error: 'NO_LIQUIDITY' }` (409);
 * `POST /<venue>/order` → `{ orderId, depositAddress, deadline }`; `GET /<venue>/order/<id>` →
 * `{ status }`.
 */

export type ScriptedBehaviour =
  | { readonly kind: 'price'; readonly outBps: number; readonly delayMs?: number | (() => number); readonly etaSeconds?: number | null }
  | { readonly kind: 'belowMin'; readonly minAmount: bigint; readonly wouldDeliver?: bigint }
  | { readonly kind: 'aboveMax'; readonly maxAmount: bigint }
  | { readonly kind: 'noRoute' }
  | { readonly kind: 'noLiquidity' }
  | { readonly kind: 'error'; readonly status: number }
  | { readonly kind: 'hang' }
  | { readonly kind: 'malformed' };

export interface ScriptedVenues {
  readonly url: string;
  readonly server: FakeServer;
  /** One module per venue id, pointed at this server. */
  readonly modules: VenueStandIn[];
  setBehaviour(venue: string, behaviour: ScriptedBehaviour): void;
  /** Quote calls each venue received. */
  quoteCalls(venue: string): number;
  close(): Promise<void>;
}

const DEPOSIT_ADDRESS = '0x00000000000000000000000000000000000D0001';

export async function startScriptedVenues(behaviours: Readonly<Record<string, ScriptedBehaviour>>): Promise<ScriptedVenues> {
  const current = new Map(Object.entries(behaviours));
  const calls = new Map<string, number>();
  const hanging = new Set<() => void>();
  let orders = 0;

  const reply = async (venue: string, amount: bigint): Promise<FakeReply> => {
    calls.set(venue, (calls.get(venue) ?? 0) + 1);
    const behaviour = current.get(venue);
    if (!behaviour) return { status: 404, body: { error: 'NO_ROUTE' } };
    switch (behaviour.kind) {
      case 'price': {
        const delay = typeof behaviour.delayMs === 'function' ? behaviour.delayMs() : (behaviour.delayMs ?? 0);
        if (delay > 0) await new Promise((resolve) => setTimeout(resolve, delay));
        const out = (amount * BigInt(behaviour.outBps)) / 10_000n;
        return { body: { amountOut: out.toString(), minAmountOut: ((out * 995n) / 1000n).toString(), etaSeconds: behaviour.etaSeconds === undefined ? 60 : behaviour.etaSeconds } };
      }
      case 'belowMin':
        return { status: 400, body: { error: 'AMOUNT_TOO_LOW', minAmount: behaviour.minAmount.toString(), ...(behaviour.wouldDeliver === undefined ? {} : { amountOut: behaviour.wouldDeliver.toString() }) } };
      case 'aboveMax':
        return { status: 400, body: { error: 'AMOUNT_TOO_HIGH', maxAmount: behaviour.maxAmount.toString() } };
      case 'noRoute':
        return { status: 404, body: { error: 'NO_ROUTE' } };
      case 'noLiquidity':
        return { status: 409, body: { error: 'NO_LIQUIDITY' } };
      case 'error':
        return { status: behaviour.status, body: { error: 'INTERNAL' } };
      case 'malformed':
        return { body: { amountOut: 12 } };
      case 'hang':
        return new Promise<FakeReply>((resolve) => {
          hanging.add(() => resolve({ status: 503, body: { error: 'CLOSED' } }));
        });
    }
  };

  const server = await startFakeServer({
    'POST /:venue/quote': (request) => {
      const body = request.body as { amount?: string };
      return reply(request.query.get('venue') ?? '', BigInt(body.amount ?? '0'));
    },
    'POST /:venue/order': () => ({ body: { orderId: `order-${++orders}`, depositAddress: DEPOSIT_ADDRESS, deadline: Date.now() + 3_600_000 } }),
    'GET /:venue/order/:id': () => ({ body: { status: 'PROCESSING' } }),
  });
  const ids = Object.keys(behaviours);
  return {
    url: server.url,
    server,
    modules: ids.map((id) => scriptedVenueModule(id, `${server.url}/${id}`)),
    setBehaviour(venue, behaviour) {
      current.set(venue, behaviour);
    },
    quoteCalls: (venue) => calls.get(venue) ?? 0,
    async close() {
      for (const release of hanging) release();
      await server.close();
    },
  };
}

const QuoteAnswer = Type.Object({ amountOut: Type.String({ pattern: '^[0-9]+$' }), minAmountOut: Type.String({ pattern: '^[0-9]+$' }), etaSeconds: Type.Union([Type.Integer({ minimum: 0 }), Type.Null()]) });
const OrderAnswer = Type.Object({ orderId: Type.String(), depositAddress: Type.String(), deadline: Type.Integer() });
const StatusAnswer = Type.Object({ status: Type.String() });

export function scriptedVenueModule(id: string, defaultBaseUrl: string): VenueStandIn {
  return {
    id,
    defaultBaseUrl,
    create(deps): Venue {
      return {
        id,
        supports: () => ({ served: true }),
        coverage: () => ({ origins: ['ethereum', 'base', 'arbitrum', 'optimism', 'solana'], tokenSymbols: () => ['USDC'] }),
        async quote(request, call): Promise<VenueQuote> {
          // An exact output is priced at its own size and inverted: the input that rate needs, rounded up.
          const asked = request.exactOut ?? request.amountIn;
          const body = { fromChain: request.fromChain, toChain: request.toChain, fromToken: request.fromToken.symbol, toToken: request.toToken.symbol, amount: asked.toString(), userIp: request.userIp };
          try {
            const answer = await deps.http.post('/quote', body, QuoteAnswer, call);
            const out = BigInt(answer.amountOut);
            if (request.exactOut !== undefined) {
              if (out <= 0n) throw new VenueRejection('below_min', `${id} cannot deliver this amount`, { minAmountAtomic: '1' });
              const amountIn = (asked * asked + out - 1n) / out;
              return { amountIn, amountOut: asked, minAmountOut: asked, estimatedSeconds: answer.etaSeconds, expiresAt: null, context: {} };
            }
            return { amountIn: request.amountIn, amountOut: out, minAmountOut: BigInt(answer.minAmountOut), estimatedSeconds: answer.etaSeconds, expiresAt: null, context: {} };
          } catch (error) {
            throw translate(id, error);
          }
        },
        async build(request, call) {
          const { fromChain, fromToken } = request.request;
          const amountIn = request.request.exactOut === undefined ? request.request.amountIn : request.quote.amountIn;
          const order = await deps.http.post('/order', { amount: amountIn.toString(), userIp: request.request.userIp }, OrderAnswer, call);
          return {
            shape: 'deposit',
            deposit: { chain: fromChain, address: order.depositAddress, token: fromToken.address, amount: amountIn, memo: null, deadlineMs: order.deadline },
            fundingStep: fundingStepOf(request.request, order.depositAddress, amountIn),
            amountOut: request.quote.amountOut,
            minAmountOut: request.quote.minAmountOut,
            context: { orderId: order.orderId },
          };
        },
        async status(request, call) {
          const answer = await deps.http.get(`/order/${String(request.context.orderId)}`, {}, StatusAnswer, call);
          return { state: answer.status === 'DONE' ? 'completed' : 'pending', venueStatus: answer.status, destinationTxHash: null, receivedAmount: null, receivedAsset: null, detail: null };
        },
      };
    },
  };
}

function translate(id: string, error: unknown): unknown {
  if (!(error instanceof VenueHttpError)) return error;
  const body = error.body as { error?: string; minAmount?: string; maxAmount?: string; amountOut?: string } | undefined;
  switch (body?.error) {
    case 'AMOUNT_TOO_LOW':
      return new VenueRejection('below_min', `${id} needs at least ${body.minAmount} for this route`, { minAmountAtomic: body.minAmount, ...(body.amountOut ? { amountOutAtomic: body.amountOut } : {}) });
    case 'AMOUNT_TOO_HIGH':
      return new VenueRejection('above_max', `${id} takes at most ${body.maxAmount} for this route`, { maxAmountAtomic: body.maxAmount });
    case 'NO_ROUTE':
      return new VenueRejection('route_not_served', `${id} does not serve this corridor`);
    case 'NO_LIQUIDITY':
      return new VenueRejection('no_liquidity', `${id} has no liquidity for this transfer right now`);
    default:
      return error;
  }
}
