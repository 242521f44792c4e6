import { getAddress, type Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { expect } from 'vitest';
import type { Strait } from '../src/createStrait.ts';
import type { ClaimsChain } from './claimsChain.ts';
import { DOUBLE_TARGET } from './venueDouble.ts';

/** Anvil's first account: the requester of every transfer the race builds. */
export const RACE_USER = privateKeyToAccount('0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80');

async function post(strait: Strait, url: string, payload: object): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await strait.app.inject({ method: 'POST', url, payload });
  return { status: response.statusCode, body: response.json() as Record<string, unknown> };
}

/** A transfer through the venue double: one main step whose calldata is the same for every transfer. */
export async function buildDoubleTransfer(strait: Strait): Promise<string> {
  const quote = await post(strait, '/v1/bridge/quote', { fromChain: 'base', toChain: 'arbitrum', fromToken: 'USDC', toToken: 'USDC', amountAtomic: '5000000', sender: RACE_USER.address, recipient: RACE_USER.address });
  expect(quote.status, JSON.stringify(quote.body)).toBe(200);
  const build = await post(strait, '/v1/bridge/build', { decisionId: quote.body.decisionId as string });
  expect(build.status, JSON.stringify(build.body)).toBe(200);
  return build.body.transferId as string;
}

/** The double's target, checksummed as a signer wants it. */
export const DOUBLE_TARGET_ADDRESS = getAddress(DOUBLE_TARGET);

export function signDoubleMain(nonce: number, maxFeePerGas = 10n ** 10n, maxPriorityFeePerGas = 10n ** 9n): Promise<Hex> {
  return RACE_USER.signTransaction({ type: 'eip1559', chainId: 8453, to: DOUBLE_TARGET_ADDRESS, data: '0x12345678', value: 0n, nonce, gas: 100_000n, maxFeePerGas, maxPriorityFeePerGas });
}

/**
 * Issue 12 item 1: two transfers whose main steps are byte-identical, and one signed transaction
 * submitted to both at once (through each Strait given, so on PostgreSQL through two pools). Exactly
 * one is accepted and broadcast; the other is refused 409 `source_tx_claimed` and stays unsigned.
 */
export async function raceOneTransactionOverTwoTransfers(straits: readonly [Strait, Strait], chain: ClaimsChain): Promise<void> {
  const [first, second] = straits;
  const ids = [await buildDoubleTransfer(first), await buildDoubleTransfer(first)] as const;
  const before = await chain.nonceOf(RACE_USER.address);
  const signed = await signDoubleMain(before);
  const answers = await Promise.all([
    post(first, `/v1/bridge/transfers/${ids[0]}/submit`, { step: 'main', signedTransaction: signed }),
    post(second, `/v1/bridge/transfers/${ids[1]}/submit`, { step: 'main', signedTransaction: signed }),
  ]);
  const accepted = answers.filter((a) => a.status === 200);
  const refused = answers.filter((a) => a.status !== 200);
  expect(accepted, JSON.stringify(answers)).toHaveLength(1);
  expect(accepted[0]!.body).toMatchObject({ accepted: true, status: 'SUBMITTED', verification: 'verified' });
  expect(refused[0]!.status).toBe(409);
  expect(refused[0]!.body).toMatchObject({ error: { code: 'source_tx_claimed', details: { chain: 'base', txHash: accepted[0]!.body.txHash } } });
  // The transfer holding the transaction is not named: a public hash must not lead to a transfer id.
  expect(JSON.stringify(refused[0]!.body)).not.toContain(ids[answers.indexOf(accepted[0]!)]!);
  // Broadcast once: the signer's nonce moved by one, and the chain holds the accepted transaction.
  expect(await chain.nonceOf(RACE_USER.address)).toBe(before + 1);
  expect((await chain.client.getTransactionReceipt({ hash: accepted[0]!.body.txHash as Hex })).status).toBe('success');
  const loser = ids[answers.indexOf(refused[0]!)]!;
  const view = (await first.app.inject({ method: 'GET', url: `/v1/bridge/transfers/${loser}` })).json() as { status: string; sourceTxHash: string | null };
  expect(view).toMatchObject({ status: 'PENDING_SIGNATURE', sourceTxHash: null });

  // The hash alone, to a third transfer, is refused the same way; so is the hash in capitals.
  const third = await buildDoubleTransfer(second);
  const byHash = await post(second, `/v1/bridge/transfers/${third}/submit`, { step: 'main', txHash: (accepted[0]!.body.txHash as string).toUpperCase().replace('0X', '0x') });
  expect(byHash.status, JSON.stringify(byHash.body)).toBe(409);
  expect(byHash.body).toMatchObject({ error: { code: 'source_tx_claimed' } });
}

/**
 * Twenty different signed variants of one main step (same nonce, rising tips, as a wallet's
 * speed-up would send) submitted at once: never a 5xx, exactly one accepted, and every other answer
 * a 4xx envelope or the hash on record with `accepted: false`.
 */
export async function raceSpeedUpVariants(straits: readonly Strait[], chain: ClaimsChain): Promise<void> {
  const id = await buildDoubleTransfer(straits[0]!);
  const nonce = await chain.nonceOf(RACE_USER.address);
  const variants = await Promise.all(Array.from({ length: 20 }, (_, i) => signDoubleMain(nonce, 10n ** 11n, 10n ** 9n + BigInt(i) * 10n ** 8n)));
  const answers = await Promise.all(variants.map((signed, i) => post(straits[i % straits.length]!, `/v1/bridge/transfers/${id}/submit`, { step: 'main', signedTransaction: signed })));
  expect(answers.filter((a) => a.status >= 500), JSON.stringify(answers)).toEqual([]);
  for (const a of answers.filter((a) => a.status >= 400)) expect(a.body, JSON.stringify(a.body)).toHaveProperty('error.code');
  expect(answers.filter((a) => a.status === 200 && a.body.accepted === true), JSON.stringify(answers)).toHaveLength(1);
}
