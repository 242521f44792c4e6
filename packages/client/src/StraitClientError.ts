/**
 * Something went wrong on the client's side of a transfer, never an HTTP error (those are
 * `StraitApiError`). Codes:
 * - `unsupported_step`: the build holds a step this client cannot sign (non-EVM, `redeem`, a deposit
 *   needing a memo or on a non-EVM chain); raised before anything is signed.
 * - `no_wallet_for_chain` / `no_public_client_for_chain`: nothing given signs on / reads the step's chain.
 * - `step_reverted`: a submitted step was mined and reverted.
 * - `timeout` / `aborted`: polling stopped before a terminal status.
 * - `empty_response`: a 2xx without a body.
 */
export class StraitClientError extends Error {
  override readonly name = 'StraitClientError';
  readonly code: string;
  readonly details: Record<string, unknown>;

  constructor(code: string, message: string, details: Record<string, unknown> = {}) {
    super(message);
    this.code = code;
    this.details = details;
  }
}
