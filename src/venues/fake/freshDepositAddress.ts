import { randomBytes } from 'node:crypto';
import { base58, bech32 } from '@scure/base';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { chainInfo, type ChainKey } from '../../domain/chains.ts';

/**
 * A fresh deposit address in `chain`'s own format, as a deposit-address venue hands out, or `null`
 * where the fakes have none: EVM (a new account), Solana-family (32 random bytes, base58), NEAR
 * (an implicit account), Bitcoin and Litecoin (native segwit).
 */
export function freshDepositAddress(chain: ChainKey): string | null {
  const vm = chainInfo(chain).vm;
  if (vm === 'evm') return privateKeyToAccount(generatePrivateKey()).address;
  if (vm === 'svm') return base58.encode(randomBytes(32));
  if (vm === 'near') return randomBytes(32).toString('hex');
  if (chain === 'bitcoin' || chain === 'litecoin') return bech32.encode(chain === 'bitcoin' ? 'bc' : 'ltc', [0, ...bech32.toWords(randomBytes(20))]);
  return null;
}
