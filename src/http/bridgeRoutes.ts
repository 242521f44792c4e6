import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { CHAIN_KEYS, type ChainKey } from '../domain/chains.ts';
import { AppError } from '../domain/errors.ts';
import { buildTransfer } from '../engine/buildTransfer.ts';
import { readTransferJson } from '../engine/readTransfer.ts';
import type { EngineDeps } from '../engine/EngineDeps.ts';
import { quoteTransfer } from '../engine/quoteTransfer.ts';
import { quotableOrigins, quotableSymbols } from '../engine/routeCoverage.ts';
import { RELAYER_VENUE } from '../engine/hyperCore/relayedExecution.ts';
import { relayerRouteOrigins, relayerRouteSymbols } from '../engine/hyperCore/relayerRouteSymbols.ts';
import { sanitizeVenueMessage } from '../engine/sanitizeVenueMessage.ts';
import { submitTransfer } from '../engine/submitTransfer.ts';
import type { SubmittedTransactions } from './submittedTransactions.ts';
import { tokenDirectoryOf } from '../engine/tokens/tokenDirectory.ts';
import { errorResponses } from './errorResponses.ts';
import { streamQuote } from './streamQuote.ts';
import * as S from './schemas.ts';

const MAX_ROUTE_SYMBOLS = 50;

/**
 * The seven endpoints of spec §4, thin: validation by schema, meaning in the engine. `submitted` is
 * what the rate limits already looked up for a submit (absent when limiting is off).
 */
