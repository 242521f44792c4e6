import { readFileSync } from 'node:fs';
import { concat, decodeEventLog, encodeFunctionData, encodePacked, keccak256, type Hex, type Log } from 'viem';
import { onceByKey } from '../fake/onceByKey.ts';
import type { FakeSettlement } from '../fake/FakeSettlement.ts';
import { startFakeServer, type FakeRequest, type FakeReply, type FakeServer } from '../fake/startFakeServer.ts';
import { CCTP_CHAINS, FAST_FINALITY, MESSAGE_TRANSMITTER_V2, STANDARD_FINALITY, messageSentEvent, messageTransmitterV2Abi } from './cctpChains.ts';
import { protocolFeeOf } from './cctpMapping.ts';
import { decodeBurnBody, decodeMessage, encodeBurnBody, encodeMessage, isForwardHookData, type BurnMessageBody, type CctpMessage } from './cctpMessage.ts';

/**
 * A fake of Circle's Iris API: real routes and query names, and answers built from Circle's real
 * answers (fixtures/real, see SOURCES.json) substituting only ids, amounts, addresses and times. Fees: fast 1 bps
 * (1.3 bps from Linea), standard 0, forward fee {low, med, high} = {0.1, 0.2, 0.3} USDC when
 * `forward=true`; fast allowance 5,000,000 USDC.
 *
 * Sandbox mode (a settlement is given): asked for a burn's messages, it reads the burn transaction
 * on the source chain, takes the `MessageSent` logs of MessageTransmitterV2, plays Circle's attester
 * (nonce = keccak256(txHash ‖ logIndex), finalityThresholdExecuted, feeExecuted ≤ maxFee) and, for a
 * burn carrying the forwarding hook, plays the Forwarding Service: it calls `receiveMessage` on the
 * destination MessageTransmitterV2 once per burn before it answers `complete`.
 */

export const FAKE_FORWARD_FEE = { low: 100_000, med: 200_000, high: 300_000 } as const;
export const FAKE_ALLOWANCE_USDC = 5_000_000;
const LINEA_DOMAIN = 11;
/** Domains Iris knows (the spec's domain table), beyond the EVM ones the adapter serves. */
const KNOWN_DOMAINS = new Set([0, 1, 2, 3, 5, 6, 7, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 21, 22, 25, 26]);

export function fakeFastFeeBps(srcDomain: number): number {
  return srcDomain === LINEA_DOMAIN ? 1.3 : 1;
}

