import type { Address } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type RunningSandbox } from '../src/sandbox/startSandbox.ts';

/**
 * The relayer route's leg pays the relayer whoever the HyperCore account is. A leg whose calldata the
 * venue's API wrote is not tagged with the transfer id; when the venue answers the same bytes for
 * the same sender and amount (the sandbox's Allbridge fake does: its nonce is fixed), only the first
 * of two such transfers is built, so a stranger's look-alike naming his own account never holds the
 * owner's transaction (engine/hyperCore/refuseSharedLeg.ts).
 */
const OTHER_LEGS = ['across', 'relay', 'nearintents', 'lifi', 'squid', 'debridge', 'meson', 'cctp'];
let sandbox: RunningSandbox;
beforeAll(async () => {
  sandbox = await startSandbox({ STRAIT_RATE_LIMIT_PER_MINUTE: '0', ...Object.fromEntries(OTHER_LEGS.map((id) => [`STRAIT_VENUE_${id.toUpperCase()}_ENABLED`, 'false'])) });
});
afterAll(async () => {
  await sandbox?.stop();
});

type Step = { step: string; to: Address; data: string };
type Answer = { decisionId?: string; quotes?: { venue: string; quoteId: string }[]; transferId?: string; steps?: Step[]; error?: { code: string; details?: Record<string, unknown> } };

async function api(path: string, body: unknown): Promise<{ status: number; body: Answer }> {
  const response = await fetch(`${sandbox.info.baseUrl}${path}`, { method: 'POST', body: JSON.stringify(body), headers: { 'content-type': 'application/json' } });
  return { status: response.status, body: (await response.json()) as Answer };
}

async function buildRelayerRoute(sender: Address, recipient: Address): Promise<{ status: number; body: Answer }> {
  const quote = await api('/bridge/quote', { fromChain: 'base', toChain: 'hypercore', fromToken: 'USDC', toToken: 'USDC (perps)', amountAtomic: '20000000', sender, recipient });
  const row = quote.body.quotes?.find((q) => q.venue === 'hyperliquid');
  expect(row, JSON.stringify(quote.body)).toBeDefined();
  return api('/bridge/build', { decisionId: quote.body.decisionId, quoteId: row!.quoteId });
}

describe('a relayer leg the venue wrote the same for two transfers', () => {
  it('is built for the first transfer only: the look-alike naming another HyperCore account is refused', async () => {
    const victim = sandbox.info.accounts[7]!.address;
    const stranger = sandbox.info.accounts[8]!.address;
    const first = await buildRelayerRoute(victim, victim);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const main = first.body.steps!.find((s) => s.step === 'main')!;
    // The venue's own calldata, handed out as written: no transfer tag at its end.
    expect(main.data.endsWith(first.body.transferId!.replace(/-/g, ''))).toBe(false);

    const lookAlike = await buildRelayerRoute(victim, stranger);
    expect(lookAlike.status, JSON.stringify(lookAlike.body)).toBe(409);
    expect(lookAlike.body.error).toMatchObject({ code: 'no_executable_quote', details: { legVenue: 'allbridge', reason: 'leg_not_bound_to_one_transfer' } });
    // The other transfer's id is what lets its holder submit: the refusal does not tell it.
    expect(JSON.stringify(lookAlike.body)).not.toContain(first.body.transferId!);

    // Another sender's leg is other bytes, and builds.
    const other = await buildRelayerRoute(stranger, stranger);
    expect(other.status, JSON.stringify(other.body)).toBe(200);
  });
});
