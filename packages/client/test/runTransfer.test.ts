import { describe, expect, it } from 'vitest';
import { createStraitClient } from '../src/createStraitClient.ts';
import { runTransfer } from '../src/runTransfer.ts';
import { StraitApiError } from '../src/StraitApiError.ts';
import { StraitClientError } from '../src/StraitClientError.ts';
import type { BuildResult } from '../src/straitTypes.ts';
import { unwrap } from '../src/unwrap.ts';
import type { EvmSigner } from '../src/walletSigner.ts';

// The end-to-end paths run against the real service in test/sandboxFlow.test.ts and
// test/examples.test.ts; these cover what the sandbox never answers.

const DECISION = '0b7f2a4e-5c1d-4f7a-9e3b-2d6c8a1f0e94';
const TRANSFER = '6f1c3b2a-8d4e-4a7b-b5c9-0e1f2a3b4c5d';

function answering(status: number, body: unknown, seen: Request[] = []) {
  return createStraitClient({
    baseUrl: 'http://strait.test/v1',
    fetch: async (request) => {
      seen.push(request);
      return new Response(typeof body === 'string' ? body : JSON.stringify(body), { status, headers: { 'content-type': typeof body === 'string' ? 'text/html' : 'application/json' } });
    },
  });
}

const build = (overrides: Partial<BuildResult>): BuildResult => ({
  transferId: TRANSFER, venue: 'x', expiresAt: 0, amountInAtomic: '1', expectedOutAtomic: '1', minOutAtomic: '1', feeCapture: 'none',
  referralCapture: null, feeBasis: 'carved', feeBatch: null, permit: null, relayFeePermit: null, spotTransfer: null, requoted: false, ...overrides,
});

const refusingSigner = (): EvmSigner & { calls: number } => {
  const signer = { calls: 0, signTransaction: async () => { signer.calls++; return '0x00' as const; } };
  return signer;
};

describe('unwrap', () => {
  it('throws StraitApiError carrying the envelope and retryAfterMs of a 429', async () => {
    const envelope = { error: { code: 'rate_limited', message: 'slow down', retryAfterMs: 1234 } };
    const result = await answering(429, envelope).POST('/bridge/quote', { body: { fromChain: 'base', toChain: 'arbitrum', fromToken: 'USDC', toToken: 'USDC', amountAtomic: '1', sender: '0x1', recipient: '0x1' } });
    const error = (() => { try { unwrap(result); } catch (e) { return e; } })();
    expect(error).toBeInstanceOf(StraitApiError);
    expect(error).toMatchObject({ status: 429, code: 'rate_limited', retryAfterMs: 1234, envelope });
  });

  it('names a body that is no envelope unexpected_response', async () => {
    const result = await answering(502, '<html>bad gateway</html>').GET('/bridge/venues');
    expect(() => unwrap(result)).toThrow(expect.objectContaining({ status: 502, code: 'unexpected_response' }) as Error);
  });
});

describe('runTransfer', () => {
  it('refuses a build it cannot sign before signing anything', async () => {
    const seen: Request[] = [];
    const signer = refusingSigner();
    const svm = build({ steps: [{ vm: 'svm', step: 'main', serializedTx: 'AA==', encoding: 'base64', refreshBlockhash: false }] });
    const run = runTransfer({ client: answering(200, svm, seen), decisionId: DECISION, wallet: signer, publicClients: [] });
    await expect(run).rejects.toThrow(expect.objectContaining({ code: 'unsupported_step' }) as Error);
    await expect(run).rejects.toBeInstanceOf(StraitClientError);
    expect(signer.calls).toBe(0);
    expect(seen.map((r) => `${r.method} ${new URL(r.url).pathname}`)).toEqual(['POST /v1/bridge/build']);
    expect(await seen[0]!.json()).toEqual({ decisionId: DECISION });
  });

  it('refuses a deposit that needs a memo or sits on a chain it does not know', async () => {
    const deposit = { address: '0x2222222222222222222222222222222222222222', amountAtomic: '5', deadlineMs: 0, token: null, chain: 'base' };
    for (const [extra, why] of [[{ memo: '42' }, /memo/], [{ memo: null, chain: 'bitcoin' }, /bitcoin/]] as const) {
      const signer = refusingSigner();
      const run = runTransfer({ client: answering(200, build({ deposit: { ...deposit, ...extra } })), decisionId: DECISION, wallet: signer, publicClients: [] });
      await expect(run).rejects.toThrow(why);
      expect(signer.calls).toBe(0);
    }
  });
});
