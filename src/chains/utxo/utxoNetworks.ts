import { Address, OutScript, NETWORK } from '@scure/btc-signer';
import type { ChainKey } from '../../domain/chains.ts';

type BtcNetwork = typeof NETWORK;

/**
 * The Bitcoin-family chains Strait builds and verifies transactions for, with btc-signer's address
 * parameters (bech32 prefix, base58 version bytes). Litecoin's are from its chainparams.cpp (bech32
 * `ltc`, P2PKH 0x30, P2SH 0x32, WIF 0xb0). The other Bitcoin-family chains stay quote only, with the
 * reason {@link whyNotBuildableUtxo} gives.
 */
export interface UtxoNetwork {
  readonly chain: ChainKey;
  readonly params: BtcNetwork;
  /** Below this an output is not relayed (Bitcoin Core's dust limit for a P2WPKH output, in satoshis). */
  readonly dustLimit: bigint;
  /** The ceiling of a fee rate Strait accepts from the indexer, in satoshis per virtual byte. */
  readonly maxFeeRate: number;
}

const NETWORKS: Readonly<Partial<Record<ChainKey, UtxoNetwork>>> = {
  bitcoin: { chain: 'bitcoin', params: NETWORK, dustLimit: 546n, maxFeeRate: 2_000 },
  litecoin: { chain: 'litecoin', params: { bech32: 'ltc', pubKeyHash: 0x30, scriptHash: 0x32, wif: 0xb0 }, dustLimit: 546n, maxFeeRate: 2_000 },
};

/** Why a Bitcoin-family chain is quote only (no PSBT built, no transaction verified). */
const QUOTE_ONLY: Readonly<Partial<Record<ChainKey, string>>> = {
  dogecoin: 'Dogecoin has no segwit: its P2PKH inputs are signed over the legacy sighash, which btc-signer computes only privately, so Strait could not check their signatures',
  bitcoincash: "Bitcoin Cash signs with SIGHASH_FORKID (BIP143-style digest with a fork id), which btc-signer does not implement",
  zcash: 'Zcash transactions (v5, ZIP-225/244 digests) are not a format btc-signer reads or signs',
  dash: "Dash's special transactions and InstantSend are outside btc-signer's transaction format, and no Dash route is built",
};

export function utxoNetwork(chain: ChainKey): UtxoNetwork | null {
  return NETWORKS[chain] ?? null;
}

/** `null` when Strait builds and verifies transactions from `chain`, else why not. */
export function whyNotBuildableUtxo(chain: ChainKey): string | null {
  if (NETWORKS[chain]) return null;
  return QUOTE_ONLY[chain] ?? `${chain} is not a Bitcoin-family chain Strait builds for`;
}

/** The kinds of sender Strait builds for: key-path spends whose signature it can check. */
export type SenderKind = 'wpkh' | 'tr';

export interface SenderScript {
  readonly kind: SenderKind;
  readonly script: Uint8Array;
}

/**
 * The output script an address of `network` pays, or `null` when the text is not one. btc-signer
 * decodes with the chain's own prefixes, so a testnet or other-chain address never passes.
 */
export function outputScriptOf(network: UtxoNetwork, address: string): Uint8Array | null {
  try {
    return OutScript.encode(Address(network.params).decode(address));
  } catch {
    return null;
  }
}

/**
 * The sender's script when Strait can spend from it (P2WPKH, P2TR key path), or why not. P2SH and
 * P2WSH hide their spending script until spent, and P2PKH needs the legacy sighash (utxoNetworks).
 */
export function senderScriptOf(network: UtxoNetwork, address: string): SenderScript | string {
  const script = outputScriptOf(network, address);
  if (script === null) return `'${address}' is not a ${network.chain} address`;
  const decoded = OutScript.decode(script);
  if (decoded.type === 'wpkh' || decoded.type === 'tr') return { kind: decoded.type, script };
  return `Strait builds ${network.chain} transactions from P2WPKH and P2TR addresses only, and '${address}' is ${decoded.type.toUpperCase()}`;
}

/** The address of an output script on `network`, or `null` for scripts without one (OP_RETURN). */
export function addressOfScript(network: UtxoNetwork, script: Uint8Array): string | null {
  try {
    const decoded = OutScript.decode(script);
    if (decoded.type === 'unknown') return null;
    return Address(network.params).encode(decoded);
  } catch {
    return null;
  }
}
