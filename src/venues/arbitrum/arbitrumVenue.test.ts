import { describe, expect, it } from 'vitest';
import { decodeFunctionData, encodeAbiParameters, encodeFunctionData, encodePacked, getAbiItem, keccak256, pad, toFunctionSelector, toHex, type Address, type Hex } from 'viem';
import type { ChainKey } from '../../domain/chains.ts';
import type { EvmStep } from '../../domain/steps.ts';
import { tagCalldata } from '../../engine/tagCalldata.ts';
import { whyNotAllowed, type StepRules } from '../../engine/vetSteps.ts';
import type { CallIntent } from '../allowList.ts';
import { createTestVenue, knownToken, rejectionOf, testCall } from '../fake/testVenueDeps.ts';
import type { StepsPlan, Venue, VenueQuoteRequest } from '../Venue.ts';
import {
  ARB_RETRYABLE_TX,
  ARB_SYS,
  BRIDGE,
  INBOX,
  L1_ERC20_GATEWAY,
  L1_GATEWAY_ROUTER,
  L2_ERC20_GATEWAY,
  L2_GATEWAY_ROUTER,
  NODE_INTERFACE,
  OUTBOX,
  arbRetryableTxAbi,
  bridgeAbi,
  gatewayAbi,
  inboxAbi,
  l1GatewayRouterAbi,
  l2GatewayRouterAbi,
  l2ToL1TxEvent,
  nodeInterfaceAbi,
  outboxAbi,
  redeemScheduledEvent,
  sendRootUpdatedEvent,
} from './arbitrumChains.ts';
import { l1ToL2Alias, retryableTicketId } from './arbitrumRetryable.ts';
import { eventLog, scriptedChain, type ScriptedChain } from './arbitrumTestChains.ts';
import { arbitrumVenue } from './arbitrumVenue.ts';

const SENDER: Address = '0x1111111111111111111111111111111111111111';
const RECIPIENT: Address = '0x2222222222222222222222222222222222222222';
const OTHER: Address = '0x3333333333333333333333333333333333333333';
const USDC_L1: Address = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48';
const USDC_E: Address = '0xFF970A61A04b1cA14834A43f5dE4533eBDDB5CC8';
const SOURCE_TX = `0x${'ab'.repeat(32)}` as Hex;
const NOW = 1_764_000_000_000;

const sel = (abi: readonly unknown[], name: string): Hex => toFunctionSelector(getAbiItem({ abi: abi as never, name } as never) as never);
const word = (value: bigint): Hex => encodeAbiParameters([{ type: 'uint256' }], [value]);
const addressWord = (value: Address): Hex => encodeAbiParameters([{ type: 'address' }], [value]);

interface Rig {
  l1: ScriptedChain;
  l2: ScriptedChain;
  venue: Venue;
}

function rig(): Rig {
  const l1 = scriptedChain(1);
  const l2 = scriptedChain(42161);
  l1.baseFee = 10_000_000_000n;
  l2.gasPrice = 10_000_000n;
  // calculateRetryableSubmissionFee: (1400 + 6 × dataLength) × baseFee, as the Inbox computes it.
  l1.answer(INBOX, sel(inboxAbi, 'calculateRetryableSubmissionFee'), (data) => {
    const { args } = decodeFunctionData({ abi: inboxAbi, data });
    const [length, baseFee] = args as [bigint, bigint];
    return word((1400n + 6n * length) * baseFee);
  });
  l1.answer(L1_GATEWAY_ROUTER, sel(l1GatewayRouterAbi, 'getGateway'), () => addressWord(L1_ERC20_GATEWAY));
  l1.answer(L1_GATEWAY_ROUTER, sel(l1GatewayRouterAbi, 'calculateL2TokenAddress'), () => addressWord(USDC_E));
  l2.answer(L2_GATEWAY_ROUTER, sel(l2GatewayRouterAbi, 'calculateL2TokenAddress'), () => addressWord(USDC_E));
  const evm = (chain: ChainKey) => (chain === 'ethereum' ? l1.client : chain === 'arbitrum' ? l2.client : null);
  return { l1, l2, venue: createTestVenue(arbitrumVenue, 'http://127.0.0.1:1', { evm, now: () => NOW }).venue };
}

