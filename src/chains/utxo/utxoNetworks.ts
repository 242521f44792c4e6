import { Address, OutScript, NETWORK } from '@scure/btc-signer';
import type { ChainKey } from '../../domain/chains.ts';
import { decodeCashAddr, encodeCashAddr } from '../../domain/addresses/cashAddr.ts';

type BtcNetwork = typeof NETWORK;

/**
 * How an input's signature is computed on the chain, and so how Strait checks it:
 * - `segwit`: native segwit (BIP143 for P2WPKH, BIP341 for P2TR key paths), Bitcoin and Litecoin;
 * - `legacy`: P2PKH over the original sighash (no segwit on the chain), Dogecoin and Dash;
 * - `forkid`: P2PKH over the BIP143-style digest with SIGHASH_FORKID (0x41), ECDSA or Schnorr, Bitcoin Cash.
 */
export type SigningScheme = 'segwit' | 'legacy' | 'forkid';

/**
 * The Bitcoin-family chains Strait builds and verifies transactions for, with btc-signer's address
 * parameters (bech32 prefix, base58 version bytes), each from the chain's own chainparams.cpp:
 * Litecoin (bech32 `ltc`, P2PKH 0x30, P2SH 0x32, WIF 0xb0), Dogecoin (P2PKH 0x1e, P2SH 0x16, WIF
 * 0x9e), Dash (P2PKH 0x4c, P2SH 0x10, WIF 0xcc), Bitcoin Cash (Bitcoin's base58 bytes, and CashAddr
 * `bitcoincash:`). Chains without segwit get a bech32 prefix no address uses, so none decodes. The
 * other Bitcoin-family chains stay quote only, with the reason {@link whyNotBuildableUtxo} gives.
 */
export interface UtxoNetwork {
  readonly chain: ChainKey;
  readonly params: BtcNetwork;
  readonly signing: SigningScheme;
  /** The CashAddr prefix the chain's addresses are written with (Bitcoin Cash), else null. */
  readonly cashAddrPrefix: string | null;
  /** Below this an output is not relayed (Bitcoin Core's dust limit for a P2WPKH output, in satoshis). */
  readonly dustLimit: bigint;
  /** The ceiling of a fee rate Strait accepts from the indexer, in satoshis per virtual byte. */
  readonly maxFeeRate: number;
}

const NO_SEGWIT = 'no-segwit-on-this-chain';

const NETWORKS: Readonly<Partial<Record<ChainKey, UtxoNetwork>>> = {
  bitcoin: { chain: 'bitcoin', params: NETWORK, signing: 'segwit', cashAddrPrefix: null, dustLimit: 546n, maxFeeRate: 2_000 },
  litecoin: { chain: 'litecoin', params: { bech32: 'ltc', pubKeyHash: 0x30, scriptHash: 0x32, wif: 0xb0 }, signing: 'segwit', cashAddrPrefix: null, dustLimit: 546n, maxFeeRate: 2_000 },
  // Dogecoin Core's soft dust limit is 0.01 DOGE, and its fees are counted in thousands of koinu per
  // byte (THORChain's own DOGE gas rate is 750,000): the ceiling is 0.02 DOGE per byte.
  dogecoin: { chain: 'dogecoin', params: { bech32: NO_SEGWIT, pubKeyHash: 0x1e, scriptHash: 0x16, wif: 0x9e }, signing: 'legacy', cashAddrPrefix: null, dustLimit: 1_000_000n, maxFeeRate: 2_000_000 },
  dash: { chain: 'dash', params: { bech32: NO_SEGWIT, pubKeyHash: 0x4c, scriptHash: 0x10, wif: 0xcc }, signing: 'legacy', cashAddrPrefix: null, dustLimit: 5_460n, maxFeeRate: 2_000 },
  bitcoincash: { chain: 'bitcoincash', params: { bech32: NO_SEGWIT, pubKeyHash: 0x00, scriptHash: 0x05, wif: 0x80 }, signing: 'forkid', cashAddrPrefix: 'bitcoincash', dustLimit: 546n, maxFeeRate: 2_000 },
};

/** Why a Bitcoin-family chain is quote only (no PSBT built, no transaction verified). */
const QUOTE_ONLY: Readonly<Partial<Record<ChainKey, string>>> = {
  zcash: 'Zcash transactions (v5, ZIP-225/244 digests) are not a format btc-signer reads or signs',
};

export function utxoNetwork(chain: ChainKey): UtxoNetwork | null {
  return NETWORKS[chain] ?? null;
}

/** `null` when Strait builds and verifies transactions from `chain`, else why not. */
export function whyNotBuildableUtxo(chain: ChainKey): string | null {
  if (NETWORKS[chain]) return null;
  return QUOTE_ONLY[chain] ?? `${chain} is not a Bitcoin-family chain Strait builds for`;
}

/** The kinds of sender Strait builds for: key-path spends whose signature it can check (P2PKH on chains without segwit). */
export type SenderKind = 'wpkh' | 'tr' | 'pkh';

export interface SenderScript {
  readonly kind: SenderKind;
  readonly script: Uint8Array;
}

/**
 * The output script an address of `network` pays, or `null` when the text is not one. btc-signer
 * decodes with the chain's own prefixes, so a testnet or other-chain address never passes.
 */
export function outputScriptOf(network: UtxoNetwork, address: string): Uint8Array | null {
  if (network.cashAddrPrefix !== null && !/^[13]/.test(address)) {
    const payload = decodeCashAddr(address, network.cashAddrPrefix);
    if (!payload || payload.hash.length !== 20) return null;
    if (payload.type === 0) return OutScript.encode({ type: 'pkh', hash: payload.hash });
    if (payload.type === 1) return OutScript.encode({ type: 'sh', hash: payload.hash });
    return null;
  }
  try {
    return OutScript.encode(Address(network.params).decode(address));
  } catch {
    return null;
  }
}

/**
 * The sender's script when Strait can spend from it, or why not: P2WPKH and P2TR key paths on segwit
 * chains, P2PKH on the others. P2SH and P2WSH hide their spending script until spent; a P2PKH
 * sender on a segwit chain would need a second signature check for one legacy address kind.
 */
export function senderScriptOf(network: UtxoNetwork, address: string): SenderScript | string {
  const script = outputScriptOf(network, address);
  if (script === null) return `'${address}' is not a ${network.chain} address`;
  const decoded = OutScript.decode(script);
  if (network.signing === 'segwit') {
    if (decoded.type === 'wpkh' || decoded.type === 'tr') return { kind: decoded.type, script };
    return `Strait builds ${network.chain} transactions from P2WPKH and P2TR addresses only, and '${address}' is ${decoded.type.toUpperCase()}`;
  }
  if (decoded.type === 'pkh') return { kind: 'pkh', script };
  return `Strait builds ${network.chain} transactions from P2PKH addresses only, and '${address}' is ${decoded.type.toUpperCase()}`;
}

/** The address of an output script on `network`, or `null` for scripts without one (OP_RETURN). */
export function addressOfScript(network: UtxoNetwork, script: Uint8Array): string | null {
  try {
    const decoded = OutScript.decode(script);
    if (decoded.type === 'unknown') return null;
    if (network.signing !== 'segwit' && (decoded.type === 'wpkh' || decoded.type === 'wsh' || decoded.type === 'tr')) return null;
    if (network.cashAddrPrefix !== null && (decoded.type === 'pkh' || decoded.type === 'sh')) return encodeCashAddr(network.cashAddrPrefix, decoded.type === 'pkh' ? 0 : 1, decoded.hash);
    return Address(network.params).encode(decoded);
  } catch {
    return null;
  }
}
