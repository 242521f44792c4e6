import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getAddress } from 'viem';
import type { ChainKey } from '../src/domain/chains.ts';
import type { TokenInfo } from '../src/domain/tokens.ts';
import { startScriptedVenues, type ScriptedVenues } from '../src/venues/fake/scriptedVenue.ts';
import type { Venue } from '../src/venues/Venue.ts';
import { allCredentials, behavioursFor, FEE_WALLET, SENDER, type QuoteAnswer } from './scriptedStrait.ts';
import { createTestStrait } from './testStrait.ts';
import type { Strait } from '../src/createStrait.ts';

/**
 * `GET /bridge/tokens` and quotes by address through the HTTP API: a token only a venue's published
 * list knows (Relay's quickstart `GET /chains` sample names SIPHER on Optimism), one of the vendored
 * public list, and the refusals (`token_not_priced`, `unknown_token`, an unknown chain).
 */

const SIPHER = getAddress('0xb94944669f7967e16588e55ac41be0d5ef399dcd');
const SIPHER_OPTIMISM: TokenInfo = { chain: 'optimism', symbol: 'SIPHER', address: SIPHER, decimals: 18 };
const UNI = '0x1f9840a85d5aF5bf1D1762F925BDADdC4201F984';

interface TokensAnswer {
  chain: string;
  generatedAt: number;
  tokens: { address: string | null; symbol: string; decimals: number; source: string; venues: string[] }[];
}

let venues: ScriptedVenues;
let strait: Strait;
beforeAll(async () => {
  venues = await startScriptedVenues(behavioursFor({ lifi: { kind: 'price', outBps: 9_900 } }));
  // The scripted lifi stand-in publishes a token list, as Relay's snapshot does.
  const modules = venues.modules.map((module) =>
    module.id !== 'lifi' ? module : { ...module, create: (deps: Parameters<typeof module.create>[0]): Venue => ({ ...module.create(deps), tokens: (chain: ChainKey) => (chain === 'optimism' ? [SIPHER_OPTIMISM] : []) }) },
  );
  strait = await createTestStrait({ ...allCredentials(), STRAIT_RATE_LIMIT_PER_MINUTE: '100000', STRAIT_FEE_WALLET_OPTIMISM: FEE_WALLET, STRAIT_FEE_WALLET_ETHEREUM: FEE_WALLET, STRAIT_PRICES_FIXED: 'ETH=3000,SIPHER=5,UNI=7' }, modules);
}, 60_000);
afterAll(async () => {
  await strait?.close();
  await venues?.close();
});

const quote = async (body: Record<string, unknown>) => {
  const response = await strait.app.inject({ method: 'POST', url: '/v1/bridge/quote', payload: { amountAtomic: '1000000000000000000', sender: SENDER, recipient: SENDER, ...body } });
  return { status: response.statusCode, body: response.json() as QuoteAnswer & { error?: { code: string; message: string; details?: Record<string, unknown> } } };
};

describe('GET /bridge/tokens', () => {
  it('lists the native asset first, then the registry, public list and venue list tokens with the venues pricing them, cached 30 s', async () => {
    const response = await strait.app.inject({ method: 'GET', url: '/v1/bridge/tokens?chain=optimism' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('max-age=30');
    const answer = response.json() as TokensAnswer;
    expect(answer.chain).toBe('optimism');
    expect(answer.tokens[0]).toMatchObject({ address: null, symbol: 'ETH', decimals: 18, source: 'registry' });
    expect(answer.tokens[0]?.venues).toContain('lifi');
    expect(answer.tokens.find((t) => t.address === SIPHER)).toMatchObject({ symbol: 'SIPHER', decimals: 18, source: 'venue_list' });
    expect(answer.tokens.some((t) => t.source === 'public_list')).toBe(true);
  });

  it('answers an unknown chain with 400 invalid_request, as the other chain parameters do', async () => {
    const response = await strait.app.inject({ method: 'GET', url: '/v1/bridge/tokens?chain=mars' });
    expect(response.statusCode).toBe(400);
    expect((response.json() as { error: { code: string } }).error.code).toBe('invalid_request');
    expect((await strait.app.inject({ method: 'GET', url: '/v1/bridge/tokens' })).statusCode).toBe(400);
  });
});

describe('POST /bridge/quote by address', () => {
  it('prices a token only a venue\'s list knows, given by its address in any case', async () => {
    const { status, body } = await quote({ fromChain: 'optimism', toChain: 'base', fromToken: SIPHER.toLowerCase(), toToken: 'USDC' });
    expect(status, JSON.stringify(body)).toBe(200);
    expect(body.quotes.map((q) => q.venue)).toContain('lifi');
    // Prices go by symbol, so a token only a venue's list names has none (even with SIPHER in the
    // price table): the capped fees are waived rather than converted at another asset's price.
    expect(body.notes.some((n) => n.includes('No USD price for SIPHER'))).toBe(true);
    expect(body.quotes.every((q) => q.feeBps === 0)).toBe(true);
  });

  it('builds the row of a venue-list token: the deposit moves that token, and the transfer stores its address', async () => {
    const { body } = await quote({ fromChain: 'optimism', toChain: 'base', fromToken: SIPHER, toToken: 'USDC' });
    const row = body.quotes.find((q) => q.venue === 'lifi');
    const response = await strait.app.inject({ method: 'POST', url: '/v1/bridge/build', payload: { decisionId: body.decisionId, quoteId: row?.quoteId } });
    expect(response.statusCode, response.body).toBe(200);
    const built = response.json() as { transferId: string; deposit?: { token: string | null; chain: string } };
    expect(built.deposit).toMatchObject({ token: SIPHER, chain: 'optimism' });
    const transfer = (await strait.app.inject({ method: 'GET', url: `/v1/bridge/transfers/${built.transferId}` })).json() as { fromAsset: string };
    expect(transfer.fromAsset).toBe(SIPHER);
  });

  it('prices a token of the vendored public list', async () => {
    const { status, body } = await quote({ fromChain: 'ethereum', toChain: 'base', fromToken: UNI, toToken: 'USDC' });
    expect(status, JSON.stringify(body)).toBe(200);
    expect(body.quotes.length).toBeGreaterThan(0);
    // The reviewed list's symbols are priced as usual.
    expect(body.notes.some((n) => n.includes('No USD price'))).toBe(false);
  });

  it('refuses a valid address it cannot learn with token_not_priced, and an invalid one with unknown_token', async () => {
    const unknown = '0x000000000000000000000000000000000000dEaD';
    const notPriced = await quote({ fromChain: 'base', toChain: 'arbitrum', fromToken: 'USDC', toToken: unknown });
    expect(notPriced.status).toBe(400);
    expect(notPriced.body.error).toMatchObject({ code: 'token_not_priced', details: { field: 'toToken', chain: 'arbitrum', address: unknown } });
    const invalid = await quote({ fromChain: 'base', toChain: 'arbitrum', fromToken: '0xdead', toToken: 'USDC' });
    expect(invalid.status).toBe(400);
    expect(invalid.body.error?.code).toBe('unknown_token');
  });
});
