import type { components } from './generated/straitApi.ts';

/** Named shapes of the Strait API, as openapi.json's `components.schemas` defines them. */
type Schemas = components['schemas'];

export type QuoteRequest = Schemas['QuoteRequest'];
export type QuoteDecision = Schemas['QuoteDecision'];
export type QuoteRow = Schemas['QuoteRow'];
export type StreamedQuote = Schemas['StreamedQuote'];
export type Rejection = Schemas['Rejection'];
export type BuildRequest = Schemas['BuildRequest'];
export type BuildResult = Schemas['BuildResult'];
export type Step = Schemas['Step'];
export type EvmStep = Schemas['EvmStep'];
export type StepKind = Schemas['StepKind'];
export type Deposit = Schemas['Deposit'];
export type SubmitRequest = Schemas['SubmitRequest'];
export type SubmitResult = Schemas['SubmitResult'];
export type Transfer = Schemas['Transfer'];
export type TransferStatus = Schemas['TransferStatus'];
export type FeeRow = Schemas['FeeRow'];
export type ErrorEnvelope = Schemas['ErrorEnvelope'];
export type ErrorCode = ErrorEnvelope['error']['code'];

/** The states a transfer never leaves (spec §3). */
export const TERMINAL_STATUSES: readonly TransferStatus[] = ['COMPLETED', 'PARTIAL', 'REFUNDED', 'FAILED', 'ABANDONED'];
