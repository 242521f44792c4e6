import { Value } from 'typebox/value';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLifiFake, type LifiFake } from './lifiFake.ts';
import { toLifiStatus } from './lifiMapping.ts';
import { LifiStatusSchema } from './lifiSchemas.ts';

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