function request(fromChain: 'ethereum' | 'arbitrum', from: string | null, to: string | null, amountIn: bigint, recipient: string = RECIPIENT): VenueQuoteRequest {
  const toChain = fromChain === 'ethereum' ? 'arbitrum' : 'ethereum';
  const token = (chain: string, address: string | null) => (address === USDC_E ? { chain, symbol: 'USDC.e', address: USDC_E, decimals: 6 } : knownToken(chain, address));
  return { fromChain, toChain, fromToken: token(fromChain, from), toToken: token(toChain, to), amountIn, sender: SENDER, recipient, userIp: null, integratorFee: null };
}

function rulesOf(plan: StepsPlan, req: VenueQuoteRequest, chainId: number, destinationChainId: number): StepRules {
  const intent: CallIntent = { sourceChainId: chainId, sourceToken: req.fromToken.address, amount: req.amountIn, recipient: req.recipient, destinationChainId, ...(plan.nativeFee !== undefined ? { nativeFee: plan.nativeFee } : {}) };
  return { venue: 'arbitrum', allowList: arbitrumVenue.allowList!, chainId, sourceToken: req.fromToken, amountIn: req.amountIn, depositAddress: null, feeRecipients: [], intent, ...(plan.nativeFee !== undefined ? { nativeFee: plan.nativeFee } : {}) };
}

const ETH_AMOUNT = 100_000_000_000_000_000n;

/** The engine tags the gateway and Inbox calls Strait encodes (engine/tagCalldata.ts); the allow-list check takes the tagged call the same. */
function expectTagged(plan: StepsPlan, step: EvmStep, rules: StepRules): void {
  expect(plan.tagMain).toBe(true);
  expect(whyNotAllowed({ ...step, data: tagCalldata(step.data, '5081f440-054a-4852-90c5-c36626b9c32a') }, rules)).toBeNull();
}

describe('arbitrum: corridors', () => {
  const { venue } = rig();
  it('serves ETH and the gateway tokens between Ethereum and Arbitrum One only', () => {
    expect(venue.supports(request('ethereum', null, null, 1n))).toEqual({ served: true });
    expect(venue.supports(request('arbitrum', null, null, 1n))).toEqual({ served: true });
    expect(venue.supports(request('ethereum', USDC_L1, USDC_E, 1n))).toEqual({ served: true });
    expect(venue.supports(request('ethereum', 'WETH', 'WETH', 1n))).toEqual({ served: true });
    expect(venue.supports({ ...request('ethereum', null, null, 1n), toChain: 'base', toToken: knownToken('base', null) })).toMatchObject({ served: false, code: 'route_not_served' });
  });

  it('answers a native-USDC destination with a typed no-route: the gateway mints USDC.e', () => {
    const answer = venue.supports(request('ethereum', 'USDC', 'USDC', 1n));
    expect(answer).toMatchObject({ served: false, code: 'token_not_supported' });
    expect((answer as { message: string }).message).toContain('USDC.e');
  });
});

