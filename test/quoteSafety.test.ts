import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startScriptedVenues, type ScriptedBehaviour } from '../src/venues/fake/scriptedVenue.ts';
import { VENUE_MODULES } from '../src/venues/venueModules.ts';
import { allCredentials, behavioursFor, USDC_QUOTE, startScriptedStrait, type ScriptedStrait } from './scriptedStrait.ts';
import { createTestStrait } from './testStrait.ts';

/**
 * Quote input and answers an outside review found unsafe or inconsistent (issue 12 items 10, 15, 17):
 * referral wallets that cannot receive the share, privacy with no private venue able to serve, and
 * `/routes` for a same-chain pair.
 */

const PRIVATE = VENUE_MODULES.filter((v) => v.capabilities.privacyModel !== 'none').map((v) => v.id);
const USER_IP = '203.0.113.9';
const priced: Record<string, ScriptedBehaviour> = Object.fromEntries(VENUE_MODULES.map((v, i) => [v.id, { kind: 'price', outBps: 9_990 - i }]));

// One service answers both address suites below: they only quote, and nothing they send is stored past the quote.
let addresses: ScriptedStrait;
beforeAll(async () => {
  addresses = await startScriptedStrait({ across: { kind: 'price', outBps: 9_990 } }, { STRAIT_QUOTE_MIN_WAIT_MS: '0' });
});
afterAll(async () => {
  await addresses?.close();
});

