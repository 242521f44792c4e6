// Generated from openapi.json by openapi-typescript (npm run client:generate). Do not edit.

export interface paths {
    "/bridge/source-chains": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Chains a transfer can start from
         * @description Every chain at least one routable venue accepts as an origin, with how many venues do. Cached 30 s.
         */
        get: operations["getSourceChains"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/bridge/routes": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Venues serving a pair of chains
         * @description The venues that price `fromChain` → `toChain`, each with the token symbols quote accepts there. `privacy=true` keeps the venues a private transfer may use. Cached 30 s with a weak `ETag` over the routes (not `generatedAt`); `If-None-Match` answers `304`.
         */
        get: operations["getRoutes"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/bridge/tokens": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Tokens of a chain and the venues pricing them
         * @description The native asset, Strait's registry, the vendored public token list and the tokens the venues' own published lists name on `chain`, each address once with its symbol, decimals, source and the enabled venues that price it. `fromToken`/`toToken` take any of these addresses, and any other valid one a venue prices (docs/tokens.md). Cached 30 s.
         */
        get: operations["getTokens"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/bridge/venues": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Every venue with its state and capabilities
         * @description All venues of the catalogue (registered or not), whether quote asks them now and why not, their health and what they can do.
         */
        get: operations["getVenues"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/bridge/quote": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Price a transfer at every venue and rank the answers
         * @description Asks every routable venue in parallel under one deadline and returns the rows net of every fee, ranked (`best`, `bestByPrice`, `bestByTime`), the typed reasons of the venues that did not price, and a `decisionId` to build from (docs/quotes.md, docs/fees.md).
         */
        post: operations["quote"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/bridge/build": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Turn a quote decision into unsigned steps and a transfer
         * @description Builds the chosen row (default `best`) into the steps the wallet signs — an exact `approve` when the allowance is missing, any `fee` steps, then `main` — or a `deposit` address, each checked against the venue's allow-list, and creates the transfer in `PENDING_SIGNATURE`. Idempotent per decision (docs/steps.md).
         */
        post: operations["build"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/bridge/transfers/{id}/submit": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Submit a signed step (or the hash of one already sent)
         * @description With `signedTransaction`, Strait decodes it, compares it with the built step (chain, target, calldata, value, signer), checks the allow-list again and only then broadcasts. With `txHash`, it fetches the transaction the wallet sent and verifies it the same way. `main` is accepted only after every `fee` step; one transaction pays one transfer (docs/steps.md#submit).
         */
        post: operations["submitTransfer"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/bridge/transfers/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read a transfer
         * @description The transfer and where it stands; poll until `status` is terminal (`COMPLETED`, `PARTIAL`, `REFUNDED`, `FAILED`, `ABANDONED`; docs/states.md). Fields: docs/transfer-fields.md.
         */
        get: operations["getTransfer"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/bridge/transfers/{id}/events": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Follow a transfer as Server-Sent Events
         * @description A `text/event-stream`: first the transfer as it stands, then every change (status, substatus, verification, fee rows, hashes, claim, postStep), each an event `transfer` whose `data` is the Transfer and whose `id` numbers the transfer's changes from 1. Reconnect with `Last-Event-ID` (or `?lastEventId=`) to receive every change after it; nothing is missed. `: heartbeat` comments keep the connection open. The stream ends after a terminal status; a resume past it answers `204`. Not rate limited, but at most STRAIT_EVENTS_MAX_STREAMS_PER_IP open streams per IP (docs/events.md).
         */
        get: operations["streamTransferEvents"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        /** @description chain key (spec §3) */
        ChainKey: "ethereum" | "arbitrum" | "optimism" | "base" | "polygon" | "bnb" | "avalanche" | "linea" | "scroll" | "zksync" | "mantle" | "blast" | "mode" | "gnosis" | "celo" | "unichain" | "sonic" | "ink" | "plume" | "worldchain" | "monad" | "sei" | "xlayer" | "plasma" | "berachain" | "hyperevm" | "stable" | "robinhood" | "arc" | "fantom" | "zircuit" | "lisk" | "soneium" | "abstract" | "taiko" | "metis" | "moonbeam" | "aurora" | "cronos" | "opbnb" | "ronin" | "rootstock" | "citrea" | "botanix" | "katana" | "solana" | "fogo" | "eclipse" | "bitcoin" | "litecoin" | "dogecoin" | "bitcoincash" | "zcash" | "dash" | "sui" | "aptos" | "movement" | "starknet" | "tron" | "ton" | "stellar" | "cardano" | "xrpl" | "near" | "algorand" | "polkadot" | "assethub" | "injective" | "noble" | "osmosis" | "cosmoshub" | "hypercore" | "lighter";
        /** @description what a step does: `approve` (exact allowance), `fee` (a platform or referral cut), `main` (the bridge call or deposit) */
        StepKind: "approve" | "fee" | "main" | "redeem";
        /** @description transfer state (docs/states.md) */
        TransferStatus: "PENDING_SIGNATURE" | "SUBMITTED" | "PENDING" | "COMPLETED" | "PARTIAL" | "REFUNDED" | "FAILED" | "ABANDONED";
        /** @description what Strait could check of a submitted transaction on its chain */
        Verification: "verified" | "pending" | "unverified_no_rpc" | "unverified_rpc_error" | "refuted";
        /** @description Every error answer (spec §7). */
        ErrorEnvelope: {
            error: {
                /** @description stable code (docs/errors.md) */
                code: "invalid_request" | "malformed_json" | "unsupported_media_type" | "payload_too_large" | "malformed_request" | "headers_too_large" | "request_timeout" | "route_not_found" | "same_chain" | "unknown_token" | "token_not_priced" | "invalid_amount" | "invalid_sender" | "invalid_recipient" | "invalid_referral_wallet" | "invalid_referral_bps" | "referral_incomplete" | "invalid_user_ip" | "decision_not_found" | "quote_not_found" | "no_executable_quote" | "privacy_venue_required" | "quote_expired" | "quote_drifted" | "decision_already_built" | "insufficient_balance" | "unsafe_venue_answer" | "venue_unavailable" | "transfer_not_found" | "invalid_webhook_url" | "webhook_url_forbidden" | "webhooks_not_configured" | "invalid_last_event_id" | "too_many_streams" | "invalid_submission" | "step_not_allowed" | "claim_already_made" | "step_not_built" | "source_tx_claimed" | "fee_steps_required" | "transfer_abandoned" | "step_already_signed" | "build_expired" | "invalid_signed_transaction" | "transaction_mismatch" | "nonce_too_low" | "nonce_too_high" | "transaction_underpriced" | "insufficient_funds" | "broadcast_rejected" | "blockhash_expired" | "chain_unavailable" | "no_rpc_for_chain" | "rate_limited" | "service_unavailable" | "internal_error";
                /** @description plain-language explanation */
                message: string;
                /** @description code-specific fields, e.g. `issues` for `invalid_request` */
                details?: {
                    [key: string]: unknown;
                };
                /** @description when retriable: how long to wait */
                retryAfterMs?: number;
            };
        };
        SourceChain: {
            chain: components["schemas"]["ChainKey"];
            /** @description routable venues accepting this origin */
            venues: number;
        };
        /** @description Chains a transfer can start from, each with how many venues accept it. */
        SourceChains: {
            chains: components["schemas"]["SourceChain"][];
        };
        /** @description A venue serving the pair, with the token symbols quote accepts on it. */
        Route: {
            venue: string;
            enabled: boolean;
            /** @description at most 50 symbols; tokenSymbolCount is exact */
            tokenSymbols: string[];
            tokenSymbolCount: number;
        };
        /** @description The venues serving a pair of chains. */
        Routes: {
            fromChain: components["schemas"]["ChainKey"];
            toChain: components["schemas"]["ChainKey"];
            privacy: boolean;
            /** @description epoch milliseconds */
            generatedAt: number;
            routes: components["schemas"]["Route"][];
        };
        /** @description A token of the chain. `address: null` is the native asset. */
        Token: {
            address: string | null;
            /** @description as its source names it; several tokens may share one, so quote by address */
            symbol: string;
            decimals: number;
            /** @description where Strait found it: its own registry (quotable by symbol), the vendored public token list, or a venue's published list (docs/tokens.md) */
            source: "registry" | "public_list" | "venue_list";
            /** @description ids of the enabled venues whose coverage serves the token on this chain, from or to some other chain */
            venues: string[];
        };
        /** @description The tokens known on a chain: the native asset, then the registry's, the public list's and the venues' lists' tokens, each address once. */
        Tokens: {
            chain: components["schemas"]["ChainKey"];
            /** @description epoch milliseconds */
            generatedAt: number;
            tokens: components["schemas"]["Token"][];
        };
        /** @description What a venue does and needs. */
        Capabilities: {
            archetype: "aggregator" | "intent" | "pool" | "canonical" | "offchain";
            tradeTypes: string[];
            executionShapes: string[];
            feeCapture: "venue-param" | "none";
            requiresUserIp: boolean;
            privacyModel: "unlinkable" | "custodial-hop" | "none";
        };
        /** @description One venue of the catalogue with its state and capabilities. */
        Venue: {
            venue: string;
            /** @description registered, enabled and not unhealthy: quote asks it */
            routable: boolean;
            notRoutableReason: string | null;
            enabled: boolean;
            /** @description false for catalogue venues Strait has no adapter for yet */
            registered: boolean;
            snapshotFresh: boolean;
            snapshotAgeMs: number | null;
            health: "healthy" | "degraded" | "unhealthy" | "unknown";
            reason: string | null;
            capabilities: components["schemas"]["Capabilities"] | null;
        };
        /** @description Every venue of the catalogue. */
        Venues: {
            venues: components["schemas"]["Venue"][];
        };
        /** @description What to move, from and to whom (spec §4, docs/quotes.md). Unknown fields are refused. */
        QuoteRequest: {
            /** @description chain key */
            fromChain: string;
            /** @description chain key */
            toChain: string;
            fromToken: string | null;
            toToken: string | null;
            /** @description positive integer, atomic units, at most 78 digits: of `fromToken` (what the sender sends) for `EXACT_IN`, of `toToken` (what the recipient receives, exactly) for `EXACT_OUT` */
            amountAtomic: string;
            /** @description `EXACT_IN` (default): `amountAtomic` is the input. `EXACT_OUT`: the recipient receives exactly `amountAtomic`; each row says what the sender pays (`amountInAtomic`) and rows rank by least input. `MIN_OUT` is reserved: no venue prices it yet (each answers `trade_type_not_supported`). Venues that cannot price the trade type are rejected with `trade_type_not_supported` (docs/quotes.md). */
            tradeType?: "EXACT_IN" | "EXACT_OUT" | "MIN_OUT";
            sender: string;
            recipient: string;
            referralWallet?: string;
            /** @description integer 0 to 15; with referralWallet */
            referralBps?: number;
            privacy?: boolean;
            userIp?: string;
        };
        /** @description One venue's priced answer, net of every fee. */
        QuoteRow: {
            venue: string;
            quoteId: string;
            /** @description integer amount in the asset's atomic units */
            amountInAtomic: string;
            /** @description integer amount in the asset's atomic units */
            amountOutAtomic: string;
            /** @description integer amount in the asset's atomic units */
            minAmountOutAtomic: string;
            estimatedSeconds: number | null;
            feeBps: number;
            /** @description integer amount in the asset's atomic units */
            feeAmountAtomic: string;
            tierSavedBps: number;
            executable: boolean;
            /** @description `ok` when build turns the row into steps; `quote_only` when Strait shows the price but cannot build steps for this venue from this source chain yet (docs/quotes.md) */
            eligibility: string;
            /** @description epoch milliseconds */
            expiresAt: number;
            /** @description present when the transfer will need a claim: one more transaction on the destination, signed (and paid for in gas) after the venue's part (docs/transfer-fields.md#claim) */
            claim?: {
                /** @description the chain the claim is sent on (the destination) */
                chain: string;
                /** @description the redeem steps it takes, in order */
                actions: string[];
                signer: "anyone" | "recipient";
            };
        };
        /** @description Why a venue did not price (docs/errors.md, rejection reasons). */
        Rejection: {
            venue: string;
            code: "below_min" | "above_max" | "privacy_venue_required" | "invalid_input" | "token_not_supported" | "trade_type_not_supported" | "route_not_served" | "no_liquidity" | "venue_disabled" | "breaker_open" | "venue_timeout" | "venue_rate_limited" | "venue_bad_response" | "venue_error";
            message: string;
            details?: {
                [key: string]: unknown;
            };
        };
        /** @description A `quote` event of the quote stream: one venue's answer the moment it arrives, before ranking (docs/quotes.md, streaming). */
        StreamedQuote: {
            venue: string;
            /** @description integer amount in the asset's atomic units */
            amountInAtomic: string;
            /** @description what the venue quoted, before Strait's cuts (those depend on every row, so they are in the final decision only) */
            venueAmountOutAtomic: string;
            /** @description integer amount in the asset's atomic units */
            venueMinAmountOutAtomic: string;
            estimatedSeconds: number | null;
            executable: boolean;
        };
        /** @description The platform fee and referral share of the best row (docs/fees.md). */
        Fees: {
            platform: {
                bps: number;
                /** @description integer amount in the asset's atomic units */
                amountAtomic: string;
                asset: string;
                tierSavedBps: number;
            } | null;
            referral: {
                bps: number;
                /** @description integer amount in the asset's atomic units */
                amountAtomic: string;
                asset: string;
                wallet: string;
            } | null;
        };
        /** @description The ranked rows, the rejections and the decision to build from. */
        QuoteDecision: {
            /** Format: uuid */
            decisionId: string;
            best: components["schemas"]["QuoteRow"] | null;
            bestByPrice: string | null;
            bestByTime: string | null;
            quotes: components["schemas"]["QuoteRow"][];
            rejected: components["schemas"]["Rejection"][];
            fees: components["schemas"]["Fees"];
            /** @description epoch milliseconds */
            expiresAt: number;
            emptyReason?: string;
            /** @description plain-language notes on cuts not collected and prices missing (docs/fees.md) */
            notes: string[];
        };
        /** @description The decision to build, and optionally which row (default: `best`). */
        BuildRequest: {
            decisionId: string;
            quoteId?: string;
            privacy?: boolean;
            /** @description whether the wallet signs EIP-5792 bundles (wallet_sendCalls); default true. With false, fee steps are offered as separate transactions (`feeCapture: separate-step`, no `feeBatch`) */
            walletBatching?: boolean;
            /** @description an http(s) URL Strait POSTs every change of the transfer to, signed per Standard Webhooks; refused `400 webhook_url_forbidden` when it resolves to a loopback, private or link-local address (docs/events.md#webhooks) */
            webhookUrl?: string;
        };
        /** @description EVM transaction: the wallet picks nonce and gas, and signs `to`, `data` and `value` unchanged */
        EvmStep: {
            /** @enum {string} */
            vm: "evm";
            step: components["schemas"]["StepKind"];
            chainId: number;
            to: string;
            data: string;
            /** @description integer amount in the asset's atomic units */
            value: string;
        };
        /** @description Solana transaction, serialized; with `refreshBlockhash` the wallet may replace the blockhash */
        SvmStep: {
            /** @enum {string} */
            vm: "svm";
            step: components["schemas"]["StepKind"];
            serializedTx: string;
            encoding: "base64" | "hex";
            refreshBlockhash: boolean;
        };
        /** @description Tron transaction: sign `txID` (sha256 of `raw_data`) and submit the signed transaction JSON or its txID */
        TronStep: {
            /** @enum {string} */
            vm: "tron";
            step: components["schemas"]["StepKind"];
            txID: string;
            rawDataHex: string;
            contractAddress: string | null;
            /** @description integer amount in the asset's atomic units */
            callValue: string;
        };
        /** @description UTXO transfer with memo */
        UtxoStep: {
            /** @enum {string} */
            vm: "utxo";
            step: components["schemas"]["StepKind"];
            chain: string;
            psbt: string | null;
            outputs: {
                address: string;
                /** @description integer amount in the asset's atomic units */
                amountAtomic: string;
            }[];
            memo: string | null;
        };
        /** @description a plain transfer the wallet composes itself, on chains where Strait does not build transactions */
        TransferStep: {
            /** @enum {string} */
            vm: "transfer";
            step: components["schemas"]["StepKind"];
            chain: string;
            to: string;
            asset: string | null;
            /** @description integer amount in the asset's atomic units */
            amountAtomic: string;
            memo: string | null;
        };
        /** @description an intent or permit signature (eth_signTypedData_v4 of `typedData` exactly as given); submit the 65-byte signature as `signedTransaction`, optionally with the `typedData` signed (docs/steps.md#submit-a-signature) */
        Eip712Step: {
            /** @enum {string} */
            vm: "eip712";
            step: components["schemas"]["StepKind"];
            chainId: number;
            typedData: {
                domain: {
                    [key: string]: unknown;
                };
                types: {
                    [key: string]: unknown;
                };
                primaryType: string;
                message: {
                    [key: string]: unknown;
                };
            };
        };
        /** @description raw messages a venue acts on when signed (Meson's swap request and release): `personal_sign` each of `messages` exactly as given (viem `signMessage({ message: { raw } })`); submit the signatures as `signedTransaction`, comma-separated in the order of `messages`, optionally with the `messages` signed (docs/steps.md#submit-a-signature) */
        MessageStep: {
            /** @enum {string} */
            vm: "message";
            step: components["schemas"]["StepKind"];
            /** @description the chain whose wallet signs (the source chain) */
            chainId: number;
            /**
             * @description EIP-191: each message is signed as `\x19Ethereum Signed Message:\n` + its byte length + its bytes
             * @enum {string}
             */
            method: "personal_sign";
            /** @description raw bytes (lower-case 0x hex) to sign as bytes, never as text, each with its own signature, in order */
            messages: string[];
        };
        /** @description Cosmos SDK messages (e.g. an IBC MsgTransfer) the wallet signs in one transaction */
        CosmosStep: {
            /** @enum {string} */
            vm: "cosmos";
            step: components["schemas"]["StepKind"];
            chainId: string;
            messages: {
                [key: string]: unknown;
            }[];
            memo: string;
        };
        /** @description Sui transaction */
        SuiStep: {
            /** @enum {string} */
            vm: "sui";
            step: components["schemas"]["StepKind"];
            /** @description base64 TransactionData */
            txBytes: string;
        };
        /** @description TON Connect `sendTransaction` request */
        TonStep: {
            /** @enum {string} */
            vm: "ton";
            step: components["schemas"]["StepKind"];
            validUntil: number;
            messages: {
                address: string;
                /** @description integer amount in the asset's atomic units */
                amountAtomic: string;
                payload: string | null;
            }[];
        };
        /** @description One transaction or signature for the wallet, by `vm` (docs/steps.md) */
        Step: components["schemas"]["EvmStep"] | components["schemas"]["SvmStep"] | components["schemas"]["TronStep"] | components["schemas"]["UtxoStep"] | components["schemas"]["TransferStep"] | components["schemas"]["Eip712Step"] | components["schemas"]["MessageStep"] | components["schemas"]["CosmosStep"] | components["schemas"]["SuiStep"] | components["schemas"]["TonStep"];
        /** @description For deposit-address venues: what the wallet sends, where, by when. */
        Deposit: {
            address: string;
            /** @description integer amount in the asset's atomic units */
            amountAtomic: string;
            /** @description epoch milliseconds */
            deadlineMs: number;
            memo: string | null;
            token: string | null;
            chain: string;
        };
        /** @description The steps to sign (or a deposit address) and the transfer they belong to. */
        BuildResult: {
            /** Format: uuid */
            transferId: string;
            venue: string;
            /** @description every transaction to sign, in order (docs/steps.md); with `deposit`, present only when fee steps must be signed beside the deposit */
            steps?: components["schemas"]["Step"][];
            deposit?: components["schemas"]["Deposit"];
            /** @description epoch milliseconds */
            expiresAt: number;
            /** @description integer amount in the asset's atomic units */
            amountInAtomic: string;
            /** @description integer amount in the asset's atomic units */
            expectedOutAtomic: string;
            /** @description integer amount in the asset's atomic units */
            minOutAtomic: string;
            feeCapture: "venue-param" | "merged" | "separate-step" | "batch" | "none";
            referralCapture: ("merged" | "batch" | "separate-step" | "none") | null;
            feeBasis: "carved" | "added";
            feeBatch: {
                chainId: number;
                stepIndexes: number[];
            } | null;
            permit: {
                [key: string]: unknown;
            } | null;
            relayFeePermit: {
                [key: string]: unknown;
            } | null;
            spotTransfer: {
                [key: string]: unknown;
            } | null;
            requoted: boolean;
            /** @description native units of the source chain the `main` step sends beyond the amount: the venue's own fee (a LayerZero message, Axelar gas), at most STRAIT_MAX_NATIVE_FEE_USD; `0` for most venues (docs/steps.md#native-fees) */
            nativeFeeAtomic?: string;
        };
        /** @description For an `eip712` step only: the typed data the wallet signed, as the wallet had it. Strait compares it with the built step field for field (address and hex case, integers as numbers or strings, and an `EIP712Domain` entry matching the domain are not differences) and refuses any other difference with `422 transaction_mismatch`, whose `details.mismatches` name each path (`message.recipient`, `types.Order[1].type`, …). Optional: the signature is always checked against the stored typed data. */
        SignedTypedData: {
            domain: {
                [key: string]: unknown;
            };
            types: {
                [key: string]: unknown;
            };
            primaryType: string;
            message: {
                [key: string]: unknown;
            };
        };
        /** @description Strait broadcasts the signed step. */
        SubmitSigned: {
            /** @description the signed transaction (EVM: 0x-hex RLP; Solana: base64 or base58), which Strait verifies against the built step and then broadcasts; for an `eip712` step, the signature (0x + 130 hex digits, `v` 27/28 or 0/1; or 0x + 128, EIP-2098 compact), which Strait verifies and forwards to the venue; for a `message` step, one such signature per message, comma-separated in the order of `messages` */
            signedTransaction: string;
            step: components["schemas"]["StepKind"];
            /** @description the end user's IP, for venues that need it */
            userIp?: string;
            typedData?: components["schemas"]["SignedTypedData"];
            /** @description For a `message` step only: the messages the wallet signed, as it had them. Compared with the built ones (hex in any case is the same message); any other difference is `422 transaction_mismatch` naming `messages[i]`. Optional: the signatures are always checked against the stored messages. */
            messages?: string[];
        };
        /** @description The wallet broadcast the step itself; Strait fetches and verifies it. */
        SubmitTxHash: {
            /** @description hash (EVM) or signature (Solana) of a transaction the wallet broadcast itself */
            txHash: string;
            step: components["schemas"]["StepKind"];
            /** @description the end user's IP, for venues that need it */
            userIp?: string;
        };
        /** @description Exactly one of `signedTransaction` and `txHash` (both or neither: `400 invalid_submission`). */
        SubmitRequest: components["schemas"]["SubmitSigned"] | components["schemas"]["SubmitTxHash"];
        /** @description What Strait did with the submitted step. */
        SubmitResult: {
            /** Format: uuid */
            transferId: string;
            status: components["schemas"]["TransferStatus"];
            txHash: string;
            step: components["schemas"]["StepKind"];
            /** @description false when this transaction was already submitted for the step (idempotent) */
            accepted: boolean;
            verification: components["schemas"]["Verification"] | null;
        };
        /** @description One cut of the transfer (platform or referral) and whether it was paid (docs/fees.md). */
        FeeRow: {
            kind: string;
            status: "offered" | "expected" | "settled" | "void";
            bps: number;
            /** @description integer amount in the asset's atomic units */
            amountAtomic: string;
            asset: string;
            chain: string;
            wallet: string | null;
            tierSavedBps: number;
            txHash: string | null;
        };
        /** @description What happened after the venue: for a HyperCore destination reached through the relayer, its credit. `txHash` and `creditedAmountAtomic` are set once the credit lands; on `failed`, `heldAtomic` is the USDC the relayer holds for the transfer. */
        PostStep: {
            /**
             * @description Strait's relayer credited a HyperCore account (docs/hypercore.md).
             * @enum {string}
             */
            type: "hypercore_credit";
            /** @description The exchange action the relayer signed: `usdSend` to the perps balance, `spotSend` to the spot balance. */
            action: "usdSend" | "spotSend";
            balance: "perps" | "spot";
            status: "credited" | "failed";
            /** @description The relayer's address: paid on arbitrum, sender of the credit on HyperCore. */
            relayer: string;
            txHash: string | null;
            creditedAmountAtomic: string | null;
            /** @description integer amount in the asset's atomic units */
            activationFeeAtomic: string;
            /** @description The nonce of the signed action; one per transfer. */
            nonce?: number;
            /** @description The arbitrum transaction that paid the relayer for this transfer. */
            paidTxHash?: string;
            /** @description integer amount in the asset's atomic units */
            heldAtomic?: string;
            /** @description epoch milliseconds */
            creditedAt?: number;
        } & {
            [key: string]: unknown;
        };
        /** @description A transaction on the destination chain the transfer needs after the venue's part (docs/transfer-fields.md#claim). The transfer stays `PENDING` until the claim lands. */
        Claim: {
            /** @description `waiting` (the venue's part is not done, or a challenge period runs), `ready` (sign `steps` now), `submitted` (a redeem transaction is on record; waiting for it to land), `claimed` (it landed; the transfer completes) */
            status: "waiting" | "ready" | "submitted" | "claimed";
            /** @description the chain the redeem steps are sent on (the destination) */
            chain: string;
            /** @description the redeem steps this claim takes, in order: `receiveMessage` (CCTP), or `prove` then `finalize` (an L2 withdrawal) */
            actions: string[];
            /** @description who the destination contract lets send the redeem. Strait accepts a submission signed by the requester or the recipient; a redeem anyone else sends still completes the transfer */
            signer: "anyone" | "recipient";
            claimableAt: string | null;
            secondsUntilClaimable: number | null;
            /** @description the unsigned `redeem` steps to sign now, in order (EVM, on `chain`); empty unless `ready`. Submit each with `step: "redeem"` */
            steps: components["schemas"]["Step"][];
            txHash: string | null;
            /** @description why this transfer needs a claim */
            reason: string;
            /** @description what is awaited, for people; never parsed */
            detail: string;
        };
        /** @description where the transfer stands, for a person (docs/events.md#progress) */
        TransferSubstatus: "waiting_for_signature" | "waiting_for_source_confirmation" | "bridging" | "waiting_for_destination" | "waiting_for_credit" | "claim_ready" | "refund_in_progress" | "delayed" | "completed" | "partial" | "refunded" | "failed" | "abandoned";
        /** @description A transaction's page on its chain's public explorer. */
        ExplorerLink: {
            /** @description the hash it shows: `sourceTxHash`, `feeTxHash`, `destinationTxHash`, `postStep.txHash`, `claim.txHash` or `fees[<kind>].txHash` */
            field: string;
            chain: string;
            txHash: string;
            /** Format: uri */
            url: string;
        };
        /** @description A transfer and where it stands (docs/transfer-fields.md, docs/states.md). */
        Transfer: {
            /** Format: uuid */
            transferId: string;
            status: components["schemas"]["TransferStatus"];
            substatus: components["schemas"]["TransferSubstatus"];
            statusDetail: string | null;
            etaSeconds: number | null;
            elapsedSeconds: number | null;
            /** @description a public explorer page for every transaction hash the transfer names, on chains that have one (docs/events.md#explorer-links) */
            explorerLinks: components["schemas"]["ExplorerLink"][];
            venue: string;
            fromChain: string;
            toChain: string;
            fromAsset: string;
            toAsset: string;
            /** @description integer amount in the asset's atomic units */
            amountInAtomic: string;
            /** @description integer amount in the asset's atomic units */
            expectedOutAtomic: string;
            /** @description integer amount in the asset's atomic units */
            minOutAtomic: string;
            receivedAmountAtomic: string | null;
            receivedAsset: string | null;
            sourceTxHash: string | null;
            destinationTxHash: string | null;
            feeTxHash: string | null;
            sourceTxVerification: components["schemas"]["Verification"] | null;
            claim: components["schemas"]["Claim"] | null;
            postStep: components["schemas"]["PostStep"] | null;
            finalDestination: {
                [key: string]: unknown;
            } | null;
            requesterWallet: string;
            recipientWallet: string;
            avgSavedBps: number;
            savedVsWorstBps: number;
            savingsQuoteCount: number;
            usdValueBridged: string | null;
            usdValueSaved: string | null;
            privacy: boolean;
            privacyModel: string;
            /** @description epoch milliseconds */
            buildExpiresAtMs: number;
            /** @description epoch milliseconds */
            createdAt: number;
            submittedAt: number | null;
            /** @description epoch milliseconds */
            updatedAt: number;
            completedAt: number | null;
            fees: components["schemas"]["FeeRow"][];
        };
    };
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    getSourceChains: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The source chains, in the spec's chain order */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SourceChains"];
                };
            };
            /**
             * @description `invalid_request`: The request does not match the schema; `details.issues` lists each problem with its path.
             *
             *     `malformed_request`: The HTTP request itself does not parse (a malformed request line or header, a control character in the path); it was refused before routing and the connection closed.
             */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `route_not_found`: No endpoint has this method and path. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `request_timeout`: The request did not arrive whole in time; the connection was closed. */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `headers_too_large`: The request headers are larger than the service accepts (16 KiB in all). */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `internal_error`: An unexpected fault; it is logged with the request id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `service_unavailable`: The store is unreachable; retry after `retryAfterMs`. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getRoutes: {
        parameters: {
            query: {
                /** @example base */
                fromChain: components["schemas"]["ChainKey"];
                /** @example arbitrum */
                toChain: components["schemas"]["ChainKey"];
                /** @description true narrows to venues a private transfer may use */
                privacy?: "true" | "false";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The routes of the pair */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Routes"];
                };
            };
            /** @description Not modified (If-None-Match matched the ETag) */
            304: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /**
             * @description `invalid_request`: The request does not match the schema; `details.issues` lists each problem with its path.
             *
             *     `malformed_request`: The HTTP request itself does not parse (a malformed request line or header, a control character in the path); it was refused before routing and the connection closed.
             *
             *     `same_chain`: `fromChain` and `toChain` are the same; Strait prices cross-chain transfers only.
             */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `route_not_found`: No endpoint has this method and path. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `request_timeout`: The request did not arrive whole in time; the connection was closed. */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `headers_too_large`: The request headers are larger than the service accepts (16 KiB in all). */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `internal_error`: An unexpected fault; it is logged with the request id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `service_unavailable`: The store is unreachable; retry after `retryAfterMs`. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getTokens: {
        parameters: {
            query: {
                /** @example base */
                chain: components["schemas"]["ChainKey"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The tokens of the chain, native first */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Tokens"];
                };
            };
            /**
             * @description `invalid_request`: The request does not match the schema; `details.issues` lists each problem with its path.
             *
             *     `malformed_request`: The HTTP request itself does not parse (a malformed request line or header, a control character in the path); it was refused before routing and the connection closed.
             */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `route_not_found`: No endpoint has this method and path. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `request_timeout`: The request did not arrive whole in time; the connection was closed. */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `headers_too_large`: The request headers are larger than the service accepts (16 KiB in all). */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `internal_error`: An unexpected fault; it is logged with the request id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `service_unavailable`: The store is unreachable; retry after `retryAfterMs`. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getVenues: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The venues, in catalogue order */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Venues"];
                };
            };
            /**
             * @description `invalid_request`: The request does not match the schema; `details.issues` lists each problem with its path.
             *
             *     `malformed_request`: The HTTP request itself does not parse (a malformed request line or header, a control character in the path); it was refused before routing and the connection closed.
             */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `route_not_found`: No endpoint has this method and path. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `request_timeout`: The request did not arrive whole in time; the connection was closed. */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `headers_too_large`: The request headers are larger than the service accepts (16 KiB in all). */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `internal_error`: An unexpected fault; it is logged with the request id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `service_unavailable`: The store is unreachable; retry after `retryAfterMs`. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    quote: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["QuoteRequest"];
            };
        };
        responses: {
            /** @description The ranked quotes and the decision; with `Accept: text/event-stream`, a stream of `rejection` (Rejection) and `quote` (StreamedQuote) events as venues answer, then one `decision` event (this JSON answer) or an `error` event (the error envelope), and the stream ends */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["QuoteDecision"];
                    "text/event-stream": string;
                };
            };
            /**
             * @description `invalid_request`: The request does not match the schema; `details.issues` lists each problem with its path.
             *
             *     `malformed_request`: The HTTP request itself does not parse (a malformed request line or header, a control character in the path); it was refused before routing and the connection closed.
             *
             *     `malformed_json`: The body is not valid JSON.
             *
             *     `same_chain`: `fromChain` and `toChain` are the same; Strait prices cross-chain transfers only.
             *
             *     `unknown_token`: The token is not a known symbol or a valid address on that chain; `details.field` names which.
             *
             *     `token_not_priced`: The token address is valid on that chain but no enabled venue prices it there (or, on this corridor, to or from the other token), or its decimals could not be learned; `details` names the field, chain and address (docs/tokens.md).
             *
             *     `invalid_amount`: `amountAtomic` must be a positive integer string of at most 78 digits and at most 2^256 − 1.
             *
             *     `invalid_sender`: `sender` is not a valid address on the source chain, or is the zero address.
             *
             *     `invalid_recipient`: `recipient` is not a valid address on the destination chain, or is one that cannot hold funds: the zero address or a token contract (docs/quotes.md).
             *
             *     `invalid_referral_wallet`: `referralWallet` is not a valid address for the source chain's virtual machine.
             *
             *     `invalid_referral_bps`: `referralBps` must be an integer from 0 to 15.
             *
             *     `referral_incomplete`: `referralWallet` and `referralBps` must be given together or not at all.
             *
             *     `invalid_user_ip`: `userIp` is not an IPv4 or IPv6 address.
             */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `route_not_found`: No endpoint has this method and path. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `request_timeout`: The request did not arrive whole in time; the connection was closed. */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `payload_too_large`: The body is larger than the service accepts (64 KiB). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `unsupported_media_type`: A request with a body must be sent as `Content-Type: application/json`. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `rate_limited`: Too many requests from this IP or wallet, or submits to this transfer not proven to come from its requester (docs/operations.md#rate-limits-spec-8); `details.exceeded` names the counters, `retryAfterMs` holds the longer wait and `Retry-After` is sent. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `headers_too_large`: The request headers are larger than the service accepts (16 KiB in all). */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `internal_error`: An unexpected fault; it is logged with the request id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /**
             * @description `service_unavailable`: The store is unreachable; retry after `retryAfterMs`.
             *
             *     `chain_unavailable`: The chain's RPC did not answer and nothing was recorded; the transaction may or may not have reached the chain. Retrying the same bytes after `retryAfterMs` is safe: Strait never broadcasts a step twice.
             */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    build: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["BuildRequest"];
            };
        };
        responses: {
            /** @description The steps to sign and the transfer */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BuildResult"];
                };
            };
            /**
             * @description `invalid_request`: The request does not match the schema; `details.issues` lists each problem with its path.
             *
             *     `malformed_request`: The HTTP request itself does not parse (a malformed request line or header, a control character in the path); it was refused before routing and the connection closed.
             *
             *     `malformed_json`: The body is not valid JSON.
             *
             *     `invalid_webhook_url`: `webhookUrl` is not an absolute http(s) URL without credentials, or its host does not resolve; nothing was built.
             *
             *     `webhook_url_forbidden`: `webhookUrl` resolves to a loopback, private, link-local or otherwise non-public address (`details.address`) the operator has not allowed (STRAIT_WEBHOOK_ALLOW_HOSTS); nothing was built (docs/events.md#webhooks).
             *
             *     `webhooks_not_configured`: The build names a `webhookUrl` but the operator has set no signing secret (STRAIT_WEBHOOK_SECRET); build without it and follow the transfer's event stream instead.
             */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /**
             * @description `route_not_found`: No endpoint has this method and path.
             *
             *     `decision_not_found`: No quote decision has this `decisionId`.
             *
             *     `quote_not_found`: The decision has no row with this `quoteId`.
             */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `request_timeout`: The request did not arrive whole in time; the connection was closed. */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /**
             * @description `no_executable_quote`: The decision has no row a wallet can sign (nothing priced, or the chosen row is not executable).
             *
             *     `privacy_venue_required`: The decision was made under `privacy: true` and the chosen venue is public.
             *
             *     `quote_drifted`: The venue's price moved below the quoted minimum between quote and build; request a new quote.
             *
             *     `decision_already_built`: The decision was already built with another row (`details.quoteId`, `details.transferId`); a decision builds one transfer. Request a new quote to build another row.
             */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `quote_expired`: The quote is past its `expiresAt`; request a new quote. */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `payload_too_large`: The body is larger than the service accepts (64 KiB). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `unsupported_media_type`: A request with a body must be sent as `Content-Type: application/json`. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `insufficient_balance`: The sender holds less of the source asset than `amountAtomic` (read from the source chain's RPC); `details.balanceAtomic` and `details.amountAtomic` hold both. Nothing was built. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `rate_limited`: Too many requests from this IP or wallet, or submits to this transfer not proven to come from its requester (docs/operations.md#rate-limits-spec-8); `details.exceeded` names the counters, `retryAfterMs` holds the longer wait and `Retry-After` is sent. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `headers_too_large`: The request headers are larger than the service accepts (16 KiB in all). */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `internal_error`: An unexpected fault; it is logged with the request id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `unsafe_venue_answer`: The venue answered with a transaction outside its allow-list (an unknown contract, function or payee) or an answer its adapter refuses as impossible (amounts that do not match, a deposit address not valid for the chain); nothing was built, the venue is marked degraded and the answer counts as its fault. */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /**
             * @description `service_unavailable`: The store is unreachable; retry after `retryAfterMs`.
             *
             *     `venue_unavailable`: The venue did not answer the build request in time or in a shape Strait accepts, or asked Strait to wait for its rate limit; nothing was built. The same build may be retried after `retryAfterMs`.
             */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    submitTransfer: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description transferId from build */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SubmitRequest"];
            };
        };
        responses: {
            /** @description The submission was recorded (or had been: `accepted: false`) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SubmitResult"];
                };
            };
            /**
             * @description `invalid_request`: The request does not match the schema; `details.issues` lists each problem with its path.
             *
             *     `malformed_request`: The HTTP request itself does not parse (a malformed request line or header, a control character in the path); it was refused before routing and the connection closed.
             *
             *     `malformed_json`: The body is not valid JSON.
             *
             *     `invalid_submission`: Exactly one of `signedTransaction` and `txHash` must be given, and a `txHash` must be a hash of the step's chain (0x and 64 hex digits on EVM, a base58 signature on Solana, a 64-hex txid on Bitcoin-family chains and Tron, …; docs/steps.md). A deposit funded from a chain Strait broadcasts nothing on takes only a `txHash`.
             *
             *     `invalid_signed_transaction`: `signedTransaction` does not decode as a signed transaction of the step's chain.
             */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /**
             * @description `route_not_found`: No endpoint has this method and path.
             *
             *     `transfer_not_found`: No transfer has this id.
             */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `request_timeout`: The request did not arrive whole in time; the connection was closed. */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /**
             * @description `step_not_built`: The transfer has no built step of this kind.
             *
             *     `claim_already_made`: The transfer's claim already landed on the destination (someone sent the redeem); a `redeem` would only revert. Nothing was broadcast or recorded.
             *
             *     `step_not_allowed`: The built step no longer passes the allow-list check at submit; nothing was broadcast.
             *
             *     `source_tx_claimed`: The transaction already pays another step, of this transfer or of another one; one on-chain transaction pays one step of one transfer. `details.chain` and `details.txHash` name it. Nothing was broadcast or recorded.
             *
             *     `fee_steps_required`: The `main` step is accepted only once every built `fee` step has a submission that is verified (or cannot be checked: no RPC); `details.missingSteps` names each one still missing. Nothing was broadcast or recorded.
             *
             *     `transfer_abandoned`: The transfer is `ABANDONED`: its built steps can no longer move funds (their deadlines passed); request a new quote. Nothing was broadcast or recorded.
             *
             *     `nonce_too_low`: The chain refused the transaction: its nonce is already used. Nothing was recorded.
             *
             *     `nonce_too_high`: The transaction's nonce (signed bytes, or an unmined transaction submitted by hash) is above the signer's next one (`details.nonce`, `details.expectedNonce`): the node would only queue it behind a gap, and it would never be mined. Nothing was broadcast or recorded; sign again with `expectedNonce`, or retry after `retryAfterMs` once the transactions before it are sent.
             *
             *     `blockhash_expired`: The chain refused the Solana transaction: its blockhash is unknown or expired. Sign again with a fresh blockhash (when `refreshBlockhash`) or build again. Nothing was recorded.
             *
             *     `step_already_signed`: The signature step (`eip712` or `message`) already has an accepted signature (`details.txHash` is the venue's order); a different signature is not forwarded. The same signature again answers the order on record.
             */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `build_expired`: The build is past its `expiresAt`; signed bytes are no longer broadcast (a `txHash` is still accepted). */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `payload_too_large`: The body is larger than the service accepts (64 KiB). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `unsupported_media_type`: A request with a body must be sent as `Content-Type: application/json`. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /**
             * @description `transaction_mismatch`: The transaction differs from the built step; `details.mismatches` names each field. Nothing was broadcast.
             *
             *     `transaction_underpriced`: The chain refused the transaction: its fee is too low. Nothing was recorded.
             *
             *     `insufficient_funds`: The chain refused the transaction: the signer cannot pay amount plus gas. Nothing was recorded.
             *
             *     `broadcast_rejected`: The chain refused the transaction for another reason, given in `message`. Nothing was recorded.
             *
             *     `no_rpc_for_chain`: Signed bytes were sent for a chain with no RPC configured; send the `txHash` after broadcasting it yourself.
             */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `rate_limited`: Too many requests from this IP or wallet, or submits to this transfer not proven to come from its requester (docs/operations.md#rate-limits-spec-8); `details.exceeded` names the counters, `retryAfterMs` holds the longer wait and `Retry-After` is sent. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `headers_too_large`: The request headers are larger than the service accepts (16 KiB in all). */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `internal_error`: An unexpected fault; it is logged with the request id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `unsafe_venue_answer`: The venue answered with a transaction outside its allow-list (an unknown contract, function or payee) or an answer its adapter refuses as impossible (amounts that do not match, a deposit address not valid for the chain); nothing was built, the venue is marked degraded and the answer counts as its fault. */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /**
             * @description `service_unavailable`: The store is unreachable; retry after `retryAfterMs`.
             *
             *     `chain_unavailable`: The chain's RPC did not answer and nothing was recorded; the transaction may or may not have reached the chain. Retrying the same bytes after `retryAfterMs` is safe: Strait never broadcasts a step twice.
             *
             *     `venue_unavailable`: The venue did not answer the build request in time or in a shape Strait accepts, or asked Strait to wait for its rate limit; nothing was built. The same build may be retried after `retryAfterMs`.
             */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getTransfer: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description transferId from build
                 * @example 4981c6a5-d1c4-4401-8f2e-f3260620446b
                 */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The transfer */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Transfer"];
                };
            };
            /**
             * @description `invalid_request`: The request does not match the schema; `details.issues` lists each problem with its path.
             *
             *     `malformed_request`: The HTTP request itself does not parse (a malformed request line or header, a control character in the path); it was refused before routing and the connection closed.
             */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /**
             * @description `route_not_found`: No endpoint has this method and path.
             *
             *     `transfer_not_found`: No transfer has this id.
             */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `request_timeout`: The request did not arrive whole in time; the connection was closed. */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `headers_too_large`: The request headers are larger than the service accepts (16 KiB in all). */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `internal_error`: An unexpected fault; it is logged with the request id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `service_unavailable`: The store is unreachable; retry after `retryAfterMs`. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    streamTransferEvents: {
        parameters: {
            query?: {
                /** @description resume after this event id, for clients that cannot send the `Last-Event-ID` header; the header wins when both are given */
                lastEventId?: string;
            };
            header?: {
                /** @description the id of the last event received: the stream resumes after it (an EventSource sends it itself when it reconnects) */
                "last-event-id"?: string;
            };
            path: {
                /**
                 * @description transferId from build
                 * @example 4981c6a5-d1c4-4401-8f2e-f3260620446b
                 */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The event stream */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/event-stream": string;
                };
            };
            /** @description The transfer is terminal and the stream had already sent its last event */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /**
             * @description `invalid_request`: The request does not match the schema; `details.issues` lists each problem with its path.
             *
             *     `malformed_request`: The HTTP request itself does not parse (a malformed request line or header, a control character in the path); it was refused before routing and the connection closed.
             *
             *     `invalid_last_event_id`: `Last-Event-ID` (or `lastEventId`) is not an event id of this stream: a non-negative integer.
             */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /**
             * @description `route_not_found`: No endpoint has this method and path.
             *
             *     `transfer_not_found`: No transfer has this id.
             */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `request_timeout`: The request did not arrive whole in time; the connection was closed. */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `too_many_streams`: This IP holds as many open event streams as it may (STRAIT_EVENTS_MAX_STREAMS_PER_IP); close one or retry after `retryAfterMs`. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `headers_too_large`: The request headers are larger than the service accepts (16 KiB in all). */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `internal_error`: An unexpected fault; it is logged with the request id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `service_unavailable`: The store is unreachable; retry after `retryAfterMs`. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
}