describe('arbitrum: deposits', () => {
  it('prices an ETH deposit from the chains: submission fee and L2 gas paid beside the amount', async () => {
    const { venue } = rig();
    const quote = await venue.quote(request('ethereum', null, null, ETH_AMOUNT), testCall());
    const submission = 1400n * 10_000_000_000n * 4n;
    const gas = 100_000n * 10_000_000n * 6n;
    expect(quote).toMatchObject({ amountIn: ETH_AMOUNT, amountOut: ETH_AMOUNT, minAmountOut: ETH_AMOUNT, estimatedSeconds: 900, expiresAt: NOW + 60_000 });
    expect(quote.context).toMatchObject({ direction: 'deposit', maxSubmissionCost: submission.toString(), retryableFee: (submission + gas).toString() });
    expect(quote.claim).toBeUndefined();
  });

  it('builds createRetryableTicket to the recipient, refunds to the recipient, the fee as the native fee', async () => {
    const { venue } = rig();
    const req = request('ethereum', null, null, ETH_AMOUNT);
    const quote = await venue.quote(req, testCall());
    const plan = (await venue.build({ request: req, quote }, testCall())) as StepsPlan;
    const step = plan.steps[0] as EvmStep;
    const fee = BigInt(String(quote.context.retryableFee));
    expect(step).toMatchObject({ to: INBOX, chainId: 1, value: ETH_AMOUNT + fee });
    expect(plan.nativeFee).toBe(fee);
    expect(plan.claim).toMatchObject({ chain: 'arbitrum', actions: ['redeem'], signer: 'anyone' });
    const { args } = decodeFunctionData({ abi: inboxAbi, data: step.data });
    expect(args.slice(0, 2)).toEqual([RECIPIENT, ETH_AMOUNT]);
    expect([args[3], args[4]]).toEqual([RECIPIENT, RECIPIENT]);
    const rules = rulesOf(plan, req, 1, 42161);
    expect(whyNotAllowed(step, rules)).toBeNull();
    expectTagged(plan, step, rules);

    // Tampered: another beneficiary, another refund address, or a fatter fee.
    const [to, l2CallValue, cost, , , gasLimit, maxFeePerGas, data] = args as unknown as [Address, bigint, bigint, Address, Address, bigint, bigint, Hex];
    const tampered = (a: readonly unknown[], value = step.value) => ({ ...step, value, data: encodeFunctionData({ abi: inboxAbi, functionName: 'createRetryableTicket', args: a as never }) });
    expect(whyNotAllowed(tampered([OTHER, l2CallValue, cost, RECIPIENT, RECIPIENT, gasLimit, maxFeePerGas, data]), rules)).toContain('not the recipient');
    expect(whyNotAllowed(tampered([to, l2CallValue, cost, OTHER, RECIPIENT, gasLimit, maxFeePerGas, data]), rules)).toContain('refunds to');
    expect(whyNotAllowed(tampered([to, l2CallValue, cost * 2n, RECIPIENT, RECIPIENT, gasLimit, maxFeePerGas, data], step.value + cost), rules)).not.toBeNull();
    expect(whyNotAllowed({ ...step, to: OTHER }, rules)).toContain('allow-list');
  });

  it('builds a USDC deposit through the router, approving exactly the amount to its gateway', async () => {
    const { venue } = rig();
    const req = request('ethereum', USDC_L1, USDC_E, 5_000_000n);
    const quote = await venue.quote(req, testCall());
    const plan = (await venue.build({ request: req, quote }, testCall())) as StepsPlan;
    const step = plan.steps[0] as EvmStep;
    expect(plan.approval).toEqual({ chainId: 1, token: USDC_L1, spender: L1_ERC20_GATEWAY, amount: 5_000_000n });
    expect(step).toMatchObject({ to: L1_GATEWAY_ROUTER, value: plan.nativeFee });
    const { functionName, args } = decodeFunctionData({ abi: l1GatewayRouterAbi, data: step.data });
    expect(functionName).toBe('outboundTransferCustomRefund');
    expect(args.slice(0, 4)).toEqual([USDC_L1, RECIPIENT, RECIPIENT, 5_000_000n]);
    const rules = rulesOf(plan, req, 1, 42161);
    expect(whyNotAllowed(step, rules)).toBeNull();
    expectTagged(plan, step, rules);
    const approve = { vm: 'evm' as const, step: 'approve' as const, chainId: 1, to: USDC_L1, value: 0n, data: encodeFunctionData({ abi: [getAbiItem({ abi: [{ type: 'function', name: 'approve', inputs: [{ type: 'address' }, { type: 'uint256' }], outputs: [{ type: 'bool' }], stateMutability: 'nonpayable' }], name: 'approve' })], args: [L1_ERC20_GATEWAY, 5_000_000n] }) };
    expect(whyNotAllowed(approve, rules)).toBeNull();
    const redirected = encodeFunctionData({ abi: l1GatewayRouterAbi, functionName: 'outboundTransferCustomRefund', args: [USDC_L1, RECIPIENT, OTHER, 5_000_000n, args[4] as bigint, args[5] as bigint, args[6] as Hex] });
    expect(whyNotAllowed({ ...step, data: redirected }, rules)).toContain('not the recipient');
  });

  it('refuses a token whose router no longer sends it through the pinned gateway', async () => {
    const { venue, l1 } = rig();
    l1.answer(L1_GATEWAY_ROUTER, sel(l1GatewayRouterAbi, 'getGateway'), () => addressWord(OTHER));
    const rejection = await rejectionOf(venue.quote(request('ethereum', USDC_L1, USDC_E, 5_000_000n), testCall()));
    expect(rejection.code).toBe('route_not_served');
  });

  it('refuses without an RPC of either chain', async () => {
    const { venue } = createTestVenue(arbitrumVenue, 'http://127.0.0.1:1', { evm: () => null });
    expect((await rejectionOf(venue.quote(request('ethereum', null, null, ETH_AMOUNT), testCall()))).code).toBe('venue_disabled');
  });
});