export function registerBridgeRoutes(app: FastifyInstance, deps: EngineDeps, submitted?: SubmittedTransactions): void {
  app.get('/bridge/source-chains', {
      schema: {
        operationId: 'getSourceChains',
        tags: ['Discovery'],
        summary: 'Chains a transfer can start from',
        description: 'Every chain at least one routable venue accepts as an origin, with how many venues do. Cached 30 s.',
        querystring: S.NoQuery,
        response: { 200: { ...S.Ref('SourceChains'), description: 'The source chains, in the spec\'s chain order' }, ...errorResponses([]) },
      },
    }, async (_request, reply) => {
    const counts = new Map<ChainKey, number>();
    // An origin counts when the venue moves at least one token quote accepts from it (routeCoverage.ts).
    // The relayer route to HyperCore starts wherever a leg to arbitrum USDC does (engine/hyperCore/).
    for (const v of deps.venues.routable()) for (const chain of v.id === RELAYER_VENUE ? relayerRouteOrigins(deps) : quotableOrigins(v.venue)) counts.set(chain, (counts.get(chain) ?? 0) + 1);
    void reply.header('cache-control', 'max-age=30');
    return { chains: CHAIN_KEYS.filter((c) => counts.has(c)).map((chain) => ({ chain, venues: counts.get(chain) as number })) };
  });

  app.get<{ Querystring: { fromChain: ChainKey; toChain: ChainKey; privacy?: 'true' | 'false' } }>(
    '/bridge/routes',
    {
      schema: {
        operationId: 'getRoutes',
        tags: ['Discovery'],
        summary: 'Venues serving a pair of chains',
        description: 'The venues that price `fromChain` → `toChain`, each with the token symbols quote accepts there. `privacy=true` keeps the venues a private transfer may use. Cached 30 s with a weak `ETag` over the routes (not `generatedAt`); `If-None-Match` answers `304`.',
        querystring: S.RoutesQuery,
        response: { 200: { ...S.Ref('Routes'), description: 'The routes of the pair' }, 304: { type: 'null', description: 'Not modified (If-None-Match matched the ETag)' }, ...errorResponses(['same_chain']) },
      },
    },
    async (request, reply) => {
      const { fromChain, toChain } = request.query;
      // As quote answers: a same-chain transfer is never priced, so no venue is a route for it.
      if (fromChain === toChain) throw new AppError('same_chain', `fromChain and toChain are both ${fromChain}`);
      const privacy = request.query.privacy === 'true';
      const routes = deps.venues.all
        .filter((v) => v.venue !== null && (!privacy || v.capabilities.privacyModel !== 'none'))
        // Only symbols quote then accepts: known to the token registry and served by the venue's `supports`.
        .map((v) => ({ venue: v.id, enabled: v.enabled, symbols: v.id === RELAYER_VENUE ? (toChain === 'hypercore' ? relayerRouteSymbols(deps, fromChain) : []) : v.venue ? quotableSymbols(v.venue, fromChain, toChain) : [] }))
        .filter((r) => r.symbols.length > 0)
        .map((r) => ({ venue: r.venue, enabled: r.enabled, tokenSymbols: [...r.symbols].sort().slice(0, MAX_ROUTE_SYMBOLS), tokenSymbolCount: r.symbols.length }));
      // Weak (RFC 9110 §8.8.1): it covers the routes, not `generatedAt`, which changes on every answer;
      // a strong one would have to change with it and no If-None-Match would ever match.
      const etag = `W/"${createHash('sha256').update(JSON.stringify([fromChain, toChain, privacy, routes])).digest('base64url').slice(0, 27)}"`;
      void reply.header('cache-control', 'max-age=30').header('etag', etag);
      if (noneMatchHits(request.headers['if-none-match'], etag)) return reply.status(304).send();
      return { fromChain, toChain, privacy, generatedAt: deps.now(), routes };
    },
  );

  app.get<{ Querystring: { chain: ChainKey } }>(
    '/bridge/tokens',
    {
      schema: {
        operationId: 'getTokens',
        tags: ['Discovery'],
        summary: 'Tokens of a chain and the venues pricing them',
        description: 'The native asset, Strait\'s registry, the vendored public token list and the tokens the venues\' own published lists name on `chain`, each address once with its symbol, decimals, source and the enabled venues that price it. `fromToken`/`toToken` take any of these addresses, and any other valid one a venue prices (docs/tokens.md). Cached 30 s.',
        querystring: S.TokensQuery,
        response: { 200: { ...S.Ref('Tokens'), description: 'The tokens of the chain, native first' }, ...errorResponses([]) },
      },
    },
    async (request, reply) => {
      const { chain } = request.query;
      const tokens = tokenDirectoryOf(deps).list(chain);
      void reply.header('cache-control', 'max-age=30');
      return { chain, generatedAt: deps.now(), tokens: tokens.map(({ address, symbol, decimals, source, venues }) => ({ address, symbol, decimals, source, venues: [...venues] })) };
    },
  );

  app.get('/bridge/venues', {
    schema: {
      operationId: 'getVenues',
      tags: ['Discovery'],
      summary: 'Every venue with its state and capabilities',
      description: 'All venues of the catalogue (registered or not), whether quote asks them now and why not, their health and what they can do.',
      querystring: S.NoQuery,
      response: { 200: { ...S.Ref('Venues'), description: 'The venues, in catalogue order' }, ...errorResponses([]) },
    },
  }, async () => ({
    venues: deps.venues.all.map((v) => {
      const known = v.health?.snapshot();
      // A fault's text is the venue's (or the socket's): shown sanitised, like every venue message.
      const health = known ? { health: known.health, reason: known.reason === null ? null : sanitizeVenueMessage(known.reason) } : { health: 'unknown' as const, reason: v.notRoutableReason };
      // Without the background refresh (switched off) every adapter answers from its static table.
      const coverage = v.venue === null ? { fresh: false, ageMs: null } : (deps.snapshots?.freshness(v.id) ?? { fresh: true, ageMs: null });
      return {
        venue: v.id,
        routable: v.venue !== null && v.enabled && health.health !== 'unhealthy',
        notRoutableReason: v.notRoutableReason ?? (health.health === 'unhealthy' ? health.reason : null),
        enabled: v.enabled,
        registered: v.venue !== null,
        // docs/operations.md, "Coverage snapshots": a venue without a published list is fresh with no age.
        snapshotFresh: coverage.fresh,
        snapshotAgeMs: coverage.ageMs,
        health: health.health,
        reason: health.reason,
        capabilities: { ...v.capabilities, tradeTypes: [...v.capabilities.tradeTypes], executionShapes: [...v.capabilities.executionShapes] },
      };
    }),
  }));

  app.post<{ Body: S.QuoteBodyT }>(
    '/bridge/quote',
    {
      // `Accept: text/event-stream` streams the answers as they arrive (streamQuote.ts); anything else is the JSON answer.
      sse: { kind: 'dual', heartbeat: false },
      schema: {
        operationId: 'quote',
        tags: ['Quotes'],
        summary: 'Price a transfer at every venue and rank the answers',
        description: 'Asks every routable venue in parallel under one deadline and returns the rows net of every fee, ranked (`best`, `bestByPrice`, `bestByTime`), the typed reasons of the venues that did not price, and a `decisionId` to build from (docs/quotes.md, docs/fees.md).',
        querystring: S.NoQuery,
        body: S.Ref('QuoteRequest'),
        response: {
          200: {
            description: 'The ranked quotes and the decision; with `Accept: text/event-stream`, a stream of `rejection` (Rejection) and `quote` (StreamedQuote) events as venues answer, then one `decision` event (this JSON answer) or an `error` event (the error envelope), and the stream ends',
            content: {
              'application/json': { schema: S.Ref('QuoteDecision') },
              'text/event-stream': { schema: { type: 'string', description: 'Server-Sent Events: `id` counts from 1; `event` is `rejection`, `quote`, `decision` or `error`; `data` is one JSON object (docs/quotes.md, streaming)' } },
            },
          },
          ...errorResponses(['same_chain', 'unknown_token', 'token_not_priced', 'chain_unavailable', 'invalid_amount', 'invalid_sender', 'invalid_recipient', 'invalid_referral_wallet', 'invalid_referral_bps', 'referral_incomplete', 'invalid_user_ip'], { body: true }),
        },
      },
    },
    async (request, reply) => (reply.sse ? streamQuote(deps, request, reply.sse) : quoteTransfer(deps, request.body, request.id)),
  );

  app.post<{ Body: S.BuildBodyT }>(
    '/bridge/build',
    {
      schema: {
        operationId: 'build',
        tags: ['Transfers'],
        summary: 'Turn a quote decision into unsigned steps and a transfer',
        description: 'Builds the chosen row (default `best`) into the steps the wallet signs — an exact `approve` when the allowance is missing, any `fee` steps, then `main` — or a `deposit` address, each checked against the venue\'s allow-list, and creates the transfer in `PENDING_SIGNATURE`. Idempotent per decision (docs/steps.md).',
        querystring: S.NoQuery,
        body: S.Ref('BuildRequest'),
        response: { 200: { ...S.Ref('BuildResult'), description: 'The steps to sign and the transfer' }, ...errorResponses(['decision_not_found', 'quote_not_found', 'no_executable_quote', 'privacy_venue_required', 'quote_expired', 'quote_drifted', 'decision_already_built', 'insufficient_balance', 'unsafe_venue_answer', 'venue_unavailable', 'invalid_webhook_url', 'webhook_url_forbidden', 'webhooks_not_configured'], { body: true }) },
      },
    },
    async (request) => buildTransfer(deps, { ...request.body, decisionId: request.body.decisionId.toLowerCase() }, request.id),
  );

  app.post<{ Params: { id: string }; Body: S.SubmitBodyT }>(
    '/bridge/transfers/:id/submit',
    {
      schema: {
        operationId: 'submitTransfer',
        tags: ['Transfers'],
        summary: 'Submit a signed step (or the hash of one already sent)',
        description: 'With `signedTransaction`, Strait decodes it, compares it with the built step (chain, target, calldata, value, signer), checks the allow-list again and only then broadcasts. With `txHash`, it fetches the transaction the wallet sent and verifies it the same way. `main` is accepted only after every `fee` step; one transaction pays one transfer (docs/steps.md#submit).',
        params: S.TransferParams,
        querystring: S.NoQuery,
        body: S.SubmitBody,
        // What the document shows: the oneOf the engine enforces (examples/documentedSchema.ts).
        ...({ documentedBody: S.Ref('SubmitRequest') } as object),
        response: {
          200: { ...S.Ref('SubmitResult'), description: 'The submission was recorded (or had been: `accepted: false`)' },
          ...errorResponses(['transfer_not_found', 'invalid_submission', 'step_not_built', 'claim_already_made', 'step_not_allowed', 'build_expired', 'source_tx_claimed', 'fee_steps_required', 'transfer_abandoned', 'invalid_signed_transaction', 'transaction_mismatch', 'nonce_too_low', 'nonce_too_high', 'transaction_underpriced', 'insufficient_funds', 'broadcast_rejected', 'blockhash_expired', 'chain_unavailable', 'no_rpc_for_chain', 'step_already_signed', 'venue_unavailable', 'unsafe_venue_answer'], { body: true }),
        },
      },
    },
    async (request) => submitTransfer(submitted ? submitted.depsFor(request, deps) : deps, request.params.id.toLowerCase(), request.body),
  );

  app.get<{ Params: { id: string } }>(
    '/bridge/transfers/:id',
    {
      schema: {
        operationId: 'getTransfer',
        tags: ['Transfers'],
        summary: 'Read a transfer',
        description: 'The transfer and where it stands; poll until `status` is terminal (`COMPLETED`, `PARTIAL`, `REFUNDED`, `FAILED`, `ABANDONED`; docs/states.md). Fields: docs/transfer-fields.md.',
        params: S.TransferParams,
        querystring: S.NoQuery,
        response: { 200: { ...S.Ref('Transfer'), description: 'The transfer' }, ...errorResponses(['transfer_not_found']) },
      },
    },
    async (request, reply) => {
      // Serialised by the route's own serializer, once per cached view (readTransferJson).
      const json = await readTransferJson(deps, request.params.id.toLowerCase(), (view) => reply.serialize(view) as string);
      return reply.type('application/json; charset=utf-8').send(json);
    },
  );
}

/** If-None-Match's weak comparison (RFC 9110 §13.1.2): the opaque tags match whatever their `W/`. */
function noneMatchHits(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  return header.split(',').some((tag) => tag.trim() === '*' || opaque(tag) === opaque(etag));
}
