import { readFileSync } from 'node:fs';
import { Value } from 'typebox/value';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLifiFake, type LifiFake } from './lifiFake.ts';
import { toLifiStatus } from './lifiMapping.ts';
import { LifiQuoteSchema, LifiStatusSchema } from './lifiSchemas.ts';

/** The fake's `/status` for a partial delivery and a refund reads as LI.FI's live answers do (fixtures/real/status-done-*). */

const HASH = `0x${'ab'.repeat(32)}`;
let fake: LifiFake;

beforeAll(async () => {
  fake = await startLifiFake();
});
afterAll(() => fake.close());

interface Leg {
  readonly chainId: number;
  readonly token: { readonly address: string };
}
interface StatusBody {
  readonly substatusMessage: string;
  readonly sending: Leg;
  readonly receiving: Leg;
}

async function statusAnswer(substatus: string): Promise<StatusBody> {
  fake.setOptions({ status: { status: 'DONE', substatus } });
  const response = await fetch(`${fake.url}/status?txHash=${HASH}&fromChain=42161&toChain=167000`);
  return (await response.json()) as StatusBody;
}

describe('LI.FI fake status templated from live answers', () => {
  it('REFUNDED: the refund is `receiving`, on the source chain in the source token, with the live message', async () => {
    const body = await statusAnswer('REFUNDED');
    expect(body.substatusMessage).toBe('The tokens were refunded to the user.');
    expect(body.receiving.chainId).toBe(body.sending.chainId);
    expect(body.receiving.token.address).toBe(body.sending.token.address);
    expect(Value.Check(LifiStatusSchema, body)).toBe(true);
    expect(toLifiStatus(body as never)).toMatchObject({ state: 'refunded', destinationTxHash: null, receivedAmount: null });
  });

  it('PARTIAL carries the live message and maps to partial', async () => {
    const body = await statusAnswer('PARTIAL');
    expect(body.substatusMessage).toBe('Some of the received tokens are not the requested destination tokens.');
    expect(toLifiStatus(body as never)).toMatchObject({ state: 'partial' });
  });
});

describe('LI.FI fake quote templated from a live Step', () => {
  const live = JSON.parse(readFileSync(new URL('./fixtures/real/step-usdc-ethereum-base-across.json', import.meta.url), 'utf8')) as Record<string, Record<string, unknown>>;
  const keys = (value: unknown) => Object.keys(value as object).sort();

  it("answers /quote with the live Step's keys, its fee entry's keys and its bridge leg, for the request's own amounts", async () => {
    fake.setOptions({});
    const query = 'fromChain=42161&toChain=10&fromToken=0xaf88d065e77c8cC2239327C5EDb3A432268e5831&toToken=0x0b2C639c533813f4Aa9D7837CAf62653d097Ff85&fromAmount=1000000&fromAddress=0x1111111111111111111111111111111111111111&toAddress=0x2222222222222222222222222222222222222222&integrator=strait';
    const body = (await (await fetch(`${fake.url}/quote?${query}`)).json()) as Record<string, Record<string, unknown>>;
    expect(keys(body)).toEqual(keys(live));
    expect(keys(body.estimate)).toEqual(keys(live.estimate));
    expect(keys(body.action)).toEqual(keys(live.action));
    const [fee] = body.estimate!.feeCosts as Record<string, unknown>[];
    expect(keys(fee)).toEqual(keys((live.estimate!.feeCosts as Record<string, unknown>[])[1]));
    expect(fee).toMatchObject({ name: 'Relayer fee', amount: String(1_000_000n - (1_000_000n * 9_965n) / 10_000n), included: true });
    expect((body.includedSteps as unknown as Record<string, unknown>[]).map((step) => step.type)).toEqual(['cross']);
    expect(Value.Check(LifiQuoteSchema, body)).toBe(true);
  });
});