/** The Ethereum receipt of a createRetryableTicket paying `to` `amount`, as the Bridge and Inbox log it. */
function depositReceipt(l1: ScriptedChain, to: Address, amount: bigint, refundTo: Address = to) {
  const messageIndex = 20_518n;
  const l1BaseFee = 10_000_000_000n;
  const sender = '0x2222222222222222222222222222222222223333' as Address; // the aliased caller
  const fields = { to, l2CallValue: amount, l1Value: amount + 1_000n, maxSubmissionCost: 600n, excessFeeRefundAddress: refundTo, callValueRefundAddress: refundTo, gasLimit: 100_000n, maxFeePerGas: 60_000_000n, data: '0x' as Hex };
  const packed = encodePacked(
    ['uint256', 'uint256', 'uint256', 'uint256', 'uint256', 'uint256', 'uint256', 'uint256', 'uint256'],
    [BigInt(to), fields.l2CallValue, fields.l1Value, fields.maxSubmissionCost, BigInt(fields.excessFeeRefundAddress), BigInt(fields.callValueRefundAddress), fields.gasLimit, fields.maxFeePerGas, 0n],
  );
  const delivered = eventLog(BRIDGE, getAbiItem({ abi: bridgeAbi, name: 'MessageDelivered' }), { messageIndex, beforeInboxAcc: pad('0x01'), inbox: INBOX, kind: 9, sender, messageDataHash: keccak256(packed), baseFeeL1: l1BaseFee, timestamp: 1n });
  const inbox = eventLog(INBOX, getAbiItem({ abi: inboxAbi, name: 'InboxMessageDelivered' }), { messageNum: messageIndex, data: packed });
  l1.receipts.set(SOURCE_TX, { status: 'success', logs: [delivered, inbox] });
  return retryableTicketId(42161, { messageNumber: messageIndex, sender, l1BaseFee, ...fields });
}

