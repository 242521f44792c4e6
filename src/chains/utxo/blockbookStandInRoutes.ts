import { hex } from '@scure/base';
import { Transaction } from '@scure/btc-signer';
import { addressOfScript, outputScriptOf, type UtxoNetwork } from './utxoNetworks.ts';

/** What a loopback indexer holds (esploraStandIn.ts keeps it), read by each dialect it is served in. */
export interface StandInUtxoSet {
  readonly network: UtxoNetwork;
  unspentPaying(script: Uint8Array): { txid: string; vout: number; amount: bigint; height: number | null }[];
  transaction(txid: string): { raw: string; height: number | null; fee: bigint } | null;
  /** The txid of the transaction (mined or in the mempool) spending the output, else null. */
  spenderOf(txid: string, vout: number): string | null;
  tipHeight(): number;
  /** sat/vB for a target of 1–2 blocks; slower targets get half. */
  feeRate(): number;
  accept(rawHex: string): { txid: string } | { refused: string; code: number };
}

export interface StandInAnswer {
  readonly status: number;
  readonly text: string;
  readonly json?: boolean;
}

const TX_OPTIONS = { allowUnknownOutputs: true, allowUnknownInputs: true, disableScriptCheck: true } as const;

export function blockHash(height: number): string {
  return height.toString(16).padStart(64, '0');
}

const blockTime = (height: number): number => 1_700_000_000 + height * 600;
const json = (value: unknown, status = 200): StandInAnswer => ({ status, text: JSON.stringify(value), json: true });
// Blockbook answers its API errors with HTTP 400 and {"error":"…"} (server/public.go, jsonHandler).
const error = (message: string): StandInAnswer => json({ error: message }, 400);

/**
 * Blockbook's REST API v2 over the stand-in's UTXO set, in the shapes its server writes (docs/api.md and
 * server/public_test.go of trezor/blockbook): amounts as decimal strings, empty fields left out, an
 * unknown transaction as HTTP 400 "not found", a mempool one with `blockHeight: -1`, `spentTxId` only
 * when asked with `?spending=true` and only for a mined spender, the fee estimate in coins per kilobyte, and Bitcoin Cash
 * addresses read only with their `bitcoincash:` prefix, as Blockbook's parser reads them.
 */
export function blockbookRoute(set: StandInUtxoSet, method: string, path: string, body: string, query: URLSearchParams): StandInAnswer {
  const parts = path.split('/').filter(Boolean).slice(2);
  if (method === 'GET' && parts[0] === 'utxo' && parts.length === 2) {
    const address = decodeURIComponent(parts[1] ?? '');
    const script = blockbookReads(set.network, address) ? outputScriptOf(set.network, address) : null;
    if (script === null) return error('Invalid address, decoded address is of unknown format');
    const list = set
      .unspentPaying(script)
      .sort((a, b) => (b.height ?? Infinity) - (a.height ?? Infinity))
      .map((u) => ({ txid: u.txid, vout: u.vout, value: u.amount.toString(), ...(u.height === null ? {} : { height: u.height }), confirmations: confirmations(set, u.height) }));
    return json(list);
  }
  if (method === 'GET' && parts[0] === 'tx' && parts.length === 2) {
    const txid = parts[1] ?? '';
    const held = set.transaction(txid);
    if (!held) return error(`Transaction '${txid}' not found`);
    return json(transactionAnswer(set, txid, held, query.get('spending') === 'true'));
  }
  if (method === 'GET' && parts[0] === 'estimatefee' && parts.length === 2) {
    const blocks = Number(parts[1]);
    if (!Number.isInteger(blocks)) return error("Parameter 'number of blocks' is not a number");
    const satPerVbyte = blocks <= 2 ? set.feeRate() : Math.max(1, set.feeRate() / 2);
    return json({ result: ((satPerVbyte * 1_000) / 100_000_000).toFixed(8) });
  }
  if (parts[0] === 'sendtx' && ((method === 'POST' && parts.length === 1) || (method === 'GET' && parts.length === 2))) {
    const raw = method === 'POST' ? body.trim() : (parts[1] ?? '');
    if (raw === '') return error('Missing tx blob');
    const verdict = set.accept(raw);
    return 'refused' in verdict ? error(`${verdict.code}: ${verdict.refused}`) : json({ result: verdict.txid });
  }
  return { status: 404, text: '404 page not found' };
}

function blockbookReads(network: UtxoNetwork, address: string): boolean {
  return network.cashAddrPrefix === null || /^[13]/.test(address) || address.startsWith(`${network.cashAddrPrefix}:`);
}

function minedSpender(set: StandInUtxoSet, txid: string, vout: number): string | null {
  const spender = set.spenderOf(txid, vout);
  return spender !== null && set.transaction(spender)?.height != null ? spender : null;
}

function confirmations(set: StandInUtxoSet, height: number | null): number {
  return height === null ? 0 : set.tipHeight() - height + 1;
}

function transactionAnswer(set: StandInUtxoSet, txid: string, held: { raw: string; height: number | null; fee: bigint }, spending: boolean): Record<string, unknown> {
  const tx = Transaction.fromRaw(hex.decode(held.raw), TX_OPTIONS);
  const vin = Array.from({ length: tx.inputsLength }, (_, n) => {
    const input = tx.getInput(n);
    return { txid: hex.encode(input.txid ?? new Uint8Array()), ...(input.index ? { vout: input.index } : {}), sequence: input.sequence ?? 0xffffffff, n, isAddress: false };
  });
  let value = 0n;
  const vout = Array.from({ length: tx.outputsLength }, (_, n) => {
    const output = tx.getOutput(n);
    const script = output.script ?? new Uint8Array();
    value += output.amount ?? 0n;
    const address = addressOfScript(set.network, script);
    // Blockbook names a spender from its index of mined blocks only (api/worker.go, setSpendingTxToVout).
    const spender = minedSpender(set, txid, n);
    return {
      value: (output.amount ?? 0n).toString(),
      n,
      ...(spender === null ? {} : { spent: true, ...(spending ? { spentTxId: spender } : {}) }),
      hex: hex.encode(script),
      addresses: address === null ? [] : [address],
      isAddress: address !== null,
    };
  });
  return {
    txid,
    version: tx.version,
    vin,
    vout,
    ...(held.height === null ? {} : { blockHash: blockHash(held.height) }),
    blockHeight: held.height ?? -1,
    confirmations: confirmations(set, held.height),
    blockTime: held.height === null ? 1_700_000_000 : blockTime(held.height),
    value: value.toString(),
    valueIn: (value + held.fee).toString(),
    fees: held.fee.toString(),
    hex: held.raw,
  };
}
