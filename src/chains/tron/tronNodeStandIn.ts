import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { utils as tronUtils } from 'tronweb';
import { TronDecodeError, decodeTronRawData, tronTxId, type TronRawData } from './tronRawData.ts';
import { recoverTronSigner } from './verifySignedTronTransaction.ts';

/**
 * A local Tron full node's HTTP API for tests and the sandbox: the endpoints Strait and venue fakes
 * use (`getnowblock`, `broadcasttransaction`, `gettransactionbyid`, `gettransactioninfobyid`), in
 * java-tron's shapes and error codes (messages hex-encoded). It judges a broadcast as a node does:
 * raw data and txID agree, the one signature recovers the owner, the reference block is one it
 * produced, the expiration is ahead (and within 24 h), the transaction is new, and the owner holds
 * the TRX it sends. Accepted transactions are executed in a block of their own: TRX transfers, TRC-20
 * `transfer`/`approve`/`transferFrom` on the tokens it holds (a short balance or allowance reverts, as
 * on chain), and calls to contracts a test registers.
 */
export interface TronNodeStandIn {
  readonly url: string;
  /** Sun held by a `41…` hex address. */
  trxBalance(owner: string): bigint;
  tokenBalance(token: string, owner: string): bigint;
  allowance(token: string, owner: string, spender: string): bigint;
  setTrxBalance(owner: string, sun: bigint): void;
  setTokenBalance(token: string, owner: string, amount: bigint): void;
  setAllowance(token: string, owner: string, spender: string, amount: bigint): void;
  /** Registers a contract: `handler` runs each call to it and answers whether it succeeded. */
  setContract(contract: string, handler: TronContractHandler): void;
  /** Broadcasts the node refused, and why (java-tron code). */
  readonly refusals: { txID: string; code: string }[];
  /** txIDs of the broadcasts it accepted, in order. */
  readonly accepted: string[];
  close(): Promise<void>;
}

export interface TronCallContext {
  readonly owner: string;
  readonly contract: string;
  readonly callValue: bigint;
  readonly data: string;
  /** Moves `amount` of a TRC-20 token from `from` to the called contract against `from`'s allowance to it; false when short. */
  pullToken(token: string, from: string, amount: bigint): boolean;
}
export type TronContractHandler = (call: TronCallContext) => boolean;

interface Mined {
  readonly json: Record<string, unknown>;
  readonly blockNumber: number;
  readonly blockTimestamp: number;
  readonly result: 'SUCCESS' | 'REVERT';
  /** A smart-contract call has a receipt result; a TRX transfer does not. */
  readonly isCall: boolean;
}

const DAY_MS = 24 * 3_600_000;
const lower = (hex: string): string => hex.toLowerCase();

