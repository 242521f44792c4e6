import { CHAIN_KEYS, chainInfo } from '../chains.ts';
import { isAlgorandAddress } from './isAlgorandAddress.ts';
import { isAptosAddress } from './isAptosAddress.ts';
import { BITCOIN_FAMILY_PARAMS, isBitcoinFamilyAddress } from './isBitcoinFamilyAddress.ts';
import { isCardanoAddress } from './isCardanoAddress.ts';
import { isCosmosAddress } from './isCosmosAddress.ts';
import { isEvmAddress } from './isEvmAddress.ts';
import { isNearAddress } from './isNearAddress.ts';
import { isSolanaAddress } from './isSolanaAddress.ts';
import { isSs58Address } from './isSs58Address.ts';
import { isStarknetAddress } from './isStarknetAddress.ts';
import { isStellarAddress } from './isStellarAddress.ts';
import { isSuiAddress } from './isSuiAddress.ts';
import { isTonAddress } from './isTonAddress.ts';
import { isTronAddress } from './isTronAddress.ts';
import { isXrplAddress } from './isXrplAddress.ts';

export type AddressFamily =
  | 'evm'
  | 'solana'
  | 'bitcoin'
  | 'litecoin'
  | 'dogecoin'
  | 'bitcoincash'
  | 'zcash'
  | 'dash'
  | 'tron'
  | 'cosmos'
  | 'sui'
  | 'aptos'
  | 'starknet'
  | 'ton'
  | 'stellar'
  | 'cardano'
  | 'xrpl'
  | 'near'
  | 'algorand'
  | 'ss58'
  | 'hypercore'
  | 'lighter';

interface AddressRule {
  family: AddressFamily;
  bech32Prefix?: string;
}

/** EVM chains come from the chain registry (`sei` is Sei's EVM side, `robinhood` the Robinhood chain). */
const EVM_CHAINS = CHAIN_KEYS.filter((chain) => chainInfo(chain).vm === 'evm');

/** Which validator (and, for cosmos, which bech32 prefix) each routed chain key uses (73 keys). */
export const ADDRESS_RULES: Record<string, { family: AddressFamily; bech32Prefix?: string }> = Object.freeze({
  ...Object.fromEntries(EVM_CHAINS.map((chain): [string, AddressRule] => [chain, { family: 'evm' }])),
  solana: { family: 'solana' },
  fogo: { family: 'solana' },
  eclipse: { family: 'solana' },
  bitcoin: { family: 'bitcoin' },
  litecoin: { family: 'litecoin' },
  dogecoin: { family: 'dogecoin' },
  bitcoincash: { family: 'bitcoincash' },
  zcash: { family: 'zcash' },
  dash: { family: 'dash' },
  sui: { family: 'sui' },
  aptos: { family: 'aptos' },
  movement: { family: 'aptos' },
  starknet: { family: 'starknet' },
  tron: { family: 'tron' },
  ton: { family: 'ton' },
  stellar: { family: 'stellar' },
  cardano: { family: 'cardano' },
  xrpl: { family: 'xrpl' },
  near: { family: 'near' },
  algorand: { family: 'algorand' },
  polkadot: { family: 'ss58' },
  assethub: { family: 'ss58' },
  injective: { family: 'cosmos', bech32Prefix: 'inj' },
  noble: { family: 'cosmos', bech32Prefix: 'noble' },
  osmosis: { family: 'cosmos', bech32Prefix: 'osmo' },
  cosmoshub: { family: 'cosmos', bech32Prefix: 'cosmos' },
  hypercore: { family: 'hypercore' },
  lighter: { family: 'lighter' },
} satisfies Record<string, AddressRule>);

/** Polkadot's SS58 network prefix; Asset Hub (a Polkadot system parachain) shares it. */
const POLKADOT_SS58_PREFIX = 0;

function matchesRule(rule: AddressRule, address: string): boolean {
  switch (rule.family) {
    // HyperCore accounts are the user's EVM address (the same keys as on HyperEVM).
    // Lighter has no address format of its own: an account is identified by its
    // owner's L1 (Ethereum) address, and deposits and withdrawals name that address.
    case 'evm':
    case 'hypercore':
    case 'lighter':
      return isEvmAddress(address);
    case 'solana':
      return isSolanaAddress(address);
    case 'bitcoin':
    case 'litecoin':
    case 'dogecoin':
    case 'bitcoincash':
    case 'zcash':
    case 'dash':
      return isBitcoinFamilyAddress(address, BITCOIN_FAMILY_PARAMS[rule.family]);
    case 'tron':
      return isTronAddress(address);
    case 'cosmos':
      return rule.bech32Prefix !== undefined && isCosmosAddress(address, rule.bech32Prefix);
    case 'sui':
      return isSuiAddress(address);
    case 'aptos':
      return isAptosAddress(address);
    case 'starknet':
      return isStarknetAddress(address);
    case 'ton':
      return isTonAddress(address);
    case 'stellar':
      return isStellarAddress(address);
    case 'cardano':
      return isCardanoAddress(address);
    case 'xrpl':
      return isXrplAddress(address);
    case 'near':
      return isNearAddress(address);
    case 'algorand':
      return isAlgorandAddress(address);
    case 'ss58':
      return isSs58Address(address, POLKADOT_SS58_PREFIX);
    default: {
      const unreachable: never = rule.family;
      return unreachable;
    }
  }
}

/** True when `address` is a well-formed account address on chain `chainKey`. Unknown chain key → false. Never throws. */
export function isValidAddress(chainKey: string, address: string): boolean {
  // Callers pass request data straight through; guard the types rather than trust them.
  if (typeof chainKey !== 'string' || typeof address !== 'string') return false;
  // hasOwn: keys such as 'constructor' or '__proto__' must not resolve to a rule.
  if (!Object.hasOwn(ADDRESS_RULES, chainKey)) return false;
  const rule = ADDRESS_RULES[chainKey];
  if (rule === undefined) return false;
  try {
    return matchesRule(rule, address);
  } catch {
    return false;
  }
}
