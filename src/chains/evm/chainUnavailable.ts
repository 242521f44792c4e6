import { BaseError } from 'viem';
import { AppError } from '../../domain/errors.ts';

const RETRY_AFTER_MS = 5_000;

/** The RPC gave no usable answer: nothing happened on our side, so the client may simply retry. */
export function chainUnavailable(request: string, cause: unknown): AppError {
  const detail = cause instanceof BaseError ? cause.shortMessage : cause instanceof Error ? cause.message : '';
  return new AppError('chain_unavailable', `the chain's RPC gave no answer to ${request}${detail ? `: ${detail}` : ''}`, {
    retryAfterMs: RETRY_AFTER_MS,
    cause,
  });
}
