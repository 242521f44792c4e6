import type { ColumnType, Generated } from 'kysely';

/**
 * Row types of the tables in migrations/. Amounts travel as decimal strings (numeric(78,0));
 * times as epoch-ms numbers (both drivers are set to parse int8 as number).
 */

type Json = ColumnType<unknown, string, string>;
type Amount = string;

export interface DecisionsTable {
  id: string;
  request: Json;
  privacy: boolean;
  user_ip: string | null;
  fees: Json;
  pricing: ColumnType<unknown, string | undefined, string>;
  best_quote_id: string | null;
  empty_reason: string | null;
  created_at: number;
  expires_at: number;
  /** StoredQuoteRow[] (amounts as decimal strings), in rank order (migration 009). */
  quotes: ColumnType<unknown, string | undefined, string>;
  /** StoredRejection[] (migration 009). */
  rejections: ColumnType<unknown, string | undefined, string>;
}

export interface TransfersTable {
  id: string;
  decision_id: string;
  quote_id: string;
  venue: string;
  status: string;
  status_detail: string | null;
  from_chain: string;
  to_chain: string;
  from_asset: string;
  to_asset: string;
  amount_in: Amount;
  expected_out: Amount;
  min_out: Amount;
  received_amount: Amount | null;
  received_asset: string | null;
  source_tx_hash: string | null;
  destination_tx_hash: string | null;
  fee_tx_hash: string | null;
  source_tx_verification: string | null;
  claim: ColumnType<unknown, string | null, string | null>;
  post_step: ColumnType<unknown, string | null, string | null>;
  final_destination: ColumnType<unknown, string | null, string | null>;
  requester_wallet: string;
  recipient_wallet: string;
  avg_saved_bps: number;
  saved_vs_worst_bps: number;
  savings_quote_count: number;
  usd_value_bridged: string | null;
  usd_value_saved: string | null;
  privacy: boolean;
  privacy_model: string;
  build: Json;
  venue_context: Json;
  build_expires_at: number;
  created_at: number;
  submitted_at: number | null;
  updated_at: number;
  completed_at: number | null;
  next_poll_at: number | null;
  poll_attempts: Generated<number>;
  give_up_at: number | null;
  eta_seconds: number | null;
  source_tx_block: ColumnType<number | null, number | null | undefined, number | null>;
  lease_owner: string | null;
  lease_until: number | null;
  webhook_url: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface TransferEventsTable {
  transfer_id: string;
  seq: number;
  tx_id: number;
  at: number;
  /** The transfer row as committed (TransfersTable columns, amounts as text, no build or venue context). */
  transfer: unknown;
  /** The fee rows as committed (FeeRowsTable columns, amounts as text). */
  fees: unknown;
}

export interface WebhookDeliveriesTable {
  transfer_id: string;
  seq: number;
  url: string;
  attempts: Generated<number>;
  next_attempt_at: Generated<number>;
  lease_owner: string | null;
  lease_until: number | null;
  delivered_at: number | null;
  abandoned_at: number | null;
  last_error: string | null;
}

export interface TransferStepsTable {
  transfer_id: string;
  step_index: number;
  kind: string;
  vm: string;
  chain: string;
  payload: Json;
}

export interface SubmissionsTable {
  transfer_id: string;
  step_index: number;
  kind: string;
  tx_hash: string;
  signed_tx: string | null;
  verification: string;
  user_ip: string | null;
  created_at: number;
  chain: string;
  /** The hash as the chain compares it; unique per chain across every transfer (migration 005). */
  tx_key: string | null;
  nonce: number | null;
}

/** Claims that no longer hold their step (superseded, replaced, expired), kept as history. */
export interface SubmissionHistoryTable {
  transfer_id: string;
  step_index: number;
  kind: string;
  chain: string;
  tx_hash: string;
  signed_tx: string | null;
  verification: string;
  nonce: number | null;
  user_ip: string | null;
  created_at: number;
  ended_at: number;
  reason: string;
}

export interface FeeRowsTable {
  transfer_id: string;
  kind: string;
  status: string;
  bps: number;
  amount: Amount;
  asset: string;
  chain: string;
  wallet: string | null;
  tier_saved_bps: number;
  tx_hash: string | null;
}

/** One HyperCore credit per relayer-route transfer (migration 006). */
export interface HyperCoreCreditsTable {
  transfer_id: string;
  relayer: string;
  destination: string;
  balance: string;
  amount: Amount;
  activation_fee: Amount;
  paid_tx: string;
  nonce: number;
  signed_action: string;
  state: string;
  attempts: Generated<number>;
  last_error: string | null;
  tx_hash: string | null;
  created_at: number;
  updated_at: number;
}

/** One venue status poll of a transfer, as the worker heard it (migration 008). */
export interface TransferPollsTable {
  id: Generated<number>;
  transfer_id: string;
  polled_at: number;
  venue: string;
  venue_status: string | null;
  mapped_status: string | null;
  error: string | null;
}

export interface Database {
  decisions: DecisionsTable;
  transfers: TransfersTable;
  transfer_steps: TransferStepsTable;
  submissions: SubmissionsTable;
  submission_history: SubmissionHistoryTable;
  fee_rows: FeeRowsTable;
  hypercore_credits: HyperCoreCreditsTable;
  transfer_events: TransferEventsTable;
  webhook_deliveries: WebhookDeliveriesTable;
  transfer_polls: TransferPollsTable;
}