describe('arbitrum: deposit status', () => {
  const statusRequest = (context: Record<string, string>) => ({ fromChain: 'ethereum' as const, toChain: 'arbitrum' as const, toToken: knownToken('arbitrum', null), sourceTxHash: SOURCE_TX, recipient: RECIPIENT, amountIn: ETH_AMOUNT, expectedOut: ETH_AMOUNT, context });

  it('follows the ticket: not created, then redeemed automatically → completed with the redeem transaction', async () => {
    const { venue, l1, l2 } = rig();
    expect(await venue.status(statusRequest({ direction: 'deposit' }), testCall())).toMatchObject({ state: 'pending', venueStatus: 'SOURCE_PENDING' });
    const ticketId = depositReceipt(l1, RECIPIENT, ETH_AMOUNT);
    expect(await venue.status(statusRequest({ direction: 'deposit' }), testCall())).toMatchObject({ state: 'pending', venueStatus: 'NOT_YET_CREATED' });
    const retry = `0x${'cd'.repeat(32)}` as Hex;
    l2.receipts.set(ticketId, { status: 'success', logs: [eventLog(ARB_RETRYABLE_TX, redeemScheduledEvent, { ticketId, retryTxHash: retry, sequenceNum: 0n, donatedGas: 1n, gasDonor: RECIPIENT, maxRefund: 1n, submissionFeeRefund: 1n })] });
    l2.receipts.set(retry, { status: 'success', logs: [] });
    expect(await venue.status(statusRequest({ direction: 'deposit' }), testCall())).toMatchObject({ state: 'completed', venueStatus: 'REDEEMED', destinationTxHash: retry, receivedAmount: ETH_AMOUNT });
  });

  it('hands out ArbRetryableTx.redeem of this transfer\'s ticket when the automatic redeem failed', async () => {
    const { venue, l1, l2 } = rig();
    const ticketId = depositReceipt(l1, RECIPIENT, ETH_AMOUNT);
    const retry = `0x${'cd'.repeat(32)}` as Hex;
    l2.receipts.set(ticketId, { status: 'success', logs: [eventLog(ARB_RETRYABLE_TX, redeemScheduledEvent, { ticketId, retryTxHash: retry, sequenceNum: 0n, donatedGas: 1n, gasDonor: RECIPIENT, maxRefund: 1n, submissionFeeRefund: 1n })] });
    l2.receipts.set(retry, { status: 'reverted', logs: [] });
    l2.answer(ARB_RETRYABLE_TX, sel(arbRetryableTxAbi, 'getTimeout'), () => word(1_765_000_000n));
    const status = await venue.status(statusRequest({ direction: 'deposit' }), testCall());
    expect(status).toMatchObject({ state: 'pending', venueStatus: 'FUNDS_DEPOSITED_ON_CHILD', claim: { status: 'ready' } });
    const step = status.claim!.steps[0]!;
    expect(step).toMatchObject({ step: 'redeem', chainId: 42161, to: ARB_RETRYABLE_TX, value: 0n });
    expect(decodeFunctionData({ abi: arbRetryableTxAbi, data: step.data }).args).toEqual([ticketId]);
    const plan = { nativeFee: undefined } as unknown as StepsPlan;
    expect(whyNotAllowed(step, rulesOf(plan, request('ethereum', null, null, ETH_AMOUNT), 1, 42161))).toBeNull();
    expect(whyNotAllowed({ ...step, value: 1n }, rulesOf(plan, request('ethereum', null, null, ETH_AMOUNT), 1, 42161))).not.toBeNull();

    // A node fault is not a vanished ticket.
    l2.calls.delete(`${ARB_RETRYABLE_TX.toLowerCase()}:${sel(arbRetryableTxAbi, 'getTimeout')}`);
    expect((await rejectionOf(venue.status(statusRequest({ direction: 'deposit' }), testCall()))).code).toBe('venue_error');

    // The ticket gone (getTimeout reverts, NoTicketWithID) with a later successful redeem: completed.
    l2.answer(ARB_RETRYABLE_TX, sel(arbRetryableTxAbi, 'getTimeout'), () => {
      throw Object.assign(new Error('NoTicketWithID'), { data: '0x80698456' });
    });
    const manual = `0x${'ef'.repeat(32)}` as Hex;
    l2.logs.push(eventLog(ARB_RETRYABLE_TX, redeemScheduledEvent, { ticketId, retryTxHash: manual, sequenceNum: 1n, donatedGas: 1n, gasDonor: RECIPIENT, maxRefund: 1n, submissionFeeRefund: 0n }, manual));
    l2.receipts.set(manual, { status: 'success', logs: [] });
    expect(await venue.status(statusRequest({ direction: 'deposit' }), testCall())).toMatchObject({ state: 'completed', destinationTxHash: manual });

    // Gone without a successful redeem: expired (its value went to the refund address, the recipient).
    l2.receipts.set(manual, { status: 'reverted', logs: [] });
    expect(await venue.status(statusRequest({ direction: 'deposit' }), testCall())).toMatchObject({ state: 'failed', venueStatus: 'EXPIRED' });
  });

  it('accepts refunds to the recipient\'s alias (a recipient with code on Ethereum), not to anyone else', async () => {
    const { venue, l1, l2 } = rig();
    const ticketId = depositReceipt(l1, RECIPIENT, ETH_AMOUNT, l1ToL2Alias(RECIPIENT));
    expect(l1ToL2Alias(RECIPIENT)).toBe('0x3333222222222222222222222222222222223333');
    l2.receipts.set(ticketId, { status: 'reverted', logs: [] });
    expect(await venue.status(statusRequest({ direction: 'deposit' }), testCall())).toMatchObject({ venueStatus: 'CREATION_FAILED' });
    depositReceipt(l1, RECIPIENT, ETH_AMOUNT, OTHER);
    expect(await venue.status(statusRequest({ direction: 'deposit' }), testCall())).toMatchObject({ venueStatus: 'NOT_YET_CREATED' });
  });

  it('never hands out a ticket that pays someone else', async () => {
    const { venue, l1 } = rig();
    depositReceipt(l1, OTHER, ETH_AMOUNT);
    const status = await venue.status(statusRequest({ direction: 'deposit' }), testCall());
    expect(status).toMatchObject({ state: 'pending', venueStatus: 'NOT_YET_CREATED' });
    expect(status.claim).toBeUndefined();
  });

  it('a reverted deposit or a failed ticket creation is failed', async () => {
    const { venue, l1, l2 } = rig();
    l1.receipts.set(SOURCE_TX, { status: 'reverted', logs: [] });
    expect(await venue.status(statusRequest({ direction: 'deposit' }), testCall())).toMatchObject({ state: 'failed', venueStatus: 'SOURCE_REVERTED' });
    const ticketId = depositReceipt(l1, RECIPIENT, ETH_AMOUNT);
    l2.receipts.set(ticketId, { status: 'reverted', logs: [] });
    expect(await venue.status(statusRequest({ direction: 'deposit' }), testCall())).toMatchObject({ state: 'failed', venueStatus: 'CREATION_FAILED' });
  });
});

