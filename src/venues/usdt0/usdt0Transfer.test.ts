import { getAddress, type Hex } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestStrait } from '../../../test/testStrait.ts';
import type { Strait } from '../../createStrait.ts';
import { addressToBytes32, decodeOftSend } from '../layerzero/oftSend.ts';
import { usdt0Chain } from './usdt0Chains.ts';
import { LZ_FEE, startUsdt0TestChain, type Usdt0TestChain } from './usdt0TestChain.ts';
import { usdt0Venue } from './usdt0Venue.ts';

/**
 * USDT0 through the whole service, Ethereum → Arbitrum: the only venue is the real adapter, its source
 * chain an anvil node with USDT0's stand-ins at the real addresses (STRAIT_RPC_ETHEREUM). The build is
 * an exact approval of the adapter then the checked `send` carrying the LayerZero fee as its declared
 * native fee; a messenger answering for another token is refused at quote, and a stored step rewritten
 * to pay someone else is refused at submit with nothing broadcast.
 */

const USER = getAddress('0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266');
const RECIPIENT = getAddress('0x70997970C51812dc3A010C7d01b50e0d17dc79C8');
const EVIL = getAddress('0x00000000000000000000000000000000000bad00');
const ETHEREUM = usdt0Chain('ethereum')!;
const AMOUNT = 250_000_000n;

let chain: Usdt0TestChain;
let strait: Strait;

beforeAll(async () => {
  chain = await startUsdt0TestChain(1);
  await chain.install(ETHEREUM);
  await chain.mint(ETHEREUM, USER, AMOUNT);
  strait = await createTestStrait({ STRAIT_RPC_ETHEREUM: chain.rpcUrl, STRAIT_QUOTE_MIN_WAIT_MS: '0', STRAIT_VENUE_USDT0_BASE_URL: 'http://127.0.0.1:9' }, [usdt0Venue]);
}, 120_000);

afterAll(async () => {
  await strait?.close();
  await chain?.stop();
});

async function post<T>(url: string, payload: object): Promise<{ status: number; body: T }> {
  const response = await strait.app.inject({ method: 'POST', url, payload });
  return { status: response.statusCode, body: response.json() as T };
}

interface Built {
  transferId: string;
  steps: { step: string; to: Hex; data: Hex; value: string; chainId: number }[];
  nativeFeeAtomic?: string;
  error?: { code: string };
}

async function quote() {
  return post<{ decisionId: string; best: { venue: string; amountOutAtomic?: string } | null; rejected: { venue: string; code: string }[] }>('/v1/bridge/quote', {
    fromChain: 'ethereum',
    toChain: 'arbitrum',
    fromToken: 'USDT',
    toToken: 'USDT',
    amountAtomic: AMOUNT.toString(),
    sender: USER,
    recipient: RECIPIENT,
  });
}

async function build(): Promise<Built> {
  const quoted = await quote();
  expect(quoted.status, JSON.stringify(quoted.body)).toBe(200);
  expect(quoted.body.best?.venue, JSON.stringify(quoted.body.rejected)).toBe('usdt0');
  const built = await post<Built>('/v1/bridge/build', { decisionId: quoted.body.decisionId });
  expect(built.status, JSON.stringify(built.body)).toBe(200);
  return built.body;
}

describe('USDT0 end to end on a local chain', () => {
  it('builds an exact approval of the adapter and one checked send carrying the LayerZero fee', async () => {
    const built = await build();
    expect(built.steps.map((s) => s.step)).toEqual(['approve', 'main']);
    const [approve, main] = built.steps;
    expect(approve!.to).toBe(ETHEREUM.token);
    expect(main!.to).toBe(ETHEREUM.messenger);
    expect(BigInt(main!.value)).toBe(LZ_FEE);
    expect(built.nativeFeeAtomic).toBe(LZ_FEE.toString());
    expect(decodeOftSend(main!.data)).toMatchObject({ dstEid: 30110, to: addressToBytes32(RECIPIENT), amountLD: AMOUNT, minAmountLD: AMOUNT, composeMsg: '0x', refundAddress: USER });
  });

  it('checks the stored send again at submit and broadcasts nothing when it pays someone else', async () => {
    const built = await build();
    const main = built.steps.find((s) => s.step === 'main')!;
    const evilData = main.data.replaceAll(RECIPIENT.slice(2).toLowerCase(), EVIL.slice(2).toLowerCase()) as Hex;
    expect(evilData).not.toBe(main.data);
    await strait.deps.store.db
      .updateTable('transfer_steps')
      .set({ payload: JSON.stringify({ vm: 'evm', step: 'main', chainId: 1, to: main.to, data: evilData, value: main.value }) })
      .where('transfer_id', '=', built.transferId)
      .where('kind', '=', 'main')
      .execute();
    const submit = await post<{ error: { code: string; message: string } }>(`/v1/bridge/transfers/${built.transferId}/submit`, { step: 'main', txHash: `0x${'07'.repeat(32)}` });
    expect(submit.status, JSON.stringify(submit.body)).toBe(409);
    expect(submit.body.error.code).toBe('step_not_allowed');
    expect(submit.body.error.message).toMatch(/not the recipient/);
  });

  it('refuses a messenger that answers for another token: the quote lists usdt0 as venue_bad_response, nothing to build', async () => {
    await chain.install(ETHEREUM, { token: '0x000000000000000000000000000000000000dEaD' });
    try {
      const quoted = await quote();
      expect(quoted.body.best).toBeNull();
      expect(quoted.body.rejected).toEqual(expect.arrayContaining([expect.objectContaining({ venue: 'usdt0', code: 'venue_bad_response' })]));
    } finally {
      await chain.install(ETHEREUM);
    }
  });
});
