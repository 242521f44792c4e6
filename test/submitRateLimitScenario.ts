import { keccak256, type Hex } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { expect } from 'vitest';
import type { Strait } from '../src/createStrait.ts';
import type { ClaimsChain } from './claimsChain.ts';
import type { CountingRpcProxy } from './countingRpcProxy.ts';
import { buildDoubleTransfer, DOUBLE_TARGET_ADDRESS, RACE_USER, signDoubleMain } from './sourceClaimRace.ts';

interface Refusal {
  error: { code: string; details: { exceeded: string[] } };
}

/**
 * Spec §8's promise that nothing strangers do blocks the owner, for a submit by `txHash`, on a real
 * local chain: a dozen junk hashes from strangers' IPs spend only their IPs and the transfer's own
 * counter, never the requester's wallet counter; a transaction the chain shows from someone else
 * spends the transfer's counter too; and the owner's own hash, which the chain shows signed by the
 * requester, spends nothing a stranger can and is accepted. `strait` counts with
 * STRAIT_RATE_LIMIT_PER_MINUTE=10 and STRAIT_TRUST_PROXY=loopback, against `chain` through `proxy`
 * (so the lookups can be counted: the route reuses the limiter's, and asks the chain once); `net`
 * keeps the scenario's client IPs apart from another run's.
 */
export async function strangersJunkHashesNeverBlockTheOwner(strait: Strait, chain: ClaimsChain, proxy: CountingRpcProxy, net: number): Promise<void> {
  const post = (url: string, payload: object, ip: string) => strait.app.inject({ method: 'POST', url, remoteAddress: ip, payload });
  // Quote and build come from loopback: the requester's wallet counter holds 8 after them.
  const id = await buildDoubleTransfer(strait);
  const submitUrl = `/v1/bridge/transfers/${id}/submit`;
  const junk = (n: number) => `0x${n.toString(16).padStart(8, '0')}${'7a'.repeat(28)}` as Hex;
  for (let i = 0; i < 10; i++) {
    const answer = await post(submitUrl, { step: 'main', txHash: junk(i) }, `203.0.${net}.${i + 1}`);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.headers.ratelimit).toMatch(new RegExp(`^"ip";r=9;t=\\d+, "transfer";r=${9 - i};t=\\d+$`));
  }
  const over = await post(submitUrl, { step: 'main', txHash: junk(10) }, `203.0.${net}.11`);
  expect(over.statusCode).toBe(429);
  expect((over.json() as Refusal).error.details.exceeded).toEqual(['transfer']);

  // A transaction the chain shows, signed by a stranger, proves only that the stranger sent it.
  const stranger = privateKeyToAccount(generatePrivateKey());
  await chain.call('anvil_setBalance', [stranger.address, '0xde0b6b3a7640000']);
  const theirs = await stranger.signTransaction({ type: 'eip1559', chainId: 8453, to: DOUBLE_TARGET_ADDRESS, data: '0x12345678', value: 0n, nonce: 0, gas: 100_000n, maxFeePerGas: 10n ** 10n, maxPriorityFeePerGas: 10n ** 9n });
  await chain.call('eth_sendRawTransaction', [theirs]);
  const byStranger = await post(submitUrl, { step: 'main', txHash: keccak256(theirs) }, `203.0.${net}.12`);
  expect(byStranger.statusCode).toBe(429);
  expect((byStranger.json() as Refusal).error.details.exceeded).toEqual(['transfer']);

  // The owner sends the main step from the wallet and submits its hash: the chain shows it signed by the requester.
  const signed = await signDoubleMain(await chain.nonceOf(RACE_USER.address));
  const hash = (await chain.call('eth_sendRawTransaction', [signed])) as Hex;
  const lookups = proxy.calls('eth_getTransactionByHash');
  const owner = await post(submitUrl, { step: 'main', txHash: hash }, `203.0.${net}.50`);
  expect(proxy.calls('eth_getTransactionByHash') - lookups, 'lookups of the owner\'s transaction').toBe(1);
  expect(owner.statusCode, owner.body).toBe(200);
  expect(owner.json()).toMatchObject({ accepted: true, verification: 'verified', txHash: hash, status: 'SUBMITTED' });
  expect(owner.headers.ratelimit).toMatch(/^"ip";r=9;t=\d+$/);
  // A flood from one IP is refused on its IP counter before any lookup: it costs the chain's RPC nothing.
  for (let i = 0; i < 10; i++) expect((await post(submitUrl, { step: 'main', txHash: hash }, `203.0.${net}.60`)).statusCode).toBe(200);
  const flooded = proxy.calls('eth_getTransactionByHash');
  for (let i = 0; i < 5; i++) {
    const refused = await post(submitUrl, { step: 'main', txHash: junk(20 + i) }, `203.0.${net}.60`);
    expect((refused.json() as Refusal).error.details.exceeded).toEqual(['ip']);
  }
  expect(proxy.calls('eth_getTransactionByHash')).toBe(flooded);
  // The owner's wallet counter is where quote and build left it.
  const quote = await post('/v1/bridge/quote', { fromChain: 'base', toChain: 'arbitrum', fromToken: 'USDC', toToken: 'USDC', amountAtomic: '5000000', sender: RACE_USER.address, recipient: RACE_USER.address }, `203.0.${net}.51`);
  expect(quote.headers.ratelimit).toMatch(/^"ip";r=9;t=\d+, "wallet";r=7;t=\d+$/);
}
