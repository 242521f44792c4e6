import fc from 'fast-check';
import type { Hex } from 'viem';
import { describe, expect, it } from 'vitest';
import { MAYACHAIN } from '../../mayachain/mayachainChains.ts';
import { THORCHAIN } from '../../thorchain/thorchainChains.ts';
import { encodeDeposit, whyNotRouterDeposit } from './routerDeposit.ts';
import { parseSwapMemo } from './swapMemo.ts';

/**
 * The family's router-deposit check, for both networks: whatever single field of a good deposit is
 * changed (amount, value, asset, the memo's recipient, payout asset or limit, an added affiliate),
 * the call no longer does what the transfer asked and is refused.
 */

const RECIPIENT = 'bc1q07kx42qz758yhr7jn3pu9ffz2rwy0snlwztwf8';
const VAULT: Hex = '0xb9ac6d689a18be4588f348301208e40f57a868d4';
const ZERO: Hex = '0x0000000000000000000000000000000000000000';
const intent = { sourceChainId: 1, sourceToken: null, amount: 10n ** 18n, recipient: RECIPIENT, destinationChainId: null };

describe.each([THORCHAIN, MAYACHAIN])('$name router deposits', (network) => {
  const good = { vault: VAULT, asset: ZERO, amount: 10n ** 18n, memo: `=:BTC.BTC:${RECIPIENT}:5216435/1/0`, expiry: 1_721_775_525n };

  it('passes the deposit the transfer asked for', () => {
    expect(whyNotRouterDeposit(network, encodeDeposit(good), 10n ** 18n, intent)).toBeNull();
  });

  it('refuses any other amount or value', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10n ** 24n }), fc.bigInt({ min: 0n, max: 10n ** 24n }), (amount, value) => {
        fc.pre(amount !== 10n ** 18n || value !== 10n ** 18n);
        expect(whyNotRouterDeposit(network, encodeDeposit({ ...good, amount }), value, intent)).not.toBeNull();
      }),
    );
  });

  it('refuses a memo paying another recipient, setting no limit, or naming an affiliate', () => {
    const bech32 = fc.stringMatching(/^bc1q[02-9ac-hj-np-z]{38}$/);
    fc.assert(
      fc.property(bech32, fc.constantFrom('', ':0', ':0/1/0'), fc.stringMatching(/^[a-z0-9]{1,12}$/), (other, limit, affiliate) => {
        fc.pre(other !== RECIPIENT);
        for (const memo of [`=:BTC.BTC:${other}:1`, `=:BTC.BTC:${RECIPIENT}${limit}`, `=:BTC.BTC:${RECIPIENT}:1:${affiliate}:10`]) {
          expect(whyNotRouterDeposit(network, encodeDeposit({ ...good, memo }), 10n ** 18n, intent), memo).not.toBeNull();
        }
      }),
    );
  });

  it('reads the limit of streaming memos and keeps the refund address', () => {
    expect(parseSwapMemo(`=:BTC.BTC:${RECIPIENT}/0xabc:5216435/100/2`)).toMatchObject({ destination: RECIPIENT, refundAddress: '0xabc', limit: 5_216_435n });
    expect(typeof parseSwapMemo(`=:BTC.BTC:${RECIPIENT}:1e6`)).toBe('string');
  });
});