export async function startTronNodeStandIn(options: { now?: () => number } = {}): Promise<TronNodeStandIn> {
  const now = options.now ?? Date.now;
  const trx = new Map<string, bigint>();
  const tokens = new Map<string, { balances: Map<string, bigint>; allowances: Map<string, bigint> }>();
  const contracts = new Map<string, TronContractHandler>();
  const mined = new Map<string, Mined>();
  const refusals: { txID: string; code: string }[] = [];
  const accepted: string[] = [];
  const blocks: { number: number; blockID: string; timestamp: number }[] = [];

  const produceBlock = (): { number: number; blockID: string; timestamp: number } => {
    const number = (blocks.at(-1)?.number ?? 60_000_000) + 1;
    const timestamp = now();
    const hash = tronTxId(Buffer.from(`block-${number}-${timestamp}`).toString('hex'));
    // A block id starts with the block number (8 bytes), as java-tron's does.
    const block = { number, blockID: number.toString(16).padStart(16, '0') + hash.slice(16), timestamp };
    blocks.push(block);
    return block;
  };
  produceBlock();

  const token = (address: string) => {
    let state = tokens.get(lower(address));
    if (!state) {
      state = { balances: new Map(), allowances: new Map() };
      tokens.set(lower(address), state);
    }
    return state;
  };
  const tokenMove = (address: string, from: string, to: string, amount: bigint): boolean => {
    const state = token(address);
    const held = state.balances.get(from) ?? 0n;
    if (held < amount) return false;
    state.balances.set(from, held - amount);
    state.balances.set(to, (state.balances.get(to) ?? 0n) + amount);
    return true;
  };

  function execute(raw: TronRawData): boolean {
    const c = raw.contract;
    if (c.type === 'TransferContract') {
      trx.set(c.owner, (trx.get(c.owner) ?? 0n) - c.amount);
      trx.set(c.to, (trx.get(c.to) ?? 0n) + c.amount);
      return true;
    }
    trx.set(c.owner, (trx.get(c.owner) ?? 0n) - c.callValue);
    trx.set(c.contract, (trx.get(c.contract) ?? 0n) + c.callValue);
    const handler = contracts.get(c.contract);
    if (handler) {
      return handler({
        owner: c.owner,
        contract: c.contract,
        callValue: c.callValue,
        data: c.data,
        pullToken: (tokenAddress, from, amount) => {
          const state = token(tokenAddress);
          const key = `${lower(from)}:${c.contract}`;
          const allowed = state.allowances.get(key) ?? 0n;
          if (allowed < amount || !tokenMove(tokenAddress, lower(from), c.contract, amount)) return false;
          state.allowances.set(key, allowed - amount);
          return true;
        },
      });
    }
    if (!tokens.has(c.contract) || c.callValue !== 0n || c.data.length !== 8 + 128) return false;
    const selector = c.data.slice(0, 8);
    const party = `41${c.data.slice(32, 72)}`;
    const amount = BigInt(`0x${c.data.slice(72, 136)}`);
    if (selector === 'a9059cbb') return tokenMove(c.contract, c.owner, party, amount);
    if (selector === '095ea7b3') {
      token(c.contract).allowances.set(`${c.owner}:${party}`, amount);
      return true;
    }
    return false;
  }

  function refuse(txID: string, code: string, message: string): { body: unknown } {
    refusals.push({ txID, code });
    return { body: { result: false, code, txid: txID, message: Buffer.from(message).toString('hex') } };
  }

  function broadcast(body: Record<string, unknown>): { body: unknown } {
    const rawDataHex = typeof body.raw_data_hex === 'string' ? lower(body.raw_data_hex) : '';
    const txID = rawDataHex ? tronTxId(rawDataHex) : '';
    let raw: TronRawData;
    try {
      raw = decodeTronRawData(rawDataHex);
      const fromJson = tronUtils.transaction.txPbToRawDataHex(tronUtils.transaction.txJsonToPb({ raw_data: body.raw_data })).toLowerCase();
      if (fromJson !== rawDataHex) return refuse(txID, 'OTHER_ERROR', 'raw_data and raw_data_hex differ');
    } catch (error) {
      return refuse(txID, 'OTHER_ERROR', error instanceof TronDecodeError ? error.message : 'transaction does not parse');
    }
    if (typeof body.txID === 'string' && lower(body.txID) !== txID) return refuse(txID, 'OTHER_ERROR', 'txID is not the hash of raw_data');
    const signatures = Array.isArray(body.signature) ? body.signature : [];
    const signer = signatures.length === 1 ? recoverTronSigner(txID, String(signatures[0])) : null;
    if (signer !== raw.contract.owner) return refuse(txID, 'SIGERROR', 'Validate signature error: signature does not match the owner');
    if (mined.has(txID)) return refuse(txID, 'DUP_TRANSACTION_ERROR', 'Dup transaction.');
    const time = now();
    if (raw.expiration <= time || raw.expiration > time + DAY_MS) return refuse(txID, 'TRANSACTION_EXPIRATION_ERROR', `Transaction expiration, transaction expiration time is ${raw.expiration}, but slot time is ${time}`);
    const ref = blocks.find((b) => b.blockID.slice(16, 32) === raw.refBlockHash && (b.number & 0xffff).toString(16).padStart(4, '0') === raw.refBlockBytes);
    if (!ref) return refuse(txID, 'TAPOS_ERROR', 'Tapos check error');
    const spends = raw.contract.type === 'TransferContract' ? raw.contract.amount : raw.contract.callValue;
    if ((trx.get(raw.contract.owner) ?? 0n) < spends) return refuse(txID, 'CONTRACT_VALIDATE_ERROR', 'Contract validate error : balance is not sufficient.');
    const block = produceBlock();
    const succeeded = execute(raw);
    const json = { ret: [{ contractRet: succeeded ? 'SUCCESS' : 'REVERT' }], signature: signatures, txID, raw_data: body.raw_data, raw_data_hex: rawDataHex };
    accepted.push(txID);
    mined.set(txID, { json, blockNumber: block.number, blockTimestamp: block.timestamp, result: succeeded ? 'SUCCESS' : 'REVERT', isCall: raw.contract.type === 'TriggerSmartContract' });
    return { body: { result: true, txid: txID } };
  }

  const routes: Record<string, (body: Record<string, unknown>) => { body: unknown }> = {
    '/wallet/getnowblock': () => {
      const block = blocks.at(-1)!;
      return { body: { blockID: block.blockID, block_header: { raw_data: { number: block.number, timestamp: block.timestamp } } } };
    },
    '/wallet/broadcasttransaction': broadcast,
    // Read-only calls: TRC-20 `allowance(owner, spender)` and `balanceOf(owner)` of the tokens it holds.
    '/wallet/triggerconstantcontract': (body) => {
      const parameter = String(body.parameter ?? '');
      const address = (word: number) => `41${parameter.slice(word * 64 + 24, word * 64 + 64)}`;
      const state = token(String(body.contract_address ?? ''));
      const value = body.function_selector === 'allowance(address,address)' ? (state.allowances.get(`${address(0)}:${address(1)}`) ?? 0n) : body.function_selector === 'balanceOf(address)' ? (state.balances.get(address(0)) ?? 0n) : null;
      if (value === null) return { body: { result: { code: 'CONTRACT_EXE_ERROR', message: Buffer.from('REVERT opcode executed').toString('hex') } } };
      return { body: { result: { result: true }, constant_result: [value.toString(16).padStart(64, '0')] } };
    },
    '/wallet/gettransactionbyid': (body) => ({ body: mined.get(lower(String(body.value)))?.json ?? {} }),
    '/wallet/gettransactioninfobyid': (body) => {
      const found = mined.get(lower(String(body.value)));
      if (!found) return { body: {} };
      return { body: { id: lower(String(body.value)), blockNumber: found.blockNumber, blockTimeStamp: found.blockTimestamp, ...(found.isCall ? { receipt: { result: found.result }, ...(found.result === 'SUCCESS' ? {} : { result: 'FAILED' }) } : { receipt: {} }) } };
    },
  };

  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const route = routes[(request.url ?? '').split('?')[0] ?? ''];
      let body: Record<string, unknown>;
      try {
        body = chunks.length === 0 ? {} : (JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>);
      } catch {
        body = {};
      }
      const reply = route ? route(body) : { body: { Error: 'not found' } };
      response.writeHead(route ? 200 : 404, { 'content-type': 'application/json' });
      response.end(JSON.stringify(reply.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    trxBalance: (owner) => trx.get(lower(owner)) ?? 0n,
    tokenBalance: (address, owner) => token(address).balances.get(lower(owner)) ?? 0n,
    allowance: (address, owner, spender) => token(address).allowances.get(`${lower(owner)}:${lower(spender)}`) ?? 0n,
    setTrxBalance: (owner, sun) => void trx.set(lower(owner), sun),
    setTokenBalance: (address, owner, amount) => void token(address).balances.set(lower(owner), amount),
    setAllowance: (address, owner, spender, amount) => void token(address).allowances.set(`${lower(owner)}:${lower(spender)}`, amount),
    setContract: (contract, handler) => void contracts.set(lower(contract), handler),
    refusals,
    accepted,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