function realAnswer(name: string): unknown {
  return JSON.parse(readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8')) as unknown;
}
type Json = Record<string, unknown>;
const FORWARD_FEES = realAnswer('real/fees-forward-6-1-docs.json') as Json[];
const PLAIN_FEES = realAnswer('real/fees-0-26-docs.json') as Json[];
/** Iris's live complete answer (cctpVersion a number, null hookData, decodedCctpXMessageBody and delayReason). */
const COMPLETE = ((realAnswer('real/messages-complete-fast-arbitrum-linea-evidence.json') as { messages: Json[] }).messages[0] ?? {}) as Json;
const PENDING = ((realAnswer('synthetic/messages-pending.json') as { messages: Json[] }).messages[0] ?? {}) as Json;

/** A copy of a real answer with some fields replaced; a field the real answer lacks is a bug of the fake. */
function fromTemplate(template: Json, values: Json): Json {
  for (const key of Object.keys(values)) if (!(key in template)) throw new Error(`the real Iris answer has no '${key}'`);
  return { ...structuredClone(template), ...values };
}

/** A fee table in the real answer's shape: one entry per finality threshold, `forwardFee` only when asked. */
function feeTable(srcDomain: number, forward: boolean): Json[] {
  const templates = forward ? FORWARD_FEES : PLAIN_FEES;
  return templates.map((entry) => {
    const fast = entry.finalityThreshold === FAST_FINALITY;
    const values: Json = { finalityThreshold: fast ? FAST_FINALITY : STANDARD_FINALITY, minimumFee: fast ? fakeFastFeeBps(srcDomain) : 0 };
    if (forward) values.forwardFee = { ...FAKE_FORWARD_FEE };
    return fromTemplate(entry, values);
  });
}

export interface CctpFakeOptions {
  readonly settlement?: FakeSettlement;
  readonly port?: number;
  /** CCTP domain → EVM chain id of the sandbox chains; defaults to the real chain ids. */
  readonly chainIdsByDomain?: Readonly<Record<number, number>>;
}

export interface CctpFake {
  readonly url: string;
  readonly server: FakeServer;
  close(): Promise<void>;
  /** Scripts the Iris message of a burn tx (`null` forgets it: Iris answers 404 again). */
  setMessage(txHash: string, message: unknown): void;
  /** Remaining fast allowance in whole USDC, as Iris reports it. */
  setAllowance(usdc: number | string): void;
  /** Whether the Forwarding Service serves burns to `dstDomain` (all do until told otherwise). */
  setForwarding(dstDomain: number, served: boolean): void;
  /** Sandbox mode: the destination `receiveMessage` transaction of each relayed burn (key `txHash:logIndex`). */
  readonly relays: ReadonlyMap<string, Hex>;
}

export async function startCctpFake(options: CctpFakeOptions = {}): Promise<CctpFake> {
  const scripted = new Map<string, unknown>();
  const relays = new Map<string, Hex>();
  const relaying = onceByKey<Hex>();
  const chainIds = options.chainIdsByDomain ?? Object.fromEntries(CCTP_CHAINS.map((c) => [c.domain, c.chainId]));
  let allowance: number | string = FAKE_ALLOWANCE_USDC;
  const unforwarded = new Set<number>();

  function fees(request: FakeRequest): FakeReply {
    const src = Number(request.query.get('src'));
    const dst = Number(request.query.get('dst'));
    if (!KNOWN_DOMAINS.has(src) || !KNOWN_DOMAINS.has(dst)) return { status: 400, body: { code: 400, message: 'Invalid domain' } };
    if (src === dst) return { status: 400, body: { code: 400, message: 'Source and destination domains must differ' } };
    // A destination the Forwarding Service does not serve is priced like a plain burn: no forwardFee.
    return { body: feeTable(src, request.query.get('forward') === 'true' && !unforwarded.has(dst)) };
  }

  /** Relays once per burn; a failed relay is forgotten so the next query tries again. */
  function relayOnce(key: string, chainId: number, message: Hex, attestation: Hex): Promise<Hex> {
    const settlement = options.settlement;
    if (!settlement) return Promise.reject(new Error('no settlement'));
    return relaying.run(key, async () => {
      const data = encodeFunctionData({ abi: messageTransmitterV2Abi, functionName: 'receiveMessage', args: [message, attestation] });
      const hash = await settlement.send(chainId, MESSAGE_TRANSMITTER_V2, data);
      relays.set(key, hash);
      return hash;
    });
  }

  async function sandboxMessages(domain: number, txHash: Hex): Promise<unknown[]> {
    const settlement = options.settlement;
    const chainId = chainIds[domain];
    if (!settlement || chainId === undefined) return [];
    const tx = await settlement.findTransaction(chainId, txHash);
    // Iris never indexes a reverted burn.
    if (!tx || !tx.success) return [];
    const answers: unknown[] = [];
    for (const log of tx.logs) {
      const source = sentMessage(log);
      if (!source || source.header.sourceDomain !== domain) continue;
      const attested = attest(source.header, source.body, txHash, log.logIndex ?? 0);
      const destChainId = chainIds[source.header.destinationDomain];
      if (attested.forward && destChainId !== undefined) {
        await relayOnce(`${txHash.toLowerCase()}:${log.logIndex ?? 0}`, destChainId, attested.message, attested.attestation).catch(() => undefined);
      }
      answers.push(irisMessageJson(attested.header, 'complete', attested.attestation));
    }
    return answers;
  }

  async function messages(request: FakeRequest): Promise<FakeReply> {
    const domain = Number(request.query.get('domain'));
    const txHash = request.query.get('transactionHash');
    if (!txHash) return { status: 400, body: { code: 400, message: 'transactionHash or nonce is required' } };
    const known = scripted.get(txHash.toLowerCase());
    // Live answers echo the burn transaction next to its messages.
    if (known !== undefined) return { body: { messages: [known], sourceTxHash: txHash } };
    const found = /^0x[0-9a-fA-F]{64}$/.test(txHash) ? await sandboxMessages(domain, txHash as Hex) : [];
    if (found.length > 0) return { body: { messages: found, sourceTxHash: txHash } };
    return { status: 404, body: { message: 'Message not found' } };
  }

  const server = await startFakeServer(
    {
      'GET /v2/burn/USDC/fees/:src/:dst': fees,
      'GET /v2/fastBurn/USDC/allowance': () => ({ body: { allowance, lastUpdated: '2025-01-01T00:00:00Z' } }),
      'GET /v2/messages/:domain': messages,
    },
    { port: options.port },
  );
  return {
    url: server.url,
    server,
    close: () => server.close(),
    setMessage(txHash, message) {
      if (message === null) scripted.delete(txHash.toLowerCase());
      else scripted.set(txHash.toLowerCase(), message);
    },
    setAllowance(usdc) {
      allowance = usdc;
    },
    setForwarding(dstDomain, served) {
      if (served) unforwarded.delete(dstDomain);
      else unforwarded.add(dstDomain);
    },
    relays,
  };
}

function sentMessage(log: Log): { header: CctpMessage; body: BurnMessageBody } | null {
  if (log.address.toLowerCase() !== MESSAGE_TRANSMITTER_V2.toLowerCase()) return null;
  try {
    const { args } = decodeEventLog({ abi: [messageSentEvent], data: log.data, topics: log.topics });
    const header = decodeMessage(args.message);
    return { header, body: decodeBurnBody(header.messageBody) };
  } catch {
    return null;
  }
}

/**
 * Plays Circle's attester on a burn: the fee Circle would execute (fast rate when the burn asked for
 * fast finality and maxFee covers it, else standard), plus the forward fee when the hook asks for
 * forwarding and maxFee covers it too; without enough maxFee Circle does not forward.
 */
export function attest(source: CctpMessage, body: BurnMessageBody, txHash: Hex, logIndex: number) {
  const fastFee = protocolFeeOf(body.amount, fakeFastFeeBps(source.sourceDomain));
  const tiers = source.minFinalityThreshold <= FAST_FINALITY ? [{ threshold: FAST_FINALITY, fee: fastFee }] : [];
  tiers.push({ threshold: STANDARD_FINALITY, fee: 0n });
  const forwardFee = BigInt(FAKE_FORWARD_FEE.med);
  const choices = isForwardHookData(body.hookData) ? [true, false] : [false];
  let terms = { threshold: STANDARD_FINALITY, fee: 0n, forward: false };
  search: for (const forward of choices) {
    for (const tier of tiers) {
      const fee = tier.fee + (forward ? forwardFee : 0n);
      if (fee <= body.maxFee) {
        terms = { threshold: tier.threshold, fee, forward };
        break search;
      }
    }
  }
  const nonce = keccak256(encodePacked(['bytes32', 'uint256'], [txHash, BigInt(logIndex)]));
  const messageBody = encodeBurnBody({ ...body, feeExecuted: terms.fee });
  const header: CctpMessage = { ...source, nonce, finalityThresholdExecuted: terms.threshold, messageBody };
  const message = encodeMessage(header);
  // Any 65 bytes: the sandbox MessageTransmitterV2 does not verify attestations.
  const attestation = concat([keccak256(nonce), keccak256(message), '0x1b']);
  return { header, message, attestation, forward: terms.forward };
}

/**
 * An Iris v2 message built from a live complete answer (fixtures/real) or the pending variant of
 * Circle's example: amounts, domains and thresholds as strings, `cctpVersion` the number live answers
 * send, a pending message without bytes or decoding (as live pending answers come).
 */
export function irisMessageJson(header: CctpMessage, status: string, attestation: Hex | 'PENDING') {
  if (attestation === 'PENDING') return fromTemplate(PENDING, { eventNonce: header.nonce, status });
  const body = decodeBurnBody(header.messageBody);
  const decodedTemplate = COMPLETE.decodedMessage as Json;
  return fromTemplate(COMPLETE, {
    message: encodeMessage(header),
    eventNonce: header.nonce,
    attestation,
    status,
    decodedMessage: fromTemplate(decodedTemplate, {
      sourceDomain: String(header.sourceDomain),
      destinationDomain: String(header.destinationDomain),
      nonce: header.nonce,
      sender: header.sender,
      recipient: header.recipient,
      destinationCaller: header.destinationCaller,
      minFinalityThreshold: String(header.minFinalityThreshold),
      finalityThresholdExecuted: String(header.finalityThresholdExecuted),
      messageBody: header.messageBody,
      decodedMessageBody: fromTemplate(decodedTemplate.decodedMessageBody as Json, {
        burnToken: body.burnToken,
        mintRecipient: body.mintRecipient,
        amount: body.amount.toString(),
        messageSender: body.messageSender,
        maxFee: body.maxFee.toString(),
        feeExecuted: body.feeExecuted.toString(),
        expirationBlock: body.expirationBlock.toString(),
        // Live answers write a burn without a hook as null, not "0x".
        hookData: body.hookData === '0x' ? null : body.hookData,
      }),
    }),
  });
}
