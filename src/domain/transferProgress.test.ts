import { describe, expect, it } from 'vitest';
import { elapsedSecondsOf, substatusOf, type ProgressFacts } from './transferProgress.ts';

const pending: ProgressFacts = { status: 'PENDING', statusDetail: 'across reports pending', sourceTxVerification: 'verified', destinationTxHash: null, claim: null, postStep: null };

describe('substatus', () => {
  it.each<[string, Partial<ProgressFacts>, string]>([
    ['unsigned', { status: 'PENDING_SIGNATURE' }, 'waiting_for_signature'],
    ['submitted, venue not yet asked', { status: 'SUBMITTED' }, 'waiting_for_source_confirmation'],
    ['source hash not yet on chain', { sourceTxVerification: 'pending' }, 'waiting_for_source_confirmation'],
    ['the venue moves it', {}, 'bridging'],
    ['unverifiable source (no RPC) still bridges', { sourceTxVerification: 'unverified_no_rpc' }, 'bridging'],
    ['destination seen', { destinationTxHash: '0xd' }, 'waiting_for_destination'],
    ['claim ready to sign', { claim: { status: 'ready' } }, 'claim_ready'],
    ['claim still waiting', { claim: { status: 'waiting' } }, 'bridging'],
    ['relayer credit not landed', { postStep: { kind: 'usdSend', txHash: null } }, 'waiting_for_credit'],
    ['relayer credit landed', { postStep: { kind: 'usdSend', txHash: '0xc' } }, 'bridging'],
    ['venue refunding', { statusDetail: 'mayan reports REFUND_IN_PROGRESS' }, 'refund_in_progress'],
    ['overdue wins', { statusDetail: 'overdue: across reports refund pending' }, 'delayed'],
    ['completed', { status: 'COMPLETED', destinationTxHash: '0xd' }, 'completed'],
    ['abandoned', { status: 'ABANDONED' }, 'abandoned'],
  ])('%s', (_name, facts, expected) => {
    expect(substatusOf({ ...pending, ...facts })).toBe(expected);
  });

  it('counts elapsed seconds from submission to completion or now', () => {
    expect(elapsedSecondsOf(null, null, 10_000)).toBeNull();
    expect(elapsedSecondsOf(1_000, null, 62_999)).toBe(61);
    expect(elapsedSecondsOf(1_000, 31_000, 999_999)).toBe(30);
  });
});