describe('arbitrum: withdrawals', () => {
  const statusRequest = (context: Record<string, string>, amountIn = ETH_AMOUNT) => ({ fromChain: 'arbitrum' as const, toChain: 'ethereum' as const, toToken: knownToken('ethereum', null), sourceTxHash: SOURCE_TX, recipient: RECIPIENT, amountIn, expectedOut: amountIn, context });
  const position = 121n;
  const timestamp = 1_762_000_000n;
  const message = { caller: SENDER, destination: RECIPIENT, hash: 7n, position, arbBlockNum: 22_328_388n, ethBlockNum: 15_400_000n, timestamp, callvalue: ETH_AMOUNT, data: '0x' as Hex };

  it('quotes the claim on the row and builds ArbSys.withdrawEth to the recipient', async () => {
    const { venue } = rig();
    const req = request('arbitrum', null, null, ETH_AMOUNT);
    const quote = await venue.quote(req, testCall());
    expect(quote.claim).toEqual({ chain: 'ethereum', actions: ['executeTransaction'], signer: 'anyone' });
    expect(quote.context).toMatchObject({ direction: 'withdrawal', claimGas: '200000' });
    const plan = (await venue.build({ request: req, quote }, testCall())) as StepsPlan;
    const step = plan.steps[0] as EvmStep;
    expect(step).toMatchObject({ chainId: 42161, to: ARB_SYS, value: ETH_AMOUNT });
    expect(plan.nativeFee).toBeUndefined();
    expect(plan.claim).toMatchObject({ chain: 'ethereum', actions: ['executeTransaction'] });
    const rules = rulesOf(plan, req, 42161, 1);
    expect(whyNotAllowed(step, rules)).toBeNull();
    expect(whyNotAllowed({ ...step, data: encodeFunctionData({ abi: [getAbiItem({ abi: outboxAbi, name: 'isSpent' })], args: [1n] }) }, rules)).not.toBeNull();
    // ArbSys is a precompile, not a Solidity decoder: its call is handed out untagged.
    expect(plan.tagMain).toBe(false);
  });

  it('builds a USDC.e withdrawal through the L2 router naming the L1 token', async () => {
    const { venue } = rig();
    const req = request('arbitrum', USDC_E, USDC_L1, 7_000_000n);
    const quote = await venue.quote(req, testCall());
    const plan = (await venue.build({ request: req, quote }, testCall())) as StepsPlan;
    const step = plan.steps[0] as EvmStep;
    expect(step).toMatchObject({ to: L2_GATEWAY_ROUTER, value: 0n });
    expect(decodeFunctionData({ abi: l2GatewayRouterAbi, data: step.data }).args).toEqual([USDC_L1, RECIPIENT, 7_000_000n, '0x']);
    expect(plan.approval).toBeNull();
    expect(whyNotAllowed(step, rulesOf(plan, req, 42161, 1))).toBeNull();
    expectTagged(plan, step, rulesOf(plan, req, 42161, 1));
  });

  it('waits through the challenge period, then hands out executeTransaction with the proof, then completes', async () => {
    const { venue, l1, l2 } = rig();
    const context = { direction: 'withdrawal' };
    expect(await venue.status(statusRequest(context), testCall())).toMatchObject({ state: 'pending', venueStatus: 'SOURCE_PENDING', claim: { status: 'waiting' } });
    l2.receipts.set(SOURCE_TX, { status: 'success', logs: [eventLog(ARB_SYS, l2ToL1TxEvent, message)] });
    l1.answer(OUTBOX, sel(outboxAbi, 'isSpent'), () => word(0n));
    const waiting = await venue.status(statusRequest(context), testCall());
    expect(waiting).toMatchObject({ state: 'pending', venueStatus: 'UNCONFIRMED', claim: { status: 'waiting', steps: [] } });
    expect(waiting.claim!.claimableAt).toBe((Number(timestamp) + 45_818 * 12 + 3_600) * 1000);

    // The rollup confirms an assertion whose block has sent 122 messages: message 121 is provable.
    const blockHash = `0x${'12'.repeat(32)}` as Hex;
    const root = `0x${'34'.repeat(32)}` as Hex;
    const proof = [`0x${'56'.repeat(32)}`, `0x${'78'.repeat(32)}`] as Hex[];
    l1.logs.push(eventLog(OUTBOX, sendRootUpdatedEvent, { outputRoot: root, l2BlockHash: blockHash }));
    l2.blocks.set(blockHash, { sendCount: toHex(122n), sendRoot: root });
    l2.answer(NODE_INTERFACE, sel(nodeInterfaceAbi, 'constructOutboxProof'), (data) => {
      const { args } = decodeFunctionData({ abi: nodeInterfaceAbi, data });
      expect(args).toEqual([122n, position]);
      return encodeAbiParameters([{ type: 'bytes32' }, { type: 'bytes32' }, { type: 'bytes32[]' }], [pad('0x09'), root, proof]);
    });
    const ready = await venue.status(statusRequest(context), testCall());
    expect(ready).toMatchObject({ state: 'pending', venueStatus: 'CONFIRMED', claim: { status: 'ready' } });
    const step = ready.claim!.steps[0]!;
    expect(step).toMatchObject({ step: 'redeem', chainId: 1, to: OUTBOX, value: 0n });
    expect(decodeFunctionData({ abi: outboxAbi, data: step.data }).args).toEqual([proof, position, SENDER, RECIPIENT, message.arbBlockNum, message.ethBlockNum, timestamp, ETH_AMOUNT, '0x']);
    const rules = rulesOf({} as StepsPlan, request('arbitrum', null, null, ETH_AMOUNT), 42161, 1);
    expect(whyNotAllowed(step, rules)).toBeNull();
    const tampered = encodeFunctionData({ abi: outboxAbi, functionName: 'executeTransaction', args: [proof, position, SENDER, OTHER, message.arbBlockNum, message.ethBlockNum, timestamp, ETH_AMOUNT, '0x'] });
    expect(whyNotAllowed({ ...step, data: tampered }, rules)).toContain('not the recipient');
    const noProof = encodeFunctionData({ abi: outboxAbi, functionName: 'executeTransaction', args: [[], position, SENDER, RECIPIENT, message.arbBlockNum, message.ethBlockNum, timestamp, ETH_AMOUNT, '0x'] });
    expect(whyNotAllowed({ ...step, data: noProof }, rules)).toContain('proof');

    // A proof that does not end in the confirmed root is not handed out.
    l1.logs.length = 0;
    l1.logs.push(eventLog(OUTBOX, sendRootUpdatedEvent, { outputRoot: `0x${'99'.repeat(32)}`, l2BlockHash: blockHash }));
    expect((await venue.status(statusRequest(context), testCall())).claim).toMatchObject({ status: 'waiting', steps: [] });

    const executed = `0x${'aa'.repeat(32)}` as Hex;
    l1.answer(OUTBOX, sel(outboxAbi, 'isSpent'), () => word(1n));
    l1.logs.push(eventLog(OUTBOX, getAbiItem({ abi: outboxAbi, name: 'OutBoxTransactionExecuted' }), { to: RECIPIENT, l2Sender: SENDER, zero: 0n, transactionIndex: position }, executed));
    expect(await venue.status(statusRequest(context), testCall())).toMatchObject({ state: 'completed', venueStatus: 'EXECUTED', destinationTxHash: executed, receivedAmount: ETH_AMOUNT });
  });

  it('never hands out the execution of another withdrawal in the same transaction', async () => {
    const { venue, l1, l2 } = rig();
    l2.receipts.set(SOURCE_TX, { status: 'success', logs: [eventLog(ARB_SYS, l2ToL1TxEvent, { ...message, destination: OTHER })] });
    l1.answer(OUTBOX, sel(outboxAbi, 'isSpent'), () => word(0n));
    const status = await venue.status(statusRequest({ direction: 'withdrawal' }), testCall());
    expect(status.claim).toMatchObject({ status: 'waiting', steps: [] });
    expect(status.detail).toContain('no claim');
  });

  it('reads a USDC.e withdrawal as the gateways\' finalizeInboundTransfer to the recipient', async () => {
    const { venue, l2, l1 } = rig();
    const data = encodeFunctionData({ abi: gatewayAbi, functionName: 'finalizeInboundTransfer', args: [USDC_L1, SENDER, RECIPIENT, 7_000_000n, '0x'] });
    l2.receipts.set(SOURCE_TX, { status: 'success', logs: [eventLog(ARB_SYS, l2ToL1TxEvent, { ...message, caller: L2_ERC20_GATEWAY, destination: L1_ERC20_GATEWAY, callvalue: 0n, data })] });
    l1.answer(OUTBOX, sel(outboxAbi, 'isSpent'), () => word(0n));
    const status = await venue.status(statusRequest({ direction: 'withdrawal', l1Token: USDC_L1, l2Token: USDC_E }, 7_000_000n), testCall());
    expect(status).toMatchObject({ venueStatus: 'UNCONFIRMED', claim: { status: 'waiting' } });
    expect(status.detail).toContain('challenge period');
  });
});