describe('referral wallets that cannot receive the share', () => {

  it.each([
    ['the EVM zero address', 'base', '0x0000000000000000000000000000000000000000'],
    ['the source chain USDC contract', 'base', '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913'],
    ['the source chain USDC contract in lower case', 'base', '0x833589fcd6edb6e08f4c7c32d4f71b54bda02913'],
    ['the source chain WETH contract', 'base', '0x4200000000000000000000000000000000000006'],
    ['the Solana all-zero key', 'solana', '11111111111111111111111111111111'],
    ['the Solana USDC mint', 'solana', 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v'],
  ])('refuses %s with 400 invalid_referral_wallet', async (_name, fromChain, referralWallet) => {
    const sender = fromChain === 'solana' ? '9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin' : USDC_QUOTE.sender;
    const { status, body } = await addresses.quote({ ...USDC_QUOTE, fromChain, sender, referralWallet, referralBps: 10 });
    expect(status).toBe(400);
    expect((body as unknown as { error: { code: string } }).error.code).toBe('invalid_referral_wallet');
  });

  it('still accepts an ordinary wallet', async () => {
    const { status } = await addresses.quote({ ...USDC_QUOTE, referralWallet: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8', referralBps: 10 });
    expect(status).toBe(200);
  });
});

describe('senders and recipients that cannot hold funds', () => {
  const refusal = (body: unknown) => (body as { error: { code: string; message: string } }).error;

  it.each([
    ['the EVM zero address', {}, '0x0000000000000000000000000000000000000000', /zero address/],
    ['the destination USDC contract', {}, '0xaf88d065e77c8cC2239327C5EDb3A432268e5831', /USDC token contract on Arbitrum/],
    ['the destination USDC contract in lower case', {}, '0xaf88d065e77c8cc2239327c5edb3a432268e5831', /USDC token contract on Arbitrum/],
    ['another registry token of the destination chain', {}, '0x82aF49447D8a07e3bd95BD0d56f35241523fBab1', /WETH token contract on Arbitrum/],
    ['the source token contract', {}, '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913', /USDC token contract on Base/],
    ['the Solana all-ones System Program id', { toChain: 'solana' }, '11111111111111111111111111111111', /zero address/],
    ['the Solana USDC mint', { toChain: 'solana' }, 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v', /USDC token contract on Solana/],
  ])('refuses a recipient that is %s with 400 invalid_recipient', async (_name, corridor, recipient, message) => {
    const { status, body } = await addresses.quote({ ...USDC_QUOTE, ...corridor, recipient });
    expect(status).toBe(400);
    expect(refusal(body)).toMatchObject({ code: 'invalid_recipient', message: expect.stringMatching(message) });
  });

  it.each([
    ['the EVM zero address', {}, '0x0000000000000000000000000000000000000000'],
    ['the Solana all-ones System Program id', { fromChain: 'solana', toChain: 'base' }, '11111111111111111111111111111111'],
  ])('refuses a sender that is %s with 400 invalid_sender', async (_name, corridor, sender) => {
    const { status, body } = await addresses.quote({ ...USDC_QUOTE, ...corridor, sender });
    expect(status).toBe(400);
    expect(refusal(body)).toMatchObject({ code: 'invalid_sender', message: expect.stringMatching(/zero address/) });
  });

  it('still accepts an ordinary recipient', async () => {
    const { status } = await addresses.quote({ ...USDC_QUOTE, recipient: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8' });
    expect(status).toBe(200);
  });
});

describe('no_private_route', () => {
  it('is the emptyReason when every private venue is switched off', async () => {
    const off = Object.fromEntries(PRIVATE.map((id) => [`STRAIT_VENUE_${id.toUpperCase()}_ENABLED`, 'false']));
    const harness = await startScriptedStrait(priced, { STRAIT_QUOTE_MIN_WAIT_MS: '0', ...off });
    try {
      const { status, body } = await harness.quote({ ...USDC_QUOTE, privacy: true, userIp: USER_IP });
      expect(status).toBe(200);
      expect(body.quotes).toEqual([]);
      expect(body.rejected.filter((r) => PRIVATE.includes(r.venue)).map((r) => r.code)).toEqual(PRIVATE.map(() => 'venue_disabled'));
      expect(body.emptyReason).toBe('no_private_route');
    } finally {
      await harness.close();
    }
  });

  it('is the emptyReason when the private venues lack credentials or do not serve the corridor', async () => {
    const noRoute = Object.fromEntries(PRIVATE.map((id) => [id, { kind: 'noRoute' } as ScriptedBehaviour]));
    const venues = await startScriptedVenues(behavioursFor({ ...priced, ...noRoute }));
    // Every credential but the private venues' own.
    const bare = await createTestStrait({ ...allCredentials(PRIVATE), STRAIT_QUOTE_MIN_WAIT_MS: '0' }, venues.modules);
    try {
      const response = await bare.app.inject({ method: 'POST', url: '/v1/bridge/quote', payload: { ...USDC_QUOTE, privacy: true, userIp: USER_IP } });
      const body = response.json() as { quotes: unknown[]; emptyReason?: string; rejected: { venue: string; code: string }[] };
      expect(body.quotes).toEqual([]);
      expect(body.rejected.some((r) => PRIVATE.includes(r.venue) && r.code === 'venue_disabled')).toBe(true);
      expect(body.emptyReason).toBe('no_private_route');
    } finally {
      await bare.close();
      await venues.close();
    }
  });

  it('is not the emptyReason when a private venue serves the corridor but refuses the amount', async () => {
    const belowMin = Object.fromEntries(PRIVATE.map((id) => [id, { kind: 'noRoute' } as ScriptedBehaviour]));
    const harness = await startScriptedStrait({ ...priced, ...belowMin, changenow: { kind: 'belowMin', minAmount: 2_000_000_000n } }, { STRAIT_QUOTE_MIN_WAIT_MS: '0' });
    try {
      const { body } = await harness.quote({ ...USDC_QUOTE, privacy: true, userIp: USER_IP });
      expect(body.quotes).toEqual([]);
      expect(body.emptyReason).toBe('below_min');
    } finally {
      await harness.close();
    }
  });
});

describe('/routes for a same-chain pair', () => {
  it('answers 400 same_chain, as quote does', async () => {
    const harness = await startScriptedStrait(behavioursFor({}), {});
    try {
      const routes = await harness.strait.app.inject({ method: 'GET', url: '/v1/bridge/routes?fromChain=base&toChain=base' });
      expect(routes.statusCode).toBe(400);
      expect(routes.json()).toMatchObject({ error: { code: 'same_chain' } });
      const quote = await harness.quote({ ...USDC_QUOTE, toChain: 'base' });
      expect(quote.status).toBe(400);
      expect((quote.body as unknown as { error: { code: string } }).error.code).toBe('same_chain');
    } finally {
      await harness.close();
    }
  });
});
