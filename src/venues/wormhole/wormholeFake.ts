import { readFileSync } from 'node:fs';
import { decodeEventLog, type Hex, type Log } from 'viem';
import { signSandboxVaa, SANDBOX_GUARDIAN_SET_INDEX } from '../../sandbox/wormholeStandIns.ts';
import type { FakeSettlement } from '../fake/FakeSettlement.ts';
import { onceByKey } from '../fake/onceByKey.ts';
import { startFakeServer, type FakeReply, type FakeRequest, type FakeServer } from '../fake/startFakeServer.ts';
import { WORMHOLE_CHAINS, logMessagePublishedEvent, type WormholeChain } from './wormholeChains.ts';
import { encodeVaaBody, parseTransferPayload, universalAddress } from './wormholeVaa.ts';

/**
 * A fake of the Wormholescan API (api.wormholescan.io): its routes and query names, answers built
 * from Wormholescan's real answers (fixtures/real, SOURCES.json) substituting only ids, chains,
 * addresses, amounts, hashes and times.
 *
 * Sandbox mode (a settlement is given): asked for a transaction's operations, it reads the
 * transaction on the sandbox chains, takes the core bridge's `LogMessagePublished` logs of the Token
 * Bridge, and plays the guardians: it signs each message's VAA with the sandbox guardian key (the
 * core stand-in verifies that signature). Each VAA is signed once and answered the same on every
 * poll. It reports no redemption (`targetChain`): the adapter confirms the redeem on chain.
 */

type Json = Record<string, unknown>;

