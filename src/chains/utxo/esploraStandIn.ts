import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { hex } from '@scure/base';
import { Transaction } from '@scure/btc-signer';
import { blockbookRoute, blockHash, type StandInUtxoSet } from './blockbookStandInRoutes.ts';
import { outputScriptOf, type UtxoNetwork } from './utxoNetworks.ts';
import { sameBytes, whyNotSigned, type Prevout } from './verifyUtxoSignatures.ts';

/**
 * A loopback Esplora for tests and the sandbox: a real UTXO set of one Bitcoin-family chain, served
 * in Esplora's dialect (`GET /address/:a/utxo`, `GET /tx/:txid/hex`, `GET /tx/:txid/status`,
 * `GET /fee-estimates`, `POST /tx`). `POST /tx` accepts a transaction only when every input spends
 * an unspent output it holds, carries a valid signature for it (P2WPKH and P2TR key path, or P2PKH on
 * chains without segwit, as verifyUtxoSignatures.ts checks them) and the outputs do not exceed the inputs; each accepted
 * transaction is mined into a block of its own at once (unless `holdMempool` keeps it unconfirmed).
 * A transaction spending outputs an unconfirmed one already spends replaces it when the one it
 * replaces signals BIP125 (a sequence below 0xfffffffe) and it pays a higher fee, as bitcoind's
 * replace-by-fee does; the replaced one is forgotten. `GET /tx/:txid/outspend/:vout` says which
 * transaction spends an output. Refusals answer 400 with a bitcoind-style text, as Esplora relays them.
 * The same UTXO set is also served in Blockbook's REST dialect under `/api/v2/` (blockbookStandInRoutes.ts),
 * so one stand-in backs either client (`STRAIT_INDEXER_<CHAIN>_KIND=blockbook` reads the `/api/v2/` side).
 */
export interface EsploraStandIn {
  readonly url: string;
  /** Mints an output of `amount` to `address` in a confirmed funding transaction; answers its txid. */
  fund(address: string, amount: bigint): string;
  /** The accepted transaction with this id, decoded, or `null`. */
  transaction(txid: string): Transaction | null;
  /** The fee rate `/fee-estimates` answers for every target (sat/vB). */
  setFeeRate(rate: number): void;
  /** While true, accepted transactions wait in the mempool (unconfirmed) until `mine()`. */
  holdMempool(hold: boolean): void;
  mine(): void;
  /** How many requests its Blockbook side (`/api/v2/`) has answered: a test's proof of which dialect a client spoke. */
  blockbookRequests(): number;
  close(): Promise<void>;
}

interface Held {
  readonly raw: string;
  height: number | null;
  /** The outputs it spends, given back if it is replaced. */
  readonly spent: readonly (Prevout & { txid: string; vout: number })[];
  readonly fee: bigint;
}

const TX_OPTIONS = { allowUnknownOutputs: true, allowUnknownInputs: true, disableScriptCheck: true } as const;

export async function startEsploraStandIn(network: UtxoNetwork): Promise<EsploraStandIn> {
  const transactions = new Map<string, Held>();
  const unspent = new Map<string, Prevout & { txid: string; vout: number }>();
  /** Outpoint → the txid of the transaction (mined or in the mempool) that spends it. */
  const spenders = new Map<string, string>();
  let height = 100;
  let feeRate = 5;
  let hold = false;
  let blockbookHits = 0;

  const outpoint = (txid: string, vout: number): string => `${txid}:${vout}`;

  function admit(tx: Transaction, raw: string, confirmed: boolean, spent: Held['spent'] = [], fee = 0n): void {
    const txid = tx.id;
    for (let i = 0; i < tx.inputsLength; i++) {
      const input = tx.getInput(i);
      const point = outpoint(hex.encode(input.txid ?? new Uint8Array()), input.index ?? 0);
      unspent.delete(point);
      spenders.set(point, txid);
    }
    for (let vout = 0; vout < tx.outputsLength; vout++) {
      const output = tx.getOutput(vout);
      const script = output.script ?? new Uint8Array();
      if (script[0] === 0x6a) continue;
      unspent.set(outpoint(txid, vout), { txid, vout, script, amount: output.amount ?? 0n });
    }
    transactions.set(txid, { raw, height: confirmed ? ++height : null, spent, fee });
  }

  /** Forgets an unconfirmed transaction replaced by fee: its outputs go, the outputs it spent come back. */
  function evict(txid: string): void {
    const held = transactions.get(txid);
    if (!held) return;
    const tx = Transaction.fromRaw(hex.decode(held.raw), TX_OPTIONS);
    for (let vout = 0; vout < tx.outputsLength; vout++) unspent.delete(outpoint(txid, vout));
    for (const prevout of held.spent) {
      unspent.set(outpoint(prevout.txid, prevout.vout), prevout);
      spenders.delete(outpoint(prevout.txid, prevout.vout));
    }
    transactions.delete(txid);
  }

  /** The unconfirmed transactions `tx` would replace, or why it may not (bitcoind's BIP125 rules, the ones a test needs). */
  function replaced(tx: Transaction, fee: bigint): string[] | string {
    const conflicts = new Set<string>();
    for (let i = 0; i < tx.inputsLength; i++) {
      const input = tx.getInput(i);
      const spender = spenders.get(outpoint(hex.encode(input.txid ?? new Uint8Array()), input.index ?? 0));
      if (spender !== undefined) conflicts.add(spender);
    }
    for (const txid of conflicts) {
      const held = transactions.get(txid);
      if (!held || held.height !== null) return 'bad-txns-inputs-missingorspent';
      const old = Transaction.fromRaw(hex.decode(held.raw), TX_OPTIONS);
      const signals = Array.from({ length: old.inputsLength }, (_, i) => old.getInput(i).sequence ?? 0xffffffff).some((sequence) => sequence < 0xfffffffe);
      if (!signals) return 'txn-mempool-conflict';
      if (fee <= held.fee) return `insufficient fee, rejecting replacement ${tx.id}; new feerate must exceed ${held.fee}`;
    }
    return [...conflicts];
  }

  /** What bitcoind would do with the transaction: refuse it (why), or accept it, replacing some. */
  function refusal(tx: Transaction): string | { spent: Held['spent']; fee: bigint; replaces: string[] } {
    if (transactions.has(tx.id)) return 'txn-already-known';
    const prevouts: (Prevout & { txid: string; vout: number })[] = [];
    for (let i = 0; i < tx.inputsLength; i++) {
      const input = tx.getInput(i);
      const point = outpoint(hex.encode(input.txid ?? new Uint8Array()), input.index ?? 0);
      const spent = unspent.get(point) ?? spentInMempool(point);
      if (!spent) return 'bad-txns-inputs-missingorspent';
      prevouts.push(spent);
    }
    // Amounts before scripts, in bitcoind's order (CheckTxInputs, then script checks).
    const totalIn = prevouts.reduce((sum, p) => sum + p.amount, 0n);
    let totalOut = 0n;
    for (let i = 0; i < tx.outputsLength; i++) totalOut += tx.getOutput(i).amount ?? 0n;
    if (totalOut > totalIn) return 'bad-txns-in-belowout';
    for (let i = 0; i < tx.inputsLength; i++) {
      const why = whyNotSigned(tx, i, prevouts, network.signing);
      if (why !== null) return `mandatory-script-verify-flag-failed (input ${i} ${why})`;
    }
    const fee = totalIn - totalOut;
    const replaces = replaced(tx, fee);
    return typeof replaces === 'string' ? replaces : { spent: prevouts, fee, replaces };
  }

  /** An output an unconfirmed transaction spends (a replacement may spend it again). */
  function spentInMempool(point: string): (Prevout & { txid: string; vout: number }) | undefined {
    const spender = spenders.get(point);
    const held = spender === undefined ? undefined : transactions.get(spender);
    if (!held || held.height !== null) return undefined;
    return held.spent.find((p) => outpoint(p.txid, p.vout) === point);
  }

  /** bitcoind's verdict on a raw transaction: accepted (and mined at once unless the mempool is held), or refused with its code and reason. */
  function accept(body: string): { txid: string } | { refused: string; code: number } {
    let tx: Transaction;
    const raw = body.trim().toLowerCase();
    try {
      tx = Transaction.fromRaw(hex.decode(raw), TX_OPTIONS);
    } catch (error) {
      return { refused: `TX decode failed: ${(error as Error).message}`, code: -22 };
    }
    const verdict = refusal(tx);
    if (typeof verdict === 'string') return { refused: verdict, code: -26 };
    for (const txid of verdict.replaces) evict(txid);
    admit(tx, raw, !hold, verdict.spent, verdict.fee);
    return { txid: tx.id };
  }

  const utxoSet: StandInUtxoSet = {
    network,
    unspentPaying: (script) => [...unspent.values()].filter((u) => sameBytes(u.script, script)).map((u) => ({ txid: u.txid, vout: u.vout, amount: u.amount, height: transactions.get(u.txid)?.height ?? null })),
    transaction: (txid) => {
      const held = transactions.get(txid);
      return held ? { raw: held.raw, height: held.height, fee: held.fee } : null;
    },
    spenderOf: (txid, vout) => spenders.get(outpoint(txid, vout)) ?? null,
    tipHeight: () => height,
    feeRate: () => feeRate,
    accept,
  };

  function route(method: string, path: string, body: string, query: URLSearchParams): { status: number; text: string; json?: boolean } {
    if (path.startsWith('/api/v2/')) {
      blockbookHits++;
      return blockbookRoute(utxoSet, method, path, body, query);
    }
    const parts = path.split('/').filter(Boolean);
    if (method === 'GET' && parts[0] === 'address' && parts[2] === 'utxo' && parts.length === 3) {
      const script = outputScriptOf(network, decodeURIComponent(parts[1] ?? ''));
      if (script === null) return { status: 400, text: 'Invalid Bitcoin address' };
      const list = [...unspent.values()]
        .filter((u) => sameBytes(u.script, script))
        .map((u) => {
          const confirmedAt = transactions.get(u.txid)?.height ?? null;
          return { txid: u.txid, vout: u.vout, status: confirmedAt === null ? { confirmed: false } : { confirmed: true, block_height: confirmedAt, block_hash: blockHash(confirmedAt), block_time: 1_700_000_000 + confirmedAt * 600 }, value: Number(u.amount) };
        });
      return { status: 200, text: JSON.stringify(list), json: true };
    }
    if (method === 'GET' && parts[0] === 'tx' && parts[2] === 'outspend' && parts.length === 4) {
      if (!transactions.has(parts[1] ?? '')) return { status: 404, text: 'Transaction not found' };
      const spender = spenders.get(outpoint(parts[1] ?? '', Number(parts[3])));
      const held = spender === undefined ? undefined : transactions.get(spender);
      if (spender === undefined || !held) return { status: 200, text: JSON.stringify({ spent: false }), json: true };
      const status = held.height === null ? { confirmed: false } : { confirmed: true, block_height: held.height };
      const vin = held.spent.findIndex((p) => p.txid === parts[1] && p.vout === Number(parts[3]));
      return { status: 200, text: JSON.stringify({ spent: true, txid: spender, vin, status }), json: true };
    }
    if (method === 'GET' && parts[0] === 'tx' && parts.length === 3) {
      const held = transactions.get(parts[1] ?? '');
      if (!held) return { status: 404, text: 'Transaction not found' };
      if (parts[2] === 'hex') return { status: 200, text: held.raw };
      if (parts[2] === 'status') {
        const status = held.height === null ? { confirmed: false } : { confirmed: true, block_height: held.height, block_hash: blockHash(held.height), block_time: 1_700_000_000 + held.height * 600 };
        return { status: 200, text: JSON.stringify(status), json: true };
      }
    }
    if (method === 'GET' && path === '/fee-estimates') {
      const targets = [1, 2, 3, 4, 5, 6, 10, 20, 144, 504, 1008];
      return { status: 200, text: JSON.stringify(Object.fromEntries(targets.map((t) => [String(t), t <= 2 ? feeRate : Math.max(1, feeRate / 2)]))), json: true };
    }
    if (method === 'POST' && path === '/tx') {
      const verdict = accept(body);
      return 'refused' in verdict ? { status: 400, text: `sendrawtransaction RPC error: {"code":${verdict.code},"message":"${verdict.refused}"}` } : { status: 200, text: verdict.txid };
    }
    return { status: 404, text: 'not found' };
  }

  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      const answer = route(req.method ?? 'GET', url.pathname, Buffer.concat(chunks).toString('utf8'), url.searchParams);
      res.writeHead(answer.status, { 'content-type': answer.json ? 'application/json' : 'text/plain' });
      res.end(answer.text);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    fund(address, amount) {
      const script = outputScriptOf(network, address);
      if (script === null) throw new Error(`${address} is not a ${network.chain} address`);
      // A coinbase-like funding transaction: its one input spends nothing the stand-in holds.
      const tx = new Transaction(TX_OPTIONS);
      tx.addOutput({ script, amount });
      tx.addInput({ txid: randomBytes(32), index: 0, finalScriptSig: new Uint8Array([0x51]) });
      const raw = hex.encode(tx.toBytes(true, false));
      admit(tx, raw, true);
      return tx.id;
    },
    transaction(txid) {
      const held = transactions.get(txid);
      return held ? Transaction.fromRaw(hex.decode(held.raw), TX_OPTIONS) : null;
    },
    setFeeRate(rate) {
      feeRate = rate;
    },
    holdMempool(next) {
      hold = next;
    },
    mine() {
      for (const held of transactions.values()) if (held.height === null) held.height = ++height;
    },
    blockbookRequests: () => blockbookHits,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