function realAnswer(name: string): Json {
  return JSON.parse(readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8')) as Json;
}
const OPERATION = ((realAnswer('real/operations-sol-to-bsc-completed-anveshak.json').operations as Json[])[0] ?? {}) as Json;
const VAA_ANSWER = realAnswer('real/vaa-bsc-token-bridge-276319-sdk-rs.json');
const GOVERNOR = realAnswer('real/governor-available-notional-docs.json');

/** A copy of a real answer with some fields replaced; a field the real answer lacks is a bug of the fake. */
function fromTemplate(template: Json, values: Json): Json {
  for (const key of Object.keys(values)) if (!(key in template)) throw new Error(`the real Wormholescan answer has no '${key}'`);
  return { ...structuredClone(template), ...values };
}

export interface WormholeFakeOptions {
  readonly settlement?: FakeSettlement;
  readonly port?: number;
  /** Unix seconds the fake stamps on the VAAs it signs (defaults to the clock when first signed). */
  readonly now?: () => number;
}

export interface WormholeFake {
  readonly url: string;
  readonly server: FakeServer;
  close(): Promise<void>;
  /** Scripts the operations answer of a transaction (`null` forgets it). */
  setOperations(txHash: string, body: unknown): void;
  /** Scripts the answer of `/api/v1/vaas/{chain}/{emitter}/{seq}` (`null` forgets it). */
  setVaa(chain: number, emitterHex: string, sequence: bigint | number, body: unknown): void;
  /** Holds back the guardians' signatures (operations answer without `vaa`) until set to false. */
  setSigning(signing: boolean): void;
  /** VAAs signed in sandbox mode, by `chain/emitter/sequence`. */
  readonly signed: ReadonlyMap<string, Hex>;
}

interface Published {
  readonly chain: WormholeChain;
  readonly sequence: bigint;
  readonly nonce: number;
  readonly payload: Hex;
  readonly consistencyLevel: number;
  readonly from: Hex;
  readonly txHash: Hex;
}

const key = (chain: number, emitterHex: string, sequence: bigint | number | string) => `${chain}/${emitterHex.toLowerCase().replace(/^0x/, '')}/${sequence}`;

export async function startWormholeFake(options: WormholeFakeOptions = {}): Promise<WormholeFake> {
  const scriptedOperations = new Map<string, unknown>();
  const scriptedVaas = new Map<string, unknown>();
  const signed = new Map<string, Hex>();
  const signing = onceByKey<Hex>();
  let signingOn = true;
  const now = options.now ?? (() => Math.floor(Date.now() / 1000));

  function signOnce(message: Published): Promise<Hex> {
    const emitter = universalAddress(message.chain.tokenBridge);
    const id = key(message.chain.whChainId, emitter, message.sequence);
    return signing.run(id, async () => {
      const body = encodeVaaBody({ timestamp: now(), nonce: message.nonce, emitterChain: message.chain.whChainId, emitterAddress: emitter, sequence: message.sequence, consistencyLevel: message.consistencyLevel, payload: message.payload });
      const vaa = await signSandboxVaa(body);
      signed.set(id, vaa);
      return vaa;
    });
  }

  async function publishedIn(txHash: Hex): Promise<Published[]> {
    const settlement = options.settlement;
    if (!settlement) return [];
    const found: Published[] = [];
    for (const chain of WORMHOLE_CHAINS) {
      const tx = await settlement.findTransaction(chain.chainId, txHash).catch(() => null);
      if (!tx || !tx.success) continue;
      for (const log of tx.logs) {
        const message = publishedMessage(chain, log);
        if (message) found.push({ ...message, from: tx.from, txHash });
      }
    }
    return found;
  }

  async function operationJson(message: Published): Promise<Json> {
    const emitter = universalAddress(message.chain.tokenBridge);
    const vaa = signingOn ? await signOnce(message) : null;
    const transfer = parseTransferPayload(message.payload);
    const content = OPERATION.content as Json;
    const source = OPERATION.sourceChain as Json;
    const operation = fromTemplate(OPERATION, {
      id: key(message.chain.whChainId, emitter, message.sequence),
      emitterChain: message.chain.whChainId,
      emitterAddress: { hex: emitter.slice(2), native: message.chain.tokenBridge.toLowerCase() },
      sequence: message.sequence.toString(),
      vaa: { raw: vaa ? Buffer.from(vaa.slice(2), 'hex').toString('base64') : '', guardianSetIndex: SANDBOX_GUARDIAN_SET_INDEX, isDuplicated: false },
      content: fromTemplate(content, {
        payload: fromTemplate(content.payload as Json, { amount: transfer.amount.toString(), fee: transfer.fee.toString(), payloadType: transfer.payloadType, toAddress: transfer.to, toChain: transfer.toChain, tokenAddress: transfer.tokenAddress, tokenChain: transfer.tokenChain }),
        standarizedProperties: fromTemplate(content.standarizedProperties as Json, { fromChain: message.chain.whChainId, fromAddress: message.from.toLowerCase(), toChain: transfer.toChain, toAddress: `0x${transfer.to.slice(26)}`, tokenChain: transfer.tokenChain, tokenAddress: `0x${transfer.tokenAddress.slice(26)}`, amount: transfer.amount.toString(), feeAddress: '', feeChain: 0, fee: transfer.fee.toString() }),
      }),
      sourceChain: fromTemplate(source, { chainId: message.chain.whChainId, timestamp: new Date(now() * 1000).toISOString().replace(/\.\d{3}Z$/, 'Z'), transaction: { txHash: message.txHash }, from: message.from.toLowerCase(), status: 'confirmed' }),
    });
    // Not redeemed as far as the fake knows; unsigned messages have no `vaa` (as Wormholescan answers them).
    delete operation.targetChain;
    if (!vaa) delete operation.vaa;
    return operation;
  }

  async function operations(request: FakeRequest): Promise<FakeReply> {
    const txHash = request.query.get('txHash');
    if (!txHash) return { status: 400, body: { code: 3, message: 'INVALID ARGUMENT', details: [] } };
    const scripted = scriptedOperations.get(txHash.toLowerCase());
    if (scripted !== undefined) return { body: scripted };
    const messages = /^0x[0-9a-fA-F]{64}$/.test(txHash) ? await publishedIn(txHash as Hex) : [];
    return { body: { operations: await Promise.all(messages.map(operationJson)) } };
  }

  function vaas(request: FakeRequest): FakeReply {
    const [, , , , chain, emitter, sequence] = request.path.split('/');
    const id = key(Number(chain), emitter ?? '', sequence ?? '');
    const scripted = scriptedVaas.get(id);
    if (scripted !== undefined) return { body: scripted };
    const vaa = signed.get(id);
    if (!vaa) return { status: 404, body: { code: 5, message: 'NOT FOUND', details: [] } };
    const data = VAA_ANSWER.data as Json;
    const emitterHex = (emitter ?? '').toLowerCase();
    return {
      body: fromTemplate(VAA_ANSWER, {
        data: fromTemplate(data, { sequence: Number(sequence), id, emitterChain: Number(chain), emitterAddr: emitterHex, emitterNativeAddr: `0x${emitterHex.slice(24)}`, guardianSetIndex: SANDBOX_GUARDIAN_SET_INDEX, vaa: Buffer.from(vaa.slice(2), 'hex').toString('base64') }),
      }),
    };
  }

  /** The Governor's documented answer, one entry per Portal chain at its limits (nothing spent). */
  function governor(): FakeReply {
    const template = (GOVERNOR.entries as Json[])[0] ?? {};
    const entries = WORMHOLE_CHAINS.map((c) => fromTemplate(template, { chainId: c.whChainId, remainingAvailableNotional: '50000000', notionalLimit: '50000000', bigTransactionSize: '5000000' }));
    return { body: fromTemplate(GOVERNOR, { entries }) };
  }

  const server = await startFakeServer(
    {
      'GET /v1/governor/available_notional_by_chain': governor,
      'GET /api/v1/operations': operations,
      'GET /api/v1/vaas/:chain/:emitter/:seq': vaas,
    },
    { port: options.port },
  );
  return {
    url: server.url,
    server,
    close: () => server.close(),
    setOperations(txHash, body) {
      if (body === null) scriptedOperations.delete(txHash.toLowerCase());
      else scriptedOperations.set(txHash.toLowerCase(), body);
    },
    setVaa(chain, emitterHex, sequence, body) {
      if (body === null) scriptedVaas.delete(key(chain, emitterHex, sequence));
      else scriptedVaas.set(key(chain, emitterHex, sequence), body);
    },
    setSigning(on) {
      signingOn = on;
    },
    signed,
  };
}

function publishedMessage(chain: WormholeChain, log: Log): Omit<Published, 'from' | 'txHash'> | null {
  if (log.address.toLowerCase() !== chain.core.toLowerCase()) return null;
  try {
    const { args } = decodeEventLog({ abi: [logMessagePublishedEvent], data: log.data, topics: log.topics });
    if (args.sender.toLowerCase() !== chain.tokenBridge.toLowerCase()) return null;
    return { chain, sequence: args.sequence, nonce: args.nonce, payload: args.payload, consistencyLevel: args.consistencyLevel };
  } catch {
    return null;
  }
}
