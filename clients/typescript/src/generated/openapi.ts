// GENERATED from the gateway's /openapi.json by clients/typescript/scripts/openapi-types.ts
// (openapi-typescript). Do not edit: run `npm run generate -w @governance-gateway/client`.
// A test regenerates this file and fails when it differs, so the types never drift.

export interface paths {
    "/.well-known/jwks.json": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Public keys that verify certificates (well-known path) */
        get: operations["get.wellKnownJwks.json"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/console": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The web console (CONSOLE_ENABLED; off by default when SERVICE_ENV=production) */
        get: operations["getConsole"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/docs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Interactive API docs (off when SERVICE_ENV=production) */
        get: operations["getDocs"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/health": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Health check for load balancers and probes
         * @description 200 when the gateway can decide and record; 503 (same body) when the ledger is unreachable or the gateway is shutting down. `policy_reload` reports the newest hot reload of policies/: a `failure` means the edit was rejected and the last good bundle (policy_version) is still in force; the gateway stays ready. `version_in_force` next to `version_on_disk` shows whether the files on disk are the bundle in force; `stale: true` means they have differed for longer than a moment (a change not applied).
         */
        get: operations["getHealth"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/health/live": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Liveness check: the process serves HTTP
         * @description 200 `ok` whenever the process can answer, whatever the state of the ledger, also while shutting down (a graceful stop must not be cut short). For Kubernetes liveness and startup probes; readiness belongs on /health, which answers 503 while the gateway cannot record.
         */
        get: operations["getHealthLive"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/metrics": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Prometheus metrics */
        get: operations["getMetrics"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/openapi.json": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The OpenAPI 3.1 document (off when SERVICE_ENV=production) */
        get: operations["getOpenapi.json"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/alerts/{id}/ack": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Acknowledge an alert, optionally silencing its rule for a while
         * @description Recorded first as a ledger row (kind alert_ack) naming who; then the alert carries acked_by and acked_at. With `silence`, the rule's next transitions until then are stored but not published on gateway:alert (no notifications).
         */
        post: operations["postV1AlertsIdAck"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/alerts/active": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Alerts firing now, newest first */
        get: operations["getV1AlertsActive"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/alerts/history": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Every alert, firing or resolved, newest first */
        get: operations["getV1AlertsHistory"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/alerts/rules": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The alert rules in force (config/alerts.yaml) and the events that always alert */
        get: operations["getV1AlertsRules"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/analytics/agents": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Per agent: volume, outcomes, reliability trend, top failure codes, certification
         * @description The busiest agents of the period (by decisions), hourly grain.
         */
        get: operations["getV1AnalyticsAgents"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/analytics/decisions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Decisions per outcome as a time series
         * @description Buckets of 1m, 5m, 15m (fleet-wide periods up to 2 days), 1h, 6h (periods up to 2 days) or 1d; at most 1000 points.
         */
        get: operations["getV1AnalyticsDecisions"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/analytics/failures": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Top failure codes with an example each
         * @description Failure codes of decisions (docs/scoring.md), most frequent first, hourly grain.
         */
        get: operations["getV1AnalyticsFailures"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/analytics/latency": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Gateway and upstream latency percentiles
         * @description The gateway's decision time per stage and overall, and the upstream tool's time (sidecar post-checks).
         */
        get: operations["getV1AnalyticsLatency"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/analytics/summary": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Fleet summary of a period, compared with the previous one
         * @description Calls, decisions by outcome and tier, block and escalation rates, review figures (queued, decided, expired, mean time to decision), judge use and failures, upstream errors, calls with an unknown outcome, latency percentiles; the same figures for the period just before and the change; and the review backlog now.
         */
        get: operations["getV1AnalyticsSummary"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/analytics/tools": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Per tool: calls, blocks, latency, upstream errors
         * @description The busiest tools (actions) of the period, hourly grain.
         */
        get: operations["getV1AnalyticsTools"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/approvals": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Approval grants, newest first */
        get: operations["getV1Approvals"];
        put?: never;
        /**
         * Grant an approval ahead of time
         * @description Later pre-checks of this agent and tool that would escalate are approved instead while the grant covers them (recorded with the grant id): once (the exact arguments), session, count, ttl, or a CEL condition over `args`.
         */
        post: operations["postV1Approvals"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/approvals/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Revoke an approval grant */
        delete: operations["deleteV1ApprovalsId"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/audit/chain/checkpoints": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Signed checkpoints of the chain head (Enterprise)
         * @description Each checkpoint is a JWS over a seq and the chain hash at that seq, signed periodically by one gateway of the fleet. With the public key, an auditor proves the chain up to that seq without trusting the database: recompute the chain (govgate verify, or the script in docs/ledger.md) and compare the hash at the signed seq.
         */
        get: operations["getV1AuditChainCheckpoints"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/audit/chain/verify": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Verify the hash chain (Enterprise)
         * @description Walks the chain in bounded memory and names the first bad seq, checking it against the signed checkpoints, retention runs and anchor (with this gateway's checkpoint key): a rewrite with recomputed hashes, rows deleted below a checkpoint, a payload dropped outside retention and a forged anchor all fail. Rows whose PII was erased or whose payload a signed retention run expired still verify. checkpoints.unprotected_rows counts the rows after the newest checkpoint, which no signature covers yet.
         */
        get: operations["getV1AuditChainVerify"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/audit/executions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List audit records, newest first */
        get: operations["getV1AuditExecutions"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/audit/executions/{envelope_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Read one audit record with its payload */
        get: operations["getV1AuditExecutionsEnvelopeId"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/audit/executions/{envelope_id}/pii": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Erase the PII in an audit record
         * @description Masks every personal-data field of the stored payload as "[erased]". The hash chain metadata stays and verification still passes. Idempotent.
         */
        delete: operations["deleteV1AuditExecutionsEnvelopeIdPii"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/auth/check": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Who is calling: credential kind, subject, tier, team and expiry
         * @description Validates the credential (an API key or a JWT in the variant's header) and describes it. Limited per client IP (default 20 requests per minute).
         */
        get: operations["getV1AuthCheck"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/certify/agent": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Certify an agent against the policy in force
         * @description Checks the agent's ledger history (calls, block and escalation rates, critical failures, reliability) and an optional test suite replayed as dry runs against the criteria of certification.yaml. Every criterion is reported with its figures; a pass returns a signed certificate. Both outcomes are recorded as a `certification` ledger row.
         */
        post: operations["postV1CertifyAgent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/certify/agents/{agent_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** An agent's current certificate and its history */
        get: operations["getV1CertifyAgentsAgentId"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/certify/agents/{agent_id}/revocation": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Revoke an agent's certificate
         * @description Records a `certification_revocation` row linked to the certificate. `agent.certified` turns false (within 30 s across a fleet); online verification reports the revocation.
         */
        post: operations["postV1CertifyAgentsAgentIdRevocation"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/certify/certificates/{envelope_id}/status": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Whether a certificate is revoked
         * @description Public, like a revocation list: `govgate certify verify` asks here when it verifies online.
         */
        get: operations["getV1CertifyCertificatesEnvelopeIdStatus"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/certify/jwks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Public keys that verify certificates
         * @description The signing key and retired keys, by kid.
         */
        get: operations["getV1CertifyJwks"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/judge/status": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The LLM judge's configuration and queue
         * @description The model and endpoint (never the API key), the synchronous budget, and how many asynchronous judgements wait. See docs/judge.md.
         */
        get: operations["getV1JudgeStatus"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/notifications/deliveries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Webhook deliveries, most recent first
         * @description One row per (event, webhook) in the durable outbox: pending, delivering, delivered, failed (retrying at next_attempt_at) or dead (gave up after max_attempts). See docs/notifications.md.
         */
        get: operations["getV1NotificationsDeliveries"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/notifications/deliveries/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One webhook delivery, with the event it carries */
        get: operations["getV1NotificationsDeliveriesId"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/notifications/deliveries/{id}/retry": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send a dead or failing delivery again
         * @description A dead or failed delivery goes back to pending, due now, with its attempts reset; a notification_retry ledger row records who asked. The delivery id stays the same, so a receiver that did get an earlier try can drop the repeat.
         */
        post: operations["postV1NotificationsDeliveriesIdRetry"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/policy/evaluate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Dry-run the policy on a request
         * @description Evaluates a pre-check, post-check or validate body, or a stored envelope, against the active policy bundle or one given in the request. Returns the outcome, the rules that fired with their messages, shadow matches, rules that could not be evaluated, and the policy_version. Writes nothing to the ledger.
         */
        post: operations["postV1PolicyEvaluate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/policy/rules": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The CEL rules of the policy bundle in force
         * @description Each rule of rules/*.yaml as compiled: id, effect, severity, message, mode (enforce or shadow), stages, the CEL condition and where it is written. The console's operations view shows them.
         */
        get: operations["getV1PolicyRules"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/reports": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Request a compliance report
         * @description Queues a report of a period and scope (all, a team, an agent): volumes and outcomes, human oversight, policy versions, kill-switch events, retention and erasure, certification status and the chain proof, mapped to EU AI Act Art. 12, 14, 19, 26(6) and SOC 2 CC7, CC8 (docs/reports.md). Answers 202 with the job; follow its Location until `status` is `done`.
         */
        post: operations["postV1Reports"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/reports/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A report job: status, progress, files */
        get: operations["getV1ReportsId"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/reports/{id}/file": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Download a report file
         * @description The file as generated and signed; `X-Report-SHA256` carries its digest, `/signature` the JWS over it.
         */
        get: operations["getV1ReportsIdFile"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/reports/{id}/signature": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The signature of a report file
         * @description A compact JWS (EdDSA or ES256, typ govgate-report+jws) over the file's SHA-256; check it offline with `govgate reports verify <file> <signature> --jwks <jwks>`.
         */
        get: operations["getV1ReportsIdSignature"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/reports/jwks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Public keys that verify report signatures
         * @description The report signing key (REPORTS_KEY) and the retired report keys (REPORTS_OLD_KEYS_FILE), by kid; not the certificate keys.
         */
        get: operations["getV1ReportsJwks"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/review/queue": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The human review queue, newest first
         * @description Executions whose outcome was escalate or request_evidence, with the state their review rows give them.
         */
        get: operations["getV1ReviewQueue"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/review/queue/{envelope_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One review item with everything a reviewer needs; long-poll with ?wait
         * @description The call (tool, arguments, scores, failures, risk factors, decision), the agent's recent history, and every linked row. With `wait=<seconds>` (at most 60) the answer comes as soon as the item changes (any new linked row), or when the wait ends: compare `revision`. Pass `revision` to wait for a change after the one you saw.
         */
        get: operations["getV1ReviewQueueEnvelopeId"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/review/queue/{envelope_id}/claim": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Claim a review item (pending -> claimed) */
        post: operations["postV1ReviewQueueEnvelopeIdClaim"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/review/queue/{envelope_id}/comment": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Comment on a review item (any state) */
        post: operations["postV1ReviewQueueEnvelopeIdComment"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/review/queue/{envelope_id}/reassign": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Hand a review item to another reviewer (-> claimed by `to`) */
        post: operations["postV1ReviewQueueEnvelopeIdReassign"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/review/queue/{envelope_id}/release": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Release your claim (claimed -> pending) */
        post: operations["postV1ReviewQueueEnvelopeIdRelease"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/review/queue/{envelope_id}/resolution": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Resolve a review item: approve or reject (block)
         * @description approve or reject with a note. The credential that made the call may not resolve it (403 SELF_REVIEW_FORBIDDEN). When the tier needs more than one distinct approver, an approval short of that answers 202 and the item stays open. An approval may carry a `grant` that approves later calls too (see /v1/approvals).
         */
        post: operations["postV1ReviewQueueEnvelopeIdResolution"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/runtime/decision/{envelope_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Re-run the decision on a stored envelope
         * @description Evaluates the stored request again under the current policy and kill switch, records the result as a new `decision` row linked to the source, and says whether the outcome changed.
         */
        post: operations["postV1RuntimeDecisionEnvelopeId"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/runtime/kill-switch": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Read the global kill switch */
        get: operations["getV1RuntimeKillSwitch"];
        put?: never;
        /**
         * Set the global kill switch
         * @description While active, every pre-check and validate is blocked without the weighted decision engine. Each change is recorded in the ledger with who and why, and survives restarts.
         */
        post: operations["postV1RuntimeKillSwitch"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/runtime/post-check": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Decide whether an executed action's output may be released
         * @description Records a new row linked to the pre-check by parent_envelope_id. When the pre-check escalated, its review decides: pending or claimed blocks, approved proceeds, rejected blocks with the reviewer's note, past the deadline the tier's on_expiry applies. Idempotent: a repeated post-check for the same pre-check returns the first result (header Idempotent-Replayed: true) and adds no row.
         */
        post: operations["postV1RuntimePostCheck"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/runtime/pre-check": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Decide whether a proposed action may run
         * @description Deterministic checks only, before execution. The kill switch and a tool-trust score below 100 block without the weighted decision engine. An escalate or request_evidence answer carries `Location: /v1/review/queue/{envelope_id}`: long-poll it with `?wait=` for the human verdict (docs/review.md). A standing approval grant that covers the call turns an escalation into approve.
         */
        post: operations["postV1RuntimePreCheck"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/runtime/validate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Validate an executed action (both gates at once)
         * @description Runs the whole pipeline after execution: reliability, 6 validation checks, 7 confidence signals, 4 risk factors, trust chain (when parent_envelope_id is set), decision, audit persist, review queue. An escalate or request_evidence answer carries `Location: /v1/review/queue/{envelope_id}`.
         */
        post: operations["postV1RuntimeValidate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/sso/acs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Assertion consumer service: the identity provider posts the signed SAML response here
         * @description Requires a signed assertion from the configured IdP, for this SP (Audience, Recipient, Destination), within its validity window (bounded clock skew), answering a request this gateway made (InResponseTo; unsolicited only when enabled), posted by the browser that started that request (its login cookie from /v1/sso/login; 401 SSO_BROWSER_MISMATCH otherwise, required when base_url is https) and never seen before (replay cache in the shared store). On success sets the session cookie, clears the login cookie and redirects to the stored return path. Each refusal is problem+json with an SSO_* code.
         */
        post: operations["postV1SsoAcs"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/sso/login": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Start a sign-in: redirect to the identity provider with a SAML AuthnRequest
         * @description Stores the AuthnRequest id in the shared store (any replica can receive the answer) with the return path, sets the login cookie that binds the sign-in to this browser, and redirects (HTTP-Redirect binding) with RelayState. relay_state must be a same-origin relative path (`/console/reviews`); anything else is 400.
         */
        get: operations["getV1SsoLogin"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/sso/logout": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Sign out (a link): end the session everywhere and go to the identity provider's single logout
         * @description Ends the session in the shared store (every replica refuses the cookie from then on), clears the cookie and redirects to the IdP's SingleLogoutService when its metadata has one, else to /. A request the browser marks cross-site (Sec-Fetch-Site) is refused. The IdP's LogoutResponse returns here (SAMLResponse) and lands on /.
         */
        get: operations["getV1SsoLogout"];
        put?: never;
        /**
         * Sign out (from script): end the session everywhere; answers where to send the browser for single logout
         * @description Needs X-CSRF-Token (GET /v1/sso/session) and a same-origin request. Ends the session in the shared store, clears the cookie, and answers the IdP's single logout URL (or null).
         */
        post: operations["postV1SsoLogout"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/sso/metadata": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** SAML service provider metadata (XML) to register this gateway with the identity provider */
        get: operations["getV1SsoMetadata"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/sso/session": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Who is signed in: subject, tier, teams, roles, the CSRF token and the expiry
         * @description Reads the session cookie. The console calls it on load; csrf_token goes in X-CSRF-Token on every state-changing request made with the cookie.
         */
        get: operations["getV1SsoSession"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/team/agents": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The agents the team owns (agent id patterns) */
        get: operations["getV1TeamAgents"];
        /**
         * Set the agents the team owns
         * @description Agent ids with `*` as wildcard. Members of the team (other than admins) read the audit records, review items and usage of these agents only.
         */
        put: operations["putV1TeamAgents"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/team/keys": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List the team's API keys (never the secrets) */
        get: operations["getV1TeamKeys"];
        put?: never;
        /**
         * Create a team API key with roles (the key is shown once)
         * @description An agent key (role agent) must name the agent id or glob it acts for in `agent`. The tier defaults to, and may not exceed, the caller's.
         */
        post: operations["postV1TeamKeys"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/team/keys/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Revoke a team API key, on every replica at once */
        delete: operations["deleteV1TeamKeysId"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/team/members": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the team's members and their roles
         * @description Local members and those who signed in through single sign-on (source `sso`). A credential without a team lists every member unless `team` is given.
         */
        get: operations["getV1TeamMembers"];
        put?: never;
        /**
         * Add a member to the team with roles
         * @description A local member, identified by email. A person already in another team keeps one id and gains this team with its roles.
         */
        post: operations["postV1TeamMembers"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/team/members/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Remove a member from the team
         * @description Their keys in this team stop working on the next request, on every replica.
         */
        delete: operations["deleteV1TeamMembersId"];
        options?: never;
        head?: never;
        /**
         * Change a member's roles or display name
         * @description Takes effect on the next request everywhere: keys that belong to the member hold at most their new roles.
         */
        patch: operations["patchV1TeamMembersId"];
        trace?: never;
    };
    "/v1/team/usage": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Calls, decisions and reviews per agent and per member over a period
         * @description Per agent of the team: runtime calls, decided rows per outcome and review verdicts. Per member: verdicts signed and oversight rows written, through their keys (or their single sign-on sessions).
         */
        get: operations["getV1TeamUsage"];
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
        AgentCertification: {
            agent_id: string;
            /** @description A valid, unexpired, unrevoked certificate for the policy version in force exists (CEL agent.certified). */
            certified: boolean;
            current: {
                certificate: string | null;
                /** Format: uuid */
                envelope_id: string;
                /** Format: date-time */
                expires_at: string | null;
                /** Format: date-time */
                issued_at: string;
                passed: boolean;
                policy_version: string;
                revocation?: Record<string, unknown> | null;
                revoked: boolean;
                score_version?: string;
            } | null;
            /** @description Every certification attempt, newest first. */
            history: {
                certificate: string | null;
                /** Format: uuid */
                envelope_id: string;
                /** Format: date-time */
                expires_at: string | null;
                /** Format: date-time */
                issued_at: string;
                passed: boolean;
                policy_version: string;
                revocation?: Record<string, unknown> | null;
                revoked: boolean;
                score_version?: string;
            }[];
            policy_version_in_force: string;
        };
        Alert: {
            /** @description The ledger row (kind alert_ack) that records who acknowledged. */
            ack_envelope_id: string | null;
            /** Format: date-time */
            acked_at: string | null;
            acked_by: string | null;
            /** Format: uuid */
            id: string;
            /** Format: date-time */
            last_seen_at: string;
            /** Format: date-time */
            resolved_at: string | null;
            rule: string;
            /** @enum {string} */
            severity: "info" | "warning" | "critical";
            /**
             * Format: date-time
             * @description Until then, this rule's transitions are not published on gateway:alert (no notifications).
             */
            silenced_until: string | null;
            /** Format: date-time */
            started_at: string;
            /** @enum {string} */
            status: "firing" | "resolved";
            summary: string;
            threshold: number | null;
            value: number | null;
        };
        AlertAckRequest: {
            /** @description Who acknowledges, when auth is off (with auth: the principal). */
            by?: string;
            note?: string;
            /** @description Also silence the rule for this long (e.g. 30m, 4h, 1d; at most 7d). */
            silence?: string;
        };
        AlertList: {
            alerts: components["schemas"]["Alert"][];
            limit?: number;
            offset?: number;
            total?: number;
        };
        AlertRuleList: {
            events: {
                enabled: boolean;
                name: string;
                severity: string;
            }[];
            /** @description The newest reload of config/alerts.yaml (as /health reports reloads). */
            reload: Record<string, unknown>;
            rules: {
                above: number;
                figure: string;
                min_samples: number;
                name: string;
                severity: string;
                summary: string;
                window_seconds: number;
            }[];
        };
        AnalyticsAgents: {
            agents: {
                agent_id: string;
                /** @description A share from 0 to 1; null with nothing to divide by. */
                block_rate: number | null;
                by_outcome: {
                    [key: string]: number;
                };
                calls: number;
                /** @description The agent's certificate for the policy version in force (as GET /v1/certify/agents/{agent_id} has it in `current`); null when it has none. */
                certification: {
                    certificate?: string | null;
                    /** Format: uuid */
                    envelope_id?: string;
                    /** Format: date-time */
                    expires_at?: string | null;
                    /** Format: date-time */
                    issued_at?: string;
                    passed?: boolean;
                    policy_version?: string;
                    revoked?: boolean;
                    score_version?: string;
                } | null;
                decisions: number;
                /** @description Per day: decisions and the share approved. */
                reliability_trend: {
                    /** @description A share from 0 to 1; null with nothing to divide by. */
                    approve_rate: number | null;
                    /** Format: date */
                    day: string;
                    decisions: number;
                }[];
                top_failures: {
                    code: string;
                    count: number;
                }[];
            }[];
            /**
             * @description The roll-up the figures come from: the period is rounded out to it.
             * @enum {string}
             */
            grain: "minute" | "hour" | "day";
            /** @description The period summed, [from, to). */
            period: {
                /** Format: date-time */
                from: string;
                /** Format: date-time */
                to: string;
            };
            /** @description The newest ledger seq the figures count (the roll-up lags the ledger by at most ANALYTICS_ROLLUP_INTERVAL_SECONDS). */
            through_seq: number;
        };
        AnalyticsDecisions: {
            bucket_minutes: number;
            /**
             * @description The roll-up the figures come from: the period is rounded out to it.
             * @enum {string}
             */
            grain: "minute" | "hour" | "day";
            /** @description The period summed, [from, to). */
            period: {
                /** Format: date-time */
                from: string;
                /** Format: date-time */
                to: string;
            };
            /** @description Every bucket of the period, oldest first (empty buckets included, with zeros). */
            series: {
                /** Format: date-time */
                at: string;
                by_outcome: {
                    [key: string]: number;
                };
                total: number;
            }[];
            /** @description The newest ledger seq the figures count (the roll-up lags the ledger by at most ANALYTICS_ROLLUP_INTERVAL_SECONDS). */
            through_seq: number;
        };
        AnalyticsFailures: {
            failures: {
                /** @description Distinct agents that hit it. */
                agents: number;
                /** @description A failure code (docs/scoring.md). */
                code: string;
                count: number;
                /** @description The newest row with this code; null once metadata retention deleted it. */
                example: {
                    agent_id?: string | null;
                    /** Format: date-time */
                    created_at?: string;
                    envelope_id?: string;
                    href?: string;
                    kind?: string;
                    outcome?: string | null;
                    tool?: string | null;
                } | null;
            }[];
            /**
             * @description The roll-up the figures come from: the period is rounded out to it.
             * @enum {string}
             */
            grain: "minute" | "hour" | "day";
            /** @description The period summed, [from, to). */
            period: {
                /** Format: date-time */
                from: string;
                /** Format: date-time */
                to: string;
            };
            /** @description The newest ledger seq the figures count (the roll-up lags the ledger by at most ANALYTICS_ROLLUP_INTERVAL_SECONDS). */
            through_seq: number;
        };
        AnalyticsFigures: {
            /** @description A share from 0 to 1; null with nothing to divide by. */
            block_rate: number | null;
            /** @description Governed calls: pre-checks and validations. */
            calls: number;
            decisions: {
                by_outcome: {
                    [key: string]: number;
                };
                by_tier: {
                    [key: string]: number;
                };
                total: number;
            };
            /** @description A share from 0 to 1; null with nothing to divide by. */
            escalation_rate: number | null;
            judge: {
                failed: number;
                /** @description A share from 0 to 1; null with nothing to divide by. */
                failure_rate: number | null;
                judged: number;
            };
            latency: {
                gateway: components["schemas"]["LatencyPercentiles"];
                upstream: components["schemas"]["LatencyPercentiles"];
            };
            outcome_unknown: number;
            /** @description Review items queued in the period, and verdicts (expiries included) given in it; time to decision is the verdict's time minus the queued decision's. */
            review: {
                decided: number;
                expired: number;
                mean_time_to_decision_ms: number | null;
                queued: number;
                /** @description From a histogram with bounds 1 s, 5 s, 30 s, 1, 5, 15, 30 min, 1, 2, 4, 8, 24, 72 h: a percentile is the upper bound of its bucket; null above 72 h or with no data. `count`: the verdicts the histogram holds (not those rolled up before it existed). */
                time_to_decision: {
                    count: number;
                    p50_ms: number | null;
                    p90_ms: number | null;
                    p99_ms: number | null;
                };
            };
            upstream: {
                calls: number;
                /** @description A share from 0 to 1; null with nothing to divide by. */
                error_rate: number | null;
                errors: number;
            };
        };
        AnalyticsLatency: {
            /** @description Time the gateway took to decide (latency_ms of the decision). */
            gateway: components["schemas"]["LatencyPercentiles"];
            gateway_by_stage: {
                [key: string]: components["schemas"]["LatencyPercentiles"];
            };
            /**
             * @description The roll-up the figures come from: the period is rounded out to it.
             * @enum {string}
             */
            grain: "minute" | "hour" | "day";
            /** @description The period summed, [from, to). */
            period: {
                /** Format: date-time */
                from: string;
                /** Format: date-time */
                to: string;
            };
            /** @description The newest ledger seq the figures count (the roll-up lags the ledger by at most ANALYTICS_ROLLUP_INTERVAL_SECONDS). */
            through_seq: number;
            upstream: components["schemas"]["LatencyPercentiles"];
        };
        AnalyticsSummary: {
            /** @description Open review items now, whatever the period. */
            backlog: {
                /** @description How long the oldest open item has waited (now minus oldest_open_at); null with none open. */
                oldest_open_age_ms: number | null;
                /** Format: date-time */
                oldest_open_at: string | null;
                open: number;
                overdue: number;
            };
            /** @description This period minus the previous one. */
            change: {
                [key: string]: number | null;
            };
            figures: components["schemas"]["AnalyticsFigures"];
            /**
             * @description The roll-up the figures come from: the period is rounded out to it.
             * @enum {string}
             */
            grain: "minute" | "hour" | "day";
            /** @description The period summed, [from, to). */
            period: {
                /** Format: date-time */
                from: string;
                /** Format: date-time */
                to: string;
            };
            previous: {
                figures: components["schemas"]["AnalyticsFigures"];
                period: {
                    /** Format: date-time */
                    from: string;
                    /** Format: date-time */
                    to: string;
                };
            };
            /** @description The newest ledger seq the figures count (the roll-up lags the ledger by at most ANALYTICS_ROLLUP_INTERVAL_SECONDS). */
            through_seq: number;
        };
        AnalyticsTools: {
            /**
             * @description The roll-up the figures come from: the period is rounded out to it.
             * @enum {string}
             */
            grain: "minute" | "hour" | "day";
            /** @description The period summed, [from, to). */
            period: {
                /** Format: date-time */
                from: string;
                /** Format: date-time */
                to: string;
            };
            /** @description The newest ledger seq the figures count (the roll-up lags the ledger by at most ANALYTICS_ROLLUP_INTERVAL_SECONDS). */
            through_seq: number;
            tools: {
                /** @description A share from 0 to 1; null with nothing to divide by. */
                block_rate: number | null;
                blocks: number;
                calls: number;
                decisions: number;
                escalations: number;
                latency: {
                    gateway: components["schemas"]["LatencyPercentiles"];
                    upstream: components["schemas"]["LatencyPercentiles"];
                };
                tool: string;
                upstream: {
                    calls: number;
                    /** @description A share from 0 to 1; null with nothing to divide by. */
                    error_rate: number | null;
                    errors: number;
                };
            }[];
        };
        ApprovalGrant: {
            active: boolean;
            agent_id: string;
            /** @description scope once: SHA-256 of the canonical JSON of {tool, arguments}. */
            arguments_hash?: string | null;
            condition?: string | null;
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            expires_at: string;
            /** @description The review item whose approval gave it. */
            from_review?: string | null;
            granted_by: string;
            /**
             * Format: uuid
             * @description The grant's ledger row.
             */
            id: string;
            max_uses: number | null;
            note: string;
            revoked: boolean;
            scope: string;
            session_id?: string | null;
            tool: string;
            uses: number;
        };
        ApprovalGrantList: {
            items: components["schemas"]["ApprovalGrant"][];
        };
        ApprovalGrantRequest: {
            agent_id: string;
            /** @description scope once: the exact arguments approved. */
            arguments?: Record<string, unknown>;
            grant: components["schemas"]["ApprovalScope"];
            /** @description Why: recorded in the ledger. */
            note: string;
            /** @description Who acts, when auth is off (with auth on, the caller's identity is used). */
            reviewer_id?: string;
            tool: string;
        };
        ApprovalScope: {
            /** @description A CEL expression over `args` (the call's arguments), e.g. `args.amount <= 500.0`. */
            condition?: string;
            count?: number;
            /**
             * @description once: this exact tool and arguments, one more call; session: calls of this tool in one session; count: the next N calls of the tool; ttl: calls of the tool until it expires; condition: calls whose arguments satisfy a CEL expression over `args`.
             * @enum {string}
             */
            scope: "once" | "session" | "count" | "ttl" | "condition";
            session_id?: string;
            /** @description Expires after this long (default 24 h). */
            ttl_seconds?: number;
        };
        AuditList: {
            items: components["schemas"]["AuditRecordSummary"][];
            limit: number;
            offset: number;
            /** @description Rows matching the filter, ignoring limit and offset. */
            total: number;
        };
        AuditRecord: {
            action: string | null;
            agent_id: string | null;
            /** Format: date-time */
            created_at: string;
            /** Format: uuid */
            envelope_id: string;
            final_confidence: number | null;
            hash: string;
            /** @enum {string} */
            kind: "validate" | "pre_check" | "post_check" | "decision" | "review" | "kill_switch" | "judge" | "tool_pin" | "tunnel" | "idempotency_conflict" | "certification" | "certification_revocation" | "review_claim" | "review_note" | "approval" | "approval_revoked" | "approval_use" | "notification_retry" | "tool_change" | "outcome_unknown" | "access" | "agent_mismatch" | "alert_ack";
            /** @description Present when the caller's roles do not include reading personal data (only admin and auditor do): the payload fields of pii_paths that read "[masked: pii]" in this answer. A field already erased reads "[erased]" and is not listed. */
            masked_paths?: string[];
            /** @enum {string|null} */
            outcome: "approve" | "block" | "escalate" | "request_evidence" | null;
            /** Format: uuid */
            parent_envelope_id: string | null;
            /** @description The full record (request, scores, decision). null once the payload retention has expired it. */
            payload: Record<string, unknown> | null;
            payload_digest: string;
            /** @description Present when the payload is erased or no longer available. */
            payload_note?: string;
            /**
             * @description expired: past the 90-day payload retention; erased: PII masked on request.
             * @enum {string}
             */
            payload_state: "present" | "erased" | "expired";
            /** @description Payload fields that held personal data. */
            pii_paths: string[];
            policy_version: string;
            prev_hash: string;
            /** Format: date-time */
            review_deadline: string | null;
            reviewer_id: string | null;
            risk_score: number | null;
            /** @enum {string|null} */
            risk_tier: "low" | "medium" | "high" | "critical" | null;
            score_version: string;
            seq: number;
        };
        AuditRecordSummary: {
            action: string | null;
            agent_id: string | null;
            /** Format: date-time */
            created_at: string;
            /** Format: uuid */
            envelope_id: string;
            /**
             * @description With ?status= only: where the pre-check's call stands.
             * @enum {string}
             */
            execution_status?: "in_flight" | "awaiting_review" | "completed" | "blocked" | "outcome_unknown";
            final_confidence: number | null;
            hash: string;
            /** @enum {string} */
            kind: "validate" | "pre_check" | "post_check" | "decision" | "review" | "kill_switch" | "judge" | "tool_pin" | "tunnel" | "idempotency_conflict" | "certification" | "certification_revocation" | "review_claim" | "review_note" | "approval" | "approval_revoked" | "approval_use" | "notification_retry" | "tool_change" | "outcome_unknown" | "access" | "agent_mismatch" | "alert_ack";
            /** @enum {string|null} */
            outcome: "approve" | "block" | "escalate" | "request_evidence" | null;
            /**
             * Format: uuid
             * @description With ?status= only: the post_check or outcome_unknown row that settled the call.
             */
            outcome_envelope_id?: string | null;
            /** Format: uuid */
            parent_envelope_id: string | null;
            payload_digest: string;
            /**
             * @description expired: past the 90-day payload retention; erased: PII masked on request.
             * @enum {string}
             */
            payload_state: "present" | "erased" | "expired";
            /** @description Payload fields that held personal data. */
            pii_paths: string[];
            policy_version: string;
            prev_hash: string;
            /** Format: date-time */
            review_deadline: string | null;
            reviewer_id: string | null;
            risk_score: number | null;
            /** @enum {string|null} */
            risk_tier: "low" | "medium" | "high" | "critical" | null;
            score_version: string;
            seq: number;
        };
        AuthCheck: {
            /** @description An agent credential's binding: the agent id or glob its runtime calls must name. */
            agent_scope: string | null;
            auth_enabled: boolean;
            /** @description false only while AUTH_ENABLED is false: the caller is then anonymous with the default tier. */
            authenticated: boolean;
            /**
             * Format: date-time
             * @description The JWT exp; null for API keys (they last until revoked).
             */
            expires_at: string | null;
            /** @description Every feature this tier may use (docs/entitlements.md). */
            features: ("runtime" | "kill_switch_read" | "kill_switch_write" | "decision_rerun" | "audit_read" | "audit_erase" | "review_queue" | "policy_evaluate" | "notifications" | "analytics" | "alerts" | "chain_verify" | "llm_judge" | "certify_read" | "certify_issue" | "team_management" | "reports" | "saml_sso" | "ledger_internal")[];
            /**
             * @description session: a person signed in by single sign-on, by the session cookie (docs/sso.md).
             * @enum {string}
             */
            kind: "api_key" | "jwt" | "session" | "anonymous";
            /** @description What the caller may do inside its tier (docs/entitlements.md#roles). */
            roles: ("admin" | "operator" | "reviewer" | "auditor" | "viewer" | "agent")[];
            /** @description The API key id (key_…), the JWT sub claim, or "anonymous". */
            subject: string;
            team: string | null;
            /** @enum {string} */
            tier: "developer" | "team" | "enterprise";
        };
        CertificateStatus: {
            /** Format: uuid */
            envelope_id: string;
            revocation?: Record<string, unknown> | null;
            revoked: boolean;
        };
        CertificationResult: {
            agent_id: string;
            /** @description A compact JWS (EdDSA) when passed; verify it with GET /v1/certify/jwks. */
            certificate: string | null;
            criteria: {
                actual: number | null;
                detail: string;
                /** @enum {string} */
                name: "min_calls" | "block_rate" | "escalation_rate" | "no_critical_failures" | "reliability" | "suite";
                passed: boolean;
                threshold: number | null;
            }[];
            /**
             * Format: uuid
             * @description The `certification` ledger row recording this attempt.
             */
            envelope_id: string;
            /** Format: date-time */
            expires_at?: string | null;
            figures: {
                blocked: number;
                calls: number;
                critical_blocks: number;
                escalated: number;
                reliability: number;
                suite_cases: number;
                suite_failures: Record<string, unknown>[];
                window_days: number;
            };
            passed: boolean;
            policy_version: string;
            score_version: string;
        };
        CertifyRequest: {
            agent_id: string;
            /** @description Must be the version in force (GET /health); another gives 409 POLICY_VERSION_MISMATCH. */
            policy_version: string;
            /** @description Test cases in the policy bundle's test format, replayed as dry runs against the policy in force. */
            suite?: {
                cases: {
                    context?: Record<string, unknown>;
                    description?: string;
                    /** @description outcome, and optionally rules_fired / rules_not_fired (docs/policies.md, "Policy tests"). */
                    expect: Record<string, unknown>;
                    name: string;
                    post_check?: Record<string, unknown>;
                    pre_check?: Record<string, unknown>;
                    validate?: Record<string, unknown>;
                }[];
            };
        };
        ChainCheckpoint: {
            /** Format: date-time */
            created_at: string;
            head_hash: string;
            /** @description Compact JWS over {"v":1,"seq":...,"head_hash":"...","created_at":"..."} (canonical JSON). Trust what it signs, not the other fields. */
            jws: string;
            /** @description RFC 7638 thumbprint of the signing key (the JWS `kid`). */
            key_id: string;
            /** @description The chain head this checkpoint signs. */
            seq: number;
        };
        ChainCheckpointList: {
            /** @description Newest first. */
            items: components["schemas"]["ChainCheckpoint"][];
            limit: number;
            offset: number;
            /** @description The public JWK this gateway signs with (null when scheduled checkpoints are off). An auditor takes it once through a channel they trust, not from the system being audited. */
            signing_key: Record<string, unknown> | null;
        };
        ChainVerifyReport: {
            /** @description Where metadata retention cut the chain (null: never). signed: a retirement statement signed by a trusted key states this seq and hash. */
            anchor: {
                hash: string;
                key_id: string | null;
                retired_at: string;
                seq: number;
                signed: boolean;
            } | null;
            /** @description Metadata retention deleted rows 1..anchored_at_seq; the chain was verified from the stored anchor (that row's hash). null: no row was ever deleted. */
            anchored_at_seq?: number | null;
            checkpoints: {
                /** @description Stored checkpoints read. */
                checked: number;
                /** @description The newest checkpoints (up to 10), newest first. */
                newest: {
                    /** @description The walk reached this seq and found the signed hash. */
                    confirmed: boolean;
                    created_at: string;
                    key_id: string;
                    seq: number;
                    /** @enum {string} */
                    signature: "valid" | "invalid" | "unknown_key";
                }[];
                newest_verified_seq: number | null;
                /** @description Signed by another key (a gateway with its own key): not counted as proof. */
                unknown_key: number;
                /** @description Rows after the newest verified checkpoint: no signature covers them yet, so deleting them is not detectable. */
                unprotected_rows: number;
                /** @description Signed by a trusted key; the walk compared each with the row at its seq. */
                verified: number;
            };
            detail: string | null;
            duration_ms: number;
            /** @description Rows whose PII was erased by request: still valid. */
            erased_rows: number;
            /** @description Rows whose payload expired by retention: still valid. */
            expired_rows: number;
            /** @description The first row that fails verification. For checkpoint_mismatch: the first row after the last one a signature proves (the rewrite lies between it and the checkpoint); for truncated: the first missing row; for anchor_unsigned: the anchor's seq. null with valid false: a stored signed statement itself is invalid. */
            first_bad_seq: number | null;
            from_seq: number | null;
            head_hash: string | null;
            /**
             * @description What failed first (docs/ledger.md, "Verify against signatures").
             * @enum {string|null}
             */
            problem: "hash_mismatch" | "prev_hash_mismatch" | "payload_tampered" | "seq_gap" | "checkpoint_mismatch" | "truncated" | "expiry_unproven" | "anchor_unsigned" | "signature_invalid" | null;
            /** @description Signed statements of retention runs: an expired payload or an anchor is accepted only when one covers it. */
            retention_records: {
                checked: number;
                metadata_retirement: number;
                payload_expiry: number;
                unknown_key: number;
            };
            rows_checked: number;
            /** @description Rows at the start of the chain deleted by metadata retention (METADATA_YEARS). */
            rows_deleted_before?: number;
            /** @description false when no checkpoint key is configured (CHECKPOINT_INTERVAL_SECONDS=0): only the walk ran, which a database writer can fool. */
            signatures_checked: boolean;
            to_seq: number | null;
            /** @description RFC 7638 thumbprints of the public keys signatures were checked against. */
            trusted_key_ids: string[];
            /** @description The chain links up and, when signatures_checked, agrees with every signed checkpoint, retention run and anchor. */
            valid: boolean;
        };
        Decision: {
            judge_latency_ms: number | null;
            /** @enum {string} */
            outcome: "approve" | "block" | "escalate" | "request_evidence";
            policy_version: string;
            /** @description A single string, not a list. */
            reason: string;
            /** Format: date-time */
            review_deadline: string | null;
            reviewer_id: string | null;
            score_version: string;
        };
        DecisionRerunResponse: {
            /** @description Whether the outcome differs from the stored one. */
            changed: boolean;
            decision: components["schemas"]["Decision"];
            /**
             * Format: uuid
             * @description The new ledger row recording this re-run.
             */
            envelope_id: string;
            latency_ms: number;
            previous: {
                /** @enum {string|null} */
                outcome: "approve" | "block" | "escalate" | "request_evidence" | null;
                policy_version: string;
                score_version: string;
            };
            risk: components["schemas"]["Risk"];
            /** Format: uuid */
            source_envelope_id: string;
            validation: components["schemas"]["Validation"];
        };
        /** @description What the agent did. `model` is required: an execution of {} is rejected with 422. */
        Execution: {
            /** @description Not tokens_out. */
            completion_tokens?: number;
            /** @description Milliseconds. */
            latency_ms?: number;
            /** @example gpt-4o */
            model: string;
            /** @description Not tokens_in. */
            prompt_tokens?: number;
            /** @description Total tokens. */
            tokens?: number;
            /** @description One result per entry of tools_called, in the same order. */
            tool_results?: unknown[];
            /** @description Not tool_calls. Send with matching tool_results for tool-trust checks. */
            tools_called?: (string | ({
                args?: Record<string, unknown>;
                /** @description Arguments as an object, or a JSON string (OpenAI style). */
                arguments?: unknown;
                function?: {
                    arguments?: unknown;
                    name: string;
                };
                id?: string;
                input?: Record<string, unknown>;
                name?: string;
                params?: Record<string, unknown>;
                type?: string;
            } | unknown | unknown))[];
        };
        Failure: {
            /** @enum {string} */
            check: "schema" | "evidence" | "tool_trust" | "consistency" | "policy" | "safety" | "contradiction" | "trust_chain" | "kill_switch";
            /**
             * @description Stable code, listed in docs/scoring.md.
             * @example TOOL_UNDECLARED
             */
            code: string;
            message: string;
            /**
             * @description Where in the request, when one applies.
             * @example execution.tools_called[1]
             */
            path?: string;
            /** @enum {string} */
            severity: "info" | "low" | "medium" | "high" | "critical";
        };
        /** @description What every sidecar must follow: the kill switch and the central gateway's policy version. The ETag names this state; send it back in If-None-Match with ?wait= to long-poll. */
        FleetState: {
            etag: string;
            kill_switch: {
                active: boolean;
                envelope_id: string | null;
                reason?: string | null;
                updated_at?: string | null;
                updated_by?: string | null;
            };
            policy_version: string;
        };
        Health: {
            kill_switch_active: boolean;
            ledger: {
                /**
                 * @description central: a sidecar that records through the central gateway (CENTRAL_GATEWAY_URL).
                 * @enum {string}
                 */
                kind: "sqlite" | "postgres" | "central";
                reachable: boolean;
            };
            /** @description The newest hot reload of the policy bundle. `failure`: the edit was rejected and the last good bundle (policy_version) stays in force. */
            policy_reload?: {
                differs_seconds?: number;
                /**
                 * Format: date-time
                 * @description Since when disk and memory differ; null while they agree.
                 */
                differs_since?: string | null;
                /**
                 * @description Why the newest edit was rejected, one `file:line:column field: message` each.
                 * @example [
                 *       "policies/rules/payments.yaml:9:24 rules[0].when: CEL type error: tool call has no field 'nme'"
                 *     ]
                 */
                issues: string[];
                /** Format: date-time */
                last_attempt_at: string | null;
                /**
                 * @description null until policies/ changed after start-up.
                 * @enum {string|null}
                 */
                last_result: "success" | "failure" | null;
                /** Format: date-time */
                last_success_at: string | null;
                /** @description True once disk and memory have differed for longer than 10 s: a change was neither applied nor rejected (metric policy_bundle_diverged_seconds). */
                stale?: boolean;
                /** @description The digest (policy_version) of the bundle in force. */
                version_in_force?: string;
                /** @description The digest the files on disk would load as, read now; null when they cannot be read. */
                version_on_disk?: string | null;
            };
            policy_version: string;
            /** @description Present when REDIS_URL is set: the shared rate limiter. While redis_reachable is false, decisions use the fallback (local: a per-process share of the threshold; fail_closed: 503). */
            rate_limit?: {
                /** @enum {string} */
                fallback: "local" | "fail_closed";
                /** @description Decisions taken without Redis since start. */
                fallback_decisions: number;
                fleet_replicas: number;
                last_error: string | null;
                redis_reachable: boolean;
                /** @enum {string} */
                store: "redis";
            };
            score_version?: string;
            /** @enum {string} */
            status: "ok" | "not_ready" | "shutting_down";
            uptime_seconds?: number;
            /** @enum {string} */
            variant: "embedded" | "edge";
            version: string;
        };
        InternalAppendRequest: {
            entries: components["schemas"]["InternalLedgerEntry"][];
        };
        /** @description One result per entry, in order: the stored row, or why that entry alone was refused (a duplicate post-check, say). */
        InternalAppendResponse: {
            /** @description With `Prefer: return=minimal` only: what this gateway added to each payload as `recorded_by` (the credential that sent the entries). */
            recorded_by?: {
                principal: string;
                tier: string;
            };
            results: ({
                /** @description The stored row (an AuditRecord with seq, prev_hash and hash); without `payload` when the request had `Prefer: return=minimal`. */
                row: Record<string, unknown>;
            } | {
                error: {
                    code: string;
                    detail: string;
                };
            })[];
        };
        InternalChildren: {
            /** @description Every row linked to the parent, oldest first (with payloads). */
            rows: Record<string, unknown>[];
        };
        /** @description One ledger entry as the sidecar made it. The central gateway assigns seq, created_at, digests and hashes, and records the calling credential in payload.recorded_by. */
        InternalLedgerEntry: {
            action: string | null;
            agent_id: string | null;
            /** Format: uuid */
            envelope_id: string;
            final_confidence: number | null;
            /** @enum {string} */
            kind: "validate" | "pre_check" | "post_check" | "decision" | "tool_pin" | "tool_change" | "tunnel" | "idempotency_conflict" | "approval_use";
            outcome: ("approve" | "block" | "escalate" | "request_evidence") | null;
            parent_envelope_id: string | null;
            payload: Record<string, unknown>;
            policy_version: string;
            review_deadline: string | null;
            reviewer_id: string | null;
            risk_score: number | null;
            risk_tier: ("low" | "medium" | "high" | "critical") | null;
            score_version: string;
        };
        InternalLedgerHead: {
            hash: string;
            reachable?: boolean;
            seq: number;
        };
        InternalRecentOutcomes: {
            outcomes: {
                created_at: string;
                final_confidence: number | null;
                /** @enum {string} */
                outcome: "approve" | "block" | "escalate" | "request_evidence";
            }[];
        };
        InternalRow: {
            /** @description The full row (with payload), or null when there is none. */
            row: Record<string, unknown> | null;
        };
        InternalRowList: {
            rows: Record<string, unknown>[];
            total: number;
        };
        JudgeStatus: {
            concurrency: number | null;
            /** @description false when JUDGE_URL / JUDGE_MODEL are not set: judge_score then stays null. */
            enabled: boolean;
            model: string | null;
            /** @description Asynchronous judgements waiting or under way. */
            queue_depth: number | null;
            /** @description The hard budget of a synchronous (high and critical risk) judgement. */
            sync_budget_ms: number | null;
            timeout_ms: number | null;
            /** @description The chat-completions base URL (never the API key). */
            url: string | null;
        };
        Jwks: {
            keys: {
                alg?: string;
                crv?: string;
                kid: string;
                kty: string;
                use?: string;
                x?: string;
            }[];
        };
        KillSwitchRequest: {
            /** @description true blocks every pre-check and validate until set back to false. */
            active: boolean;
            /** @description Who is flipping it, when auth is off (with auth on, the caller's identity is used). */
            actor?: string;
            /** @description Why: recorded in the ledger. */
            reason: string;
        };
        KillSwitchState: {
            active: boolean;
            /**
             * Format: uuid
             * @description The ledger row that recorded the last change.
             */
            envelope_id: string | null;
            reason: string | null;
            /** Format: date-time */
            updated_at: string | null;
            updated_by: string | null;
        };
        /** @description From a histogram with bounds 1, 2.5, 5, 10, 25, 50, 100, 250, 500, 1000, 2500 ms: a percentile is the upper bound of its bucket; null above 2500 ms or with no data. */
        LatencyPercentiles: {
            count: number;
            mean_ms: number | null;
            p50_ms: number | null;
            p95_ms: number | null;
            p99_ms: number | null;
        };
        NotificationDelivery: {
            attempts: number;
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            delivered_at: string | null;
            /** @description The event name (docs/notifications.md). */
            event: string;
            /**
             * Format: uuid
             * @description The event's id (the same for every webhook that received it).
             */
            event_id: string;
            /**
             * Format: uuid
             * @description The delivery id: X-Governance-Delivery, the receiver's idempotency key.
             */
            id: string;
            last_error: string | null;
            /** @description The receiver's HTTP status on the last try (null: no answer). */
            last_status: number | null;
            /** Format: date-time */
            next_attempt_at: string;
            /** @description The event as sent in the json format (only on GET of one delivery). */
            payload?: Record<string, unknown>;
            /** @description The ledger row that recorded what happened, when one did. */
            source_envelope_id: string | null;
            /**
             * @description failed: will be retried at next_attempt_at; dead: gave up after max_attempts.
             * @enum {string}
             */
            status: "pending" | "delivering" | "delivered" | "failed" | "dead";
            /** Format: date-time */
            updated_at: string;
            /** @description The webhook's name in config/notifications.yaml. */
            webhook: string;
        };
        NotificationDeliveryList: {
            items: components["schemas"]["NotificationDelivery"][];
            limit: number;
            offset: number;
            total: number;
        };
        NotificationRetry: {
            delivery: components["schemas"]["NotificationDelivery"];
            /**
             * Format: uuid
             * @description The notification_retry ledger row that records who sent it back.
             */
            ledger_envelope_id: string;
        };
        PiiErasure: {
            already_erased: boolean;
            /** @description Always true: erasure keeps the hash chain metadata, and verify passes. */
            chain_intact: boolean;
            /** Format: uuid */
            envelope_id: string;
            erased_paths: string[];
            seq: number;
        };
        /** @description Exactly one of pre_check, validate, post_check or envelope_id: the request to evaluate. context replaces live values; bundle evaluates files sent here instead of the active bundle. Nothing is written to the ledger. */
        PolicyEvaluateRequest: {
            /** @description Evaluate against these files instead of the active bundle, e.g. a rule not yet deployed. By default they are laid over the active bundle's files (same path replaces, null removes); replace: true uses them alone. */
            bundle?: {
                /**
                 * @example {
                 *       "rules/payments.yaml": "rules:\n  - id: ...\n"
                 *     }
                 */
                files: {
                    [key: string]: string | null;
                };
                /** @default false */
                replace?: boolean;
            };
            /** @description Values to use instead of the live ones. */
            context?: {
                /** @description Whether the agent holds a valid certificate for the evaluated bundle's version (CEL `agent.certified`). Default: the agent's real certification state (POST /v1/certify/agent); false in `govgate policy test`. */
                agent_certified?: boolean;
                /** @description The active approval grants rules see as `approvals`; a grant without `tool` covers every tool. Default: the live grants of the agent that cover each call (read, never used). */
                approvals?: {
                    /**
                     * Format: date-time
                     * @description Default: null.
                     */
                    expires_at?: string | null;
                    /** @description Default: test. */
                    granted_by?: string;
                    /** @description Default: stated-<n>. */
                    id?: string;
                    /** @description Default: null (unbounded). */
                    remaining_uses?: number | null;
                    /**
                     * @description Default: ttl.
                     * @enum {string}
                     */
                    scope?: "once" | "session" | "count" | "ttl" | "condition";
                    tool?: string;
                }[];
                /** @description Default: the agent's reliability from its recent decisions. */
                historical_reliability?: number;
                /** @description Default: the live kill switch. */
                kill_switch_active?: boolean;
                /**
                 * Format: date-time
                 * @description The clock the rules see (`now`). Default: the gateway's clock.
                 */
                now?: string;
                /** @description The session's earlier tool calls, oldest first. Default: what the gateway remembers for the request's session id (for an envelope: what was stored with it). */
                session?: {
                    /** @description Default: the request's agent. */
                    agent_id?: string;
                    name: string;
                    params?: Record<string, unknown>;
                    /**
                     * @description Default: pre_check.
                     * @enum {string}
                     */
                    stage?: "pre_check" | "post_check" | "validate";
                }[];
            };
            /**
             * Format: uuid
             * @description A pre-check, post-check or validate envelope from the ledger: its stored request, and the session history stored with it.
             */
            envelope_id?: string;
            /** @description A post-check: the pre-checked action, and what ran and came back. */
            post_check?: {
                execution: components["schemas"]["Execution"];
                output: Record<string, unknown>;
                pre_check: components["schemas"]["ProposedAction"];
            };
            /** @description A pre-check body, as POST /v1/runtime/pre-check takes it. */
            pre_check?: components["schemas"]["ProposedAction"];
            /** @description A validate body, as POST /v1/runtime/validate takes it. */
            validate?: components["schemas"]["ValidateRequest"];
        };
        PolicyEvaluateResponse: {
            /** @enum {string} */
            bundle_source: "active" | "request";
            decision: {
                /** @description A hard gate (kill_switch, tool_trust, ...), policy_rule, or weighted. */
                decided_by?: string;
            } & components["schemas"]["Decision"];
            /** @enum {string} */
            outcome: "approve" | "block" | "escalate" | "request_evidence";
            /** @description The version of the bundle that decided (the request's own bundle gets its own version). */
            policy_version: string;
            /**
             * @description Always false: a dry run writes nothing.
             * @constant
             */
            recorded: false;
            risk: components["schemas"]["Risk"];
            /** @description Rules whose condition could not be evaluated on this request (a missing field, a wrong type); they did not fire. */
            rule_errors: {
                message: string;
                rule_id: string;
                shadow: boolean;
            }[];
            /** @description Enforced rules whose condition was true, in bundle order. */
            rules_fired: {
                /** @enum {string} */
                effect: "allow" | "block" | "escalate" | "request_evidence";
                message: string;
                /** @description The call it matched, e.g. `action` or `execution.tools_called[1]`. */
                path?: string;
                rule_id: string;
                /** @enum {string} */
                severity: "info" | "low" | "medium" | "high" | "critical";
            }[];
            /** @description Shadow rules whose condition was true: recorded, never changing the outcome. */
            shadow_matches: {
                /** @enum {string} */
                effect: "allow" | "block" | "escalate" | "request_evidence";
                message: string;
                /** @description The call it matched, e.g. `action` or `execution.tools_called[1]`. */
                path?: string;
                rule_id: string;
                /** @enum {string} */
                severity: "info" | "low" | "medium" | "high" | "critical";
            }[];
            /** @enum {string} */
            stage: "pre_check" | "post_check" | "validate";
            validation: components["schemas"]["Validation"];
        };
        PolicyRuleList: {
            /** @description The bundle in force, whose rules these are. */
            policy_version: string;
            /** @description CEL rules from rules/*.yaml, in evaluation order (file name, then position in the file). */
            rules: {
                description: string;
                /** @enum {string} */
                effect: "allow" | "block" | "escalate" | "request_evidence";
                id: string;
                line: number | null;
                message: string;
                /**
                 * @description shadow rules are evaluated and recorded but never change an outcome.
                 * @enum {string}
                 */
                mode: "enforce" | "shadow";
                /** @enum {string} */
                severity: "info" | "low" | "medium" | "high" | "critical";
                /** @description The file inside the bundle. */
                source: string;
                stages: ("pre_check" | "post_check" | "validate")[];
                /** @description The CEL condition, as written. */
                when: string;
            }[];
        };
        PostCheckRequest: {
            /** @description What the agent did. `model` is required: an execution of {} is rejected with 422. */
            execution: {
                /** @description Not tokens_out. */
                completion_tokens?: number;
                /** @description Milliseconds. */
                latency_ms?: number;
                /** @example gpt-4o */
                model: string;
                /** @description Not tokens_in. */
                prompt_tokens?: number;
                /** @description Total tokens. */
                tokens?: number;
                /** @description One result per entry of tools_called, in the same order. */
                tool_results?: unknown[];
                /** @description Not tool_calls. Send with matching tool_results for tool-trust checks. */
                tools_called?: (string | ({
                    args?: Record<string, unknown>;
                    /** @description Arguments as an object, or a JSON string (OpenAI style). */
                    arguments?: unknown;
                    function?: {
                        arguments?: unknown;
                        name: string;
                    };
                    id?: string;
                    input?: Record<string, unknown>;
                    name?: string;
                    params?: Record<string, unknown>;
                    type?: string;
                } | unknown | unknown))[];
            };
            /** @description The agent's output: a JSON object (never a bare string), at most 100 KB. */
            output: Record<string, unknown>;
            /**
             * Format: uuid
             * @description The envelope id returned by the pre-check.
             */
            pre_check_envelope_id: string;
            /** @description Version of the client library. */
            sdk_version?: string;
        };
        /** @description The validate response shape for the executed action, plus the pre-check it completes. A repeated post-check returns the first result unchanged. */
        PostCheckResponse: {
            confidence_rationale: string;
            decision: components["schemas"]["Decision"];
            /**
             * Format: uuid
             * @description The ledger record of this decision: a UUIDv7, so ids sort by the time they were made.
             */
            envelope_id: string;
            governance_disclosure: string;
            /** @description Gateway processing time. */
            latency_ms: number;
            /** Format: uuid */
            pre_check_envelope_id: string;
            risk: components["schemas"]["Risk"];
            trust_chain: components["schemas"]["TrustChain"] | null;
            validation: components["schemas"]["Validation"];
        };
        /** @description The validate response without trust_chain and confidence_rationale. Do not parse it as a validate response. */
        PreCheckResponse: {
            decision: components["schemas"]["Decision"];
            /**
             * Format: uuid
             * @description The ledger record of this decision: a UUIDv7, so ids sort by the time they were made.
             */
            envelope_id: string;
            governance_disclosure: string;
            /** @description Gateway processing time. */
            latency_ms: number;
            risk: components["schemas"]["Risk"];
            validation: components["schemas"]["Validation"];
        };
        /** @description RFC 9457 problem details. `code` is stable: match on it, not on the text. */
        Problem: {
            /** @example VALIDATION_FAILED */
            code: string;
            detail: string;
            /** @description For 422: every failing field, at most 100 (then `errors_omitted`). */
            errors?: {
                message: string;
                path: string;
            }[];
            /** @description How many failing fields are not listed in `errors`, when there were more than 100. */
            errors_omitted?: number;
            instance?: string;
            status: number;
            title: string;
            /** Format: uri */
            type: string;
        };
        /** @description An action the agent proposes to run. There is no output field: none exists yet. */
        ProposedAction: {
            /**
             * @description The action or tool name (no control characters).
             * @example invoicepay.create_payment
             */
            action: string;
            /**
             * @description The agent's id: letters, digits, underscore, dash and dot.
             * @example support-agent-1
             */
            agent_id: string;
            /**
             * @description The agent framework. Default REST.
             * @default REST
             * @enum {string}
             */
            framework?: "LangChain" | "LangGraph" | "CrewAI" | "OpenAI Agents" | "Claude Agents" | "MCP" | "Custom" | "REST";
            /** @default  */
            input?: string;
            model?: string;
            /**
             * @description The tool's parameters.
             * @default {}
             */
            params?: Record<string, unknown>;
            /** @description Version of the client library. */
            sdk_version?: string;
            session_id?: string | null;
            /** @default  */
            user?: string;
        };
        ReportJob: {
            /** Format: date-time */
            created_at: string;
            error: string | null;
            files: {
                /** @description GET this path for the file. */
                file: string;
                /** @enum {string} */
                format: "json" | "csv" | "pdf";
                sha256: string;
                /** @description GET this path for its signature (a compact JWS). */
                signature: string;
                size: number;
            }[];
            /** Format: date-time */
            finished_at: string | null;
            formats: string[];
            /** Format: uuid */
            id: string;
            links: {
                jwks: string;
                self: string;
            };
            period: Record<string, unknown>;
            progress: number;
            requested_by: string;
            scope: Record<string, unknown>;
            /** @enum {string} */
            status: "queued" | "running" | "done" | "failed";
        };
        ReportRequest: {
            /** @description Files to produce (default all three; json is always produced). */
            formats?: ("json" | "csv" | "pdf")[];
            /** @description The period [from, to): at most 366 days, starting no later than now. */
            period: {
                /** Format: date-time */
                from: string;
                /** Format: date-time */
                to: string;
            };
            /** @description What the report covers (default: all). A team covers the calls made with that team's API keys; a caller whose credential has a team may only ask for its own team. */
            scope?: {
                /** @constant */
                kind: "all";
            } | {
                /** @constant */
                kind: "team";
                team: string;
            } | {
                agent_id: string;
                /** @constant */
                kind: "agent";
            };
        };
        ReportSignature: {
            /** @enum {string} */
            format: "json" | "csv" | "pdf";
            /** @description Where the public keys are. */
            jwks: string;
            /** @description Compact JWS (typ govgate-report+jws) over {report_id, format, sha256, size, signed_at}. */
            jws: string;
            /** Format: uuid */
            report_id: string;
            sha256: string;
        };
        ReviewActionRequest: {
            /** @description Why: recorded in the ledger. */
            note?: string;
            /** @description Who acts, when auth is off (with auth on, the caller's identity is used). */
            reviewer_id?: string;
        };
        ReviewCommentRequest: {
            /** @description Why: recorded in the ledger. */
            note: string;
            /** @description Who acts, when auth is off (with auth on, the caller's identity is used). */
            reviewer_id?: string;
        };
        ReviewHistoryEntry: {
            /** @enum {string} */
            action: "claim" | "release" | "reassign" | "comment" | "vote" | "approve" | "reject" | "expire";
            assignee?: string | null;
            /** Format: date-time */
            at: string;
            by: string | null;
            /** Format: uuid */
            envelope_id: string;
            kind: string;
            note: string | null;
        };
        ReviewItem: {
            action: string | null;
            agent_id: string | null;
            /** @description Who holds the item while it is claimed. */
            claimed_by: string | null;
            /** Format: date-time */
            created_at: string;
            /** Format: uuid */
            envelope_id: string;
            /** @enum {string} */
            kind: "validate" | "pre_check" | "post_check" | "decision" | "review" | "kill_switch" | "judge" | "tool_pin" | "tunnel" | "idempotency_conflict" | "certification" | "certification_revocation" | "review_claim" | "review_note" | "approval" | "approval_revoked" | "approval_use" | "notification_retry" | "tool_change" | "outcome_unknown" | "access" | "agent_mismatch" | "alert_ack";
            /** @enum {string} */
            outcome: "escalate" | "request_evidence";
            /** @description Open (pending or claimed) past review_deadline; the expiry job will record it expired. */
            overdue: boolean;
            resolution_envelope_id: string | null;
            /** Format: date-time */
            review_deadline: string | null;
            reviewer_id: string | null;
            /** @enum {string|null} */
            risk_tier: "low" | "medium" | "high" | "critical" | null;
            seq: number;
            /**
             * @description pending -> claimed -> approved | rejected; pending | claimed -> expired at the deadline.
             * @enum {string}
             */
            status: "pending" | "claimed" | "approved" | "rejected" | "expired";
        };
        ReviewItemDetail: {
            /** @description The agent's most recent records, newest first. */
            agent_history: components["schemas"]["AuditRecordSummary"][];
            /** @description Distinct approvers so far. */
            approvals: string[];
            /** @description The call under review: kind, agent, tool and arguments, scores and failures, risk factors, decision. */
            call: {
                agent_id?: string | null;
                arguments?: unknown;
                /** Format: date-time */
                created_at?: string;
                decision?: unknown;
                kind?: string;
                request?: unknown;
                risk?: unknown;
                tool?: string | null;
                validation?: unknown;
            };
            claimed_by: string | null;
            /** Format: uuid */
            envelope_id: string;
            /** @description Every transition and comment, oldest first. */
            history: components["schemas"]["ReviewHistoryEntry"][];
            /** @description Present when the caller's roles do not include reading personal data (only admin and auditor do): the item's payload fields (its pii_paths, e.g. request.params.email) that read "[masked: pii]" in call and tool_change. Personal data in linked rows (a note) is masked the same way. */
            masked_paths?: string[];
            /** @enum {string} */
            on_expiry?: "approve" | "block";
            overdue: boolean;
            /** @description The credential that made the call; it may never resolve it. */
            requested_by: string | null;
            /** @description Distinct approvers the item's tier needs (decision.yaml required_approvals). */
            required_approvals: number;
            /** Format: date-time */
            review_deadline: string | null;
            /** @description Rows linked so far; `?wait=` returns when it moves. */
            revision: number;
            /** @enum {string} */
            status: "pending" | "claimed" | "approved" | "rejected" | "expired";
            /** @description Only for a changed MCP tool definition (call.kind tool_change): approving it accepts the new definition for every sidecar of the fleet; rejecting keeps the tool blocked. */
            tool_change?: {
                diff: {
                    added: {
                        after?: unknown;
                        /** @description JSON Pointer */
                        path?: string;
                    }[];
                    changed: {
                        after?: unknown;
                        before?: unknown;
                        path?: string;
                    }[];
                    removed: {
                        before?: unknown;
                        path?: string;
                    }[];
                    /** @description Unified diff of the canonical JSON (keys sorted, indented) of both definitions. */
                    unified: string;
                };
                new_definition: Record<string, unknown>;
                new_hash: string;
                /** @description The pinned definition (title, description, inputSchema, annotations). */
                old_definition: Record<string, unknown> | null;
                old_hash: string;
                route: string;
                tool: string;
                /** @enum {string} */
                type: "tool_definition_change";
                upstream?: string | null;
            };
            verdict: {
                approvers?: string[];
                /** Format: date-time */
                at?: string;
                by?: string | null;
                envelope_id?: string;
                note?: string;
                /** @enum {string} */
                outcome?: "approve" | "block";
            } | null;
        };
        ReviewQueue: {
            items: components["schemas"]["ReviewItem"][];
            limit: number;
            offset: number;
            total: number;
        };
        ReviewReassignRequest: {
            /** @description Why: recorded in the ledger. */
            note?: string;
            /** @description Who acts, when auth is off (with auth on, the caller's identity is used). */
            reviewer_id?: string;
            /** @description Who holds the item next (`kind:subject`, e.g. user:alice). */
            to: string;
        };
        ReviewResolution: {
            approvals: string[];
            /** Format: date-time */
            created_at: string;
            /** @description false: an approval recorded, but the tier needs more distinct approvers (202). */
            decided: boolean;
            /**
             * Format: uuid
             * @description The ledger row that records the verdict (or, when more approvers are needed, this approval).
             */
            envelope_id: string;
            /** @description The approval grant given with this verdict, if any. */
            grant?: components["schemas"]["ApprovalGrant"] | null;
            note: string;
            /** @enum {string} */
            outcome: "approve" | "block";
            required_approvals: number;
            /** Format: uuid */
            resolved_envelope_id: string;
            reviewer_id: string;
            /**
             * @description The item's status after this verdict.
             * @enum {string}
             */
            status: "pending" | "claimed" | "approved" | "rejected" | "expired";
        };
        ReviewResolutionRequest: {
            /** @description Approve more than this call: a standing approval for later calls (approve only). */
            grant?: components["schemas"]["ApprovalScope"];
            /** @description Why: recorded in the ledger; a rejection's note is the reason the agent sees. */
            note: string;
            /**
             * @description The reviewer's verdict: approve, or reject (block is the same as reject: the spec's outcome word).
             * @enum {string}
             */
            outcome: "approve" | "reject" | "block";
            /** @description Who reviewed, when auth is off (with auth on, the caller's identity is used). */
            reviewer_id?: string;
        };
        RevocationResult: {
            agent_id: string;
            /**
             * Format: uuid
             * @description The `certification_revocation` ledger row.
             */
            envelope_id: string;
            reason: string;
            /** Format: date-time */
            revoked_at: string;
            /** Format: uuid */
            revoked_envelope_id: string;
        };
        RevokeCertificateRequest: {
            /**
             * Format: uuid
             * @description The certification to revoke; default the current one.
             */
            envelope_id?: string;
            reason: string;
        };
        Risk: {
            action_severity: number;
            business_impact: number;
            confidence_gap: number;
            policy_sensitivity: number;
            reason: string;
            score: number;
            /** @enum {string} */
            tier: "low" | "medium" | "high" | "critical";
        };
        SsoAcsForm: {
            /** @description Read only for IdP-initiated sign-in (security.allow_unsolicited); a solicited sign-in returns to the path stored with its request. */
            RelayState?: string;
            /** @description The base64 samlp:Response, with a signed assertion. */
            SAMLResponse: string;
        };
        SsoLogout: {
            /** @description true when a live session was ended; false when there was none. */
            ended: boolean;
            /** @description The identity provider's single logout URL to send the browser to (SP-initiated SLO), or null when it offers none. */
            logout_url: string | null;
        };
        SsoSession: {
            /** Format: date-time */
            created_at: string;
            /** @constant */
            csrf_header: "X-CSRF-Token";
            /** @description Send it as X-CSRF-Token on every POST, PUT, PATCH and DELETE made with the session cookie. */
            csrf_token: string;
            /**
             * Format: date-time
             * @description The session ends then (session.ttl_seconds), or at logout.
             */
            expires_at: string;
            /** @description The NameID the identity provider asserted. */
            name_id: string;
            roles: ("admin" | "operator" | "reviewer" | "auditor" | "viewer" | "agent")[];
            /** @description Who the person is to the gateway: the NameID, or the attribute mapping.subject_attribute names. */
            subject: string;
            /** @description The first of teams, or null. */
            team: string | null;
            teams: string[];
            /**
             * @description session.tier of config/sso.yaml (at most DEFAULT_TIER).
             * @enum {string}
             */
            tier: "developer" | "team" | "enterprise";
        };
        TeamAgents: {
            agents: string[];
            team: string;
            updated_at?: string | null;
        };
        TeamAgentsRequest: {
            /** @description Agent ids, `*` as wildcard (`payments-*`). */
            agents: string[];
            /** @description The team; defaults to the caller's own (a credential without a team must name one). */
            team?: string;
        };
        TeamKey: {
            agent_scope: string | null;
            created_at: string;
            hint: string;
            id: string;
            last_used_at: string | null;
            member_id: string | null;
            name?: string | null;
            revoked_at: string | null;
            /** @description null: a key from before roles (every role but admin). */
            roles: ("admin" | "operator" | "reviewer" | "auditor" | "viewer" | "agent")[] | null;
            team: string | null;
            /** @enum {string} */
            tier: "developer" | "team" | "enterprise";
        };
        TeamKeyCreated: {
            agent_scope?: string | null;
            created_at?: string;
            hint?: string;
            id: string;
            /** @description The API key: shown this once, only its hash is kept. */
            key: string;
            last_used_at?: string | null;
            member_id?: string | null;
            name?: string | null;
            revoked_at?: string | null;
            /** @description null: a key from before roles (every role but admin). */
            roles?: ("admin" | "operator" | "reviewer" | "auditor" | "viewer" | "agent")[] | null;
            team?: string | null;
            /** @enum {string} */
            tier?: "developer" | "team" | "enterprise";
        };
        TeamKeyList: {
            items: {
                agent_scope: string | null;
                created_at: string;
                hint: string;
                id: string;
                last_used_at: string | null;
                member_id: string | null;
                name?: string | null;
                revoked_at: string | null;
                /** @description null: a key from before roles (every role but admin). */
                roles: ("admin" | "operator" | "reviewer" | "auditor" | "viewer" | "agent")[] | null;
                team: string | null;
                /** @enum {string} */
                tier: "developer" | "team" | "enterprise";
            }[];
        };
        TeamKeyRequest: {
            /** @description Required with the agent role: the agent id or glob the key acts for. */
            agent?: string;
            /** @description The member the key belongs to: it holds at most their current roles, and stops working when they leave the team. */
            member_id?: string;
            name?: string;
            /** @description Roles: admin, operator, reviewer, auditor, viewer, agent. */
            roles: ("admin" | "operator" | "reviewer" | "auditor" | "viewer" | "agent")[];
            /** @description The team; defaults to the caller's own (a credential without a team must name one). */
            team?: string;
            /**
             * @description Default and maximum: the caller's tier.
             * @enum {string}
             */
            tier?: "developer" | "team" | "enterprise";
        };
        TeamMember: {
            created_at: string;
            display_name: string | null;
            id: string;
            /** @enum {string} */
            source: "local" | "sso";
            /** @description The sign-in name (email, or the IdP NameID for SSO members). */
            subject: string;
            teams: {
                roles: ("admin" | "operator" | "reviewer" | "auditor" | "viewer" | "agent")[];
                team: string;
            }[];
            updated_at: string;
        };
        TeamMemberList: {
            items: {
                created_at: string;
                display_name: string | null;
                id: string;
                /** @enum {string} */
                source: "local" | "sso";
                /** @description The sign-in name (email, or the IdP NameID for SSO members). */
                subject: string;
                teams: {
                    roles: ("admin" | "operator" | "reviewer" | "auditor" | "viewer" | "agent")[];
                    team: string;
                }[];
                updated_at: string;
            }[];
            limit: number;
            offset: number;
            total: number;
        };
        TeamMemberPatch: {
            display_name?: string;
            /** @description Roles: admin, operator, reviewer, auditor, viewer, agent. */
            roles?: ("admin" | "operator" | "reviewer" | "auditor" | "viewer" | "agent")[];
            /** @description The team; defaults to the caller's own (a credential without a team must name one). */
            team?: string;
        };
        TeamMemberRequest: {
            display_name?: string;
            /** @description The person's sign-in email (an SSO member's NameID or email). */
            email: string;
            /** @description Roles: admin, operator, reviewer, auditor, viewer, agent. */
            roles: ("admin" | "operator" | "reviewer" | "auditor" | "viewer" | "agent")[];
            /** @description The team; defaults to the caller's own (a credential without a team must name one). */
            team?: string;
        };
        TeamUsage: {
            agents: {
                agent_id: string;
                /** @description validate, pre-check and post-check rows. */
                calls: number;
                /** @description Decided rows per outcome. */
                decisions: {
                    [key: string]: number;
                };
                /** @description Review verdicts on this agent's calls. */
                reviews: number;
            }[];
            from: string;
            members: {
                /** @description Oversight rows they wrote, per kind (review, review_claim, review_note, approval, approval_revoked). */
                actions: {
                    [key: string]: number;
                };
                member_id: string;
                /** @description Verdicts they signed. */
                reviews: number;
                subject: string;
            }[];
            team: string | null;
            to: string;
        };
        TrustChain: {
            /** @description This execution's depth: 2 for the child of a root. */
            depth: number;
            failures: components["schemas"]["Failure"][];
            /** @description Envelope ids from the root to the parent. */
            lineage: string[];
            parent_agent_id: string | null;
            /** Format: uuid */
            parent_envelope_id: string;
            trusted: boolean;
        };
        ValidateRequest: {
            /**
             * @description The agent's id: letters, digits, underscore, dash and dot.
             * @example support-agent-1
             */
            agent_id: string;
            /** @description Where the agent runs (dev, staging, production, ...). */
            deployment_env?: string;
            /** @description What the agent did. `model` is required: an execution of {} is rejected with 422. */
            execution: {
                /** @description Not tokens_out. */
                completion_tokens?: number;
                /** @description Milliseconds. */
                latency_ms?: number;
                /** @example gpt-4o */
                model: string;
                /** @description Not tokens_in. */
                prompt_tokens?: number;
                /** @description Total tokens. */
                tokens?: number;
                /** @description One result per entry of tools_called, in the same order. */
                tool_results?: unknown[];
                /** @description Not tool_calls. Send with matching tool_results for tool-trust checks. */
                tools_called?: (string | ({
                    args?: Record<string, unknown>;
                    /** @description Arguments as an object, or a JSON string (OpenAI style). */
                    arguments?: unknown;
                    function?: {
                        arguments?: unknown;
                        name: string;
                    };
                    id?: string;
                    input?: Record<string, unknown>;
                    name?: string;
                    params?: Record<string, unknown>;
                    type?: string;
                } | unknown | unknown))[];
            };
            /**
             * @description The agent framework. Default REST.
             * @default REST
             * @enum {string}
             */
            framework?: "LangChain" | "LangGraph" | "CrewAI" | "OpenAI Agents" | "Claude Agents" | "MCP" | "Custom" | "REST";
            /** @description The agent's output: a JSON object (never a bare string), at most 100 KB. */
            output: Record<string, unknown>;
            /**
             * Format: uuid
             * @description Envelope id of the parent execution; runs the trust chain check.
             */
            parent_envelope_id?: string | null;
            request: {
                input: string;
                metadata?: Record<string, unknown>;
                session_id?: string | null;
                user: string;
            };
            /** @description Version of the client library. */
            sdk_version?: string;
            /** @description The agent's own version. */
            version?: string;
        };
        ValidateResponse: {
            confidence_rationale: string;
            decision: components["schemas"]["Decision"];
            /**
             * Format: uuid
             * @description The ledger record of this decision: a UUIDv7, so ids sort by the time they were made.
             */
            envelope_id: string;
            governance_disclosure: string;
            /** @description Gateway processing time. */
            latency_ms: number;
            risk: components["schemas"]["Risk"];
            trust_chain: components["schemas"]["TrustChain"] | null;
            validation: components["schemas"]["Validation"];
        };
        Validation: {
            consistency_score: number;
            /** @description 0 = nothing in the output contradicts the tool results. */
            contradiction_score: number;
            evidence_score: number;
            failures: components["schemas"]["Failure"][];
            final_confidence: number;
            historical_reliability: number;
            /** @description null until the LLM judge has run. */
            judge_score: number | null;
            policy_score: number;
            safety_score: number;
            schema_score: number;
            /** @description 100 = every tool declared, in scope and within limits. Below 100 blocks a pre-check. */
            tool_trust_score: number;
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
    "get.wellKnownJwks.json": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description JWKS */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Jwks"];
                };
            };
            /** @description INVALID_JSON: Request body is not valid JSON; MALFORMED_REQUEST: The request is not well-formed HTTP; REQUEST_INCOMPLETE: The request body ended before it was complete; UNKNOWN_QUERY_PARAMETER: The route does not take this query parameter; TOOL_NOT_IDENTIFIED: The sidecar cannot tell which tool this request calls; PROXY_PATH_REJECTED: The proxied path is not allowed; ADMISSION_REVIEW_INVALID: The request is not an admission.k8s.io/v1 AdmissionReview of a Pod; SSO_RELAY_STATE_INVALID: The return path is not a same-origin relative path; SSO_RESPONSE_MALFORMED: The SAML response is not well-formed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description INTERNAL: Internal gateway error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getConsole: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The console page */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html; charset=utf-8": unknown;
                };
            };
            /** @description INTERNAL: Internal gateway error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getDocs: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Interactive API docs (off when SERVICE_ENV=production) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description INVALID_JSON: Request body is not valid JSON; MALFORMED_REQUEST: The request is not well-formed HTTP; REQUEST_INCOMPLETE: The request body ended before it was complete; UNKNOWN_QUERY_PARAMETER: The route does not take this query parameter; TOOL_NOT_IDENTIFIED: The sidecar cannot tell which tool this request calls; PROXY_PATH_REJECTED: The proxied path is not allowed; ADMISSION_REVIEW_INVALID: The request is not an admission.k8s.io/v1 AdmissionReview of a Pod; SSO_RELAY_STATE_INVALID: The return path is not a same-origin relative path; SSO_RESPONSE_MALFORMED: The SAML response is not well-formed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description INTERNAL: Internal gateway error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getHealth: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Ready */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Health"];
                };
            };
            /** @description INVALID_JSON: Request body is not valid JSON; MALFORMED_REQUEST: The request is not well-formed HTTP; REQUEST_INCOMPLETE: The request body ended before it was complete; UNKNOWN_QUERY_PARAMETER: The route does not take this query parameter; TOOL_NOT_IDENTIFIED: The sidecar cannot tell which tool this request calls; PROXY_PATH_REJECTED: The proxied path is not allowed; ADMISSION_REVIEW_INVALID: The request is not an admission.k8s.io/v1 AdmissionReview of a Pod; SSO_RELAY_STATE_INVALID: The return path is not a same-origin relative path; SSO_RESPONSE_MALFORMED: The SAML response is not well-formed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description INTERNAL: Internal gateway error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not ready */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Health"];
                };
            };
        };
    };
    getHealthLive: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Alive */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/plain; charset=utf-8": unknown;
                };
            };
            /** @description INVALID_JSON: Request body is not valid JSON; MALFORMED_REQUEST: The request is not well-formed HTTP; REQUEST_INCOMPLETE: The request body ended before it was complete; UNKNOWN_QUERY_PARAMETER: The route does not take this query parameter; TOOL_NOT_IDENTIFIED: The sidecar cannot tell which tool this request calls; PROXY_PATH_REJECTED: The proxied path is not allowed; ADMISSION_REVIEW_INVALID: The request is not an admission.k8s.io/v1 AdmissionReview of a Pod; SSO_RELAY_STATE_INVALID: The return path is not a same-origin relative path; SSO_RESPONSE_MALFORMED: The SAML response is not well-formed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description INTERNAL: Internal gateway error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getMetrics: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Prometheus text exposition */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/plain; version=0.0.4": unknown;
                };
            };
            /** @description INVALID_JSON: Request body is not valid JSON; MALFORMED_REQUEST: The request is not well-formed HTTP; REQUEST_INCOMPLETE: The request body ended before it was complete; UNKNOWN_QUERY_PARAMETER: The route does not take this query parameter; TOOL_NOT_IDENTIFIED: The sidecar cannot tell which tool this request calls; PROXY_PATH_REJECTED: The proxied path is not allowed; ADMISSION_REVIEW_INVALID: The request is not an admission.k8s.io/v1 AdmissionReview of a Pod; SSO_RELAY_STATE_INVALID: The return path is not a same-origin relative path; SSO_RESPONSE_MALFORMED: The SAML response is not well-formed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description INTERNAL: Internal gateway error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    "getOpenapi.json": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The OpenAPI 3.1 document (off when SERVICE_ENV=production) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description INVALID_JSON: Request body is not valid JSON; MALFORMED_REQUEST: The request is not well-formed HTTP; REQUEST_INCOMPLETE: The request body ended before it was complete; UNKNOWN_QUERY_PARAMETER: The route does not take this query parameter; TOOL_NOT_IDENTIFIED: The sidecar cannot tell which tool this request calls; PROXY_PATH_REJECTED: The proxied path is not allowed; ADMISSION_REVIEW_INVALID: The request is not an admission.k8s.io/v1 AdmissionReview of a Pod; SSO_RELAY_STATE_INVALID: The return path is not a same-origin relative path; SSO_RESPONSE_MALFORMED: The SAML response is not well-formed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description INTERNAL: Internal gateway error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    postV1AlertsIdAck: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The alert id. */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["AlertAckRequest"];
            };
        };
        responses: {
            /** @description The alert after the acknowledgement */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Alert"];
                };
            };
            /** @description INVALID_JSON: Request body is not valid JSON; MALFORMED_REQUEST: The request is not well-formed HTTP; REQUEST_INCOMPLETE: The request body ended before it was complete; UNKNOWN_QUERY_PARAMETER: The route does not take this query parameter; TOOL_NOT_IDENTIFIED: The sidecar cannot tell which tool this request calls; PROXY_PATH_REJECTED: The proxied path is not allowed; ADMISSION_REVIEW_INVALID: The request is not an admission.k8s.io/v1 AdmissionReview of a Pod; SSO_RELAY_STATE_INVALID: The return path is not a same-origin relative path; SSO_RESPONSE_MALFORMED: The SAML response is not well-formed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description UNAUTHENTICATED: Missing or invalid credentials; SSO_SIGNATURE_INVALID: The SAML assertion is not validly signed by the identity provider; SSO_ASSERTION_INVALID: The SAML assertion is not for this service provider; SSO_ASSERTION_EXPIRED: The SAML assertion is outside its validity window; SSO_REPLAYED: The SAML assertion was already used; SSO_UNSOLICITED: The SAML response answers no sign-in this gateway started; SSO_BROWSER_MISMATCH: The SAML response answers a sign-in started in another browser; SSO_IDP_ERROR: The identity provider did not sign the person in; SSO_SESSION_REQUIRED: No live single sign-on session */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description FORBIDDEN: Your tier does not allow this capability; SELF_REVIEW_FORBIDDEN: The principal that made a call may not review it; TOOL_CALL_BLOCKED: Governance blocked this tool call; TOOL_RESULT_BLOCKED: Governance withheld this tool result; DESTINATION_NOT_ALLOWED: The sidecar does not proxy to this destination; UPGRADE_REFUSED: Governed routes do not accept protocol upgrades; CSRF_REJECTED: A state-changing request with the session cookie lacks CSRF proof; ROLE_REQUIRED: Your roles do not allow this action; AGENT_OUT_OF_SCOPE: This credential is bound to another agent; TEAM_FORBIDDEN: This credential may not act on that team; TIER_TOO_HIGH: A key may not get a higher tier than its creator; REPORT_SCOPE_FORBIDDEN: Your credential may not report on this scope */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description ROUTE_NOT_FOUND: No such route; ENVELOPE_NOT_FOUND: Unknown envelope id; GRANT_NOT_FOUND: Unknown approval grant; CERTIFICATE_NOT_FOUND: No such certificate; DELIVERY_NOT_FOUND: Unknown webhook delivery; SSO_NOT_CONFIGURED: Single sign-on is not configured on this gateway; MEMBER_NOT_FOUND: No such team member; KEY_NOT_FOUND: No such API key; ALERT_NOT_FOUND: Unknown alert id; REPORT_NOT_FOUND: No such report; REPORT_FORMAT_NOT_GENERATED: This report was not generated in that format */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description JSON_TOO_MANY_VALUES: The JSON document holds too many values; PAYLOAD_TOO_LARGE: Request body is too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: Request body must be application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description JSON_DUPLICATE_KEY: A JSON member name appears more than once; JSON_NUMBER_INEXACT: A JSON number cannot be read exactly; JSON_TOO_DEEP: The JSON document nests too deeply; JSON_INVALID_STRING: A JSON string is not valid Unicode text; JSON_RESERVED_KEY: A JSON member name is reserved; VALIDATION_FAILED: Request does not match the schema; POLICY_INVALID: The policy bundle in the request is invalid; SUITE_AGENT_MISMATCH: A certification suite case names another agent than the one certified; PERIOD_INVALID: The period is empty, reversed, too long or in the future; BUCKET_INVALID: The bucket size does not fit the period or its grain */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description INTERNAL: Internal gateway error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description LEDGER_UNAVAILABLE: The audit ledger cannot record right now; SIDECAR_OVERLOADED: The sidecar is at the bound of its memory budget; RATE_LIMIT_UNAVAILABLE: The shared rate limiter cannot decide right now; AUTH_UNAVAILABLE: Credentials cannot be checked right now; CONSOLE_NOT_BUILT: The web console has not been built; SSO_IDP_UNAVAILABLE: The identity provider's metadata cannot be read right now */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getV1AlertsActive: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Alerts firing now, newest first */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AlertList"];
                };
            };
            /** @description INVALID_JSON: Request body is not valid JSON; MALFORMED_REQUEST: The request is not well-formed HTTP; REQUEST_INCOMPLETE: The request body ended before it was complete; UNKNOWN_QUERY_PARAMETER: The route does not take this query parameter; TOOL_NOT_IDENTIFIED: The sidecar cannot tell which tool this request calls; PROXY_PATH_REJECTED: The proxied path is not allowed; ADMISSION_REVIEW_INVALID: The request is not an admission.k8s.io/v1 AdmissionReview of a Pod; SSO_RELAY_STATE_INVALID: The return path is not a same-origin relative path; SSO_RESPONSE_MALFORMED: The SAML response is not well-formed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description UNAUTHENTICATED: Missing or invalid credentials; SSO_SIGNATURE_INVALID: The SAML assertion is not validly signed by the identity provider; SSO_ASSERTION_INVALID: The SAML assertion is not for this service provider; SSO_ASSERTION_EXPIRED: The SAML assertion is outside its validity window; SSO_REPLAYED: The SAML assertion was already used; SSO_UNSOLICITED: The SAML response answers no sign-in this gateway started; SSO_BROWSER_MISMATCH: The SAML response answers a sign-in started in another browser; SSO_IDP_ERROR: The identity provider did not sign the person in; SSO_SESSION_REQUIRED: No live single sign-on session */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description FORBIDDEN: Your tier does not allow this capability; SELF_REVIEW_FORBIDDEN: The principal that made a call may not review it; TOOL_CALL_BLOCKED: Governance blocked this tool call; TOOL_RESULT_BLOCKED: Governance withheld this tool result; DESTINATION_NOT_ALLOWED: The sidecar does not proxy to this destination; UPGRADE_REFUSED: Governed routes do not accept protocol upgrades; CSRF_REJECTED: A state-changing request with the session cookie lacks CSRF proof; ROLE_REQUIRED: Your roles do not allow this action; AGENT_OUT_OF_SCOPE: This credential is bound to another agent; TEAM_FORBIDDEN: This credential may not act on that team; TIER_TOO_HIGH: A key may not get a higher tier than its creator; REPORT_SCOPE_FORBIDDEN: Your credential may not report on this scope */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description JSON_DUPLICATE_KEY: A JSON member name appears more than once; JSON_NUMBER_INEXACT: A JSON number cannot be read exactly; JSON_TOO_DEEP: The JSON document nests too deeply; JSON_INVALID_STRING: A JSON string is not valid Unicode text; JSON_RESERVED_KEY: A JSON member name is reserved; VALIDATION_FAILED: Request does not match the schema; POLICY_INVALID: The policy bundle in the request is invalid; SUITE_AGENT_MISMATCH: A certification suite case names another agent than the one certified; PERIOD_INVALID: The period is empty, reversed, too long or in the future; BUCKET_INVALID: The bucket size does not fit the period or its grain */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description INTERNAL: Internal gateway error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description LEDGER_UNAVAILABLE: The audit ledger cannot record right now; SIDECAR_OVERLOADED: The sidecar is at the bound of its memory budget; RATE_LIMIT_UNAVAILABLE: The shared rate limiter cannot decide right now; AUTH_UNAVAILABLE: Credentials cannot be checked right now; CONSOLE_NOT_BUILT: The web console has not been built; SSO_IDP_UNAVAILABLE: The identity provider's metadata cannot be read right now */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getV1AlertsHistory: {
        parameters: {
            query?: {
                /** @description Page size: default 50, maximum 500. */
                limit?: number;
                /** @description Items to skip. */
                offset?: number;
                /** @description Only this rule. */
                rule?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Every alert, firing or resolved, newest first */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AlertList"];
                };
            };
            /** @description INVALID_JSON: Request body is not valid JSON; MALFORMED_REQUEST: The request is not well-formed HTTP; REQUEST_INCOMPLETE: The request body ended before it was complete; UNKNOWN_QUERY_PARAMETER: The route does not take this query parameter; TOOL_NOT_IDENTIFIED: The sidecar cannot tell which tool this request calls; PROXY_PATH_REJECTED: The proxied path is not allowed; ADMISSION_REVIEW_INVALID: The request is not an admission.k8s.io/v1 AdmissionReview of a Pod; SSO_RELAY_STATE_INVALID: The return path is not a same-origin relative path; SSO_RESPONSE_MALFORMED: The SAML response is not well-formed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description UNAUTHENTICATED: Missing or invalid credentials; SSO_SIGNATURE_INVALID: The SAML assertion is not validly signed by the identity provider; SSO_ASSERTION_INVALID: The SAML assertion is not for this service provider; SSO_ASSERTION_EXPIRED: The SAML assertion is outside its validity window; SSO_REPLAYED: The SAML assertion was already used; SSO_UNSOLICITED: The SAML response answers no sign-in this gateway started; SSO_BROWSER_MISMATCH: The SAML response answers a sign-in started in another browser; SSO_IDP_ERROR: The identity provider did not sign the person in; SSO_SESSION_REQUIRED: No live single sign-on session */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description FORBIDDEN: Your tier does not allow this capability; SELF_REVIEW_FORBIDDEN: The principal that made a call may not review it; TOOL_CALL_BLOCKED: Governance blocked this tool call; TOOL_RESULT_BLOCKED: Governance withheld this tool result; DESTINATION_NOT_ALLOWED: The sidecar does not proxy to this destination; UPGRADE_REFUSED: Governed routes do not accept protocol upgrades; CSRF_REJECTED: A state-changing request with the session cookie lacks CSRF proof; ROLE_REQUIRED: Your roles do not allow this action; AGENT_OUT_OF_SCOPE: This credential is bound to another agent; TEAM_FORBIDDEN: This credential may not act on that team; TIER_TOO_HIGH: A key may not get a higher tier than its creator; REPORT_SCOPE_FORBIDDEN: Your credential may not report on this scope */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description JSON_DUPLICATE_KEY: A JSON member name appears more than once; JSON_NUMBER_INEXACT: A JSON number cannot be read exactly; JSON_TOO_DEEP: The JSON document nests too deeply; JSON_INVALID_STRING: A JSON string is not valid Unicode text; JSON_RESERVED_KEY: A JSON member name is reserved; VALIDATION_FAILED: Request does not match the schema; POLICY_INVALID: The policy bundle in the request is invalid; SUITE_AGENT_MISMATCH: A certification suite case names another agent than the one certified; PERIOD_INVALID: The period is empty, reversed, too long or in the future; BUCKET_INVALID: The bucket size does not fit the period or its grain */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description INTERNAL: Internal gateway error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description LEDGER_UNAVAILABLE: The audit ledger cannot record right now; SIDECAR_OVERLOADED: The sidecar is at the bound of its memory budget; RATE_LIMIT_UNAVAILABLE: The shared rate limiter cannot decide right now; AUTH_UNAVAILABLE: Credentials cannot be checked right now; CONSOLE_NOT_BUILT: The web console has not been built; SSO_IDP_UNAVAILABLE: The identity provider's metadata cannot be read right now */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getV1AlertsRules: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The alert rules in force (config/alerts.yaml) and the events that always alert */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AlertRuleList"];
                };
            };
            /** @description INVALID_JSON: Request body is not valid JSON; MALFORMED_REQUEST: The request is not well-formed HTTP; REQUEST_INCOMPLETE: The request body ended before it was complete; UNKNOWN_QUERY_PARAMETER: The route does not take this query parameter; TOOL_NOT_IDENTIFIED: The sidecar cannot tell which tool this request calls; PROXY_PATH_REJECTED: The proxied path is not allowed; ADMISSION_REVIEW_INVALID: The request is not an admission.k8s.io/v1 AdmissionReview of a Pod; SSO_RELAY_STATE_INVALID: The return path is not a same-origin relative path; SSO_RESPONSE_MALFORMED: The SAML response is not well-formed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description UNAUTHENTICATED: Missing or invalid credentials; SSO_SIGNATURE_INVALID: The SAML assertion is not validly signed by the identity provider; SSO_ASSERTION_INVALID: The SAML assertion is not for this service provider; SSO_ASSERTION_EXPIRED: The SAML assertion is outside its validity window; SSO_REPLAYED: The SAML assertion was already used; SSO_UNSOLICITED: The SAML response answers no sign-in this gateway started; SSO_BROWSER_MISMATCH: The SAML response answers a sign-in started in another browser; SSO_IDP_ERROR: The identity provider did not sign the person in; SSO_SESSION_REQUIRED: No live single sign-on session */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description FORBIDDEN: Your tier does not allow this capability; SELF_REVIEW_FORBIDDEN: The principal that made a call may not review it; TOOL_CALL_BLOCKED: Governance blocked this tool call; TOOL_RESULT_BLOCKED: Governance withheld this tool result; DESTINATION_NOT_ALLOWED: The sidecar does not proxy to this destination; UPGRADE_REFUSED: Governed routes do not accept protocol upgrades; CSRF_REJECTED: A state-changing request with the session cookie lacks CSRF proof; ROLE_REQUIRED: Your roles do not allow this action; AGENT_OUT_OF_SCOPE: This credential is bound to another agent; TEAM_FORBIDDEN: This credential may not act on that team; TIER_TOO_HIGH: A key may not get a higher tier than its creator; REPORT_SCOPE_FORBIDDEN: Your credential may not report on this scope */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description JSON_DUPLICATE_KEY: A JSON member name appears more than once; JSON_NUMBER_INEXACT: A JSON number cannot be read exactly; JSON_TOO_DEEP: The JSON document nests too deeply; JSON_INVALID_STRING: A JSON string is not valid Unicode text; JSON_RESERVED_KEY: A JSON member name is reserved; VALIDATION_FAILED: Request does not match the schema; POLICY_INVALID: The policy bundle in the request is invalid; SUITE_AGENT_MISMATCH: A certification suite case names another agent than the one certified; PERIOD_INVALID: The period is empty, reversed, too long or in the future; BUCKET_INVALID: The bucket size does not fit the period or its grain */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description INTERNAL: Internal gateway error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description LEDGER_UNAVAILABLE: The audit ledger cannot record right now; SIDECAR_OVERLOADED: The sidecar is at the bound of its memory budget; RATE_LIMIT_UNAVAILABLE: The shared rate limiter cannot decide right now; AUTH_UNAVAILABLE: Credentials cannot be checked right now; CONSOLE_NOT_BUILT: The web console has not been built; SSO_IDP_UNAVAILABLE: The identity provider's metadata cannot be read right now */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getV1AnalyticsAgents: {
        parameters: {
            query?: {
                /** @description Only these agents: comma-separated ids or globs (`payments-*`), at most 50. */
                agents?: string;
                /** @description Start of the period (ISO-8601 date-time). Default: `to` minus `period`. */
                from?: string;
                /** @description Rows: default 20, maximum 100. */
                limit?: number;
                /** @description Length of the period when `from` is not given: 15m, 1h, 24h, 7d, 30d... (default 24h, at most 92d). */
                period?: string;
                /** @description End of the period, excluded (ISO-8601). Default: now. */
                to?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Per agent: volume, outcomes, reliability trend, top failure codes, certification */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AnalyticsAgents"];
                };
            };
            /** @description INVALID_JSON: Request body is not valid JSON; MALFORMED_REQUEST: The request is not well-formed HTTP; REQUEST_INCOMPLETE: The request body ended before it was complete; UNKNOWN_QUERY_PARAMETER: The route does not take this query parameter; TOOL_NOT_IDENTIFIED: The sidecar cannot tell which tool this request calls; PROXY_PATH_REJECTED: The proxied path is not allowed; ADMISSION_REVIEW_INVALID: The request is not an admission.k8s.io/v1 AdmissionReview of a Pod; SSO_RELAY_STATE_INVALID: The return path is not a same-origin relative path; SSO_RESPONSE_MALFORMED: The SAML response is not well-formed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description UNAUTHENTICATED: Missing or invalid credentials; SSO_SIGNATURE_INVALID: The SAML assertion is not validly signed by the identity provider; SSO_ASSERTION_INVALID: The SAML assertion is not for this service provider; SSO_ASSERTION_EXPIRED: The SAML assertion is outside its validity window; SSO_REPLAYED: The SAML assertion was already used; SSO_UNSOLICITED: The SAML response answers no sign-in this gateway started; SSO_BROWSER_MISMATCH: The SAML response answers a sign-in started in another browser; SSO_IDP_ERROR: The identity provider did not sign the person in; SSO_SESSION_REQUIRED: No live single sign-on session */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description FORBIDDEN: Your tier does not allow this capability; SELF_REVIEW_FORBIDDEN: The principal that made a call may not review it; TOOL_CALL_BLOCKED: Governance blocked this tool call; TOOL_RESULT_BLOCKED: Governance withheld this tool result; DESTINATION_NOT_ALLOWED: The sidecar does not proxy to this destination; UPGRADE_REFUSED: Governed routes do not accept protocol upgrades; CSRF_REJECTED: A state-changing request with the session cookie lacks CSRF proof; ROLE_REQUIRED: Your roles do not allow this action; AGENT_OUT_OF_SCOPE: This credential is bound to another agent; TEAM_FORBIDDEN: This credential may not act on that team; TIER_TOO_HIGH: A key may not get a higher tier than its creator; REPORT_SCOPE_FORBIDDEN: Your credential may not report on this scope */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description JSON_DUPLICATE_KEY: A JSON member name appears more than once; JSON_NUMBER_INEXACT: A JSON number cannot be read exactly; JSON_TOO_DEEP: The JSON document nests too deeply; JSON_INVALID_STRING: A JSON string is not valid Unicode text; JSON_RESERVED_KEY: A JSON member name is reserved; VALIDATION_FAILED: Request does not match the schema; POLICY_INVALID: The policy bundle in the request is invalid; SUITE_AGENT_MISMATCH: A certification suite case names another agent than the one certified; PERIOD_INVALID: The period is empty, reversed, too long or in the future; BUCKET_INVALID: The bucket size does not fit the period or its grain */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description INTERNAL: Internal gateway error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description LEDGER_UNAVAILABLE: The audit ledger cannot record right now; SIDECAR_OVERLOADED: The sidecar is at the bound of its memory budget; RATE_LIMIT_UNAVAILABLE: The shared rate limiter cannot decide right now; AUTH_UNAVAILABLE: Credentials cannot be checked right now; CONSOLE_NOT_BUILT: The web console has not been built; SSO_IDP_UNAVAILABLE: The identity provider's metadata cannot be read right now */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getV1AnalyticsDecisions: {
        parameters: {
            query?: {
                /** @description Only these agents: comma-separated ids or globs (`payments-*`), at most 50. */
                agents?: string;
                /** @description Bucket size (default 1h). */
                bucket?: "1m" | "5m" | "15m" | "1h" | "6h" | "1d";
                /** @description Start of the period (ISO-8601 date-time). Default: `to` minus `period`. */
                from?: string;
                /** @description Length of the period when `from` is not given: 15m, 1h, 24h, 7d, 30d... (default 24h, at most 92d). */
                period?: string;
                /** @description End of the period, excluded (ISO-8601). Default: now. */
                to?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Decisions per outcome as a time series */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AnalyticsDecisions"];
                };
            };
            /** @description INVALID_JSON: Request body is not valid JSON; MALFORMED_REQUEST: The request is not well-formed HTTP; REQUEST_INCOMPLETE: The request body ended before it was complete; UNKNOWN_QUERY_PARAMETER: The route does not take this query parameter; TOOL_NOT_IDENTIFIED: The sidecar cannot tell which tool this request calls; PROXY_PATH_REJECTED: The proxied path is not allowed; ADMISSION_REVIEW_INVALID: The request is not an admission.k8s.io/v1 AdmissionReview of a Pod; SSO_RELAY_STATE_INVALID: The return path is not a same-origin relative path; SSO_RESPONSE_MALFORMED: The SAML response is not well-formed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description UNAUTHENTICATED: Missing or invalid credentials; SSO_SIGNATURE_INVALID: The SAML assertion is not validly signed by the identity provider; SSO_ASSERTION_INVALID: The SAML assertion is not for this service provider; SSO_ASSERTION_EXPIRED: The SAML assertion is outside its validity window; SSO_REPLAYED: The SAML assertion was already used; SSO_UNSOLICITED: The SAML response answers no sign-in this gateway started; SSO_BROWSER_MISMATCH: The SAML response answers a sign-in started in another browser; SSO_IDP_ERROR: The identity provider did not sign the person in; SSO_SESSION_REQUIRED: No live single sign-on session */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description FORBIDDEN: Your tier does not allow this capability; SELF_REVIEW_FORBIDDEN: The principal that made a call may not review it; TOOL_CALL_BLOCKED: Governance blocked this tool call; TOOL_RESULT_BLOCKED: Governance withheld this tool result; DESTINATION_NOT_ALLOWED: The sidecar does not proxy to this destination; UPGRADE_REFUSED: Governed routes do not accept protocol upgrades; CSRF_REJECTED: A state-changing request with the session cookie lacks CSRF proof; ROLE_REQUIRED: Your roles do not allow this action; AGENT_OUT_OF_SCOPE: This credential is bound to another agent; TEAM_FORBIDDEN: This credential may not act on that team; TIER_TOO_HIGH: A key may not get a higher tier than its creator; REPORT_SCOPE_FORBIDDEN: Your credential may not report on this scope */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description JSON_DUPLICATE_KEY: A JSON member name appears more than once; JSON_NUMBER_INEXACT: A JSON number cannot be read exactly; JSON_TOO_DEEP: The JSON document nests too deeply; JSON_INVALID_STRING: A JSON string is not valid Unicode text; JSON_RESERVED_KEY: A JSON member name is reserved; VALIDATION_FAILED: Request does not match the schema; POLICY_INVALID: The policy bundle in the request is invalid; SUITE_AGENT_MISMATCH: A certification suite case names another agent than the one certified; PERIOD_INVALID: The period is empty, reversed, too long or in the future; BUCKET_INVALID: The bucket size does not fit the period or its grain */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description INTERNAL: Internal gateway error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description LEDGER_UNAVAILABLE: The audit ledger cannot record right now; SIDECAR_OVERLOADED: The sidecar is at the bound of its memory budget; RATE_LIMIT_UNAVAILABLE: The shared rate limiter cannot decide right now; AUTH_UNAVAILABLE: Credentials cannot be checked right now; CONSOLE_NOT_BUILT: The web console has not been built; SSO_IDP_UNAVAILABLE: The identity provider's metadata cannot be read right now */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getV1AnalyticsFailures: {
        parameters: {
            query?: {
                /** @description Only these agents: comma-separated ids or globs (`payments-*`), at most 50. */
                agents?: string;
                /** @description Start of the period (ISO-8601 date-time). Default: `to` minus `period`. */
                from?: string;
                /** @description Rows: default 20, maximum 100. */
                limit?: number;
                /** @description Length of the period when `from` is not given: 15m, 1h, 24h, 7d, 30d... (default 24h, at most 92d). */
                period?: string;
                /** @description End of the period, excluded (ISO-8601). Default: now. */
                to?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Top failure codes with an example each */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AnalyticsFailures"];
                };
            };
            /** @description INVALID_JSON: Request body is not valid JSON; MALFORMED_REQUEST: The request is not well-formed HTTP; REQUEST_INCOMPLETE: The request body ended before it was complete; UNKNOWN_QUERY_PARAMETER: The route does not take this query parameter; TOOL_NOT_IDENTIFIED: The sidecar cannot tell which tool this request calls; PROXY_PATH_REJECTED: The proxied path is not allowed; ADMISSION_REVIEW_INVALID: The request is not an admission.k8s.io/v1 AdmissionReview of a Pod; SSO_RELAY_STATE_INVALID: The return path is not a same-origin relative path; SSO_RESPONSE_MALFORMED: The SAML response is not well-formed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description UNAUTHENTICATED: Missing or invalid credentials; SSO_SIGNATURE_INVALID: The SAML assertion is not validly signed by the identity provider; SSO_ASSERTION_INVALID: The SAML assertion is not for this service provider; SSO_ASSERTION_EXPIRED: The SAML assertion is outside its validity window; SSO_REPLAYED: The SAML assertion was already used; SSO_UNSOLICITED: The SAML response answers no sign-in this gateway started; SSO_BROWSER_MISMATCH: The SAML response answers a sign-in started in another browser; SSO_IDP_ERROR: The identity provider did not sign the person in; SSO_SESSION_REQUIRED: No live single sign-on session */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description FORBIDDEN: Your tier does not allow this capability; SELF_REVIEW_FORBIDDEN: The principal that made a call may not review it; TOOL_CALL_BLOCKED: Governance blocked this tool call; TOOL_RESULT_BLOCKED: Governance withheld this tool result; DESTINATION_NOT_ALLOWED: The sidecar does not proxy to this destination; UPGRADE_REFUSED: Governed routes do not accept protocol upgrades; CSRF_REJECTED: A state-changing request with the session cookie lacks CSRF proof; ROLE_REQUIRED: Your roles do not allow this action; AGENT_OUT_OF_SCOPE: This credential is bound to another agent; TEAM_FORBIDDEN: This credential may not act on that team; TIER_TOO_HIGH: A key may not get a higher tier than its creator; REPORT_SCOPE_FORBIDDEN: Your credential may not report on this scope */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description JSON_DUPLICATE_KEY: A JSON member name appears more than once; JSON_NUMBER_INEXACT: A JSON number cannot be read exactly; JSON_TOO_DEEP: The JSON document nests too deeply; JSON_INVALID_STRING: A JSON string is not valid Unicode text; JSON_RESERVED_KEY: A JSON member name is reserved; VALIDATION_FAILED: Request does not match the schema; POLICY_INVALID: The policy bundle in the request is invalid; SUITE_AGENT_MISMATCH: A certification suite case names another agent than the one certified; PERIOD_INVALID: The period is empty, reversed, too long or in the future; BUCKET_INVALID: The bucket size does not fit the period or its grain */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description INTERNAL: Internal gateway error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description LEDGER_UNAVAILABLE: The audit ledger cannot record right now; SIDECAR_OVERLOADED: The sidecar is at the bound of its memory budget; RATE_LIMIT_UNAVAILABLE: The shared rate limiter cannot decide right now; AUTH_UNAVAILABLE: Credentials cannot be checked right now; CONSOLE_NOT_BUILT: The web console has not been built; SSO_IDP_UNAVAILABLE: The identity provider's metadata cannot be read right now */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getV1AnalyticsLatency: {
        parameters: {
            query?: {
                /** @description Only these agents: comma-separated ids or globs (`payments-*`), at most 50. */
                agents?: string;
                /** @description Start of the period (ISO-8601 date-time). Default: `to` minus `period`. */
                from?: string;
                /** @description Length of the period when `from` is not given: 15m, 1h, 24h, 7d, 30d... (default 24h, at most 92d). */
                period?: string;
                /** @description End of the period, excluded (ISO-8601). Default: now. */
                to?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Gateway and upstream latency percentiles */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AnalyticsLatency"];
                };
            };
            /** @description INVALID_JSON: Request body is not valid JSON; MALFORMED_REQUEST: The request is not well-formed HTTP; REQUEST_INCOMPLETE: The request body ended before it was complete; UNKNOWN_QUERY_PARAMETER: The route does not take this query parameter; TOOL_NOT_IDENTIFIED: The sidecar cannot tell which tool this request calls; PROXY_PATH_REJECTED: The proxied path is not allowed; ADMISSION_REVIEW_INVALID: The request is not an admission.k8s.io/v1 AdmissionReview of a Pod; SSO_RELAY_STATE_INVALID: The return path is not a same-origin relative path; SSO_RESPONSE_MALFORMED: The SAML response is not well-formed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description UNAUTHENTICATED: Missing or invalid credentials; SSO_SIGNATURE_INVALID: The SAML assertion is not validly signed by the identity provider; SSO_ASSERTION_INVALID: The SAML assertion is not for this service provider; SSO_ASSERTION_EXPIRED: The SAML assertion is outside its validity window; SSO_REPLAYED: The SAML assertion was already used; SSO_UNSOLICITED: The SAML response answers no sign-in this gateway started; SSO_BROWSER_MISMATCH: The SAML response answers a sign-in started in another browser; SSO_IDP_ERROR: The identity provider did not sign the person in; SSO_SESSION_REQUIRED: No live single sign-on session */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description FORBIDDEN: Your tier does not allow this capability; SELF_REVIEW_FORBIDDEN: The principal that made a call may not review it; TOOL_CALL_BLOCKED: Governance blocked this tool call; TOOL_RESULT_BLOCKED: Governance withheld this tool result; DESTINATION_NOT_ALLOWED: The sidecar does not proxy to this destination; UPGRADE_REFUSED: Governed routes do not accept protocol upgrades; CSRF_REJECTED: A state-changing request with the session cookie lacks CSRF proof; ROLE_REQUIRED: Your roles do not allow this action; AGENT_OUT_OF_SCOPE: This credential is bound to another agent; TEAM_FORBIDDEN: This credential may not act on that team; TIER_TOO_HIGH: A key may not get a higher tier than its creator; REPORT_SCOPE_FORBIDDEN: Your credential may not report on this scope */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description JSON_DUPLICATE_KEY: A JSON member name appears more than once; JSON_NUMBER_INEXACT: A JSON number cannot be read exactly; JSON_TOO_DEEP: The JSON document nests too deeply; JSON_INVALID_STRING: A JSON string is not valid Unicode text; JSON_RESERVED_KEY: A JSON member name is reserved; VALIDATION_FAILED: Request does not match the schema; POLICY_INVALID: The policy bundle in the request is invalid; SUITE_AGENT_MISMATCH: A certification suite case names another agent than the one certified; PERIOD_INVALID: The period is empty, reversed, too long or in the future; BUCKET_INVALID: The bucket size does not fit the period or its grain */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description INTERNAL: Internal gateway error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description LEDGER_UNAVAILABLE: The audit ledger cannot record right now; SIDECAR_OVERLOADED: The sidecar is at the bound of its memory budget; RATE_LIMIT_UNAVAILABLE: The shared rate limiter cannot decide right now; AUTH_UNAVAILABLE: Credentials cannot be checked right now; CONSOLE_NOT_BUILT: The web console has not been built; SSO_IDP_UNAVAILABLE: The identity provider's metadata cannot be read right now */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getV1AnalyticsSummary: {
        parameters: {
            query?: {
                /** @description Only these agents: comma-separated ids or globs (`payments-*`), at most 50. */
                agents?: string;
                /** @description Start of the period (ISO-8601 date-time). Default: `to` minus `period`. */
                from?: string;
                /** @description Length of the period when `from` is not given: 15m, 1h, 24h, 7d, 30d... (default 24h, at most 92d). */
                period?: string;
                /** @description End of the period, excluded (ISO-8601). Default: now. */
                to?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Fleet summary of a period, compared with the previous one */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AnalyticsSummary"];
                };
            };
            /** @description INVALID_JSON: Request body is not valid JSON; MALFORMED_REQUEST: The request is not well-formed HTTP; REQUEST_INCOMPLETE: The request body ended before it was complete; UNKNOWN_QUERY_PARAMETER: The route does not take this query parameter; TOOL_NOT_IDENTIFIED: The sidecar cannot tell which tool this request calls; PROXY_PATH_REJECTED: The proxied path is not allowed; ADMISSION_REVIEW_INVALID: The request is not an admission.k8s.io/v1 AdmissionReview of a Pod; SSO_RELAY_STATE_INVALID: The return path is not a same-origin relative path; SSO_RESPONSE_MALFORMED: The SAML response is not well-formed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description UNAUTHENTICATED: Missing or invalid credentials; SSO_SIGNATURE_INVALID: The SAML assertion is not validly signed by the identity provider; SSO_ASSERTION_INVALID: The SAML assertion is not for this service provider; SSO_ASSERTION_EXPIRED: The SAML assertion is outside its validity window; SSO_REPLAYED: The SAML assertion was already used; SSO_UNSOLICITED: The SAML response answers no sign-in this gateway started; SSO_BROWSER_MISMATCH: The SAML response answers a sign-in started in another browser; SSO_IDP_ERROR: The identity provider did not sign the person in; SSO_SESSION_REQUIRED: No live single sign-on session */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description FORBIDDEN: Your tier does not allow this capability; SELF_REVIEW_FORBIDDEN: The principal that made a call may not review it; TOOL_CALL_BLOCKED: Governance blocked this tool call; TOOL_RESULT_BLOCKED: Governance withheld this tool result; DESTINATION_NOT_ALLOWED: The sidecar does not proxy to this destination; UPGRADE_REFUSED: Governed routes do not accept protocol upgrades; CSRF_REJECTED: A state-changing request with the session cookie lacks CSRF proof; ROLE_REQUIRED: Your roles do not allow this action; AGENT_OUT_OF_SCOPE: This credential is bound to another agent; TEAM_FORBIDDEN: This credential may not act on that team; TIER_TOO_HIGH: A key may not get a higher tier than its creator; REPORT_SCOPE_FORBIDDEN: Your credential may not report on this scope */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description JSON_DUPLICATE_KEY: A JSON member name appears more than once; JSON_NUMBER_INEXACT: A JSON number cannot be read exactly; JSON_TOO_DEEP: The JSON document nests too deeply; JSON_INVALID_STRING: A JSON string is not valid Unicode text; JSON_RESERVED_KEY: A JSON member name is reserved; VALIDATION_FAILED: Request does not match the schema; POLICY_INVALID: The policy bundle in the request is invalid; SUITE_AGENT_MISMATCH: A certification suite case names another agent than the one certified; PERIOD_INVALID: The period is empty, reversed, too long or in the future; BUCKET_INVALID: The bucket size does not fit the period or its grain */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description INTERNAL: Internal gateway error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description LEDGER_UNAVAILABLE: The audit ledger cannot record right now; SIDECAR_OVERLOADED: The sidecar is at the bound of its memory budget; RATE_LIMIT_UNAVAILABLE: The shared rate limiter cannot decide right now; AUTH_UNAVAILABLE: Credentials cannot be checked right now; CONSOLE_NOT_BUILT: The web console has not been built; SSO_IDP_UNAVAILABLE: The identity provider's metadata cannot be read right now */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getV1AnalyticsTools: {
        parameters: {
            query?: {
                /** @description Only these agents: comma-separated ids or globs (`payments-*`), at most 50. */
                agents?: string;
                /** @description Start of the period (ISO-8601 date-time). Default: `to` minus `period`. */
                from?: string;
                /** @description Rows: default 20, maximum 100. */
                limit?: number;
                /** @description Length of the period when `from` is not given: 15m, 1h, 24h, 7d, 30d... (default 24h, at most 92d). */
                period?: string;
                /** @description End of the period, excluded (ISO-8601). Default: now. */
                to?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Per tool: calls, blocks, latency, upstream errors */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AnalyticsTools"];
                };
            };
            /** @description INVALID_JSON: Request body is not valid JSON; MALFORMED_REQUEST: The request is not well-formed HTTP; REQUEST_INCOMPLETE: The request body ended before it was complete; UNKNOWN_QUERY_PARAMETER: The route does not take this query parameter; TOOL_NOT_IDENTIFIED: The sidecar cannot tell which tool this request calls; PROXY_PATH_REJECTED: The proxied path is not allowed; ADMISSION_REVIEW_INVALID: The request is not an admission.k8s.io/v1 AdmissionReview of a Pod; SSO_RELAY_STATE_INVALID: The return path is not a same-origin relative path; SSO_RESPONSE_MALFORMED: The SAML response is not well-formed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description UNAUTHENTICATED: Missing or invalid credentials; SSO_SIGNATURE_INVALID: The SAML assertion is not validly signed by the identity provider; SSO_ASSERTION_INVALID: The SAML assertion is not for this service provider; SSO_ASSERTION_EXPIRED: The SAML assertion is outside its validity window; SSO_REPLAYED: The SAML assertion was already used; SSO_UNSOLICITED: The SAML response answers no sign-in this gateway started; SSO_BROWSER_MISMATCH: The SAML response answers a sign-in started in another browser; SSO_IDP_ERROR: The identity provider did not sign the person in; SSO_SESSION_REQUIRED: No live single sign-on session */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description FORBIDDEN: Your tier does not allow this capability; SELF_REVIEW_FORBIDDEN: The principal that made a call may not review it; TOOL_CALL_BLOCKED: Governance blocked this tool call; TOOL_RESULT_BLOCKED: Governance withheld this tool result; DESTINATION_NOT_ALLOWED: The sidecar does not proxy to this destination; UPGRADE_REFUSED: Governed routes do not accept protocol upgrades; CSRF_REJECTED: A state-changing request with the session cookie lacks CSRF proof; ROLE_REQUIRED: Your roles do not allow this action; AGENT_OUT_OF_SCOPE: This credential is bound to another agent; TEAM_FORBIDDEN: This credential may not act on that team; TIER_TOO_HIGH: A key may not get a higher tier than its creator; REPORT_SCOPE_FORBIDDEN: Your credential may not report on this scope */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description JSON_DUPLICATE_KEY: A JSON member name appears more than once; JSON_NUMBER_INEXACT: A JSON number cannot be read exactly; JSON_TOO_DEEP: The JSON document nests too deeply; JSON_INVALID_STRING: A JSON string is not valid Unicode text; JSON_RESERVED_KEY: A JSON member name is reserved; VALIDATION_FAILED: Request does not match the schema; POLICY_INVALID: The policy bundle in the request is invalid; SUITE_AGENT_MISMATCH: A certification suite case names another agent than the one certified; PERIOD_INVALID: The period is empty, reversed, too long or in the future; BUCKET_INVALID: The bucket size does not fit the period or its grain */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description INTERNAL: Internal gateway error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description LEDGER_UNAVAILABLE: The audit ledger cannot record right now; SIDECAR_OVERLOADED: The sidecar is at the bound of its memory budget; RATE_LIMIT_UNAVAILABLE: The shared rate limiter cannot decide right now; AUTH_UNAVAILABLE: Credentials cannot be checked right now; CONSOLE_NOT_BUILT: The web console has not been built; SSO_IDP_UNAVAILABLE: The identity provider's metadata cannot be read right now */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getV1Approvals: {
        parameters: {
            query?: {
                /** @description true: only grants that can still answer a call. */
                active?: "true" | "false";
                /** @description Only this agent's grants. */
                agent_id?: string;
                /** @description Page size: default 50, maximum 200. */
                limit?: number;
                /** @description Items to skip. */
                offset?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Grants */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApprovalGrantList"];
                };
            };
            /** @description INVALID_JSON: Request body is not valid JSON; MALFORMED_REQUEST: The request is not well-formed HTTP; REQUEST_INCOMPLETE: The request body ended before it was complete; UNKNOWN_QUERY_PARAMETER: The route does not take this query parameter; TOOL_NOT_IDENTIFIED: The sidecar cannot tell which tool this request calls; PROXY_PATH_REJECTED: The proxied path is not allowed; ADMISSION_REVIEW_INVALID: The request is not an admission.k8s.io/v1 AdmissionReview of a Pod; SSO_RELAY_STATE_INVALID: The return path is not a same-origin relative path; SSO_RESPONSE_MALFORMED: The SAML response is not well-formed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description UNAUTHENTICATED: Missing or invalid credentials; SSO_SIGNATURE_INVALID: The SAML assertion is not validly signed by the identity provider; SSO_ASSERTION_INVALID: The SAML assertion is not for this service provider; SSO_ASSERTION_EXPIRED: The SAML assertion is outside its validity window; SSO_REPLAYED: The SAML assertion was already used; SSO_UNSOLICITED: The SAML response answers no sign-in this gateway started; SSO_BROWSER_MISMATCH: The SAML response answers a sign-in started in another browser; SSO_IDP_ERROR: The identity provider did not sign the person in; SSO_SESSION_REQUIRED: No live single sign-on session */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description FORBIDDEN: Your tier does not allow this capability; SELF_REVIEW_FORBIDDEN: The principal that made a call may not review it; TOOL_CALL_BLOCKED: Governance blocked this tool call; TOOL_RESULT_BLOCKED: Governance withheld this tool result; DESTINATION_NOT_ALLOWED: The sidecar does not proxy to this destination; UPGRADE_REFUSED: Governed routes do not accept protocol upgrades; CSRF_REJECTED: A state-changing request with the session cookie lacks CSRF proof; ROLE_REQUIRED: Your roles do not allow this action; AGENT_OUT_OF_SCOPE: This credential is bound to another agent; TEAM_FORBIDDEN: This credential may not act on that team; TIER_TOO_HIGH: A key may not get a higher tier than its creator; REPORT_SCOPE_FORBIDDEN: Your credential may not report on this scope */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description JSON_DUPLICATE_KEY: A JSON member name appears more than once; JSON_NUMBER_INEXACT: A JSON number cannot be read exactly; JSON_TOO_DEEP: The JSON document nests too deeply; JSON_INVALID_STRING: A JSON string is not valid Unicode text; JSON_RESERVED_KEY: A JSON member name is reserved; VALIDATION_FAILED: Request does not match the schema; POLICY_INVALID: The policy bundle in the request is invalid; SUITE_AGENT_MISMATCH: A certification suite case names another agent than the one certified; PERIOD_INVALID: The period is empty, reversed, too long or in the future; BUCKET_INVALID: The bucket size does not fit the period or its grain */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description INTERNAL: Internal gateway error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description LEDGER_UNAVAILABLE: The audit ledger cannot record right now; SIDECAR_OVERLOADED: The sidecar is at the bound of its memory budget; RATE_LIMIT_UNAVAILABLE: The shared rate limiter cannot decide right now; AUTH_UNAVAILABLE: Credentials cannot be checked right now; CONSOLE_NOT_BUILT: The web console has not been built; SSO_IDP_UNAVAILABLE: The identity provider's metadata cannot be read right now */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    postV1Approvals: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ApprovalGrantRequest"];
            };
        };
        responses: {
            /** @description The grant, recorded as an approval row */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApprovalGrant"];
                };
            };
            /** @description INVALID_JSON: Request body is not valid JSON; MALFORMED_REQUEST: The request is not well-formed HTTP; REQUEST_INCOMPLETE: The request body ended before it was complete; UNKNOWN_QUERY_PARAMETER: The route does not take this query parameter; TOOL_NOT_IDENTIFIED: The sidecar cannot tell which tool this request calls; PROXY_PATH_REJECTED: The proxied path is not allowed; ADMISSION_REVIEW_INVALID: The request is not an admission.k8s.io/v1 AdmissionReview of a Pod; SSO_RELAY_STATE_INVALID: The return path is not a same-origin relative path; SSO_RESPONSE_MALFORMED: The SAML response is not well-formed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description UNAUTHENTICATED: Missing or invalid credentials; SSO_SIGNATURE_INVALID: The SAML assertion is not validly signed by the identity provider; SSO_ASSERTION_INVALID: The SAML assertion is not for this service provider; SSO_ASSERTION_EXPIRED: The SAML assertion is outside its validity window; SSO_REPLAYED: The SAML assertion was already used; SSO_UNSOLICITED: The SAML response answers no sign-in this gateway started; SSO_BROWSER_MISMATCH: The SAML response answers a sign-in started in another browser; SSO_IDP_ERROR: The identity provider did not sign the person in; SSO_SESSION_REQUIRED: No live single sign-on session */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description FORBIDDEN: Your tier does not allow this capability; SELF_REVIEW_FORBIDDEN: The principal that made a call may not review it; TOOL_CALL_BLOCKED: Governance blocked this tool call; TOOL_RESULT_BLOCKED: Governance withheld this tool result; DESTINATION_NOT_ALLOWED: The sidecar does not proxy to this destination; UPGRADE_REFUSED: Governed routes do not accept protocol upgrades; CSRF_REJECTED: A state-changing request with the session cookie lacks CSRF proof; ROLE_REQUIRED: Your roles do not allow this action; AGENT_OUT_OF_SCOPE: This credential is bound to another agent; TEAM_FORBIDDEN: This credential may not act on that team; TIER_TOO_HIGH: A key may not get a higher tier than its creator; REPORT_SCOPE_FORBIDDEN: Your credential may not report on this scope */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description JSON_TOO_MANY_VALUES: The JSON document holds too many values; PAYLOAD_TOO_LARGE: Request body is too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: Request body must be application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description JSON_DUPLICATE_KEY: A JSON member name appears more than once; JSON_NUMBER_INEXACT: A JSON number cannot be read exactly; JSON_TOO_DEEP: The JSON document nests too deeply; JSON_INVALID_STRING: A JSON string is not valid Unicode text; JSON_RESERVED_KEY: A JSON member name is reserved; VALIDATION_FAILED: Request does not match the schema; POLICY_INVALID: The policy bundle in the request is invalid; SUITE_AGENT_MISMATCH: A certification suite case names another agent than the one certified; PERIOD_INVALID: The period is empty, reversed, too long or in the future; BUCKET_INVALID: The bucket size does not fit the period or its grain */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description INTERNAL: Internal gateway error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description LEDGER_UNAVAILABLE: The audit ledger cannot record right now; SIDECAR_OVERLOADED: The sidecar is at the bound of its memory budget; RATE_LIMIT_UNAVAILABLE: The shared rate limiter cannot decide right now; AUTH_UNAVAILABLE: Credentials cannot be checked right now; CONSOLE_NOT_BUILT: The web console has not been built; SSO_IDP_UNAVAILABLE: The identity provider's metadata cannot be read right now */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    deleteV1ApprovalsId: {
        parameters: {
            query?: {
                /** @description Why the grant is revoked: recorded with the revocation. */
                note?: string;
            };
            header?: never;
            path: {
                /** @description The grant id (its ledger row). */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The grant, now revoked */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApprovalGrant"];
                };
            };
            /** @description UNAUTHENTICATED: Missing or invalid credentials; SSO_SIGNATURE_INVALID: The SAML assertion is not validly signed by the identity provider; SSO_ASSERTION_INVALID: The SAML assertion is not for this service provider; SSO_ASSERTION_EXPIRED: The SAML assertion is outside its validity window; SSO_REPLAYED: The SAML assertion was already used; SSO_UNSOLICITED: The SAML response answers no sign-in this gateway started; SSO_BROWSER_MISMATCH: The SAML response answers a sign-in started in another browser; SSO_IDP_ERROR: The identity provider did not sign the person in; SSO_SESSION_REQUIRED: No live single sign-on session */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description FORBIDDEN: Your tier does not allow this capability; SELF_REVIEW_FORBIDDEN: The principal that made a call may not review it; TOOL_CALL_BLOCKED: Governance blocked this tool call; TOOL_RESULT_BLOCKED: Governance withheld this tool result; DESTINATION_NOT_ALLOWED: The sidecar does not proxy to this destination; UPGRADE_REFUSED: Governed routes do not accept protocol upgrades; CSRF_REJECTED: A state-changing request with the session cookie lacks CSRF proof; ROLE_REQUIRED: Your roles do not allow this action; AGENT_OUT_OF_SCOPE: This credential is bound to another agent; TEAM_FORBIDDEN: This credential may not act on that team; TIER_TOO_HIGH: A key may not get a higher tier than its creator; REPORT_SCOPE_FORBIDDEN: Your credential may not report on this scope */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description ROUTE_NOT_FOUND: No such route; ENVELOPE_NOT_FOUND: Unknown envelope id; GRANT_NOT_FOUND: Unknown approval grant; CERTIFICATE_NOT_FOUND: No such certificate; DELIVERY_NOT_FOUND: Unknown webhook delivery; SSO_NOT_CONFIGURED: Single sign-on is not configured on this gateway; MEMBER_NOT_FOUND: No such team member; KEY_NOT_FOUND: No such API key; ALERT_NOT_FOUND: Unknown alert id; REPORT_NOT_FOUND: No such report; REPORT_FORMAT_NOT_GENERATED: This report was not generated in that format */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description ALREADY_RESOLVED: This review item is already resolved; NOT_IN_REVIEW: This record is not in the review queue; REVIEW_CONFLICT: The review item changed while you acted on it; REVIEW_CLAIMED: Another reviewer holds this review item; REVIEW_NOT_CLAIMED: This review item is not claimed by you; GRANT_REVOKED: This approval grant is already revoked; NOT_DECIDABLE: This record carries no decision to re-run; IDEMPOTENCY_CONFLICT: This pre-check already has a post-check for a different request; POLICY_VERSION_MISMATCH: Certification is only against the policy version in force; DELIVERY_NOT_RETRYABLE: Only a dead or failed webhook delivery can be retried; MEMBER_EXISTS: This person is already a member of the team; KEY_ALREADY_REVOKED: This API key is already revoked; AUTH_DISABLED: Team management needs AUTH_ENABLED=true; REPORT_NOT_READY: The report is not ready */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description JSON_DUPLICATE_KEY: A JSON member name appears more than once; JSON_NUMBER_INEXACT: A JSON number cannot be read exactly; JSON_TOO_DEEP: The JSON document nests too deeply; JSON_INVALID_STRING: A JSON string is not valid Unicode text; JSON_RESERVED_KEY: A JSON member name is reserved; VALIDATION_FAILED: Request does not match the schema; POLICY_INVALID: The policy bundle in the request is invalid; SUITE_AGENT_MISMATCH: A certification suite case names another agent than the one certified; PERIOD_INVALID: The period is empty, reversed, too long or in the future; BUCKET_INVALID: The bucket size does not fit the period or its grain */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description INTERNAL: Internal gateway error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description LEDGER_UNAVAILABLE: The audit ledger cannot record right now; SIDECAR_OVERLOADED: The sidecar is at the bound of its memory budget; RATE_LIMIT_UNAVAILABLE: The shared rate limiter cannot decide right now; AUTH_UNAVAILABLE: Credentials cannot be checked right now; CONSOLE_NOT_BUILT: The web console has not been built; SSO_IDP_UNAVAILABLE: The identity provider's metadata cannot be read right now */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getV1AuditChainCheckpoints: {
        parameters: {
            query?: {
                /** @description Page size: default 50, maximum 500. */
                limit?: number;
                /** @description Items to skip. */
                offset?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Checkpoints, newest first, and this gateway's public signing key */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ChainCheckpointList"];
                };
            };
            /** @description INVALID_JSON: Request body is not valid JSON; MALFORMED_REQUEST: The request is not well-formed HTTP; REQUEST_INCOMPLETE: The request body ended before it was complete; UNKNOWN_QUERY_PARAMETER: The route does not take this query parameter; TOOL_NOT_IDENTIFIED: The sidecar cannot tell which tool this request calls; PROXY_PATH_REJECTED: The proxied path is not allowed; ADMISSION_REVIEW_INVALID: The request is not an admission.k8s.io/v1 AdmissionReview of a Pod; SSO_RELAY_STATE_INVALID: The return path is not a same-origin relative path; SSO_RESPONSE_MALFORMED: The SAML response is not well-formed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description UNAUTHENTICATED: Missing or invalid credentials; SSO_SIGNATURE_INVALID: The SAML assertion is not validly signed by the identity provider; SSO_ASSERTION_INVALID: The SAML assertion is not for this service provider; SSO_ASSERTION_EXPIRED: The SAML assertion is outside its validity window; SSO_REPLAYED: The SAML assertion was already used; SSO_UNSOLICITED: The SAML response answers no sign-in this gateway started; SSO_BROWSER_MISMATCH: The SAML response answers a sign-in started in another browser; SSO_IDP_ERROR: The identity provider did not sign the person in; SSO_SESSION_REQUIRED: No live single sign-on session */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description FORBIDDEN: Your tier does not allow this capability; SELF_REVIEW_FORBIDDEN: The principal that made a call may not review it; TOOL_CALL_BLOCKED: Governance blocked this tool call; TOOL_RESULT_BLOCKED: Governance withheld this tool result; DESTINATION_NOT_ALLOWED: The sidecar does not proxy to this destination; UPGRADE_REFUSED: Governed routes do not accept protocol upgrades; CSRF_REJECTED: A state-changing request with the session cookie lacks CSRF proof; ROLE_REQUIRED: Your roles do not allow this action; AGENT_OUT_OF_SCOPE: This credential is bound to another agent; TEAM_FORBIDDEN: This credential may not act on that team; TIER_TOO_HIGH: A key may not get a higher tier than its creator; REPORT_SCOPE_FORBIDDEN: Your credential may not report on this scope */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description JSON_DUPLICATE_KEY: A JSON member name appears more than once; JSON_NUMBER_INEXACT: A JSON number cannot be read exactly; JSON_TOO_DEEP: The JSON document nests too deeply; JSON_INVALID_STRING: A JSON string is not valid Unicode text; JSON_RESERVED_KEY: A JSON member name is reserved; VALIDATION_FAILED: Request does not match the schema; POLICY_INVALID: The policy bundle in the request is invalid; SUITE_AGENT_MISMATCH: A certification suite case names another agent than the one certified; PERIOD_INVALID: The period is empty, reversed, too long or in the future; BUCKET_INVALID: The bucket size does not fit the period or its grain */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description INTERNAL: Internal gateway error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description LEDGER_UNAVAILABLE: The audit ledger cannot record right now; SIDECAR_OVERLOADED: The sidecar is at the bound of its memory budget; RATE_LIMIT_UNAVAILABLE: The shared rate limiter cannot decide right now; AUTH_UNAVAILABLE: Credentials cannot be checked right now; CONSOLE_NOT_BUILT: The web console has not been built; SSO_IDP_UNAVAILABLE: The identity provider's metadata cannot be read right now */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getV1AuditChainVerify: {
        parameters: {
            query?: {
                /** @description First seq to verify (default 1). */
                from_seq?: number;
                /** @description Last seq to verify (default: the head). */
                to_seq?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Integrity status (valid may be false: read first_bad_seq) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ChainVerifyReport"];
                };
            };
            /** @description INVALID_JSON: Request body is not valid JSON; MALFORMED_REQUEST: The request is not well-formed HTTP; REQUEST_INCOMPLETE: The request body ended before it was complete; UNKNOWN_QUERY_PARAMETER: The route does not take this query parameter; TOOL_NOT_IDENTIFIED: The sidecar cannot tell which tool this request calls; PROXY_PATH_REJECTED: The proxied path is not allowed; ADMISSION_REVIEW_INVALID: The request is not an admission.k8s.io/v1 AdmissionReview of a Pod; SSO_RELAY_STATE_INVALID: The return path is not a same-origin relative path; SSO_RESPONSE_MALFORMED: The SAML response is not well-formed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description UNAUTHENTICATED: Missing or invalid credentials; SSO_SIGNATURE_INVALID: The SAML assertion is not validly signed by the identity provider; SSO_ASSERTION_INVALID: The SAML assertion is not for this service provider; SSO_ASSERTION_EXPIRED: The SAML assertion is outside its validity window; SSO_REPLAYED: The SAML assertion was already used; SSO_UNSOLICITED: The SAML response answers no sign-in this gateway started; SSO_BROWSER_MISMATCH: The SAML response answers a sign-in started in another browser; SSO_IDP_ERROR: The identity provider did not sign the person in; SSO_SESSION_REQUIRED: No live single sign-on session */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description FORBIDDEN: Your tier does not allow this capability; SELF_REVIEW_FORBIDDEN: The principal that made a call may not review it; TOOL_CALL_BLOCKED: Governance blocked this tool call; TOOL_RESULT_BLOCKED: Governance withheld this tool result; DESTINATION_NOT_ALLOWED: The sidecar does not proxy to this destination; UPGRADE_REFUSED: Governed routes do not accept protocol upgrades; CSRF_REJECTED: A state-changing request with the session cookie lacks CSRF proof; ROLE_REQUIRED: Your roles do not allow this action; AGENT_OUT_OF_SCOPE: This credential is bound to another agent; TEAM_FORBIDDEN: This credential may not act on that team; TIER_TOO_HIGH: A key may not get a higher tier than its creator; REPORT_SCOPE_FORBIDDEN: Your credential may not report on this scope */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description JSON_DUPLICATE_KEY: A JSON member name appears more than once; JSON_NUMBER_INEXACT: A JSON number cannot be read exactly; JSON_TOO_DEEP: The JSON document nests too deeply; JSON_INVALID_STRING: A JSON string is not valid Unicode text; JSON_RESERVED_KEY: A JSON member name is reserved; VALIDATION_FAILED: Request does not match the schema; POLICY_INVALID: The policy bundle in the request is invalid; SUITE_AGENT_MISMATCH: A certification suite case names another agent than the one certified; PERIOD_INVALID: The period is empty, reversed, too long or in the future; BUCKET_INVALID: The bucket size does not fit the period or its grain */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description INTERNAL: Internal gateway error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description LEDGER_UNAVAILABLE: The audit ledger cannot record right now; SIDECAR_OVERLOADED: The sidecar is at the bound of its memory budget; RATE_LIMIT_UNAVAILABLE: The shared rate limiter cannot decide right now; AUTH_UNAVAILABLE: Credentials cannot be checked right now; CONSOLE_NOT_BUILT: The web console has not been built; SSO_IDP_UNAVAILABLE: The identity provider's metadata cannot be read right now */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getV1AuditExecutions: {
        parameters: {
            query?: {
                /** @description Only this agent's records. */
                agent_id?: string;
                /** @description Only records created at or after this time (ISO-8601 date-time with an offset, or a date: its midnight UTC). */
                from?: string;
                /** @description Only records of this kind. */
                kind?: "validate" | "pre_check" | "post_check" | "decision" | "review" | "kill_switch" | "judge" | "tool_pin" | "tunnel" | "idempotency_conflict" | "certification" | "certification_revocation" | "review_claim" | "review_note" | "approval" | "approval_revoked" | "approval_use" | "notification_retry" | "tool_change" | "outcome_unknown" | "access" | "agent_mismatch" | "alert_ack";
                /** @description Page size: default 50, maximum 500. */
                limit?: number;
                /** @description Items to skip. */
                offset?: number;
                /** @description Only records with this decision outcome. */
                outcome?: "approve" | "block" | "escalate" | "request_evidence";
                /** @description Only pre-checks whose call stands so (each item then carries execution_status and outcome_envelope_id; kind, if given, must be pre_check): in_flight (allowed, no post-check yet), awaiting_review (escalated, no verdict yet), completed (post-checked), blocked (the decision or a reviewer said block), outcome_unknown (forwarded, and no outcome came back by the route timeout plus the grace period). */
                status?: "in_flight" | "awaiting_review" | "completed" | "blocked" | "outcome_unknown";
                /** @description Only records created before this time (exclusive; same forms as from). Must be later than from. */
                to?: string;
                /** @description Only records of this tool (the action name, exact). */
                tool?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of records (without payloads) and the total count */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuditList"];
                };
            };
            /** @description INVALID_JSON: Request body is not valid JSON; MALFORMED_REQUEST: The request is not well-formed HTTP; REQUEST_INCOMPLETE: The request body ended before it was complete; UNKNOWN_QUERY_PARAMETER: The route does not take this query parameter; TOOL_NOT_IDENTIFIED: The sidecar cannot tell which tool this request calls; PROXY_PATH_REJECTED: The proxied path is not allowed; ADMISSION_REVIEW_INVALID: The request is not an admission.k8s.io/v1 AdmissionReview of a Pod; SSO_RELAY_STATE_INVALID: The return path is not a same-origin relative path; SSO_RESPONSE_MALFORMED: The SAML response is not well-formed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description UNAUTHENTICATED: Missing or invalid credentials; SSO_SIGNATURE_INVALID: The SAML assertion is not validly signed by the identity provider; SSO_ASSERTION_INVALID: The SAML assertion is not for this service provider; SSO_ASSERTION_EXPIRED: The SAML assertion is outside its validity window; SSO_REPLAYED: The SAML assertion was already used; SSO_UNSOLICITED: The SAML response answers no sign-in this gateway started; SSO_BROWSER_MISMATCH: The SAML response answers a sign-in started in another browser; SSO_IDP_ERROR: The identity provider did not sign the person in; SSO_SESSION_REQUIRED: No live single sign-on session */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description FORBIDDEN: Your tier does not allow this capability; SELF_REVIEW_FORBIDDEN: The principal that made a call may not review it; TOOL_CALL_BLOCKED: Governance blocked this tool call; TOOL_RESULT_BLOCKED: Governance withheld this tool result; DESTINATION_NOT_ALLOWED: The sidecar does not proxy to this destination; UPGRADE_REFUSED: Governed routes do not accept protocol upgrades; CSRF_REJECTED: A state-changing request with the session cookie lacks CSRF proof; ROLE_REQUIRED: Your roles do not allow this action; AGENT_OUT_OF_SCOPE: This credential is bound to another agent; TEAM_FORBIDDEN: This credential may not act on that team; TIER_TOO_HIGH: A key may not get a higher tier than its creator; REPORT_SCOPE_FORBIDDEN: Your credential may not report on this scope */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description JSON_DUPLICATE_KEY: A JSON member name appears more than once; JSON_NUMBER_INEXACT: A JSON number cannot be read exactly; JSON_TOO_DEEP: The JSON document nests too deeply; JSON_INVALID_STRING: A JSON string is not valid Unicode text; JSON_RESERVED_KEY: A JSON member name is reserved; VALIDATION_FAILED: Request does not match the schema; POLICY_INVALID: The policy bundle in the request is invalid; SUITE_AGENT_MISMATCH: A certification suite case names another agent than the one certified; PERIOD_INVALID: The period is empty, reversed, too long or in the future; BUCKET_INVALID: The bucket size does not fit the period or its grain */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description INTERNAL: Internal gateway error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description LEDGER_UNAVAILABLE: The audit ledger cannot record right now; SIDECAR_OVERLOADED: The sidecar is at the bound of its memory budget; RATE_LIMIT_UNAVAILABLE: The shared rate limiter cannot decide right now; AUTH_UNAVAILABLE: Credentials cannot be checked right now; CONSOLE_NOT_BUILT: The web console has not been built; SSO_IDP_UNAVAILABLE: The identity provider's metadata cannot be read right now */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getV1AuditExecutionsEnvelopeId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The envelope id (UUID). */
                envelope_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The record; payload is null once retention has expired it */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuditRecord"];
                };
            };
            /** @description INVALID_JSON: Request body is not valid JSON; MALFORMED_REQUEST: The request is not well-formed HTTP; REQUEST_INCOMPLETE: The request body ended before it was complete; UNKNOWN_QUERY_PARAMETER: The route does not take this query parameter; TOOL_NOT_IDENTIFIED: The sidecar cannot tell which tool this request calls; PROXY_PATH_REJECTED: The proxied path is not allowed; ADMISSION_REVIEW_INVALID: The request is not an admission.k8s.io/v1 AdmissionReview of a Pod; SSO_RELAY_STATE_INVALID: The return path is not a same-origin relative path; SSO_RESPONSE_MALFORMED: The SAML response is not well-formed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description UNAUTHENTICATED: Missing or invalid credentials; SSO_SIGNATURE_INVALID: The SAML assertion is not validly signed by the identity provider; SSO_ASSERTION_INVALID: The SAML assertion is not for this service provider; SSO_ASSERTION_EXPIRED: The SAML assertion is outside its validity window; SSO_REPLAYED: The SAML assertion was already used; SSO_UNSOLICITED: The SAML response answers no sign-in this gateway started; SSO_BROWSER_MISMATCH: The SAML response answers a sign-in started in another browser; SSO_IDP_ERROR: The identity provider did not sign the person in; SSO_SESSION_REQUIRED: No live single sign-on session */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description FORBIDDEN: Your tier does not allow this capability; SELF_REVIEW_FORBIDDEN: The principal that made a call may not review it; TOOL_CALL_BLOCKED: Governance blocked this tool call; TOOL_RESULT_BLOCKED: Governance withheld this tool result; DESTINATION_NOT_ALLOWED: The sidecar does not proxy to this destination; UPGRADE_REFUSED: Governed routes do not accept protocol upgrades; CSRF_REJECTED: A state-changing request with the session cookie lacks CSRF proof; ROLE_REQUIRED: Your roles do not allow this action; AGENT_OUT_OF_SCOPE: This credential is bound to another agent; TEAM_FORBIDDEN: This credential may not act on that team; TIER_TOO_HIGH: A key may not get a higher tier than its creator; REPORT_SCOPE_FORBIDDEN: Your credential may not report on this scope */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description ROUTE_NOT_FOUND: No such route; ENVELOPE_NOT_FOUND: Unknown envelope id; GRANT_NOT_FOUND: Unknown approval grant; CERTIFICATE_NOT_FOUND: No such certificate; DELIVERY_NOT_FOUND: Unknown webhook delivery; SSO_NOT_CONFIGURED: Single sign-on is not configured on this gateway; MEMBER_NOT_FOUND: No such team member; KEY_NOT_FOUND: No such API key; ALERT_NOT_FOUND: Unknown alert id; REPORT_NOT_FOUND: No such report; REPORT_FORMAT_NOT_GENERATED: This report was not generated in that format */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description INTERNAL: Internal gateway error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description LEDGER_UNAVAILABLE: The audit ledger cannot record right now; SIDECAR_OVERLOADED: The sidecar is at the bound of its memory budget; RATE_LIMIT_UNAVAILABLE: The shared rate limiter cannot decide right now; AUTH_UNAVAILABLE: Credentials cannot be checked right now; CONSOLE_NOT_BUILT: The web console has not been built; SSO_IDP_UNAVAILABLE: The identity provider's metadata cannot be read right now */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    deleteV1AuditExecutionsEnvelopeIdPii: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The envelope id (UUID). */
                envelope_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description What was erased */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PiiErasure"];
                };
            };
            /** @description UNAUTHENTICATED: Missing or invalid credentials; SSO_SIGNATURE_INVALID: The SAML assertion is not validly signed by the identity provider; SSO_ASSERTION_INVALID: The SAML assertion is not for this service provider; SSO_ASSERTION_EXPIRED: The SAML assertion is outside its validity window; SSO_REPLAYED: The SAML assertion was already used; SSO_UNSOLICITED: The SAML response answers no sign-in this gateway started; SSO_BROWSER_MISMATCH: The SAML response answers a sign-in started in another browser; SSO_IDP_ERROR: The identity provider did not sign the person in; SSO_SESSION_REQUIRED: No live single sign-on session */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description FORBIDDEN: Your tier does not allow this capability; SELF_REVIEW_FORBIDDEN: The principal that made a call may not review it; TOOL_CALL_BLOCKED: Governance blocked this tool call; TOOL_RESULT_BLOCKED: Governance withheld this tool result; DESTINATION_NOT_ALLOWED: The sidecar does not proxy to this destination; UPGRADE_REFUSED: Governed routes do not accept protocol upgrades; CSRF_REJECTED: A state-changing request with the session cookie lacks CSRF proof; ROLE_REQUIRED: Your roles do not allow this action; AGENT_OUT_OF_SCOPE: This credential is bound to another agent; TEAM_FORBIDDEN: This credential may not act on that team; TIER_TOO_HIGH: A key may not get a higher tier than its creator; REPORT_SCOPE_FORBIDDEN: Your credential may not report on this scope */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description ROUTE_NOT_FOUND: No such route; ENVELOPE_NOT_FOUND: Unknown envelope id; GRANT_NOT_FOUND: Unknown approval grant; CERTIFICATE_NOT_FOUND: No such certificate; DELIVERY_NOT_FOUND: Unknown webhook delivery; SSO_NOT_CONFIGURED: Single sign-on is not configured on this gateway; MEMBER_NOT_FOUND: No such team member; KEY_NOT_FOUND: No such API key; ALERT_NOT_FOUND: Unknown alert id; REPORT_NOT_FOUND: No such report; REPORT_FORMAT_NOT_GENERATED: This report was not generated in that format */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description INTERNAL: Internal gateway error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description LEDGER_UNAVAILABLE: The audit ledger cannot record right now; SIDECAR_OVERLOADED: The sidecar is at the bound of its memory budget; RATE_LIMIT_UNAVAILABLE: The shared rate limiter cannot decide right now; AUTH_UNAVAILABLE: Credentials cannot be checked right now; CONSOLE_NOT_BUILT: The web console has not been built; SSO_IDP_UNAVAILABLE: The identity provider's metadata cannot be read right now */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getV1AuthCheck: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The caller */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuthCheck"];
                };
            };
            /** @description INVALID_JSON: Request body is not valid JSON; MALFORMED_REQUEST: The request is not well-formed HTTP; REQUEST_INCOMPLETE: The request body ended before it was complete; UNKNOWN_QUERY_PARAMETER: The route does not take this query parameter; TOOL_NOT_IDENTIFIED: The sidecar cannot tell which tool this request calls; PROXY_PATH_REJECTED: The proxied path is not allowed; ADMISSION_REVIEW_INVALID: The request is not an admission.k8s.io/v1 AdmissionReview of a Pod; SSO_RELAY_STATE_INVALID: The return path is not a same-origin relative path; SSO_RESPONSE_MALFORMED: The SAML response is not well-formed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description UNAUTHENTICATED: Missing or invalid credentials; SSO_SIGNATURE_INVALID: The SAML assertion is not validly signed by the identity provider; SSO_ASSERTION_INVALID: The SAML assertion is not for this service provider; SSO_ASSERTION_EXPIRED: The SAML assertion is outside its validity window; SSO_REPLAYED: The SAML assertion was already used; SSO_UNSOLICITED: The SAML response answers no sign-in this gateway started; SSO_BROWSER_MISMATCH: The SAML response answers a sign-in started in another browser; SSO_IDP_ERROR: The identity provider did not sign the person in; SSO_SESSION_REQUIRED: No live single sign-on session */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description RATE_LIMITED: Rate limit exceeded */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description INTERNAL: Internal gateway error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description LEDGER_UNAVAILABLE: The audit ledger cannot record right now; SIDECAR_OVERLOADED: The sidecar is at the bound of its memory budget; RATE_LIMIT_UNAVAILABLE: The shared rate limiter cannot decide right now; AUTH_UNAVAILABLE: Credentials cannot be checked right now; CONSOLE_NOT_BUILT: The web console has not been built; SSO_IDP_UNAVAILABLE: The identity provider's metadata cannot be read right now */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    postV1CertifyAgent: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CertifyRequest"];
            };
        };
        responses: {
            /** @description Pass or fail per criterion; a certificate when all pass */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CertificationResult"];
                };
            };
            /** @description INVALID_JSON: Request body is not valid JSON; MALFORMED_REQUEST: The request is not well-formed HTTP; REQUEST_INCOMPLETE: The request body ended before it was complete; UNKNOWN_QUERY_PARAMETER: The route does not take this query parameter; TOOL_NOT_IDENTIFIED: The sidecar cannot tell which tool this request calls; PROXY_PATH_REJECTED: The proxied path is not allowed; ADMISSION_REVIEW_INVALID: The request is not an admission.k8s.io/v1 AdmissionReview of a Pod; SSO_RELAY_STATE_INVALID: The return path is not a same-origin relative path; SSO_RESPONSE_MALFORMED: The SAML response is not well-formed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description UNAUTHENTICATED: Missing or invalid credentials; SSO_SIGNATURE_INVALID: The SAML assertion is not validly signed by the identity provider; SSO_ASSERTION_INVALID: The SAML assertion is not for this service provider; SSO_ASSERTION_EXPIRED: The SAML assertion is outside its validity window; SSO_REPLAYED: The SAML assertion was already used; SSO_UNSOLICITED: The SAML response answers no sign-in this gateway started; SSO_BROWSER_MISMATCH: The SAML response answers a sign-in started in another browser; SSO_IDP_ERROR: The identity provider did not sign the person in; SSO_SESSION_REQUIRED: No live single sign-on session */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description ENTITLEMENT_REQUIRED: Your tier does not include this feature */
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description FORBIDDEN: Your tier does not allow this capability; SELF_REVIEW_FORBIDDEN: The principal that made a call may not review it; TOOL_CALL_BLOCKED: Governance blocked this tool call; TOOL_RESULT_BLOCKED: Governance withheld this tool result; DESTINATION_NOT_ALLOWED: The sidecar does not proxy to this destination; UPGRADE_REFUSED: Governed routes do not accept protocol upgrades; CSRF_REJECTED: A state-changing request with the session cookie lacks CSRF proof; ROLE_REQUIRED: Your roles do not allow this action; AGENT_OUT_OF_SCOPE: This credential is bound to another agent; TEAM_FORBIDDEN: This credential may not act on that team; TIER_TOO_HIGH: A key may not get a higher tier than its creator; REPORT_SCOPE_FORBIDDEN: Your credential may not report on this scope */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description ALREADY_RESOLVED: This review item is already resolved; NOT_IN_REVIEW: This record is not in the review queue; REVIEW_CONFLICT: The review item changed while you acted on it; REVIEW_CLAIMED: Another reviewer holds this review item; REVIEW_NOT_CLAIMED: This review item is not claimed by you; GRANT_REVOKED: This approval grant is already revoked; NOT_DECIDABLE: This record carries no decision to re-run; IDEMPOTENCY_CONFLICT: This pre-check already has a post-check for a different request; POLICY_VERSION_MISMATCH: Certification is only against the policy version in force; DELIVERY_NOT_RETRYABLE: Only a dead or failed webhook delivery can be retried; MEMBER_EXISTS: This person is already a member of the team; KEY_ALREADY_REVOKED: This API key is already revoked; AUTH_DISABLED: Team management needs AUTH_ENABLED=true; REPORT_NOT_READY: The report is not ready */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description JSON_TOO_MANY_VALUES: The JSON document holds too many values; PAYLOAD_TOO_LARGE: Request body is too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: Request body must be application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description JSON_DUPLICATE_KEY: A JSON member name appears more than once; JSON_NUMBER_INEXACT: A JSON number cannot be read exactly; JSON_TOO_DEEP: The JSON document nests too deeply; JSON_INVALID_STRING: A JSON string is not valid Unicode text; JSON_RESERVED_KEY: A JSON member name is reserved; VALIDATION_FAILED: Request does not match the schema; POLICY_INVALID: The policy bundle in the request is invalid; SUITE_AGENT_MISMATCH: A certification suite case names another agent than the one certified; PERIOD_INVALID: The period is empty, reversed, too long or in the future; BUCKET_INVALID: The bucket size does not fit the period or its grain */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description INTERNAL: Internal gateway error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description LEDGER_UNAVAILABLE: The audit ledger cannot record right now; SIDECAR_OVERLOADED: The sidecar is at the bound of its memory budget; RATE_LIMIT_UNAVAILABLE: The shared rate limiter cannot decide right now; AUTH_UNAVAILABLE: Credentials cannot be checked right now; CONSOLE_NOT_BUILT: The web console has not been built; SSO_IDP_UNAVAILABLE: The identity provider's metadata cannot be read right now */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getV1CertifyAgentsAgentId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The agent id. */
                agent_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Current certificate (for the policy in force) and every attempt */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AgentCertification"];
                };
            };
            /** @description INVALID_JSON: Request body is not valid JSON; MALFORMED_REQUEST: The request is not well-formed HTTP; REQUEST_INCOMPLETE: The request body ended before it was complete; UNKNOWN_QUERY_PARAMETER: The route does not take this query parameter; TOOL_NOT_IDENTIFIED: The sidecar cannot tell which tool this request calls; PROXY_PATH_REJECTED: The proxied path is not allowed; ADMISSION_REVIEW_INVALID: The request is not an admission.k8s.io/v1 AdmissionReview of a Pod; SSO_RELAY_STATE_INVALID: The return path is not a same-origin relative path; SSO_RESPONSE_MALFORMED: The SAML response is not well-formed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description UNAUTHENTICATED: Missing or invalid credentials; SSO_SIGNATURE_INVALID: The SAML assertion is not validly signed by the identity provider; SSO_ASSERTION_INVALID: The SAML assertion is not for this service provider; SSO_ASSERTION_EXPIRED: The SAML assertion is outside its validity window; SSO_REPLAYED: The SAML assertion was already used; SSO_UNSOLICITED: The SAML response answers no sign-in this gateway started; SSO_BROWSER_MISMATCH: The SAML response answers a sign-in started in another browser; SSO_IDP_ERROR: The identity provider did not sign the person in; SSO_SESSION_REQUIRED: No live single sign-on session */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description FORBIDDEN: Your tier does not allow this capability; SELF_REVIEW_FORBIDDEN: The principal that made a call may not review it; TOOL_CALL_BLOCKED: Governance blocked this tool call; TOOL_RESULT_BLOCKED: Governance withheld this tool result; DESTINATION_NOT_ALLOWED: The sidecar does not proxy to this destination; UPGRADE_REFUSED: Governed routes do not accept protocol upgrades; CSRF_REJECTED: A state-changing request with the session cookie lacks CSRF proof; ROLE_REQUIRED: Your roles do not allow this action; AGENT_OUT_OF_SCOPE: This credential is bound to another agent; TEAM_FORBIDDEN: This credential may not act on that team; TIER_TOO_HIGH: A key may not get a higher tier than its creator; REPORT_SCOPE_FORBIDDEN: Your credential may not report on this scope */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description JSON_DUPLICATE_KEY: A JSON member name appears more than once; JSON_NUMBER_INEXACT: A JSON number cannot be read exactly; JSON_TOO_DEEP: The JSON document nests too deeply; JSON_INVALID_STRING: A JSON string is not valid Unicode text; JSON_RESERVED_KEY: A JSON member name is reserved; VALIDATION_FAILED: Request does not match the schema; POLICY_INVALID: The policy bundle in the request is invalid; SUITE_AGENT_MISMATCH: A certification suite case names another agent than the one certified; PERIOD_INVALID: The period is empty, reversed, too long or in the future; BUCKET_INVALID: The bucket size does not fit the period or its grain */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description INTERNAL: Internal gateway error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description LEDGER_UNAVAILABLE: The audit ledger cannot record right now; SIDECAR_OVERLOADED: The sidecar is at the bound of its memory budget; RATE_LIMIT_UNAVAILABLE: The shared rate limiter cannot decide right now; AUTH_UNAVAILABLE: Credentials cannot be checked right now; CONSOLE_NOT_BUILT: The web console has not been built; SSO_IDP_UNAVAILABLE: The identity provider's metadata cannot be read right now */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    postV1CertifyAgentsAgentIdRevocation: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The agent id. */
                agent_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["RevokeCertificateRequest"];
            };
        };
        responses: {
            /** @description The revocation */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RevocationResult"];
                };
            };
            /** @description INVALID_JSON: Request body is not valid JSON; MALFORMED_REQUEST: The request is not well-formed HTTP; REQUEST_INCOMPLETE: The request body ended before it was complete; UNKNOWN_QUERY_PARAMETER: The route does not take this query parameter; TOOL_NOT_IDENTIFIED: The sidecar cannot tell which tool this request calls; PROXY_PATH_REJECTED: The proxied path is not allowed; ADMISSION_REVIEW_INVALID: The request is not an admission.k8s.io/v1 AdmissionReview of a Pod; SSO_RELAY_STATE_INVALID: The return path is not a same-origin relative path; SSO_RESPONSE_MALFORMED: The SAML response is not well-formed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description UNAUTHENTICATED: Missing or invalid credentials; SSO_SIGNATURE_INVALID: The SAML assertion is not validly signed by the identity provider; SSO_ASSERTION_INVALID: The SAML assertion is not for this service provider; SSO_ASSERTION_EXPIRED: The SAML assertion is outside its validity window; SSO_REPLAYED: The SAML assertion was already used; SSO_UNSOLICITED: The SAML response answers no sign-in this gateway started; SSO_BROWSER_MISMATCH: The SAML response answers a sign-in started in another browser; SSO_IDP_ERROR: The identity provider did not sign the person in; SSO_SESSION_REQUIRED: No live single sign-on session */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description ENTITLEMENT_REQUIRED: Your tier does not include this feature */
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description FORBIDDEN: Your tier does not allow this capability; SELF_REVIEW_FORBIDDEN: The principal that made a call may not review it; TOOL_CALL_BLOCKED: Governance blocked this tool call; TOOL_RESULT_BLOCKED: Governance withheld this tool result; DESTINATION_NOT_ALLOWED: The sidecar does not proxy to this destination; UPGRADE_REFUSED: Governed routes do not accept protocol upgrades; CSRF_REJECTED: A state-changing request with the session cookie lacks CSRF proof; ROLE_REQUIRED: Your roles do not allow this action; AGENT_OUT_OF_SCOPE: This credential is bound to another agent; TEAM_FORBIDDEN: This credential may not act on that team; TIER_TOO_HIGH: A key may not get a higher tier than its creator; REPORT_SCOPE_FORBIDDEN: Your credential may not report on this scope */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description ROUTE_NOT_FOUND: No such route; ENVELOPE_NOT_FOUND: Unknown envelope id; GRANT_NOT_FOUND: Unknown approval grant; CERTIFICATE_NOT_FOUND: No such certificate; DELIVERY_NOT_FOUND: Unknown webhook delivery; SSO_NOT_CONFIGURED: Single sign-on is not configured on this gateway; MEMBER_NOT_FOUND: No such team member; KEY_NOT_FOUND: No such API key; ALERT_NOT_FOUND: Unknown alert id; REPORT_NOT_FOUND: No such report; REPORT_FORMAT_NOT_GENERATED: This report was not generated in that format */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description JSON_TOO_MANY_VALUES: The JSON document holds too many values; PAYLOAD_TOO_LARGE: Request body is too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: Request body must be application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description JSON_DUPLICATE_KEY: A JSON member name appears more than once; JSON_NUMBER_INEXACT: A JSON number cannot be read exactly; JSON_TOO_DEEP: The JSON document nests too deeply; JSON_INVALID_STRING: A JSON string is not valid Unicode text; JSON_RESERVED_KEY: A JSON member name is reserved; VALIDATION_FAILED: Request does not match the schema; POLICY_INVALID: The policy bundle in the request is invalid; SUITE_AGENT_MISMATCH: A certification suite case names another agent than the one certified; PERIOD_INVALID: The period is empty, reversed, too long or in the future; BUCKET_INVALID: The bucket size does not fit the period or its grain */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description INTERNAL: Internal gateway error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description LEDGER_UNAVAILABLE: The audit ledger cannot record right now; SIDECAR_OVERLOADED: The sidecar is at the bound of its memory budget; RATE_LIMIT_UNAVAILABLE: The shared rate limiter cannot decide right now; AUTH_UNAVAILABLE: Credentials cannot be checked right now; CONSOLE_NOT_BUILT: The web console has not been built; SSO_IDP_UNAVAILABLE: The identity provider's metadata cannot be read right now */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getV1CertifyCertificatesEnvelopeIdStatus: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The certificate's id (its `jti`, the certification row's envelope id). */
                envelope_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Revocation status */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CertificateStatus"];
                };
            };
            /** @description INVALID_JSON: Request body is not valid JSON; MALFORMED_REQUEST: The request is not well-formed HTTP; REQUEST_INCOMPLETE: The request body ended before it was complete; UNKNOWN_QUERY_PARAMETER: The route does not take this query parameter; TOOL_NOT_IDENTIFIED: The sidecar cannot tell which tool this request calls; PROXY_PATH_REJECTED: The proxied path is not allowed; ADMISSION_REVIEW_INVALID: The request is not an admission.k8s.io/v1 AdmissionReview of a Pod; SSO_RELAY_STATE_INVALID: The return path is not a same-origin relative path; SSO_RESPONSE_MALFORMED: The SAML response is not well-formed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description ROUTE_NOT_FOUND: No such route; ENVELOPE_NOT_FOUND: Unknown envelope id; GRANT_NOT_FOUND: Unknown approval grant; CERTIFICATE_NOT_FOUND: No such certificate; DELIVERY_NOT_FOUND: Unknown webhook delivery; SSO_NOT_CONFIGURED: Single sign-on is not configured on this gateway; MEMBER_NOT_FOUND: No such team member; KEY_NOT_FOUND: No such API key; ALERT_NOT_FOUND: Unknown alert id; REPORT_NOT_FOUND: No such report; REPORT_FORMAT_NOT_GENERATED: This report was not generated in that format */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description INTERNAL: Internal gateway error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getV1CertifyJwks: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description JWKS */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Jwks"];
                };
            };
            /** @description INVALID_JSON: Request body is not valid JSON; MALFORMED_REQUEST: The request is not well-formed HTTP; REQUEST_INCOMPLETE: The request body ended before it was complete; UNKNOWN_QUERY_PARAMETER: The route does not take this query parameter; TOOL_NOT_IDENTIFIED: The sidecar cannot tell which tool this request calls; PROXY_PATH_REJECTED: The proxied path is not allowed; ADMISSION_REVIEW_INVALID: The request is not an admission.k8s.io/v1 AdmissionReview of a Pod; SSO_RELAY_STATE_INVALID: The return path is not a same-origin relative path; SSO_RESPONSE_MALFORMED: The SAML response is not well-formed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description INTERNAL: Internal gateway error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getV1JudgeStatus: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Judge status */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["JudgeStatus"];
                };
            };
            /** @description INVALID_JSON: Request body is not valid JSON; MALFORMED_REQUEST: The request is not well-formed HTTP; REQUEST_INCOMPLETE: The request body ended before it was complete; UNKNOWN_QUERY_PARAMETER: The route does not take this query parameter; TOOL_NOT_IDENTIFIED: The sidecar cannot tell which tool this request calls; PROXY_PATH_REJECTED: The proxied path is not allowed; ADMISSION_REVIEW_INVALID: The request is not an admission.k8s.io/v1 AdmissionReview of a Pod; SSO_RELAY_STATE_INVALID: The return path is not a same-origin relative path; SSO_RESPONSE_MALFORMED: The SAML response is not well-formed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description UNAUTHENTICATED: Missing or invalid credentials; SSO_SIGNATURE_INVALID: The SAML assertion is not validly signed by the identity provider; SSO_ASSERTION_INVALID: The SAML assertion is not for this service provider; SSO_ASSERTION_EXPIRED: The SAML assertion is outside its validity window; SSO_REPLAYED: The SAML assertion was already used; SSO_UNSOLICITED: The SAML response answers no sign-in this gateway started; SSO_BROWSER_MISMATCH: The SAML response answers a sign-in started in another browser; SSO_IDP_ERROR: The identity provider did not sign the person in; SSO_SESSION_REQUIRED: No live single sign-on session */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description ENTITLEMENT_REQUIRED: Your tier does not include this feature */
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description FORBIDDEN: Your tier does not allow this capability; SELF_REVIEW_FORBIDDEN: The principal that made a call may not review it; TOOL_CALL_BLOCKED: Governance blocked this tool call; TOOL_RESULT_BLOCKED: Governance withheld this tool result; DESTINATION_NOT_ALLOWED: The sidecar does not proxy to this destination; UPGRADE_REFUSED: Governed routes do not accept protocol upgrades; CSRF_REJECTED: A state-changing request with the session cookie lacks CSRF proof; ROLE_REQUIRED: Your roles do not allow this action; AGENT_OUT_OF_SCOPE: This credential is bound to another agent; TEAM_FORBIDDEN: This credential may not act on that team; TIER_TOO_HIGH: A key may not get a higher tier than its creator; REPORT_SCOPE_FORBIDDEN: Your credential may not report on this scope */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description INTERNAL: Internal gateway error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description LEDGER_UNAVAILABLE: The audit ledger cannot record right now; SIDECAR_OVERLOADED: The sidecar is at the bound of its memory budget; RATE_LIMIT_UNAVAILABLE: The shared rate limiter cannot decide right now; AUTH_UNAVAILABLE: Credentials cannot be checked right now; CONSOLE_NOT_BUILT: The web console has not been built; SSO_IDP_UNAVAILABLE: The identity provider's metadata cannot be read right now */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getV1NotificationsDeliveries: {
        parameters: {
            query?: {
                /** @description Only this event. */
                event?: "review.created" | "review.claimed" | "review.decided" | "review.expiring" | "review.expired" | "kill_switch.changed" | "tool_pin.changed" | "chain.verify_failed" | "judge.retroactive_escalation" | "execution.outcome_unknown" | "alert.firing" | "alert.resolved";
                /** @description Page size: default 50, maximum 500. */
                limit?: number;
                /** @description Items to skip. */
                offset?: number;
                /** @description Only deliveries in this state. */
                status?: "pending" | "delivering" | "delivered" | "failed" | "dead";
                /** @description Only this webhook (its name in notifications.yaml). */
                webhook?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deliveries */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NotificationDeliveryList"];
                };
            };
            /** @description INVALID_JSON: Request body is not valid JSON; MALFORMED_REQUEST: The request is not well-formed HTTP; REQUEST_INCOMPLETE: The request body ended before it was complete; UNKNOWN_QUERY_PARAMETER: The route does not take this query parameter; TOOL_NOT_IDENTIFIED: The sidecar cannot tell which tool this request calls; PROXY_PATH_REJECTED: The proxied path is not allowed; ADMISSION_REVIEW_INVALID: The request is not an admission.k8s.io/v1 AdmissionReview of a Pod; SSO_RELAY_STATE_INVALID: The return path is not a same-origin relative path; SSO_RESPONSE_MALFORMED: The SAML response is not well-formed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description UNAUTHENTICATED: Missing or invalid credentials; SSO_SIGNATURE_INVALID: The SAML assertion is not validly signed by the identity provider; SSO_ASSERTION_INVALID: The SAML assertion is not for this service provider; SSO_ASSERTION_EXPIRED: The SAML assertion is outside its validity window; SSO_REPLAYED: The SAML assertion was already used; SSO_UNSOLICITED: The SAML response answers no sign-in this gateway started; SSO_BROWSER_MISMATCH: The SAML response answers a sign-in started in another browser; SSO_IDP_ERROR: The identity provider did not sign the person in; SSO_SESSION_REQUIRED: No live single sign-on session */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description FORBIDDEN: Your tier does not allow this capability; SELF_REVIEW_FORBIDDEN: The principal that made a call may not review it; TOOL_CALL_BLOCKED: Governance blocked this tool call; TOOL_RESULT_BLOCKED: Governance withheld this tool result; DESTINATION_NOT_ALLOWED: The sidecar does not proxy to this destination; UPGRADE_REFUSED: Governed routes do not accept protocol upgrades; CSRF_REJECTED: A state-changing request with the session cookie lacks CSRF proof; ROLE_REQUIRED: Your roles do not allow this action; AGENT_OUT_OF_SCOPE: This credential is bound to another agent; TEAM_FORBIDDEN: This credential may not act on that team; TIER_TOO_HIGH: A key may not get a higher tier than its creator; REPORT_SCOPE_FORBIDDEN: Your credential may not report on this scope */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description JSON_DUPLICATE_KEY: A JSON member name appears more than once; JSON_NUMBER_INEXACT: A JSON number cannot be read exactly; JSON_TOO_DEEP: The JSON document nests too deeply; JSON_INVALID_STRING: A JSON string is not valid Unicode text; JSON_RESERVED_KEY: A JSON member name is reserved; VALIDATION_FAILED: Request does not match the schema; POLICY_INVALID: The policy bundle in the request is invalid; SUITE_AGENT_MISMATCH: A certification suite case names another agent than the one certified; PERIOD_INVALID: The period is empty, reversed, too long or in the future; BUCKET_INVALID: The bucket size does not fit the period or its grain */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description INTERNAL: Internal gateway error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description LEDGER_UNAVAILABLE: The audit ledger cannot record right now; SIDECAR_OVERLOADED: The sidecar is at the bound of its memory budget; RATE_LIMIT_UNAVAILABLE: The shared rate limiter cannot decide right now; AUTH_UNAVAILABLE: Credentials cannot be checked right now; CONSOLE_NOT_BUILT: The web console has not been built; SSO_IDP_UNAVAILABLE: The identity provider's metadata cannot be read right now */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getV1NotificationsDeliveriesId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The delivery id (X-Governance-Delivery). */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The delivery */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NotificationDelivery"];
                };
            };
            /** @description INVALID_JSON: Request body is not valid JSON; MALFORMED_REQUEST: The request is not well-formed HTTP; REQUEST_INCOMPLETE: The request body ended before it was complete; UNKNOWN_QUERY_PARAMETER: The route does not take this query parameter; TOOL_NOT_IDENTIFIED: The sidecar cannot tell which tool this request calls; PROXY_PATH_REJECTED: The proxied path is not allowed; ADMISSION_REVIEW_INVALID: The request is not an admission.k8s.io/v1 AdmissionReview of a Pod; SSO_RELAY_STATE_INVALID: The return path is not a same-origin relative path; SSO_RESPONSE_MALFORMED: The SAML response is not well-formed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description UNAUTHENTICATED: Missing or invalid credentials; SSO_SIGNATURE_INVALID: The SAML assertion is not validly signed by the identity provider; SSO_ASSERTION_INVALID: The SAML assertion is not for this service provider; SSO_ASSERTION_EXPIRED: The SAML assertion is outside its validity window; SSO_REPLAYED: The SAML assertion was already used; SSO_UNSOLICITED: The SAML response answers no sign-in this gateway started; SSO_BROWSER_MISMATCH: The SAML response answers a sign-in started in another browser; SSO_IDP_ERROR: The identity provider did not sign the person in; SSO_SESSION_REQUIRED: No live single sign-on session */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description FORBIDDEN: Your tier does not allow this capability; SELF_REVIEW_FORBIDDEN: The principal that made a call may not review it; TOOL_CALL_BLOCKED: Governance blocked this tool call; TOOL_RESULT_BLOCKED: Governance withheld this tool result; DESTINATION_NOT_ALLOWED: The sidecar does not proxy to this destination; UPGRADE_REFUSED: Governed routes do not accept protocol upgrades; CSRF_REJECTED: A state-changing request with the session cookie lacks CSRF proof; ROLE_REQUIRED: Your roles do not allow this action; AGENT_OUT_OF_SCOPE: This credential is bound to another agent; TEAM_FORBIDDEN: This credential may not act on that team; TIER_TOO_HIGH: A key may not get a higher tier than its creator; REPORT_SCOPE_FORBIDDEN: Your credential may not report on this scope */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description ROUTE_NOT_FOUND: No such route; ENVELOPE_NOT_FOUND: Unknown envelope id; GRANT_NOT_FOUND: Unknown approval grant; CERTIFICATE_NOT_FOUND: No such certificate; DELIVERY_NOT_FOUND: Unknown webhook delivery; SSO_NOT_CONFIGURED: Single sign-on is not configured on this gateway; MEMBER_NOT_FOUND: No such team member; KEY_NOT_FOUND: No such API key; ALERT_NOT_FOUND: Unknown alert id; REPORT_NOT_FOUND: No such report; REPORT_FORMAT_NOT_GENERATED: This report was not generated in that format */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description INTERNAL: Internal gateway error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description LEDGER_UNAVAILABLE: The audit ledger cannot record right now; SIDECAR_OVERLOADED: The sidecar is at the bound of its memory budget; RATE_LIMIT_UNAVAILABLE: The shared rate limiter cannot decide right now; AUTH_UNAVAILABLE: Credentials cannot be checked right now; CONSOLE_NOT_BUILT: The web console has not been built; SSO_IDP_UNAVAILABLE: The identity provider's metadata cannot be read right now */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    postV1NotificationsDeliveriesIdRetry: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The delivery id (X-Governance-Delivery). */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The delivery, pending again */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NotificationRetry"];
                };
            };
            /** @description UNAUTHENTICATED: Missing or invalid credentials; SSO_SIGNATURE_INVALID: The SAML assertion is not validly signed by the identity provider; SSO_ASSERTION_INVALID: The SAML assertion is not for this service provider; SSO_ASSERTION_EXPIRED: The SAML assertion is outside its validity window; SSO_REPLAYED: The SAML assertion was already used; SSO_UNSOLICITED: The SAML response answers no sign-in this gateway started; SSO_BROWSER_MISMATCH: The SAML response answers a sign-in started in another browser; SSO_IDP_ERROR: The identity provider did not sign the person in; SSO_SESSION_REQUIRED: No live single sign-on session */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description FORBIDDEN: Your tier does not allow this capability; SELF_REVIEW_FORBIDDEN: The principal that made a call may not review it; TOOL_CALL_BLOCKED: Governance blocked this tool call; TOOL_RESULT_BLOCKED: Governance withheld this tool result; DESTINATION_NOT_ALLOWED: The sidecar does not proxy to this destination; UPGRADE_REFUSED: Governed routes do not accept protocol upgrades; CSRF_REJECTED: A state-changing request with the session cookie lacks CSRF proof; ROLE_REQUIRED: Your roles do not allow this action; AGENT_OUT_OF_SCOPE: This credential is bound to another agent; TEAM_FORBIDDEN: This credential may not act on that team; TIER_TOO_HIGH: A key may not get a higher tier than its creator; REPORT_SCOPE_FORBIDDEN: Your credential may not report on this scope */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description ROUTE_NOT_FOUND: No such route; ENVELOPE_NOT_FOUND: Unknown envelope id; GRANT_NOT_FOUND: Unknown approval grant; CERTIFICATE_NOT_FOUND: No such certificate; DELIVERY_NOT_FOUND: Unknown webhook delivery; SSO_NOT_CONFIGURED: Single sign-on is not configured on this gateway; MEMBER_NOT_FOUND: No such team member; KEY_NOT_FOUND: No such API key; ALERT_NOT_FOUND: Unknown alert id; REPORT_NOT_FOUND: No such report; REPORT_FORMAT_NOT_GENERATED: This report was not generated in that format */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description ALREADY_RESOLVED: This review item is already resolved; NOT_IN_REVIEW: This record is not in the review queue; REVIEW_CONFLICT: The review item changed while you acted on it; REVIEW_CLAIMED: Another reviewer holds this review item; REVIEW_NOT_CLAIMED: This review item is not claimed by you; GRANT_REVOKED: This approval grant is already revoked; NOT_DECIDABLE: This record carries no decision to re-run; IDEMPOTENCY_CONFLICT: This pre-check already has a post-check for a different request; POLICY_VERSION_MISMATCH: Certification is only against the policy version in force; DELIVERY_NOT_RETRYABLE: Only a dead or failed webhook delivery can be retried; MEMBER_EXISTS: This person is already a member of the team; KEY_ALREADY_REVOKED: This API key is already revoked; AUTH_DISABLED: Team management needs AUTH_ENABLED=true; REPORT_NOT_READY: The report is not ready */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description INTERNAL: Internal gateway error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description LEDGER_UNAVAILABLE: The audit ledger cannot record right now; SIDECAR_OVERLOADED: The sidecar is at the bound of its memory budget; RATE_LIMIT_UNAVAILABLE: The shared rate limiter cannot decide right now; AUTH_UNAVAILABLE: Credentials cannot be checked right now; CONSOLE_NOT_BUILT: The web console has not been built; SSO_IDP_UNAVAILABLE: The identity provider's metadata cannot be read right now */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    postV1PolicyEvaluate: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["PolicyEvaluateRequest"];
            };
        };
        responses: {
            /** @description What the policy decides */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PolicyEvaluateResponse"];
                };
            };
            /** @description INVALID_JSON: Request body is not valid JSON; MALFORMED_REQUEST: The request is not well-formed HTTP; REQUEST_INCOMPLETE: The request body ended before it was complete; UNKNOWN_QUERY_PARAMETER: The route does not take this query parameter; TOOL_NOT_IDENTIFIED: The sidecar cannot tell which tool this request calls; PROXY_PATH_REJECTED: The proxied path is not allowed; ADMISSION_REVIEW_INVALID: The request is not an admission.k8s.io/v1 AdmissionReview of a Pod; SSO_RELAY_STATE_INVALID: The return path is not a same-origin relative path; SSO_RESPONSE_MALFORMED: The SAML response is not well-formed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description UNAUTHENTICATED: Missing or invalid credentials; SSO_SIGNATURE_INVALID: The SAML assertion is not validly signed by the identity provider; SSO_ASSERTION_INVALID: The SAML assertion is not for this service provider; SSO_ASSERTION_EXPIRED: The SAML assertion is outside its validity window; SSO_REPLAYED: The SAML assertion was already used; SSO_UNSOLICITED: The SAML response answers no sign-in this gateway started; SSO_BROWSER_MISMATCH: The SAML response answers a sign-in started in another browser; SSO_IDP_ERROR: The identity provider did not sign the person in; SSO_SESSION_REQUIRED: No live single sign-on session */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description FORBIDDEN: Your tier does not allow this capability; SELF_REVIEW_FORBIDDEN: The principal that made a call may not review it; TOOL_CALL_BLOCKED: Governance blocked this tool call; TOOL_RESULT_BLOCKED: Governance withheld this tool result; DESTINATION_NOT_ALLOWED: The sidecar does not proxy to this destination; UPGRADE_REFUSED: Governed routes do not accept protocol upgrades; CSRF_REJECTED: A state-changing request with the session cookie lacks CSRF proof; ROLE_REQUIRED: Your roles do not allow this action; AGENT_OUT_OF_SCOPE: This credential is bound to another agent; TEAM_FORBIDDEN: This credential may not act on that team; TIER_TOO_HIGH: A key may not get a higher tier than its creator; REPORT_SCOPE_FORBIDDEN: Your credential may not report on this scope */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description ROUTE_NOT_FOUND: No such route; ENVELOPE_NOT_FOUND: Unknown envelope id; GRANT_NOT_FOUND: Unknown approval grant; CERTIFICATE_NOT_FOUND: No such certificate; DELIVERY_NOT_FOUND: Unknown webhook delivery; SSO_NOT_CONFIGURED: Single sign-on is not configured on this gateway; MEMBER_NOT_FOUND: No such team member; KEY_NOT_FOUND: No such API key; ALERT_NOT_FOUND: Unknown alert id; REPORT_NOT_FOUND: No such report; REPORT_FORMAT_NOT_GENERATED: This report was not generated in that format */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description ALREADY_RESOLVED: This review item is already resolved; NOT_IN_REVIEW: This record is not in the review queue; REVIEW_CONFLICT: The review item changed while you acted on it; REVIEW_CLAIMED: Another reviewer holds this review item; REVIEW_NOT_CLAIMED: This review item is not claimed by you; GRANT_REVOKED: This approval grant is already revoked; NOT_DECIDABLE: This record carries no decision to re-run; IDEMPOTENCY_CONFLICT: This pre-check already has a post-check for a different request; POLICY_VERSION_MISMATCH: Certification is only against the policy version in force; DELIVERY_NOT_RETRYABLE: Only a dead or failed webhook delivery can be retried; MEMBER_EXISTS: This person is already a member of the team; KEY_ALREADY_REVOKED: This API key is already revoked; AUTH_DISABLED: Team management needs AUTH_ENABLED=true; REPORT_NOT_READY: The report is not ready */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description PAYLOAD_UNAVAILABLE: The stored payload is no longer available */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description JSON_TOO_MANY_VALUES: The JSON document holds too many values; PAYLOAD_TOO_LARGE: Request body is too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: Request body must be application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description JSON_DUPLICATE_KEY: A JSON member name appears more than once; JSON_NUMBER_INEXACT: A JSON number cannot be read exactly; JSON_TOO_DEEP: The JSON document nests too deeply; JSON_INVALID_STRING: A JSON string is not valid Unicode text; JSON_RESERVED_KEY: A JSON member name is reserved; VALIDATION_FAILED: Request does not match the schema; POLICY_INVALID: The policy bundle in the request is invalid; SUITE_AGENT_MISMATCH: A certification suite case names another agent than the one certified; PERIOD_INVALID: The period is empty, reversed, too long or in the future; BUCKET_INVALID: The bucket size does not fit the period or its grain */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description INTERNAL: Internal gateway error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description LEDGER_UNAVAILABLE: The audit ledger cannot record right now; SIDECAR_OVERLOADED: The sidecar is at the bound of its memory budget; RATE_LIMIT_UNAVAILABLE: The shared rate limiter cannot decide right now; AUTH_UNAVAILABLE: Credentials cannot be checked right now; CONSOLE_NOT_BUILT: The web console has not been built; SSO_IDP_UNAVAILABLE: The identity provider's metadata cannot be read right now */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getV1PolicyRules: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The rules, in evaluation order */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PolicyRuleList"];
                };
            };
            /** @description INVALID_JSON: Request body is not valid JSON; MALFORMED_REQUEST: The request is not well-formed HTTP; REQUEST_INCOMPLETE: The request body ended before it was complete; UNKNOWN_QUERY_PARAMETER: The route does not take this query parameter; TOOL_NOT_IDENTIFIED: The sidecar cannot tell which tool this request calls; PROXY_PATH_REJECTED: The proxied path is not allowed; ADMISSION_REVIEW_INVALID: The request is not an admission.k8s.io/v1 AdmissionReview of a Pod; SSO_RELAY_STATE_INVALID: The return path is not a same-origin relative path; SSO_RESPONSE_MALFORMED: The SAML response is not well-formed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description UNAUTHENTICATED: Missing or invalid credentials; SSO_SIGNATURE_INVALID: The SAML assertion is not validly signed by the identity provider; SSO_ASSERTION_INVALID: The SAML assertion is not for this service provider; SSO_ASSERTION_EXPIRED: The SAML assertion is outside its validity window; SSO_REPLAYED: The SAML assertion was already used; SSO_UNSOLICITED: The SAML response answers no sign-in this gateway started; SSO_BROWSER_MISMATCH: The SAML response answers a sign-in started in another browser; SSO_IDP_ERROR: The identity provider did not sign the person in; SSO_SESSION_REQUIRED: No live single sign-on session */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description FORBIDDEN: Your tier does not allow this capability; SELF_REVIEW_FORBIDDEN: The principal that made a call may not review it; TOOL_CALL_BLOCKED: Governance blocked this tool call; TOOL_RESULT_BLOCKED: Governance withheld this tool result; DESTINATION_NOT_ALLOWED: The sidecar does not proxy to this destination; UPGRADE_REFUSED: Governed routes do not accept protocol upgrades; CSRF_REJECTED: A state-changing request with the session cookie lacks CSRF proof; ROLE_REQUIRED: Your roles do not allow this action; AGENT_OUT_OF_SCOPE: This credential is bound to another agent; TEAM_FORBIDDEN: This credential may not act on that team; TIER_TOO_HIGH: A key may not get a higher tier than its creator; REPORT_SCOPE_FORBIDDEN: Your credential may not report on this scope */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description INTERNAL: Internal gateway error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description LEDGER_UNAVAILABLE: The audit ledger cannot record right now; SIDECAR_OVERLOADED: The sidecar is at the bound of its memory budget; RATE_LIMIT_UNAVAILABLE: The shared rate limiter cannot decide right now; AUTH_UNAVAILABLE: Credentials cannot be checked right now; CONSOLE_NOT_BUILT: The web console has not been built; SSO_IDP_UNAVAILABLE: The identity provider's metadata cannot be read right now */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    postV1Reports: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ReportRequest"];
            };
        };
        responses: {
            /** @description The queued job (Location: its URL) */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ReportJob"];
                };
            };
            /** @description INVALID_JSON: Request body is not valid JSON; MALFORMED_REQUEST: The request is not well-formed HTTP; REQUEST_INCOMPLETE: The request body ended before it was complete; UNKNOWN_QUERY_PARAMETER: The route does not take this query parameter; TOOL_NOT_IDENTIFIED: The sidecar cannot tell which tool this request calls; PROXY_PATH_REJECTED: The proxied path is not allowed; ADMISSION_REVIEW_INVALID: The request is not an admission.k8s.io/v1 AdmissionReview of a Pod; SSO_RELAY_STATE_INVALID: The return path is not a same-origin relative path; SSO_RESPONSE_MALFORMED: The SAML response is not well-formed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description UNAUTHENTICATED: Missing or invalid credentials; SSO_SIGNATURE_INVALID: The SAML assertion is not validly signed by the identity provider; SSO_ASSERTION_INVALID: The SAML assertion is not for this service provider; SSO_ASSERTION_EXPIRED: The SAML assertion is outside its validity window; SSO_REPLAYED: The SAML assertion was already used; SSO_UNSOLICITED: The SAML response answers no sign-in this gateway started; SSO_BROWSER_MISMATCH: The SAML response answers a sign-in started in another browser; SSO_IDP_ERROR: The identity provider did not sign the person in; SSO_SESSION_REQUIRED: No live single sign-on session */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description FORBIDDEN: Your tier does not allow this capability; SELF_REVIEW_FORBIDDEN: The principal that made a call may not review it; TOOL_CALL_BLOCKED: Governance blocked this tool call; TOOL_RESULT_BLOCKED: Governance withheld this tool result; DESTINATION_NOT_ALLOWED: The sidecar does not proxy to this destination; UPGRADE_REFUSED: Governed routes do not accept protocol upgrades; CSRF_REJECTED: A state-changing request with the session cookie lacks CSRF proof; ROLE_REQUIRED: Your roles do not allow this action; AGENT_OUT_OF_SCOPE: This credential is bound to another agent; TEAM_FORBIDDEN: This credential may not act on that team; TIER_TOO_HIGH: A key may not get a higher tier than its creator; REPORT_SCOPE_FORBIDDEN: Your credential may not report on this scope */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description JSON_TOO_MANY_VALUES: The JSON document holds too many values; PAYLOAD_TOO_LARGE: Request body is too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: Request body must be application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description JSON_DUPLICATE_KEY: A JSON member name appears more than once; JSON_NUMBER_INEXACT: A JSON number cannot be read exactly; JSON_TOO_DEEP: The JSON document nests too deeply; JSON_INVALID_STRING: A JSON string is not valid Unicode text; JSON_RESERVED_KEY: A JSON member name is reserved; VALIDATION_FAILED: Request does not match the schema; POLICY_INVALID: The policy bundle in the request is invalid; SUITE_AGENT_MISMATCH: A certification suite case names another agent than the one certified; PERIOD_INVALID: The period is empty, reversed, too long or in the future; BUCKET_INVALID: The bucket size does not fit the period or its grain */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description INTERNAL: Internal gateway error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description LEDGER_UNAVAILABLE: The audit ledger cannot record right now; SIDECAR_OVERLOADED: The sidecar is at the bound of its memory budget; RATE_LIMIT_UNAVAILABLE: The shared rate limiter cannot decide right now; AUTH_UNAVAILABLE: Credentials cannot be checked right now; CONSOLE_NOT_BUILT: The web console has not been built; SSO_IDP_UNAVAILABLE: The identity provider's metadata cannot be read right now */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getV1ReportsId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The report id (UUID). */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The job; once done, each file with its digest and links */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ReportJob"];
                };
            };
            /** @description INVALID_JSON: Request body is not valid JSON; MALFORMED_REQUEST: The request is not well-formed HTTP; REQUEST_INCOMPLETE: The request body ended before it was complete; UNKNOWN_QUERY_PARAMETER: The route does not take this query parameter; TOOL_NOT_IDENTIFIED: The sidecar cannot tell which tool this request calls; PROXY_PATH_REJECTED: The proxied path is not allowed; ADMISSION_REVIEW_INVALID: The request is not an admission.k8s.io/v1 AdmissionReview of a Pod; SSO_RELAY_STATE_INVALID: The return path is not a same-origin relative path; SSO_RESPONSE_MALFORMED: The SAML response is not well-formed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description UNAUTHENTICATED: Missing or invalid credentials; SSO_SIGNATURE_INVALID: The SAML assertion is not validly signed by the identity provider; SSO_ASSERTION_INVALID: The SAML assertion is not for this service provider; SSO_ASSERTION_EXPIRED: The SAML assertion is outside its validity window; SSO_REPLAYED: The SAML assertion was already used; SSO_UNSOLICITED: The SAML response answers no sign-in this gateway started; SSO_BROWSER_MISMATCH: The SAML response answers a sign-in started in another browser; SSO_IDP_ERROR: The identity provider did not sign the person in; SSO_SESSION_REQUIRED: No live single sign-on session */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description FORBIDDEN: Your tier does not allow this capability; SELF_REVIEW_FORBIDDEN: The principal that made a call may not review it; TOOL_CALL_BLOCKED: Governance blocked this tool call; TOOL_RESULT_BLOCKED: Governance withheld this tool result; DESTINATION_NOT_ALLOWED: The sidecar does not proxy to this destination; UPGRADE_REFUSED: Governed routes do not accept protocol upgrades; CSRF_REJECTED: A state-changing request with the session cookie lacks CSRF proof; ROLE_REQUIRED: Your roles do not allow this action; AGENT_OUT_OF_SCOPE: This credential is bound to another agent; TEAM_FORBIDDEN: This credential may not act on that team; TIER_TOO_HIGH: A key may not get a higher tier than its creator; REPORT_SCOPE_FORBIDDEN: Your credential may not report on this scope */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description ROUTE_NOT_FOUND: No such route; ENVELOPE_NOT_FOUND: Unknown envelope id; GRANT_NOT_FOUND: Unknown approval grant; CERTIFICATE_NOT_FOUND: No such certificate; DELIVERY_NOT_FOUND: Unknown webhook delivery; SSO_NOT_CONFIGURED: Single sign-on is not configured on this gateway; MEMBER_NOT_FOUND: No such team member; KEY_NOT_FOUND: No such API key; ALERT_NOT_FOUND: Unknown alert id; REPORT_NOT_FOUND: No such report; REPORT_FORMAT_NOT_GENERATED: This report was not generated in that format */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description INTERNAL: Internal gateway error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description LEDGER_UNAVAILABLE: The audit ledger cannot record right now; SIDECAR_OVERLOADED: The sidecar is at the bound of its memory budget; RATE_LIMIT_UNAVAILABLE: The shared rate limiter cannot decide right now; AUTH_UNAVAILABLE: Credentials cannot be checked right now; CONSOLE_NOT_BUILT: The web console has not been built; SSO_IDP_UNAVAILABLE: The identity provider's metadata cannot be read right now */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getV1ReportsIdFile: {
        parameters: {
            query: {
                /** @description json, csv or pdf. */
                format: "json" | "csv" | "pdf";
            };
            header?: never;
            path: {
                /** @description The report id (UUID). */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The file (application/json, text/csv or application/pdf) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/octet-stream": unknown;
                };
            };
            /** @description INVALID_JSON: Request body is not valid JSON; MALFORMED_REQUEST: The request is not well-formed HTTP; REQUEST_INCOMPLETE: The request body ended before it was complete; UNKNOWN_QUERY_PARAMETER: The route does not take this query parameter; TOOL_NOT_IDENTIFIED: The sidecar cannot tell which tool this request calls; PROXY_PATH_REJECTED: The proxied path is not allowed; ADMISSION_REVIEW_INVALID: The request is not an admission.k8s.io/v1 AdmissionReview of a Pod; SSO_RELAY_STATE_INVALID: The return path is not a same-origin relative path; SSO_RESPONSE_MALFORMED: The SAML response is not well-formed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description UNAUTHENTICATED: Missing or invalid credentials; SSO_SIGNATURE_INVALID: The SAML assertion is not validly signed by the identity provider; SSO_ASSERTION_INVALID: The SAML assertion is not for this service provider; SSO_ASSERTION_EXPIRED: The SAML assertion is outside its validity window; SSO_REPLAYED: The SAML assertion was already used; SSO_UNSOLICITED: The SAML response answers no sign-in this gateway started; SSO_BROWSER_MISMATCH: The SAML response answers a sign-in started in another browser; SSO_IDP_ERROR: The identity provider did not sign the person in; SSO_SESSION_REQUIRED: No live single sign-on session */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description FORBIDDEN: Your tier does not allow this capability; SELF_REVIEW_FORBIDDEN: The principal that made a call may not review it; TOOL_CALL_BLOCKED: Governance blocked this tool call; TOOL_RESULT_BLOCKED: Governance withheld this tool result; DESTINATION_NOT_ALLOWED: The sidecar does not proxy to this destination; UPGRADE_REFUSED: Governed routes do not accept protocol upgrades; CSRF_REJECTED: A state-changing request with the session cookie lacks CSRF proof; ROLE_REQUIRED: Your roles do not allow this action; AGENT_OUT_OF_SCOPE: This credential is bound to another agent; TEAM_FORBIDDEN: This credential may not act on that team; TIER_TOO_HIGH: A key may not get a higher tier than its creator; REPORT_SCOPE_FORBIDDEN: Your credential may not report on this scope */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description ROUTE_NOT_FOUND: No such route; ENVELOPE_NOT_FOUND: Unknown envelope id; GRANT_NOT_FOUND: Unknown approval grant; CERTIFICATE_NOT_FOUND: No such certificate; DELIVERY_NOT_FOUND: Unknown webhook delivery; SSO_NOT_CONFIGURED: Single sign-on is not configured on this gateway; MEMBER_NOT_FOUND: No such team member; KEY_NOT_FOUND: No such API key; ALERT_NOT_FOUND: Unknown alert id; REPORT_NOT_FOUND: No such report; REPORT_FORMAT_NOT_GENERATED: This report was not generated in that format */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description ALREADY_RESOLVED: This review item is already resolved; NOT_IN_REVIEW: This record is not in the review queue; REVIEW_CONFLICT: The review item changed while you acted on it; REVIEW_CLAIMED: Another reviewer holds this review item; REVIEW_NOT_CLAIMED: This review item is not claimed by you; GRANT_REVOKED: This approval grant is already revoked; NOT_DECIDABLE: This record carries no decision to re-run; IDEMPOTENCY_CONFLICT: This pre-check already has a post-check for a different request; POLICY_VERSION_MISMATCH: Certification is only against the policy version in force; DELIVERY_NOT_RETRYABLE: Only a dead or failed webhook delivery can be retried; MEMBER_EXISTS: This person is already a member of the team; KEY_ALREADY_REVOKED: This API key is already revoked; AUTH_DISABLED: Team management needs AUTH_ENABLED=true; REPORT_NOT_READY: The report is not ready */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description JSON_DUPLICATE_KEY: A JSON member name appears more than once; JSON_NUMBER_INEXACT: A JSON number cannot be read exactly; JSON_TOO_DEEP: The JSON document nests too deeply; JSON_INVALID_STRING: A JSON string is not valid Unicode text; JSON_RESERVED_KEY: A JSON member name is reserved; VALIDATION_FAILED: Request does not match the schema; POLICY_INVALID: The policy bundle in the request is invalid; SUITE_AGENT_MISMATCH: A certification suite case names another agent than the one certified; PERIOD_INVALID: The period is empty, reversed, too long or in the future; BUCKET_INVALID: The bucket size does not fit the period or its grain */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description INTERNAL: Internal gateway error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description LEDGER_UNAVAILABLE: The audit ledger cannot record right now; SIDECAR_OVERLOADED: The sidecar is at the bound of its memory budget; RATE_LIMIT_UNAVAILABLE: The shared rate limiter cannot decide right now; AUTH_UNAVAILABLE: Credentials cannot be checked right now; CONSOLE_NOT_BUILT: The web console has not been built; SSO_IDP_UNAVAILABLE: The identity provider's metadata cannot be read right now */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getV1ReportsIdSignature: {
        parameters: {
            query: {
                /** @description json, csv or pdf. */
                format: "json" | "csv" | "pdf";
            };
            header?: never;
            path: {
                /** @description The report id (UUID). */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The signature, the digest it covers, and where the keys are */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ReportSignature"];
                };
            };
            /** @description INVALID_JSON: Request body is not valid JSON; MALFORMED_REQUEST: The request is not well-formed HTTP; REQUEST_INCOMPLETE: The request body ended before it was complete; UNKNOWN_QUERY_PARAMETER: The route does not take this query parameter; TOOL_NOT_IDENTIFIED: The sidecar cannot tell which tool this request calls; PROXY_PATH_REJECTED: The proxied path is not allowed; ADMISSION_REVIEW_INVALID: The request is not an admission.k8s.io/v1 AdmissionReview of a Pod; SSO_RELAY_STATE_INVALID: The return path is not a same-origin relative path; SSO_RESPONSE_MALFORMED: The SAML response is not well-formed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description UNAUTHENTICATED: Missing or invalid credentials; SSO_SIGNATURE_INVALID: The SAML assertion is not validly signed by the identity provider; SSO_ASSERTION_INVALID: The SAML assertion is not for this service provider; SSO_ASSERTION_EXPIRED: The SAML assertion is outside its validity window; SSO_REPLAYED: The SAML assertion was already used; SSO_UNSOLICITED: The SAML response answers no sign-in this gateway started; SSO_BROWSER_MISMATCH: The SAML response answers a sign-in started in another browser; SSO_IDP_ERROR: The identity provider did not sign the person in; SSO_SESSION_REQUIRED: No live single sign-on session */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description FORBIDDEN: Your tier does not allow this capability; SELF_REVIEW_FORBIDDEN: The principal that made a call may not review it; TOOL_CALL_BLOCKED: Governance blocked this tool call; TOOL_RESULT_BLOCKED: Governance withheld this tool result; DESTINATION_NOT_ALLOWED: The sidecar does not proxy to this destination; UPGRADE_REFUSED: Governed routes do not accept protocol upgrades; CSRF_REJECTED: A state-changing request with the session cookie lacks CSRF proof; ROLE_REQUIRED: Your roles do not allow this action; AGENT_OUT_OF_SCOPE: This credential is bound to another agent; TEAM_FORBIDDEN: This credential may not act on that team; TIER_TOO_HIGH: A key may not get a higher tier than its creator; REPORT_SCOPE_FORBIDDEN: Your credential may not report on this scope */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description ROUTE_NOT_FOUND: No such route; ENVELOPE_NOT_FOUND: Unknown envelope id; GRANT_NOT_FOUND: Unknown approval grant; CERTIFICATE_NOT_FOUND: No such certificate; DELIVERY_NOT_FOUND: Unknown webhook delivery; SSO_NOT_CONFIGURED: Single sign-on is not configured on this gateway; MEMBER_NOT_FOUND: No such team member; KEY_NOT_FOUND: No such API key; ALERT_NOT_FOUND: Unknown alert id; REPORT_NOT_FOUND: No such report; REPORT_FORMAT_NOT_GENERATED: This report was not generated in that format */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description ALREADY_RESOLVED: This review item is already resolved; NOT_IN_REVIEW: This record is not in the review queue; REVIEW_CONFLICT: The review item changed while you acted on it; REVIEW_CLAIMED: Another reviewer holds this review item; REVIEW_NOT_CLAIMED: This review item is not claimed by you; GRANT_REVOKED: This approval grant is already revoked; NOT_DECIDABLE: This record carries no decision to re-run; IDEMPOTENCY_CONFLICT: This pre-check already has a post-check for a different request; POLICY_VERSION_MISMATCH: Certification is only against the policy version in force; DELIVERY_NOT_RETRYABLE: Only a dead or failed webhook delivery can be retried; MEMBER_EXISTS: This person is already a member of the team; KEY_ALREADY_REVOKED: This API key is already revoked; AUTH_DISABLED: Team management needs AUTH_ENABLED=true; REPORT_NOT_READY: The report is not ready */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description JSON_DUPLICATE_KEY: A JSON member name appears more than once; JSON_NUMBER_INEXACT: A JSON number cannot be read exactly; JSON_TOO_DEEP: The JSON document nests too deeply; JSON_INVALID_STRING: A JSON string is not valid Unicode text; JSON_RESERVED_KEY: A JSON member name is reserved; VALIDATION_FAILED: Request does not match the schema; POLICY_INVALID: The policy bundle in the request is invalid; SUITE_AGENT_MISMATCH: A certification suite case names another agent than the one certified; PERIOD_INVALID: The period is empty, reversed, too long or in the future; BUCKET_INVALID: The bucket size does not fit the period or its grain */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description INTERNAL: Internal gateway error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description LEDGER_UNAVAILABLE: The audit ledger cannot record right now; SIDECAR_OVERLOADED: The sidecar is at the bound of its memory budget; RATE_LIMIT_UNAVAILABLE: The shared rate limiter cannot decide right now; AUTH_UNAVAILABLE: Credentials cannot be checked right now; CONSOLE_NOT_BUILT: The web console has not been built; SSO_IDP_UNAVAILABLE: The identity provider's metadata cannot be read right now */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getV1ReportsJwks: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description JWKS */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Jwks"];
                };
            };
            /** @description INVALID_JSON: Request body is not valid JSON; MALFORMED_REQUEST: The request is not well-formed HTTP; REQUEST_INCOMPLETE: The request body ended before it was complete; UNKNOWN_QUERY_PARAMETER: The route does not take this query parameter; TOOL_NOT_IDENTIFIED: The sidecar cannot tell which tool this request calls; PROXY_PATH_REJECTED: The proxied path is not allowed; ADMISSION_REVIEW_INVALID: The request is not an admission.k8s.io/v1 AdmissionReview of a Pod; SSO_RELAY_STATE_INVALID: The return path is not a same-origin relative path; SSO_RESPONSE_MALFORMED: The SAML response is not well-formed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description INTERNAL: Internal gateway error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getV1ReviewQueue: {
        parameters: {
            query?: {
                /** @description Only this agent. */
                agent_id?: string;
                /** @description Page size: default 50, maximum 500. */
                limit?: number;
                /** @description Items to skip. */
                offset?: number;
                /** @description true: open items past their review_deadline; false: the others. */
                overdue?: "true" | "false";
                /** @description pending, claimed, approved, rejected, expired; open (pending or claimed), resolved (approved, rejected or expired); overdue (= status=open&overdue=true). Default: all. */
                status?: "pending" | "claimed" | "approved" | "rejected" | "expired" | "open" | "resolved" | "overdue";
                /** @description Only this risk tier. */
                tier?: "low" | "medium" | "high" | "critical";
                /** @description Only calls of this tool (action). */
                tool?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of review items */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ReviewQueue"];
                };
            };
            /** @description INVALID_JSON: Request body is not valid JSON; MALFORMED_REQUEST: The request is not well-formed HTTP; REQUEST_INCOMPLETE: The request body ended before it was complete; UNKNOWN_QUERY_PARAMETER: The route does not take this query parameter; TOOL_NOT_IDENTIFIED: The sidecar cannot tell which tool this request calls; PROXY_PATH_REJECTED: The proxied path is not allowed; ADMISSION_REVIEW_INVALID: The request is not an admission.k8s.io/v1 AdmissionReview of a Pod; SSO_RELAY_STATE_INVALID: The return path is not a same-origin relative path; SSO_RESPONSE_MALFORMED: The SAML response is not well-formed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description UNAUTHENTICATED: Missing or invalid credentials; SSO_SIGNATURE_INVALID: The SAML assertion is not validly signed by the identity provider; SSO_ASSERTION_INVALID: The SAML assertion is not for this service provider; SSO_ASSERTION_EXPIRED: The SAML assertion is outside its validity window; SSO_REPLAYED: The SAML assertion was already used; SSO_UNSOLICITED: The SAML response answers no sign-in this gateway started; SSO_BROWSER_MISMATCH: The SAML response answers a sign-in started in another browser; SSO_IDP_ERROR: The identity provider did not sign the person in; SSO_SESSION_REQUIRED: No live single sign-on session */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description FORBIDDEN: Your tier does not allow this capability; SELF_REVIEW_FORBIDDEN: The principal that made a call may not review it; TOOL_CALL_BLOCKED: Governance blocked this tool call; TOOL_RESULT_BLOCKED: Governance withheld this tool result; DESTINATION_NOT_ALLOWED: The sidecar does not proxy to this destination; UPGRADE_REFUSED: Governed routes do not accept protocol upgrades; CSRF_REJECTED: A state-changing request with the session cookie lacks CSRF proof; ROLE_REQUIRED: Your roles do not allow this action; AGENT_OUT_OF_SCOPE: This credential is bound to another agent; TEAM_FORBIDDEN: This credential may not act on that team; TIER_TOO_HIGH: A key may not get a higher tier than its creator; REPORT_SCOPE_FORBIDDEN: Your credential may not report on this scope */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description JSON_DUPLICATE_KEY: A JSON member name appears more than once; JSON_NUMBER_INEXACT: A JSON number cannot be read exactly; JSON_TOO_DEEP: The JSON document nests too deeply; JSON_INVALID_STRING: A JSON string is not valid Unicode text; JSON_RESERVED_KEY: A JSON member name is reserved; VALIDATION_FAILED: Request does not match the schema; POLICY_INVALID: The policy bundle in the request is invalid; SUITE_AGENT_MISMATCH: A certification suite case names another agent than the one certified; PERIOD_INVALID: The period is empty, reversed, too long or in the future; BUCKET_INVALID: The bucket size does not fit the period or its grain */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description INTERNAL: Internal gateway error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description LEDGER_UNAVAILABLE: The audit ledger cannot record right now; SIDECAR_OVERLOADED: The sidecar is at the bound of its memory budget; RATE_LIMIT_UNAVAILABLE: The shared rate limiter cannot decide right now; AUTH_UNAVAILABLE: Credentials cannot be checked right now; CONSOLE_NOT_BUILT: The web console has not been built; SSO_IDP_UNAVAILABLE: The identity provider's metadata cannot be read right now */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getV1ReviewQueueEnvelopeId: {
        parameters: {
            query?: {
                /** @description The revision you already have; default: the current one. */
                revision?: number;
                /** @description Seconds to wait for a change (0..60). */
                wait?: number;
            };
            header?: never;
            path: {
                /** @description The queued envelope. */
                envelope_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The item */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ReviewItemDetail"];
                };
            };
            /** @description INVALID_JSON: Request body is not valid JSON; MALFORMED_REQUEST: The request is not well-formed HTTP; REQUEST_INCOMPLETE: The request body ended before it was complete; UNKNOWN_QUERY_PARAMETER: The route does not take this query parameter; TOOL_NOT_IDENTIFIED: The sidecar cannot tell which tool this request calls; PROXY_PATH_REJECTED: The proxied path is not allowed; ADMISSION_REVIEW_INVALID: The request is not an admission.k8s.io/v1 AdmissionReview of a Pod; SSO_RELAY_STATE_INVALID: The return path is not a same-origin relative path; SSO_RESPONSE_MALFORMED: The SAML response is not well-formed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description UNAUTHENTICATED: Missing or invalid credentials; SSO_SIGNATURE_INVALID: The SAML assertion is not validly signed by the identity provider; SSO_ASSERTION_INVALID: The SAML assertion is not for this service provider; SSO_ASSERTION_EXPIRED: The SAML assertion is outside its validity window; SSO_REPLAYED: The SAML assertion was already used; SSO_UNSOLICITED: The SAML response answers no sign-in this gateway started; SSO_BROWSER_MISMATCH: The SAML response answers a sign-in started in another browser; SSO_IDP_ERROR: The identity provider did not sign the person in; SSO_SESSION_REQUIRED: No live single sign-on session */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description FORBIDDEN: Your tier does not allow this capability; SELF_REVIEW_FORBIDDEN: The principal that made a call may not review it; TOOL_CALL_BLOCKED: Governance blocked this tool call; TOOL_RESULT_BLOCKED: Governance withheld this tool result; DESTINATION_NOT_ALLOWED: The sidecar does not proxy to this destination; UPGRADE_REFUSED: Governed routes do not accept protocol upgrades; CSRF_REJECTED: A state-changing request with the session cookie lacks CSRF proof; ROLE_REQUIRED: Your roles do not allow this action; AGENT_OUT_OF_SCOPE: This credential is bound to another agent; TEAM_FORBIDDEN: This credential may not act on that team; TIER_TOO_HIGH: A key may not get a higher tier than its creator; REPORT_SCOPE_FORBIDDEN: Your credential may not report on this scope */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description ROUTE_NOT_FOUND: No such route; ENVELOPE_NOT_FOUND: Unknown envelope id; GRANT_NOT_FOUND: Unknown approval grant; CERTIFICATE_NOT_FOUND: No such certificate; DELIVERY_NOT_FOUND: Unknown webhook delivery; SSO_NOT_CONFIGURED: Single sign-on is not configured on this gateway; MEMBER_NOT_FOUND: No such team member; KEY_NOT_FOUND: No such API key; ALERT_NOT_FOUND: Unknown alert id; REPORT_NOT_FOUND: No such report; REPORT_FORMAT_NOT_GENERATED: This report was not generated in that format */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description ALREADY_RESOLVED: This review item is already resolved; NOT_IN_REVIEW: This record is not in the review queue; REVIEW_CONFLICT: The review item changed while you acted on it; REVIEW_CLAIMED: Another reviewer holds this review item; REVIEW_NOT_CLAIMED: This review item is not claimed by you; GRANT_REVOKED: This approval grant is already revoked; NOT_DECIDABLE: This record carries no decision to re-run; IDEMPOTENCY_CONFLICT: This pre-check already has a post-check for a different request; POLICY_VERSION_MISMATCH: Certification is only against the policy version in force; DELIVERY_NOT_RETRYABLE: Only a dead or failed webhook delivery can be retried; MEMBER_EXISTS: This person is already a member of the team; KEY_ALREADY_REVOKED: This API key is already revoked; AUTH_DISABLED: Team management needs AUTH_ENABLED=true; REPORT_NOT_READY: The report is not ready */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description JSON_DUPLICATE_KEY: A JSON member name appears more than once; JSON_NUMBER_INEXACT: A JSON number cannot be read exactly; JSON_TOO_DEEP: The JSON document nests too deeply; JSON_INVALID_STRING: A JSON string is not valid Unicode text; JSON_RESERVED_KEY: A JSON member name is reserved; VALIDATION_FAILED: Request does not match the schema; POLICY_INVALID: The policy bundle in the request is invalid; SUITE_AGENT_MISMATCH: A certification suite case names another agent than the one certified; PERIOD_INVALID: The period is empty, reversed, too long or in the future; BUCKET_INVALID: The bucket size does not fit the period or its grain */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description INTERNAL: Internal gateway error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description LEDGER_UNAVAILABLE: The audit ledger cannot record right now; SIDECAR_OVERLOADED: The sidecar is at the bound of its memory budget; RATE_LIMIT_UNAVAILABLE: The shared rate limiter cannot decide right now; AUTH_UNAVAILABLE: Credentials cannot be checked right now; CONSOLE_NOT_BUILT: The web console has not been built; SSO_IDP_UNAVAILABLE: The identity provider's metadata cannot be read right now */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    postV1ReviewQueueEnvelopeIdClaim: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The queued envelope. */
                envelope_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ReviewActionRequest"];
            };
        };
        responses: {
            /** @description The item after the change */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ReviewItemDetail"];
                };
            };
            /** @description INVALID_JSON: Request body is not valid JSON; MALFORMED_REQUEST: The request is not well-formed HTTP; REQUEST_INCOMPLETE: The request body ended before it was complete; UNKNOWN_QUERY_PARAMETER: The route does not take this query parameter; TOOL_NOT_IDENTIFIED: The sidecar cannot tell which tool this request calls; PROXY_PATH_REJECTED: The proxied path is not allowed; ADMISSION_REVIEW_INVALID: The request is not an admission.k8s.io/v1 AdmissionReview of a Pod; SSO_RELAY_STATE_INVALID: The return path is not a same-origin relative path; SSO_RESPONSE_MALFORMED: The SAML response is not well-formed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description UNAUTHENTICATED: Missing or invalid credentials; SSO_SIGNATURE_INVALID: The SAML assertion is not validly signed by the identity provider; SSO_ASSERTION_INVALID: The SAML assertion is not for this service provider; SSO_ASSERTION_EXPIRED: The SAML assertion is outside its validity window; SSO_REPLAYED: The SAML assertion was already used; SSO_UNSOLICITED: The SAML response answers no sign-in this gateway started; SSO_BROWSER_MISMATCH: The SAML response answers a sign-in started in another browser; SSO_IDP_ERROR: The identity provider did not sign the person in; SSO_SESSION_REQUIRED: No live single sign-on session */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description FORBIDDEN: Your tier does not allow this capability; SELF_REVIEW_FORBIDDEN: The principal that made a call may not review it; TOOL_CALL_BLOCKED: Governance blocked this tool call; TOOL_RESULT_BLOCKED: Governance withheld this tool result; DESTINATION_NOT_ALLOWED: The sidecar does not proxy to this destination; UPGRADE_REFUSED: Governed routes do not accept protocol upgrades; CSRF_REJECTED: A state-changing request with the session cookie lacks CSRF proof; ROLE_REQUIRED: Your roles do not allow this action; AGENT_OUT_OF_SCOPE: This credential is bound to another agent; TEAM_FORBIDDEN: This credential may not act on that team; TIER_TOO_HIGH: A key may not get a higher tier than its creator; REPORT_SCOPE_FORBIDDEN: Your credential may not report on this scope */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description ROUTE_NOT_FOUND: No such route; ENVELOPE_NOT_FOUND: Unknown envelope id; GRANT_NOT_FOUND: Unknown approval grant; CERTIFICATE_NOT_FOUND: No such certificate; DELIVERY_NOT_FOUND: Unknown webhook delivery; SSO_NOT_CONFIGURED: Single sign-on is not configured on this gateway; MEMBER_NOT_FOUND: No such team member; KEY_NOT_FOUND: No such API key; ALERT_NOT_FOUND: Unknown alert id; REPORT_NOT_FOUND: No such report; REPORT_FORMAT_NOT_GENERATED: This report was not generated in that format */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description ALREADY_RESOLVED: This review item is already resolved; NOT_IN_REVIEW: This record is not in the review queue; REVIEW_CONFLICT: The review item changed while you acted on it; REVIEW_CLAIMED: Another reviewer holds this review item; REVIEW_NOT_CLAIMED: This review item is not claimed by you; GRANT_REVOKED: This approval grant is already revoked; NOT_DECIDABLE: This record carries no decision to re-run; IDEMPOTENCY_CONFLICT: This pre-check already has a post-check for a different request; POLICY_VERSION_MISMATCH: Certification is only against the policy version in force; DELIVERY_NOT_RETRYABLE: Only a dead or failed webhook delivery can be retried; MEMBER_EXISTS: This person is already a member of the team; KEY_ALREADY_REVOKED: This API key is already revoked; AUTH_DISABLED: Team management needs AUTH_ENABLED=true; REPORT_NOT_READY: The report is not ready */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description JSON_TOO_MANY_VALUES: The JSON document holds too many values; PAYLOAD_TOO_LARGE: Request body is too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: Request body must be application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description JSON_DUPLICATE_KEY: A JSON member name appears more than once; JSON_NUMBER_INEXACT: A JSON number cannot be read exactly; JSON_TOO_DEEP: The JSON document nests too deeply; JSON_INVALID_STRING: A JSON string is not valid Unicode text; JSON_RESERVED_KEY: A JSON member name is reserved; VALIDATION_FAILED: Request does not match the schema; POLICY_INVALID: The policy bundle in the request is invalid; SUITE_AGENT_MISMATCH: A certification suite case names another agent than the one certified; PERIOD_INVALID: The period is empty, reversed, too long or in the future; BUCKET_INVALID: The bucket size does not fit the period or its grain */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description INTERNAL: Internal gateway error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description LEDGER_UNAVAILABLE: The audit ledger cannot record right now; SIDECAR_OVERLOADED: The sidecar is at the bound of its memory budget; RATE_LIMIT_UNAVAILABLE: The shared rate limiter cannot decide right now; AUTH_UNAVAILABLE: Credentials cannot be checked right now; CONSOLE_NOT_BUILT: The web console has not been built; SSO_IDP_UNAVAILABLE: The identity provider's metadata cannot be read right now */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    postV1ReviewQueueEnvelopeIdComment: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The queued envelope. */
                envelope_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ReviewCommentRequest"];
            };
        };
        responses: {
            /** @description The item after the change */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ReviewItemDetail"];
                };
            };
            /** @description INVALID_JSON: Request body is not valid JSON; MALFORMED_REQUEST: The request is not well-formed HTTP; REQUEST_INCOMPLETE: The request body ended before it was complete; UNKNOWN_QUERY_PARAMETER: The route does not take this query parameter; TOOL_NOT_IDENTIFIED: The sidecar cannot tell which tool this request calls; PROXY_PATH_REJECTED: The proxied path is not allowed; ADMISSION_REVIEW_INVALID: The request is not an admission.k8s.io/v1 AdmissionReview of a Pod; SSO_RELAY_STATE_INVALID: The return path is not a same-origin relative path; SSO_RESPONSE_MALFORMED: The SAML response is not well-formed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description UNAUTHENTICATED: Missing or invalid credentials; SSO_SIGNATURE_INVALID: The SAML assertion is not validly signed by the identity provider; SSO_ASSERTION_INVALID: The SAML assertion is not for this service provider; SSO_ASSERTION_EXPIRED: The SAML assertion is outside its validity window; SSO_REPLAYED: The SAML assertion was already used; SSO_UNSOLICITED: The SAML response answers no sign-in this gateway started; SSO_BROWSER_MISMATCH: The SAML response answers a sign-in started in another browser; SSO_IDP_ERROR: The identity provider did not sign the person in; SSO_SESSION_REQUIRED: No live single sign-on session */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description FORBIDDEN: Your tier does not allow this capability; SELF_REVIEW_FORBIDDEN: The principal that made a call may not review it; TOOL_CALL_BLOCKED: Governance blocked this tool call; TOOL_RESULT_BLOCKED: Governance withheld this tool result; DESTINATION_NOT_ALLOWED: The sidecar does not proxy to this destination; UPGRADE_REFUSED: Governed routes do not accept protocol upgrades; CSRF_REJECTED: A state-changing request with the session cookie lacks CSRF proof; ROLE_REQUIRED: Your roles do not allow this action; AGENT_OUT_OF_SCOPE: This credential is bound to another agent; TEAM_FORBIDDEN: This credential may not act on that team; TIER_TOO_HIGH: A key may not get a higher tier than its creator; REPORT_SCOPE_FORBIDDEN: Your credential may not report on this scope */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description ROUTE_NOT_FOUND: No such route; ENVELOPE_NOT_FOUND: Unknown envelope id; GRANT_NOT_FOUND: Unknown approval grant; CERTIFICATE_NOT_FOUND: No such certificate; DELIVERY_NOT_FOUND: Unknown webhook delivery; SSO_NOT_CONFIGURED: Single sign-on is not configured on this gateway; MEMBER_NOT_FOUND: No such team member; KEY_NOT_FOUND: No such API key; ALERT_NOT_FOUND: Unknown alert id; REPORT_NOT_FOUND: No such report; REPORT_FORMAT_NOT_GENERATED: This report was not generated in that format */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description ALREADY_RESOLVED: This review item is already resolved; NOT_IN_REVIEW: This record is not in the review queue; REVIEW_CONFLICT: The review item changed while you acted on it; REVIEW_CLAIMED: Another reviewer holds this review item; REVIEW_NOT_CLAIMED: This review item is not claimed by you; GRANT_REVOKED: This approval grant is already revoked; NOT_DECIDABLE: This record carries no decision to re-run; IDEMPOTENCY_CONFLICT: This pre-check already has a post-check for a different request; POLICY_VERSION_MISMATCH: Certification is only against the policy version in force; DELIVERY_NOT_RETRYABLE: Only a dead or failed webhook delivery can be retried; MEMBER_EXISTS: This person is already a member of the team; KEY_ALREADY_REVOKED: This API key is already revoked; AUTH_DISABLED: Team management needs AUTH_ENABLED=true; REPORT_NOT_READY: The report is not ready */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description JSON_TOO_MANY_VALUES: The JSON document holds too many values; PAYLOAD_TOO_LARGE: Request body is too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: Request body must be application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description JSON_DUPLICATE_KEY: A JSON member name appears more than once; JSON_NUMBER_INEXACT: A JSON number cannot be read exactly; JSON_TOO_DEEP: The JSON document nests too deeply; JSON_INVALID_STRING: A JSON string is not valid Unicode text; JSON_RESERVED_KEY: A JSON member name is reserved; VALIDATION_FAILED: Request does not match the schema; POLICY_INVALID: The policy bundle in the request is invalid; SUITE_AGENT_MISMATCH: A certification suite case names another agent than the one certified; PERIOD_INVALID: The period is empty, reversed, too long or in the future; BUCKET_INVALID: The bucket size does not fit the period or its grain */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description INTERNAL: Internal gateway error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description LEDGER_UNAVAILABLE: The audit ledger cannot record right now; SIDECAR_OVERLOADED: The sidecar is at the bound of its memory budget; RATE_LIMIT_UNAVAILABLE: The shared rate limiter cannot decide right now; AUTH_UNAVAILABLE: Credentials cannot be checked right now; CONSOLE_NOT_BUILT: The web console has not been built; SSO_IDP_UNAVAILABLE: The identity provider's metadata cannot be read right now */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    postV1ReviewQueueEnvelopeIdReassign: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The queued envelope. */
                envelope_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ReviewReassignRequest"];
            };
        };
        responses: {
            /** @description The item after the change */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ReviewItemDetail"];
                };
            };
            /** @description INVALID_JSON: Request body is not valid JSON; MALFORMED_REQUEST: The request is not well-formed HTTP; REQUEST_INCOMPLETE: The request body ended before it was complete; UNKNOWN_QUERY_PARAMETER: The route does not take this query parameter; TOOL_NOT_IDENTIFIED: The sidecar cannot tell which tool this request calls; PROXY_PATH_REJECTED: The proxied path is not allowed; ADMISSION_REVIEW_INVALID: The request is not an admission.k8s.io/v1 AdmissionReview of a Pod; SSO_RELAY_STATE_INVALID: The return path is not a same-origin relative path; SSO_RESPONSE_MALFORMED: The SAML response is not well-formed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description UNAUTHENTICATED: Missing or invalid credentials; SSO_SIGNATURE_INVALID: The SAML assertion is not validly signed by the identity provider; SSO_ASSERTION_INVALID: The SAML assertion is not for this service provider; SSO_ASSERTION_EXPIRED: The SAML assertion is outside its validity window; SSO_REPLAYED: The SAML assertion was already used; SSO_UNSOLICITED: The SAML response answers no sign-in this gateway started; SSO_BROWSER_MISMATCH: The SAML response answers a sign-in started in another browser; SSO_IDP_ERROR: The identity provider did not sign the person in; SSO_SESSION_REQUIRED: No live single sign-on session */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description FORBIDDEN: Your tier does not allow this capability; SELF_REVIEW_FORBIDDEN: The principal that made a call may not review it; TOOL_CALL_BLOCKED: Governance blocked this tool call; TOOL_RESULT_BLOCKED: Governance withheld this tool result; DESTINATION_NOT_ALLOWED: The sidecar does not proxy to this destination; UPGRADE_REFUSED: Governed routes do not accept protocol upgrades; CSRF_REJECTED: A state-changing request with the session cookie lacks CSRF proof; ROLE_REQUIRED: Your roles do not allow this action; AGENT_OUT_OF_SCOPE: This credential is bound to another agent; TEAM_FORBIDDEN: This credential may not act on that team; TIER_TOO_HIGH: A key may not get a higher tier than its creator; REPORT_SCOPE_FORBIDDEN: Your credential may not report on this scope */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description ROUTE_NOT_FOUND: No such route; ENVELOPE_NOT_FOUND: Unknown envelope id; GRANT_NOT_FOUND: Unknown approval grant; CERTIFICATE_NOT_FOUND: No such certificate; DELIVERY_NOT_FOUND: Unknown webhook delivery; SSO_NOT_CONFIGURED: Single sign-on is not configured on this gateway; MEMBER_NOT_FOUND: No such team member; KEY_NOT_FOUND: No such API key; ALERT_NOT_FOUND: Unknown alert id; REPORT_NOT_FOUND: No such report; REPORT_FORMAT_NOT_GENERATED: This report was not generated in that format */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description ALREADY_RESOLVED: This review item is already resolved; NOT_IN_REVIEW: This record is not in the review queue; REVIEW_CONFLICT: The review item changed while you acted on it; REVIEW_CLAIMED: Another reviewer holds this review item; REVIEW_NOT_CLAIMED: This review item is not claimed by you; GRANT_REVOKED: This approval grant is already revoked; NOT_DECIDABLE: This record carries no decision to re-run; IDEMPOTENCY_CONFLICT: This pre-check already has a post-check for a different request; POLICY_VERSION_MISMATCH: Certification is only against the policy version in force; DELIVERY_NOT_RETRYABLE: Only a dead or failed webhook delivery can be retried; MEMBER_EXISTS: This person is already a member of the team; KEY_ALREADY_REVOKED: This API key is already revoked; AUTH_DISABLED: Team management needs AUTH_ENABLED=true; REPORT_NOT_READY: The report is not ready */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description JSON_TOO_MANY_VALUES: The JSON document holds too many values; PAYLOAD_TOO_LARGE: Request body is too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: Request body must be application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description JSON_DUPLICATE_KEY: A JSON member name appears more than once; JSON_NUMBER_INEXACT: A JSON number cannot be read exactly; JSON_TOO_DEEP: The JSON document nests too deeply; JSON_INVALID_STRING: A JSON string is not valid Unicode text; JSON_RESERVED_KEY: A JSON member name is reserved; VALIDATION_FAILED: Request does not match the schema; POLICY_INVALID: The policy bundle in the request is invalid; SUITE_AGENT_MISMATCH: A certification suite case names another agent than the one certified; PERIOD_INVALID: The period is empty, reversed, too long or in the future; BUCKET_INVALID: The bucket size does not fit the period or its grain */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description INTERNAL: Internal gateway error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description LEDGER_UNAVAILABLE: The audit ledger cannot record right now; SIDECAR_OVERLOADED: The sidecar is at the bound of its memory budget; RATE_LIMIT_UNAVAILABLE: The shared rate limiter cannot decide right now; AUTH_UNAVAILABLE: Credentials cannot be checked right now; CONSOLE_NOT_BUILT: The web console has not been built; SSO_IDP_UNAVAILABLE: The identity provider's metadata cannot be read right now */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    postV1ReviewQueueEnvelopeIdRelease: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The queued envelope. */
                envelope_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ReviewActionRequest"];
            };
        };
        responses: {
            /** @description The item after the change */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ReviewItemDetail"];
                };
            };
            /** @description INVALID_JSON: Request body is not valid JSON; MALFORMED_REQUEST: The request is not well-formed HTTP; REQUEST_INCOMPLETE: The request body ended before it was complete; UNKNOWN_QUERY_PARAMETER: The route does not take this query parameter; TOOL_NOT_IDENTIFIED: The sidecar cannot tell which tool this request calls; PROXY_PATH_REJECTED: The proxied path is not allowed; ADMISSION_REVIEW_INVALID: The request is not an admission.k8s.io/v1 AdmissionReview of a Pod; SSO_RELAY_STATE_INVALID: The return path is not a same-origin relative path; SSO_RESPONSE_MALFORMED: The SAML response is not well-formed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description UNAUTHENTICATED: Missing or invalid credentials; SSO_SIGNATURE_INVALID: The SAML assertion is not validly signed by the identity provider; SSO_ASSERTION_INVALID: The SAML assertion is not for this service provider; SSO_ASSERTION_EXPIRED: The SAML assertion is outside its validity window; SSO_REPLAYED: The SAML assertion was already used; SSO_UNSOLICITED: The SAML response answers no sign-in this gateway started; SSO_BROWSER_MISMATCH: The SAML response answers a sign-in started in another browser; SSO_IDP_ERROR: The identity provider did not sign the person in; SSO_SESSION_REQUIRED: No live single sign-on session */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description FORBIDDEN: Your tier does not allow this capability; SELF_REVIEW_FORBIDDEN: The principal that made a call may not review it; TOOL_CALL_BLOCKED: Governance blocked this tool call; TOOL_RESULT_BLOCKED: Governance withheld this tool result; DESTINATION_NOT_ALLOWED: The sidecar does not proxy to this destination; UPGRADE_REFUSED: Governed routes do not accept protocol upgrades; CSRF_REJECTED: A state-changing request with the session cookie lacks CSRF proof; ROLE_REQUIRED: Your roles do not allow this action; AGENT_OUT_OF_SCOPE: This credential is bound to another agent; TEAM_FORBIDDEN: This credential may not act on that team; TIER_TOO_HIGH: A key may not get a higher tier than its creator; REPORT_SCOPE_FORBIDDEN: Your credential may not report on this scope */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description ROUTE_NOT_FOUND: No such route; ENVELOPE_NOT_FOUND: Unknown envelope id; GRANT_NOT_FOUND: Unknown approval grant; CERTIFICATE_NOT_FOUND: No such certificate; DELIVERY_NOT_FOUND: Unknown webhook delivery; SSO_NOT_CONFIGURED: Single sign-on is not configured on this gateway; MEMBER_NOT_FOUND: No such team member; KEY_NOT_FOUND: No such API key; ALERT_NOT_FOUND: Unknown alert id; REPORT_NOT_FOUND: No such report; REPORT_FORMAT_NOT_GENERATED: This report was not generated in that format */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description ALREADY_RESOLVED: This review item is already resolved; NOT_IN_REVIEW: This record is not in the review queue; REVIEW_CONFLICT: The review item changed while you acted on it; REVIEW_CLAIMED: Another reviewer holds this review item; REVIEW_NOT_CLAIMED: This review item is not claimed by you; GRANT_REVOKED: This approval grant is already revoked; NOT_DECIDABLE: This record carries no decision to re-run; IDEMPOTENCY_CONFLICT: This pre-check already has a post-check for a different request; POLICY_VERSION_MISMATCH: Certification is only against the policy version in force; DELIVERY_NOT_RETRYABLE: Only a dead or failed webhook delivery can be retried; MEMBER_EXISTS: This person is already a member of the team; KEY_ALREADY_REVOKED: This API key is already revoked; AUTH_DISABLED: Team management needs AUTH_ENABLED=true; REPORT_NOT_READY: The report is not ready */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description JSON_TOO_MANY_VALUES: The JSON document holds too many values; PAYLOAD_TOO_LARGE: Request body is too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: Request body must be application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description JSON_DUPLICATE_KEY: A JSON member name appears more than once; JSON_NUMBER_INEXACT: A JSON number cannot be read exactly; JSON_TOO_DEEP: The JSON document nests too deeply; JSON_INVALID_STRING: A JSON string is not valid Unicode text; JSON_RESERVED_KEY: A JSON member name is reserved; VALIDATION_FAILED: Request does not match the schema; POLICY_INVALID: The policy bundle in the request is invalid; SUITE_AGENT_MISMATCH: A certification suite case names another agent than the one certified; PERIOD_INVALID: The period is empty, reversed, too long or in the future; BUCKET_INVALID: The bucket size does not fit the period or its grain */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description INTERNAL: Internal gateway error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description LEDGER_UNAVAILABLE: The audit ledger cannot record right now; SIDECAR_OVERLOADED: The sidecar is at the bound of its memory budget; RATE_LIMIT_UNAVAILABLE: The shared rate limiter cannot decide right now; AUTH_UNAVAILABLE: Credentials cannot be checked right now; CONSOLE_NOT_BUILT: The web console has not been built; SSO_IDP_UNAVAILABLE: The identity provider's metadata cannot be read right now */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    postV1ReviewQueueEnvelopeIdResolution: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The queued envelope. */
                envelope_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ReviewResolutionRequest"];
            };
        };
        responses: {
            /** @description The verdict, recorded as a review row */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ReviewResolution"];
                };
            };
            /** @description An approval recorded; more approvers are needed */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ReviewResolution"];
                };
            };
            /** @description INVALID_JSON: Request body is not valid JSON; MALFORMED_REQUEST: The request is not well-formed HTTP; REQUEST_INCOMPLETE: The request body ended before it was complete; UNKNOWN_QUERY_PARAMETER: The route does not take this query parameter; TOOL_NOT_IDENTIFIED: The sidecar cannot tell which tool this request calls; PROXY_PATH_REJECTED: The proxied path is not allowed; ADMISSION_REVIEW_INVALID: The request is not an admission.k8s.io/v1 AdmissionReview of a Pod; SSO_RELAY_STATE_INVALID: The return path is not a same-origin relative path; SSO_RESPONSE_MALFORMED: The SAML response is not well-formed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description UNAUTHENTICATED: Missing or invalid credentials; SSO_SIGNATURE_INVALID: The SAML assertion is not validly signed by the identity provider; SSO_ASSERTION_INVALID: The SAML assertion is not for this service provider; SSO_ASSERTION_EXPIRED: The SAML assertion is outside its validity window; SSO_REPLAYED: The SAML assertion was already used; SSO_UNSOLICITED: The SAML response answers no sign-in this gateway started; SSO_BROWSER_MISMATCH: The SAML response answers a sign-in started in another browser; SSO_IDP_ERROR: The identity provider did not sign the person in; SSO_SESSION_REQUIRED: No live single sign-on session */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description FORBIDDEN: Your tier does not allow this capability; SELF_REVIEW_FORBIDDEN: The principal that made a call may not review it; TOOL_CALL_BLOCKED: Governance blocked this tool call; TOOL_RESULT_BLOCKED: Governance withheld this tool result; DESTINATION_NOT_ALLOWED: The sidecar does not proxy to this destination; UPGRADE_REFUSED: Governed routes do not accept protocol upgrades; CSRF_REJECTED: A state-changing request with the session cookie lacks CSRF proof; ROLE_REQUIRED: Your roles do not allow this action; AGENT_OUT_OF_SCOPE: This credential is bound to another agent; TEAM_FORBIDDEN: This credential may not act on that team; TIER_TOO_HIGH: A key may not get a higher tier than its creator; REPORT_SCOPE_FORBIDDEN: Your credential may not report on this scope */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description ROUTE_NOT_FOUND: No such route; ENVELOPE_NOT_FOUND: Unknown envelope id; GRANT_NOT_FOUND: Unknown approval grant; CERTIFICATE_NOT_FOUND: No such certificate; DELIVERY_NOT_FOUND: Unknown webhook delivery; SSO_NOT_CONFIGURED: Single sign-on is not configured on this gateway; MEMBER_NOT_FOUND: No such team member; KEY_NOT_FOUND: No such API key; ALERT_NOT_FOUND: Unknown alert id; REPORT_NOT_FOUND: No such report; REPORT_FORMAT_NOT_GENERATED: This report was not generated in that format */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description ALREADY_RESOLVED: This review item is already resolved; NOT_IN_REVIEW: This record is not in the review queue; REVIEW_CONFLICT: The review item changed while you acted on it; REVIEW_CLAIMED: Another reviewer holds this review item; REVIEW_NOT_CLAIMED: This review item is not claimed by you; GRANT_REVOKED: This approval grant is already revoked; NOT_DECIDABLE: This record carries no decision to re-run; IDEMPOTENCY_CONFLICT: This pre-check already has a post-check for a different request; POLICY_VERSION_MISMATCH: Certification is only against the policy version in force; DELIVERY_NOT_RETRYABLE: Only a dead or failed webhook delivery can be retried; MEMBER_EXISTS: This person is already a member of the team; KEY_ALREADY_REVOKED: This API key is already revoked; AUTH_DISABLED: Team management needs AUTH_ENABLED=true; REPORT_NOT_READY: The report is not ready */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description JSON_TOO_MANY_VALUES: The JSON document holds too many values; PAYLOAD_TOO_LARGE: Request body is too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: Request body must be application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description JSON_DUPLICATE_KEY: A JSON member name appears more than once; JSON_NUMBER_INEXACT: A JSON number cannot be read exactly; JSON_TOO_DEEP: The JSON document nests too deeply; JSON_INVALID_STRING: A JSON string is not valid Unicode text; JSON_RESERVED_KEY: A JSON member name is reserved; VALIDATION_FAILED: Request does not match the schema; POLICY_INVALID: The policy bundle in the request is invalid; SUITE_AGENT_MISMATCH: A certification suite case names another agent than the one certified; PERIOD_INVALID: The period is empty, reversed, too long or in the future; BUCKET_INVALID: The bucket size does not fit the period or its grain */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description INTERNAL: Internal gateway error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description LEDGER_UNAVAILABLE: The audit ledger cannot record right now; SIDECAR_OVERLOADED: The sidecar is at the bound of its memory budget; RATE_LIMIT_UNAVAILABLE: The shared rate limiter cannot decide right now; AUTH_UNAVAILABLE: Credentials cannot be checked right now; CONSOLE_NOT_BUILT: The web console has not been built; SSO_IDP_UNAVAILABLE: The identity provider's metadata cannot be read right now */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    postV1RuntimeDecisionEnvelopeId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description An envelope id (UUID). */
                envelope_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The new decision */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DecisionRerunResponse"];
                };
            };
            /** @description UNAUTHENTICATED: Missing or invalid credentials; SSO_SIGNATURE_INVALID: The SAML assertion is not validly signed by the identity provider; SSO_ASSERTION_INVALID: The SAML assertion is not for this service provider; SSO_ASSERTION_EXPIRED: The SAML assertion is outside its validity window; SSO_REPLAYED: The SAML assertion was already used; SSO_UNSOLICITED: The SAML response answers no sign-in this gateway started; SSO_BROWSER_MISMATCH: The SAML response answers a sign-in started in another browser; SSO_IDP_ERROR: The identity provider did not sign the person in; SSO_SESSION_REQUIRED: No live single sign-on session */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description FORBIDDEN: Your tier does not allow this capability; SELF_REVIEW_FORBIDDEN: The principal that made a call may not review it; TOOL_CALL_BLOCKED: Governance blocked this tool call; TOOL_RESULT_BLOCKED: Governance withheld this tool result; DESTINATION_NOT_ALLOWED: The sidecar does not proxy to this destination; UPGRADE_REFUSED: Governed routes do not accept protocol upgrades; CSRF_REJECTED: A state-changing request with the session cookie lacks CSRF proof; ROLE_REQUIRED: Your roles do not allow this action; AGENT_OUT_OF_SCOPE: This credential is bound to another agent; TEAM_FORBIDDEN: This credential may not act on that team; TIER_TOO_HIGH: A key may not get a higher tier than its creator; REPORT_SCOPE_FORBIDDEN: Your credential may not report on this scope */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description ROUTE_NOT_FOUND: No such route; ENVELOPE_NOT_FOUND: Unknown envelope id; GRANT_NOT_FOUND: Unknown approval grant; CERTIFICATE_NOT_FOUND: No such certificate; DELIVERY_NOT_FOUND: Unknown webhook delivery; SSO_NOT_CONFIGURED: Single sign-on is not configured on this gateway; MEMBER_NOT_FOUND: No such team member; KEY_NOT_FOUND: No such API key; ALERT_NOT_FOUND: Unknown alert id; REPORT_NOT_FOUND: No such report; REPORT_FORMAT_NOT_GENERATED: This report was not generated in that format */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description ALREADY_RESOLVED: This review item is already resolved; NOT_IN_REVIEW: This record is not in the review queue; REVIEW_CONFLICT: The review item changed while you acted on it; REVIEW_CLAIMED: Another reviewer holds this review item; REVIEW_NOT_CLAIMED: This review item is not claimed by you; GRANT_REVOKED: This approval grant is already revoked; NOT_DECIDABLE: This record carries no decision to re-run; IDEMPOTENCY_CONFLICT: This pre-check already has a post-check for a different request; POLICY_VERSION_MISMATCH: Certification is only against the policy version in force; DELIVERY_NOT_RETRYABLE: Only a dead or failed webhook delivery can be retried; MEMBER_EXISTS: This person is already a member of the team; KEY_ALREADY_REVOKED: This API key is already revoked; AUTH_DISABLED: Team management needs AUTH_ENABLED=true; REPORT_NOT_READY: The report is not ready */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description PAYLOAD_UNAVAILABLE: The stored payload is no longer available */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description INTERNAL: Internal gateway error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description LEDGER_UNAVAILABLE: The audit ledger cannot record right now; SIDECAR_OVERLOADED: The sidecar is at the bound of its memory budget; RATE_LIMIT_UNAVAILABLE: The shared rate limiter cannot decide right now; AUTH_UNAVAILABLE: Credentials cannot be checked right now; CONSOLE_NOT_BUILT: The web console has not been built; SSO_IDP_UNAVAILABLE: The identity provider's metadata cannot be read right now */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getV1RuntimeKillSwitch: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Current state */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["KillSwitchState"];
                };
            };
            /** @description INVALID_JSON: Request body is not valid JSON; MALFORMED_REQUEST: The request is not well-formed HTTP; REQUEST_INCOMPLETE: The request body ended before it was complete; UNKNOWN_QUERY_PARAMETER: The route does not take this query parameter; TOOL_NOT_IDENTIFIED: The sidecar cannot tell which tool this request calls; PROXY_PATH_REJECTED: The proxied path is not allowed; ADMISSION_REVIEW_INVALID: The request is not an admission.k8s.io/v1 AdmissionReview of a Pod; SSO_RELAY_STATE_INVALID: The return path is not a same-origin relative path; SSO_RESPONSE_MALFORMED: The SAML response is not well-formed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description UNAUTHENTICATED: Missing or invalid credentials; SSO_SIGNATURE_INVALID: The SAML assertion is not validly signed by the identity provider; SSO_ASSERTION_INVALID: The SAML assertion is not for this service provider; SSO_ASSERTION_EXPIRED: The SAML assertion is outside its validity window; SSO_REPLAYED: The SAML assertion was already used; SSO_UNSOLICITED: The SAML response answers no sign-in this gateway started; SSO_BROWSER_MISMATCH: The SAML response answers a sign-in started in another browser; SSO_IDP_ERROR: The identity provider did not sign the person in; SSO_SESSION_REQUIRED: No live single sign-on session */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description FORBIDDEN: Your tier does not allow this capability; SELF_REVIEW_FORBIDDEN: The principal that made a call may not review it; TOOL_CALL_BLOCKED: Governance blocked this tool call; TOOL_RESULT_BLOCKED: Governance withheld this tool result; DESTINATION_NOT_ALLOWED: The sidecar does not proxy to this destination; UPGRADE_REFUSED: Governed routes do not accept protocol upgrades; CSRF_REJECTED: A state-changing request with the session cookie lacks CSRF proof; ROLE_REQUIRED: Your roles do not allow this action; AGENT_OUT_OF_SCOPE: This credential is bound to another agent; TEAM_FORBIDDEN: This credential may not act on that team; TIER_TOO_HIGH: A key may not get a higher tier than its creator; REPORT_SCOPE_FORBIDDEN: Your credential may not report on this scope */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description INTERNAL: Internal gateway error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description LEDGER_UNAVAILABLE: The audit ledger cannot record right now; SIDECAR_OVERLOADED: The sidecar is at the bound of its memory budget; RATE_LIMIT_UNAVAILABLE: The shared rate limiter cannot decide right now; AUTH_UNAVAILABLE: Credentials cannot be checked right now; CONSOLE_NOT_BUILT: The web console has not been built; SSO_IDP_UNAVAILABLE: The identity provider's metadata cannot be read right now */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    postV1RuntimeKillSwitch: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["KillSwitchRequest"];
            };
        };
        responses: {
            /** @description The new state */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["KillSwitchState"];
                };
            };
            /** @description INVALID_JSON: Request body is not valid JSON; MALFORMED_REQUEST: The request is not well-formed HTTP; REQUEST_INCOMPLETE: The request body ended before it was complete; UNKNOWN_QUERY_PARAMETER: The route does not take this query parameter; TOOL_NOT_IDENTIFIED: The sidecar cannot tell which tool this request calls; PROXY_PATH_REJECTED: The proxied path is not allowed; ADMISSION_REVIEW_INVALID: The request is not an admission.k8s.io/v1 AdmissionReview of a Pod; SSO_RELAY_STATE_INVALID: The return path is not a same-origin relative path; SSO_RESPONSE_MALFORMED: The SAML response is not well-formed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description UNAUTHENTICATED: Missing or invalid credentials; SSO_SIGNATURE_INVALID: The SAML assertion is not validly signed by the identity provider; SSO_ASSERTION_INVALID: The SAML assertion is not for this service provider; SSO_ASSERTION_EXPIRED: The SAML assertion is outside its validity window; SSO_REPLAYED: The SAML assertion was already used; SSO_UNSOLICITED: The SAML response answers no sign-in this gateway started; SSO_BROWSER_MISMATCH: The SAML response answers a sign-in started in another browser; SSO_IDP_ERROR: The identity provider did not sign the person in; SSO_SESSION_REQUIRED: No live single sign-on session */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description FORBIDDEN: Your tier does not allow this capability; SELF_REVIEW_FORBIDDEN: The principal that made a call may not review it; TOOL_CALL_BLOCKED: Governance blocked this tool call; TOOL_RESULT_BLOCKED: Governance withheld this tool result; DESTINATION_NOT_ALLOWED: The sidecar does not proxy to this destination; UPGRADE_REFUSED: Governed routes do not accept protocol upgrades; CSRF_REJECTED: A state-changing request with the session cookie lacks CSRF proof; ROLE_REQUIRED: Your roles do not allow this action; AGENT_OUT_OF_SCOPE: This credential is bound to another agent; TEAM_FORBIDDEN: This credential may not act on that team; TIER_TOO_HIGH: A key may not get a higher tier than its creator; REPORT_SCOPE_FORBIDDEN: Your credential may not report on this scope */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description JSON_TOO_MANY_VALUES: The JSON document holds too many values; PAYLOAD_TOO_LARGE: Request body is too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: Request body must be application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description JSON_DUPLICATE_KEY: A JSON member name appears more than once; JSON_NUMBER_INEXACT: A JSON number cannot be read exactly; JSON_TOO_DEEP: The JSON document nests too deeply; JSON_INVALID_STRING: A JSON string is not valid Unicode text; JSON_RESERVED_KEY: A JSON member name is reserved; VALIDATION_FAILED: Request does not match the schema; POLICY_INVALID: The policy bundle in the request is invalid; SUITE_AGENT_MISMATCH: A certification suite case names another agent than the one certified; PERIOD_INVALID: The period is empty, reversed, too long or in the future; BUCKET_INVALID: The bucket size does not fit the period or its grain */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description INTERNAL: Internal gateway error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description LEDGER_UNAVAILABLE: The audit ledger cannot record right now; SIDECAR_OVERLOADED: The sidecar is at the bound of its memory budget; RATE_LIMIT_UNAVAILABLE: The shared rate limiter cannot decide right now; AUTH_UNAVAILABLE: Credentials cannot be checked right now; CONSOLE_NOT_BUILT: The web console has not been built; SSO_IDP_UNAVAILABLE: The identity provider's metadata cannot be read right now */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    postV1RuntimePostCheck: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["PostCheckRequest"];
            };
        };
        responses: {
            /** @description Scores, risk and decision for the output */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PostCheckResponse"];
                };
            };
            /** @description INVALID_JSON: Request body is not valid JSON; MALFORMED_REQUEST: The request is not well-formed HTTP; REQUEST_INCOMPLETE: The request body ended before it was complete; UNKNOWN_QUERY_PARAMETER: The route does not take this query parameter; TOOL_NOT_IDENTIFIED: The sidecar cannot tell which tool this request calls; PROXY_PATH_REJECTED: The proxied path is not allowed; ADMISSION_REVIEW_INVALID: The request is not an admission.k8s.io/v1 AdmissionReview of a Pod; SSO_RELAY_STATE_INVALID: The return path is not a same-origin relative path; SSO_RESPONSE_MALFORMED: The SAML response is not well-formed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description UNAUTHENTICATED: Missing or invalid credentials; SSO_SIGNATURE_INVALID: The SAML assertion is not validly signed by the identity provider; SSO_ASSERTION_INVALID: The SAML assertion is not for this service provider; SSO_ASSERTION_EXPIRED: The SAML assertion is outside its validity window; SSO_REPLAYED: The SAML assertion was already used; SSO_UNSOLICITED: The SAML response answers no sign-in this gateway started; SSO_BROWSER_MISMATCH: The SAML response answers a sign-in started in another browser; SSO_IDP_ERROR: The identity provider did not sign the person in; SSO_SESSION_REQUIRED: No live single sign-on session */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description FORBIDDEN: Your tier does not allow this capability; SELF_REVIEW_FORBIDDEN: The principal that made a call may not review it; TOOL_CALL_BLOCKED: Governance blocked this tool call; TOOL_RESULT_BLOCKED: Governance withheld this tool result; DESTINATION_NOT_ALLOWED: The sidecar does not proxy to this destination; UPGRADE_REFUSED: Governed routes do not accept protocol upgrades; CSRF_REJECTED: A state-changing request with the session cookie lacks CSRF proof; ROLE_REQUIRED: Your roles do not allow this action; AGENT_OUT_OF_SCOPE: This credential is bound to another agent; TEAM_FORBIDDEN: This credential may not act on that team; TIER_TOO_HIGH: A key may not get a higher tier than its creator; REPORT_SCOPE_FORBIDDEN: Your credential may not report on this scope */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description ROUTE_NOT_FOUND: No such route; ENVELOPE_NOT_FOUND: Unknown envelope id; GRANT_NOT_FOUND: Unknown approval grant; CERTIFICATE_NOT_FOUND: No such certificate; DELIVERY_NOT_FOUND: Unknown webhook delivery; SSO_NOT_CONFIGURED: Single sign-on is not configured on this gateway; MEMBER_NOT_FOUND: No such team member; KEY_NOT_FOUND: No such API key; ALERT_NOT_FOUND: Unknown alert id; REPORT_NOT_FOUND: No such report; REPORT_FORMAT_NOT_GENERATED: This report was not generated in that format */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description ALREADY_RESOLVED: This review item is already resolved; NOT_IN_REVIEW: This record is not in the review queue; REVIEW_CONFLICT: The review item changed while you acted on it; REVIEW_CLAIMED: Another reviewer holds this review item; REVIEW_NOT_CLAIMED: This review item is not claimed by you; GRANT_REVOKED: This approval grant is already revoked; NOT_DECIDABLE: This record carries no decision to re-run; IDEMPOTENCY_CONFLICT: This pre-check already has a post-check for a different request; POLICY_VERSION_MISMATCH: Certification is only against the policy version in force; DELIVERY_NOT_RETRYABLE: Only a dead or failed webhook delivery can be retried; MEMBER_EXISTS: This person is already a member of the team; KEY_ALREADY_REVOKED: This API key is already revoked; AUTH_DISABLED: Team management needs AUTH_ENABLED=true; REPORT_NOT_READY: The report is not ready */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description PAYLOAD_UNAVAILABLE: The stored payload is no longer available */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description JSON_TOO_MANY_VALUES: The JSON document holds too many values; PAYLOAD_TOO_LARGE: Request body is too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: Request body must be application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description JSON_DUPLICATE_KEY: A JSON member name appears more than once; JSON_NUMBER_INEXACT: A JSON number cannot be read exactly; JSON_TOO_DEEP: The JSON document nests too deeply; JSON_INVALID_STRING: A JSON string is not valid Unicode text; JSON_RESERVED_KEY: A JSON member name is reserved; VALIDATION_FAILED: Request does not match the schema; POLICY_INVALID: The policy bundle in the request is invalid; SUITE_AGENT_MISMATCH: A certification suite case names another agent than the one certified; PERIOD_INVALID: The period is empty, reversed, too long or in the future; BUCKET_INVALID: The bucket size does not fit the period or its grain */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description SDK_VERSION_TOO_OLD: Client library version is too old */
            426: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description INTERNAL: Internal gateway error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description LEDGER_UNAVAILABLE: The audit ledger cannot record right now; SIDECAR_OVERLOADED: The sidecar is at the bound of its memory budget; RATE_LIMIT_UNAVAILABLE: The shared rate limiter cannot decide right now; AUTH_UNAVAILABLE: Credentials cannot be checked right now; CONSOLE_NOT_BUILT: The web console has not been built; SSO_IDP_UNAVAILABLE: The identity provider's metadata cannot be read right now */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    postV1RuntimePreCheck: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ProposedAction"];
            };
        };
        responses: {
            /** @description Scores, risk and decision (no trust_chain, no confidence_rationale) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PreCheckResponse"];
                };
            };
            /** @description INVALID_JSON: Request body is not valid JSON; MALFORMED_REQUEST: The request is not well-formed HTTP; REQUEST_INCOMPLETE: The request body ended before it was complete; UNKNOWN_QUERY_PARAMETER: The route does not take this query parameter; TOOL_NOT_IDENTIFIED: The sidecar cannot tell which tool this request calls; PROXY_PATH_REJECTED: The proxied path is not allowed; ADMISSION_REVIEW_INVALID: The request is not an admission.k8s.io/v1 AdmissionReview of a Pod; SSO_RELAY_STATE_INVALID: The return path is not a same-origin relative path; SSO_RESPONSE_MALFORMED: The SAML response is not well-formed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description UNAUTHENTICATED: Missing or invalid credentials; SSO_SIGNATURE_INVALID: The SAML assertion is not validly signed by the identity provider; SSO_ASSERTION_INVALID: The SAML assertion is not for this service provider; SSO_ASSERTION_EXPIRED: The SAML assertion is outside its validity window; SSO_REPLAYED: The SAML assertion was already used; SSO_UNSOLICITED: The SAML response answers no sign-in this gateway started; SSO_BROWSER_MISMATCH: The SAML response answers a sign-in started in another browser; SSO_IDP_ERROR: The identity provider did not sign the person in; SSO_SESSION_REQUIRED: No live single sign-on session */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description FORBIDDEN: Your tier does not allow this capability; SELF_REVIEW_FORBIDDEN: The principal that made a call may not review it; TOOL_CALL_BLOCKED: Governance blocked this tool call; TOOL_RESULT_BLOCKED: Governance withheld this tool result; DESTINATION_NOT_ALLOWED: The sidecar does not proxy to this destination; UPGRADE_REFUSED: Governed routes do not accept protocol upgrades; CSRF_REJECTED: A state-changing request with the session cookie lacks CSRF proof; ROLE_REQUIRED: Your roles do not allow this action; AGENT_OUT_OF_SCOPE: This credential is bound to another agent; TEAM_FORBIDDEN: This credential may not act on that team; TIER_TOO_HIGH: A key may not get a higher tier than its creator; REPORT_SCOPE_FORBIDDEN: Your credential may not report on this scope */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description JSON_TOO_MANY_VALUES: The JSON document holds too many values; PAYLOAD_TOO_LARGE: Request body is too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: Request body must be application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description JSON_DUPLICATE_KEY: A JSON member name appears more than once; JSON_NUMBER_INEXACT: A JSON number cannot be read exactly; JSON_TOO_DEEP: The JSON document nests too deeply; JSON_INVALID_STRING: A JSON string is not valid Unicode text; JSON_RESERVED_KEY: A JSON member name is reserved; VALIDATION_FAILED: Request does not match the schema; POLICY_INVALID: The policy bundle in the request is invalid; SUITE_AGENT_MISMATCH: A certification suite case names another agent than the one certified; PERIOD_INVALID: The period is empty, reversed, too long or in the future; BUCKET_INVALID: The bucket size does not fit the period or its grain */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description SDK_VERSION_TOO_OLD: Client library version is too old */
            426: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description INTERNAL: Internal gateway error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description LEDGER_UNAVAILABLE: The audit ledger cannot record right now; SIDECAR_OVERLOADED: The sidecar is at the bound of its memory budget; RATE_LIMIT_UNAVAILABLE: The shared rate limiter cannot decide right now; AUTH_UNAVAILABLE: Credentials cannot be checked right now; CONSOLE_NOT_BUILT: The web console has not been built; SSO_IDP_UNAVAILABLE: The identity provider's metadata cannot be read right now */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    postV1RuntimeValidate: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ValidateRequest"];
            };
        };
        responses: {
            /** @description Scores, risk and decision */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidateResponse"];
                };
            };
            /** @description INVALID_JSON: Request body is not valid JSON; MALFORMED_REQUEST: The request is not well-formed HTTP; REQUEST_INCOMPLETE: The request body ended before it was complete; UNKNOWN_QUERY_PARAMETER: The route does not take this query parameter; TOOL_NOT_IDENTIFIED: The sidecar cannot tell which tool this request calls; PROXY_PATH_REJECTED: The proxied path is not allowed; ADMISSION_REVIEW_INVALID: The request is not an admission.k8s.io/v1 AdmissionReview of a Pod; SSO_RELAY_STATE_INVALID: The return path is not a same-origin relative path; SSO_RESPONSE_MALFORMED: The SAML response is not well-formed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description UNAUTHENTICATED: Missing or invalid credentials; SSO_SIGNATURE_INVALID: The SAML assertion is not validly signed by the identity provider; SSO_ASSERTION_INVALID: The SAML assertion is not for this service provider; SSO_ASSERTION_EXPIRED: The SAML assertion is outside its validity window; SSO_REPLAYED: The SAML assertion was already used; SSO_UNSOLICITED: The SAML response answers no sign-in this gateway started; SSO_BROWSER_MISMATCH: The SAML response answers a sign-in started in another browser; SSO_IDP_ERROR: The identity provider did not sign the person in; SSO_SESSION_REQUIRED: No live single sign-on session */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description FORBIDDEN: Your tier does not allow this capability; SELF_REVIEW_FORBIDDEN: The principal that made a call may not review it; TOOL_CALL_BLOCKED: Governance blocked this tool call; TOOL_RESULT_BLOCKED: Governance withheld this tool result; DESTINATION_NOT_ALLOWED: The sidecar does not proxy to this destination; UPGRADE_REFUSED: Governed routes do not accept protocol upgrades; CSRF_REJECTED: A state-changing request with the session cookie lacks CSRF proof; ROLE_REQUIRED: Your roles do not allow this action; AGENT_OUT_OF_SCOPE: This credential is bound to another agent; TEAM_FORBIDDEN: This credential may not act on that team; TIER_TOO_HIGH: A key may not get a higher tier than its creator; REPORT_SCOPE_FORBIDDEN: Your credential may not report on this scope */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description JSON_TOO_MANY_VALUES: The JSON document holds too many values; PAYLOAD_TOO_LARGE: Request body is too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: Request body must be application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description JSON_DUPLICATE_KEY: A JSON member name appears more than once; JSON_NUMBER_INEXACT: A JSON number cannot be read exactly; JSON_TOO_DEEP: The JSON document nests too deeply; JSON_INVALID_STRING: A JSON string is not valid Unicode text; JSON_RESERVED_KEY: A JSON member name is reserved; VALIDATION_FAILED: Request does not match the schema; POLICY_INVALID: The policy bundle in the request is invalid; SUITE_AGENT_MISMATCH: A certification suite case names another agent than the one certified; PERIOD_INVALID: The period is empty, reversed, too long or in the future; BUCKET_INVALID: The bucket size does not fit the period or its grain */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description SDK_VERSION_TOO_OLD: Client library version is too old */
            426: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description RATE_LIMITED: Rate limit exceeded */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description INTERNAL: Internal gateway error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description LEDGER_UNAVAILABLE: The audit ledger cannot record right now; SIDECAR_OVERLOADED: The sidecar is at the bound of its memory budget; RATE_LIMIT_UNAVAILABLE: The shared rate limiter cannot decide right now; AUTH_UNAVAILABLE: Credentials cannot be checked right now; CONSOLE_NOT_BUILT: The web console has not been built; SSO_IDP_UNAVAILABLE: The identity provider's metadata cannot be read right now */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    postV1SsoAcs: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/x-www-form-urlencoded": components["schemas"]["SsoAcsForm"];
            };
        };
        responses: {
            /** @description Signed in: Set-Cookie carries the session (and clears the login cookie); Location is the return path */
            303: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description INVALID_JSON: Request body is not valid JSON; MALFORMED_REQUEST: The request is not well-formed HTTP; REQUEST_INCOMPLETE: The request body ended before it was complete; UNKNOWN_QUERY_PARAMETER: The route does not take this query parameter; TOOL_NOT_IDENTIFIED: The sidecar cannot tell which tool this request calls; PROXY_PATH_REJECTED: The proxied path is not allowed; ADMISSION_REVIEW_INVALID: The request is not an admission.k8s.io/v1 AdmissionReview of a Pod; SSO_RELAY_STATE_INVALID: The return path is not a same-origin relative path; SSO_RESPONSE_MALFORMED: The SAML response is not well-formed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description UNAUTHENTICATED: Missing or invalid credentials; SSO_SIGNATURE_INVALID: The SAML assertion is not validly signed by the identity provider; SSO_ASSERTION_INVALID: The SAML assertion is not for this service provider; SSO_ASSERTION_EXPIRED: The SAML assertion is outside its validity window; SSO_REPLAYED: The SAML assertion was already used; SSO_UNSOLICITED: The SAML response answers no sign-in this gateway started; SSO_BROWSER_MISMATCH: The SAML response answers a sign-in started in another browser; SSO_IDP_ERROR: The identity provider did not sign the person in; SSO_SESSION_REQUIRED: No live single sign-on session */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description ENTITLEMENT_REQUIRED: Your tier does not include this feature */
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description ROUTE_NOT_FOUND: No such route; ENVELOPE_NOT_FOUND: Unknown envelope id; GRANT_NOT_FOUND: Unknown approval grant; CERTIFICATE_NOT_FOUND: No such certificate; DELIVERY_NOT_FOUND: Unknown webhook delivery; SSO_NOT_CONFIGURED: Single sign-on is not configured on this gateway; MEMBER_NOT_FOUND: No such team member; KEY_NOT_FOUND: No such API key; ALERT_NOT_FOUND: Unknown alert id; REPORT_NOT_FOUND: No such report; REPORT_FORMAT_NOT_GENERATED: This report was not generated in that format */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description JSON_TOO_MANY_VALUES: The JSON document holds too many values; PAYLOAD_TOO_LARGE: Request body is too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: Request body must be application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description JSON_DUPLICATE_KEY: A JSON member name appears more than once; JSON_NUMBER_INEXACT: A JSON number cannot be read exactly; JSON_TOO_DEEP: The JSON document nests too deeply; JSON_INVALID_STRING: A JSON string is not valid Unicode text; JSON_RESERVED_KEY: A JSON member name is reserved; VALIDATION_FAILED: Request does not match the schema; POLICY_INVALID: The policy bundle in the request is invalid; SUITE_AGENT_MISMATCH: A certification suite case names another agent than the one certified; PERIOD_INVALID: The period is empty, reversed, too long or in the future; BUCKET_INVALID: The bucket size does not fit the period or its grain */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description INTERNAL: Internal gateway error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description LEDGER_UNAVAILABLE: The audit ledger cannot record right now; SIDECAR_OVERLOADED: The sidecar is at the bound of its memory budget; RATE_LIMIT_UNAVAILABLE: The shared rate limiter cannot decide right now; AUTH_UNAVAILABLE: Credentials cannot be checked right now; CONSOLE_NOT_BUILT: The web console has not been built; SSO_IDP_UNAVAILABLE: The identity provider's metadata cannot be read right now */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getV1SsoLogin: {
        parameters: {
            query?: {
                /** @description Where to land after signing in: a path on this gateway (default /). */
                relay_state?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Location: the identity provider's sign-in URL with SAMLRequest and RelayState. Set-Cookie: the login cookie (`__Secure-gg_sso_login`, or `gg_sso_login` on a plain-http base_url), HttpOnly, Path=/v1/sso/acs, for request_ttl_seconds */
            302: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description INVALID_JSON: Request body is not valid JSON; MALFORMED_REQUEST: The request is not well-formed HTTP; REQUEST_INCOMPLETE: The request body ended before it was complete; UNKNOWN_QUERY_PARAMETER: The route does not take this query parameter; TOOL_NOT_IDENTIFIED: The sidecar cannot tell which tool this request calls; PROXY_PATH_REJECTED: The proxied path is not allowed; ADMISSION_REVIEW_INVALID: The request is not an admission.k8s.io/v1 AdmissionReview of a Pod; SSO_RELAY_STATE_INVALID: The return path is not a same-origin relative path; SSO_RESPONSE_MALFORMED: The SAML response is not well-formed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description ENTITLEMENT_REQUIRED: Your tier does not include this feature */
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description ROUTE_NOT_FOUND: No such route; ENVELOPE_NOT_FOUND: Unknown envelope id; GRANT_NOT_FOUND: Unknown approval grant; CERTIFICATE_NOT_FOUND: No such certificate; DELIVERY_NOT_FOUND: Unknown webhook delivery; SSO_NOT_CONFIGURED: Single sign-on is not configured on this gateway; MEMBER_NOT_FOUND: No such team member; KEY_NOT_FOUND: No such API key; ALERT_NOT_FOUND: Unknown alert id; REPORT_NOT_FOUND: No such report; REPORT_FORMAT_NOT_GENERATED: This report was not generated in that format */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description JSON_DUPLICATE_KEY: A JSON member name appears more than once; JSON_NUMBER_INEXACT: A JSON number cannot be read exactly; JSON_TOO_DEEP: The JSON document nests too deeply; JSON_INVALID_STRING: A JSON string is not valid Unicode text; JSON_RESERVED_KEY: A JSON member name is reserved; VALIDATION_FAILED: Request does not match the schema; POLICY_INVALID: The policy bundle in the request is invalid; SUITE_AGENT_MISMATCH: A certification suite case names another agent than the one certified; PERIOD_INVALID: The period is empty, reversed, too long or in the future; BUCKET_INVALID: The bucket size does not fit the period or its grain */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description INTERNAL: Internal gateway error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description LEDGER_UNAVAILABLE: The audit ledger cannot record right now; SIDECAR_OVERLOADED: The sidecar is at the bound of its memory budget; RATE_LIMIT_UNAVAILABLE: The shared rate limiter cannot decide right now; AUTH_UNAVAILABLE: Credentials cannot be checked right now; CONSOLE_NOT_BUILT: The web console has not been built; SSO_IDP_UNAVAILABLE: The identity provider's metadata cannot be read right now */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getV1SsoLogout: {
        parameters: {
            query?: {
                /** @description SAML HTTP-Redirect binding parameter of the IdP's LogoutResponse. */
                RelayState?: string;
                /** @description SAML HTTP-Redirect binding parameter of the IdP's LogoutResponse. */
                SAMLRequest?: string;
                /** @description SAML HTTP-Redirect binding parameter of the IdP's LogoutResponse. */
                SAMLResponse?: string;
                /** @description SAML HTTP-Redirect binding parameter of the IdP's LogoutResponse. */
                SigAlg?: string;
                /** @description SAML HTTP-Redirect binding parameter of the IdP's LogoutResponse. */
                Signature?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Location: the IdP's single logout URL with a LogoutRequest, or / */
            303: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description INVALID_JSON: Request body is not valid JSON; MALFORMED_REQUEST: The request is not well-formed HTTP; REQUEST_INCOMPLETE: The request body ended before it was complete; UNKNOWN_QUERY_PARAMETER: The route does not take this query parameter; TOOL_NOT_IDENTIFIED: The sidecar cannot tell which tool this request calls; PROXY_PATH_REJECTED: The proxied path is not allowed; ADMISSION_REVIEW_INVALID: The request is not an admission.k8s.io/v1 AdmissionReview of a Pod; SSO_RELAY_STATE_INVALID: The return path is not a same-origin relative path; SSO_RESPONSE_MALFORMED: The SAML response is not well-formed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description ENTITLEMENT_REQUIRED: Your tier does not include this feature */
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description FORBIDDEN: Your tier does not allow this capability; SELF_REVIEW_FORBIDDEN: The principal that made a call may not review it; TOOL_CALL_BLOCKED: Governance blocked this tool call; TOOL_RESULT_BLOCKED: Governance withheld this tool result; DESTINATION_NOT_ALLOWED: The sidecar does not proxy to this destination; UPGRADE_REFUSED: Governed routes do not accept protocol upgrades; CSRF_REJECTED: A state-changing request with the session cookie lacks CSRF proof; ROLE_REQUIRED: Your roles do not allow this action; AGENT_OUT_OF_SCOPE: This credential is bound to another agent; TEAM_FORBIDDEN: This credential may not act on that team; TIER_TOO_HIGH: A key may not get a higher tier than its creator; REPORT_SCOPE_FORBIDDEN: Your credential may not report on this scope */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description ROUTE_NOT_FOUND: No such route; ENVELOPE_NOT_FOUND: Unknown envelope id; GRANT_NOT_FOUND: Unknown approval grant; CERTIFICATE_NOT_FOUND: No such certificate; DELIVERY_NOT_FOUND: Unknown webhook delivery; SSO_NOT_CONFIGURED: Single sign-on is not configured on this gateway; MEMBER_NOT_FOUND: No such team member; KEY_NOT_FOUND: No such API key; ALERT_NOT_FOUND: Unknown alert id; REPORT_NOT_FOUND: No such report; REPORT_FORMAT_NOT_GENERATED: This report was not generated in that format */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description JSON_DUPLICATE_KEY: A JSON member name appears more than once; JSON_NUMBER_INEXACT: A JSON number cannot be read exactly; JSON_TOO_DEEP: The JSON document nests too deeply; JSON_INVALID_STRING: A JSON string is not valid Unicode text; JSON_RESERVED_KEY: A JSON member name is reserved; VALIDATION_FAILED: Request does not match the schema; POLICY_INVALID: The policy bundle in the request is invalid; SUITE_AGENT_MISMATCH: A certification suite case names another agent than the one certified; PERIOD_INVALID: The period is empty, reversed, too long or in the future; BUCKET_INVALID: The bucket size does not fit the period or its grain */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description INTERNAL: Internal gateway error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description LEDGER_UNAVAILABLE: The audit ledger cannot record right now; SIDECAR_OVERLOADED: The sidecar is at the bound of its memory budget; RATE_LIMIT_UNAVAILABLE: The shared rate limiter cannot decide right now; AUTH_UNAVAILABLE: Credentials cannot be checked right now; CONSOLE_NOT_BUILT: The web console has not been built; SSO_IDP_UNAVAILABLE: The identity provider's metadata cannot be read right now */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    postV1SsoLogout: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The session ended (or there was none) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SsoLogout"];
                };
            };
            /** @description ENTITLEMENT_REQUIRED: Your tier does not include this feature */
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description FORBIDDEN: Your tier does not allow this capability; SELF_REVIEW_FORBIDDEN: The principal that made a call may not review it; TOOL_CALL_BLOCKED: Governance blocked this tool call; TOOL_RESULT_BLOCKED: Governance withheld this tool result; DESTINATION_NOT_ALLOWED: The sidecar does not proxy to this destination; UPGRADE_REFUSED: Governed routes do not accept protocol upgrades; CSRF_REJECTED: A state-changing request with the session cookie lacks CSRF proof; ROLE_REQUIRED: Your roles do not allow this action; AGENT_OUT_OF_SCOPE: This credential is bound to another agent; TEAM_FORBIDDEN: This credential may not act on that team; TIER_TOO_HIGH: A key may not get a higher tier than its creator; REPORT_SCOPE_FORBIDDEN: Your credential may not report on this scope */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description ROUTE_NOT_FOUND: No such route; ENVELOPE_NOT_FOUND: Unknown envelope id; GRANT_NOT_FOUND: Unknown approval grant; CERTIFICATE_NOT_FOUND: No such certificate; DELIVERY_NOT_FOUND: Unknown webhook delivery; SSO_NOT_CONFIGURED: Single sign-on is not configured on this gateway; MEMBER_NOT_FOUND: No such team member; KEY_NOT_FOUND: No such API key; ALERT_NOT_FOUND: Unknown alert id; REPORT_NOT_FOUND: No such report; REPORT_FORMAT_NOT_GENERATED: This report was not generated in that format */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description INTERNAL: Internal gateway error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description LEDGER_UNAVAILABLE: The audit ledger cannot record right now; SIDECAR_OVERLOADED: The sidecar is at the bound of its memory budget; RATE_LIMIT_UNAVAILABLE: The shared rate limiter cannot decide right now; AUTH_UNAVAILABLE: Credentials cannot be checked right now; CONSOLE_NOT_BUILT: The web console has not been built; SSO_IDP_UNAVAILABLE: The identity provider's metadata cannot be read right now */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getV1SsoMetadata: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description md:EntityDescriptor with the SP entity id, the ACS (HTTP-POST) and single logout URLs; WantAssertionsSigned="true" */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/samlmetadata+xml": unknown;
                };
            };
            /** @description INVALID_JSON: Request body is not valid JSON; MALFORMED_REQUEST: The request is not well-formed HTTP; REQUEST_INCOMPLETE: The request body ended before it was complete; UNKNOWN_QUERY_PARAMETER: The route does not take this query parameter; TOOL_NOT_IDENTIFIED: The sidecar cannot tell which tool this request calls; PROXY_PATH_REJECTED: The proxied path is not allowed; ADMISSION_REVIEW_INVALID: The request is not an admission.k8s.io/v1 AdmissionReview of a Pod; SSO_RELAY_STATE_INVALID: The return path is not a same-origin relative path; SSO_RESPONSE_MALFORMED: The SAML response is not well-formed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description ENTITLEMENT_REQUIRED: Your tier does not include this feature */
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description ROUTE_NOT_FOUND: No such route; ENVELOPE_NOT_FOUND: Unknown envelope id; GRANT_NOT_FOUND: Unknown approval grant; CERTIFICATE_NOT_FOUND: No such certificate; DELIVERY_NOT_FOUND: Unknown webhook delivery; SSO_NOT_CONFIGURED: Single sign-on is not configured on this gateway; MEMBER_NOT_FOUND: No such team member; KEY_NOT_FOUND: No such API key; ALERT_NOT_FOUND: Unknown alert id; REPORT_NOT_FOUND: No such report; REPORT_FORMAT_NOT_GENERATED: This report was not generated in that format */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description INTERNAL: Internal gateway error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getV1SsoSession: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The live session */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SsoSession"];
                };
            };
            /** @description INVALID_JSON: Request body is not valid JSON; MALFORMED_REQUEST: The request is not well-formed HTTP; REQUEST_INCOMPLETE: The request body ended before it was complete; UNKNOWN_QUERY_PARAMETER: The route does not take this query parameter; TOOL_NOT_IDENTIFIED: The sidecar cannot tell which tool this request calls; PROXY_PATH_REJECTED: The proxied path is not allowed; ADMISSION_REVIEW_INVALID: The request is not an admission.k8s.io/v1 AdmissionReview of a Pod; SSO_RELAY_STATE_INVALID: The return path is not a same-origin relative path; SSO_RESPONSE_MALFORMED: The SAML response is not well-formed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description UNAUTHENTICATED: Missing or invalid credentials; SSO_SIGNATURE_INVALID: The SAML assertion is not validly signed by the identity provider; SSO_ASSERTION_INVALID: The SAML assertion is not for this service provider; SSO_ASSERTION_EXPIRED: The SAML assertion is outside its validity window; SSO_REPLAYED: The SAML assertion was already used; SSO_UNSOLICITED: The SAML response answers no sign-in this gateway started; SSO_BROWSER_MISMATCH: The SAML response answers a sign-in started in another browser; SSO_IDP_ERROR: The identity provider did not sign the person in; SSO_SESSION_REQUIRED: No live single sign-on session */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description ENTITLEMENT_REQUIRED: Your tier does not include this feature */
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description ROUTE_NOT_FOUND: No such route; ENVELOPE_NOT_FOUND: Unknown envelope id; GRANT_NOT_FOUND: Unknown approval grant; CERTIFICATE_NOT_FOUND: No such certificate; DELIVERY_NOT_FOUND: Unknown webhook delivery; SSO_NOT_CONFIGURED: Single sign-on is not configured on this gateway; MEMBER_NOT_FOUND: No such team member; KEY_NOT_FOUND: No such API key; ALERT_NOT_FOUND: Unknown alert id; REPORT_NOT_FOUND: No such report; REPORT_FORMAT_NOT_GENERATED: This report was not generated in that format */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description INTERNAL: Internal gateway error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description LEDGER_UNAVAILABLE: The audit ledger cannot record right now; SIDECAR_OVERLOADED: The sidecar is at the bound of its memory budget; RATE_LIMIT_UNAVAILABLE: The shared rate limiter cannot decide right now; AUTH_UNAVAILABLE: Credentials cannot be checked right now; CONSOLE_NOT_BUILT: The web console has not been built; SSO_IDP_UNAVAILABLE: The identity provider's metadata cannot be read right now */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getV1TeamAgents: {
        parameters: {
            query?: {
                /** @description The team (default: the caller's own). */
                team?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The team's agent patterns */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TeamAgents"];
                };
            };
            /** @description INVALID_JSON: Request body is not valid JSON; MALFORMED_REQUEST: The request is not well-formed HTTP; REQUEST_INCOMPLETE: The request body ended before it was complete; UNKNOWN_QUERY_PARAMETER: The route does not take this query parameter; TOOL_NOT_IDENTIFIED: The sidecar cannot tell which tool this request calls; PROXY_PATH_REJECTED: The proxied path is not allowed; ADMISSION_REVIEW_INVALID: The request is not an admission.k8s.io/v1 AdmissionReview of a Pod; SSO_RELAY_STATE_INVALID: The return path is not a same-origin relative path; SSO_RESPONSE_MALFORMED: The SAML response is not well-formed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description UNAUTHENTICATED: Missing or invalid credentials; SSO_SIGNATURE_INVALID: The SAML assertion is not validly signed by the identity provider; SSO_ASSERTION_INVALID: The SAML assertion is not for this service provider; SSO_ASSERTION_EXPIRED: The SAML assertion is outside its validity window; SSO_REPLAYED: The SAML assertion was already used; SSO_UNSOLICITED: The SAML response answers no sign-in this gateway started; SSO_BROWSER_MISMATCH: The SAML response answers a sign-in started in another browser; SSO_IDP_ERROR: The identity provider did not sign the person in; SSO_SESSION_REQUIRED: No live single sign-on session */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description FORBIDDEN: Your tier does not allow this capability; SELF_REVIEW_FORBIDDEN: The principal that made a call may not review it; TOOL_CALL_BLOCKED: Governance blocked this tool call; TOOL_RESULT_BLOCKED: Governance withheld this tool result; DESTINATION_NOT_ALLOWED: The sidecar does not proxy to this destination; UPGRADE_REFUSED: Governed routes do not accept protocol upgrades; CSRF_REJECTED: A state-changing request with the session cookie lacks CSRF proof; ROLE_REQUIRED: Your roles do not allow this action; AGENT_OUT_OF_SCOPE: This credential is bound to another agent; TEAM_FORBIDDEN: This credential may not act on that team; TIER_TOO_HIGH: A key may not get a higher tier than its creator; REPORT_SCOPE_FORBIDDEN: Your credential may not report on this scope */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description ALREADY_RESOLVED: This review item is already resolved; NOT_IN_REVIEW: This record is not in the review queue; REVIEW_CONFLICT: The review item changed while you acted on it; REVIEW_CLAIMED: Another reviewer holds this review item; REVIEW_NOT_CLAIMED: This review item is not claimed by you; GRANT_REVOKED: This approval grant is already revoked; NOT_DECIDABLE: This record carries no decision to re-run; IDEMPOTENCY_CONFLICT: This pre-check already has a post-check for a different request; POLICY_VERSION_MISMATCH: Certification is only against the policy version in force; DELIVERY_NOT_RETRYABLE: Only a dead or failed webhook delivery can be retried; MEMBER_EXISTS: This person is already a member of the team; KEY_ALREADY_REVOKED: This API key is already revoked; AUTH_DISABLED: Team management needs AUTH_ENABLED=true; REPORT_NOT_READY: The report is not ready */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description JSON_DUPLICATE_KEY: A JSON member name appears more than once; JSON_NUMBER_INEXACT: A JSON number cannot be read exactly; JSON_TOO_DEEP: The JSON document nests too deeply; JSON_INVALID_STRING: A JSON string is not valid Unicode text; JSON_RESERVED_KEY: A JSON member name is reserved; VALIDATION_FAILED: Request does not match the schema; POLICY_INVALID: The policy bundle in the request is invalid; SUITE_AGENT_MISMATCH: A certification suite case names another agent than the one certified; PERIOD_INVALID: The period is empty, reversed, too long or in the future; BUCKET_INVALID: The bucket size does not fit the period or its grain */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description INTERNAL: Internal gateway error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description LEDGER_UNAVAILABLE: The audit ledger cannot record right now; SIDECAR_OVERLOADED: The sidecar is at the bound of its memory budget; RATE_LIMIT_UNAVAILABLE: The shared rate limiter cannot decide right now; AUTH_UNAVAILABLE: Credentials cannot be checked right now; CONSOLE_NOT_BUILT: The web console has not been built; SSO_IDP_UNAVAILABLE: The identity provider's metadata cannot be read right now */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    putV1TeamAgents: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["TeamAgentsRequest"];
            };
        };
        responses: {
            /** @description The team's agent patterns */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TeamAgents"];
                };
            };
            /** @description INVALID_JSON: Request body is not valid JSON; MALFORMED_REQUEST: The request is not well-formed HTTP; REQUEST_INCOMPLETE: The request body ended before it was complete; UNKNOWN_QUERY_PARAMETER: The route does not take this query parameter; TOOL_NOT_IDENTIFIED: The sidecar cannot tell which tool this request calls; PROXY_PATH_REJECTED: The proxied path is not allowed; ADMISSION_REVIEW_INVALID: The request is not an admission.k8s.io/v1 AdmissionReview of a Pod; SSO_RELAY_STATE_INVALID: The return path is not a same-origin relative path; SSO_RESPONSE_MALFORMED: The SAML response is not well-formed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description UNAUTHENTICATED: Missing or invalid credentials; SSO_SIGNATURE_INVALID: The SAML assertion is not validly signed by the identity provider; SSO_ASSERTION_INVALID: The SAML assertion is not for this service provider; SSO_ASSERTION_EXPIRED: The SAML assertion is outside its validity window; SSO_REPLAYED: The SAML assertion was already used; SSO_UNSOLICITED: The SAML response answers no sign-in this gateway started; SSO_BROWSER_MISMATCH: The SAML response answers a sign-in started in another browser; SSO_IDP_ERROR: The identity provider did not sign the person in; SSO_SESSION_REQUIRED: No live single sign-on session */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description FORBIDDEN: Your tier does not allow this capability; SELF_REVIEW_FORBIDDEN: The principal that made a call may not review it; TOOL_CALL_BLOCKED: Governance blocked this tool call; TOOL_RESULT_BLOCKED: Governance withheld this tool result; DESTINATION_NOT_ALLOWED: The sidecar does not proxy to this destination; UPGRADE_REFUSED: Governed routes do not accept protocol upgrades; CSRF_REJECTED: A state-changing request with the session cookie lacks CSRF proof; ROLE_REQUIRED: Your roles do not allow this action; AGENT_OUT_OF_SCOPE: This credential is bound to another agent; TEAM_FORBIDDEN: This credential may not act on that team; TIER_TOO_HIGH: A key may not get a higher tier than its creator; REPORT_SCOPE_FORBIDDEN: Your credential may not report on this scope */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description ALREADY_RESOLVED: This review item is already resolved; NOT_IN_REVIEW: This record is not in the review queue; REVIEW_CONFLICT: The review item changed while you acted on it; REVIEW_CLAIMED: Another reviewer holds this review item; REVIEW_NOT_CLAIMED: This review item is not claimed by you; GRANT_REVOKED: This approval grant is already revoked; NOT_DECIDABLE: This record carries no decision to re-run; IDEMPOTENCY_CONFLICT: This pre-check already has a post-check for a different request; POLICY_VERSION_MISMATCH: Certification is only against the policy version in force; DELIVERY_NOT_RETRYABLE: Only a dead or failed webhook delivery can be retried; MEMBER_EXISTS: This person is already a member of the team; KEY_ALREADY_REVOKED: This API key is already revoked; AUTH_DISABLED: Team management needs AUTH_ENABLED=true; REPORT_NOT_READY: The report is not ready */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description JSON_TOO_MANY_VALUES: The JSON document holds too many values; PAYLOAD_TOO_LARGE: Request body is too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: Request body must be application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description JSON_DUPLICATE_KEY: A JSON member name appears more than once; JSON_NUMBER_INEXACT: A JSON number cannot be read exactly; JSON_TOO_DEEP: The JSON document nests too deeply; JSON_INVALID_STRING: A JSON string is not valid Unicode text; JSON_RESERVED_KEY: A JSON member name is reserved; VALIDATION_FAILED: Request does not match the schema; POLICY_INVALID: The policy bundle in the request is invalid; SUITE_AGENT_MISMATCH: A certification suite case names another agent than the one certified; PERIOD_INVALID: The period is empty, reversed, too long or in the future; BUCKET_INVALID: The bucket size does not fit the period or its grain */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description INTERNAL: Internal gateway error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description LEDGER_UNAVAILABLE: The audit ledger cannot record right now; SIDECAR_OVERLOADED: The sidecar is at the bound of its memory budget; RATE_LIMIT_UNAVAILABLE: The shared rate limiter cannot decide right now; AUTH_UNAVAILABLE: Credentials cannot be checked right now; CONSOLE_NOT_BUILT: The web console has not been built; SSO_IDP_UNAVAILABLE: The identity provider's metadata cannot be read right now */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getV1TeamKeys: {
        parameters: {
            query?: {
                /** @description The team (default: the caller's own). */
                team?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The keys, oldest first */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TeamKeyList"];
                };
            };
            /** @description INVALID_JSON: Request body is not valid JSON; MALFORMED_REQUEST: The request is not well-formed HTTP; REQUEST_INCOMPLETE: The request body ended before it was complete; UNKNOWN_QUERY_PARAMETER: The route does not take this query parameter; TOOL_NOT_IDENTIFIED: The sidecar cannot tell which tool this request calls; PROXY_PATH_REJECTED: The proxied path is not allowed; ADMISSION_REVIEW_INVALID: The request is not an admission.k8s.io/v1 AdmissionReview of a Pod; SSO_RELAY_STATE_INVALID: The return path is not a same-origin relative path; SSO_RESPONSE_MALFORMED: The SAML response is not well-formed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description UNAUTHENTICATED: Missing or invalid credentials; SSO_SIGNATURE_INVALID: The SAML assertion is not validly signed by the identity provider; SSO_ASSERTION_INVALID: The SAML assertion is not for this service provider; SSO_ASSERTION_EXPIRED: The SAML assertion is outside its validity window; SSO_REPLAYED: The SAML assertion was already used; SSO_UNSOLICITED: The SAML response answers no sign-in this gateway started; SSO_BROWSER_MISMATCH: The SAML response answers a sign-in started in another browser; SSO_IDP_ERROR: The identity provider did not sign the person in; SSO_SESSION_REQUIRED: No live single sign-on session */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description FORBIDDEN: Your tier does not allow this capability; SELF_REVIEW_FORBIDDEN: The principal that made a call may not review it; TOOL_CALL_BLOCKED: Governance blocked this tool call; TOOL_RESULT_BLOCKED: Governance withheld this tool result; DESTINATION_NOT_ALLOWED: The sidecar does not proxy to this destination; UPGRADE_REFUSED: Governed routes do not accept protocol upgrades; CSRF_REJECTED: A state-changing request with the session cookie lacks CSRF proof; ROLE_REQUIRED: Your roles do not allow this action; AGENT_OUT_OF_SCOPE: This credential is bound to another agent; TEAM_FORBIDDEN: This credential may not act on that team; TIER_TOO_HIGH: A key may not get a higher tier than its creator; REPORT_SCOPE_FORBIDDEN: Your credential may not report on this scope */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description ALREADY_RESOLVED: This review item is already resolved; NOT_IN_REVIEW: This record is not in the review queue; REVIEW_CONFLICT: The review item changed while you acted on it; REVIEW_CLAIMED: Another reviewer holds this review item; REVIEW_NOT_CLAIMED: This review item is not claimed by you; GRANT_REVOKED: This approval grant is already revoked; NOT_DECIDABLE: This record carries no decision to re-run; IDEMPOTENCY_CONFLICT: This pre-check already has a post-check for a different request; POLICY_VERSION_MISMATCH: Certification is only against the policy version in force; DELIVERY_NOT_RETRYABLE: Only a dead or failed webhook delivery can be retried; MEMBER_EXISTS: This person is already a member of the team; KEY_ALREADY_REVOKED: This API key is already revoked; AUTH_DISABLED: Team management needs AUTH_ENABLED=true; REPORT_NOT_READY: The report is not ready */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description JSON_DUPLICATE_KEY: A JSON member name appears more than once; JSON_NUMBER_INEXACT: A JSON number cannot be read exactly; JSON_TOO_DEEP: The JSON document nests too deeply; JSON_INVALID_STRING: A JSON string is not valid Unicode text; JSON_RESERVED_KEY: A JSON member name is reserved; VALIDATION_FAILED: Request does not match the schema; POLICY_INVALID: The policy bundle in the request is invalid; SUITE_AGENT_MISMATCH: A certification suite case names another agent than the one certified; PERIOD_INVALID: The period is empty, reversed, too long or in the future; BUCKET_INVALID: The bucket size does not fit the period or its grain */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description INTERNAL: Internal gateway error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description LEDGER_UNAVAILABLE: The audit ledger cannot record right now; SIDECAR_OVERLOADED: The sidecar is at the bound of its memory budget; RATE_LIMIT_UNAVAILABLE: The shared rate limiter cannot decide right now; AUTH_UNAVAILABLE: Credentials cannot be checked right now; CONSOLE_NOT_BUILT: The web console has not been built; SSO_IDP_UNAVAILABLE: The identity provider's metadata cannot be read right now */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    postV1TeamKeys: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["TeamKeyRequest"];
            };
        };
        responses: {
            /** @description The key, shown only in this answer */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TeamKeyCreated"];
                };
            };
            /** @description INVALID_JSON: Request body is not valid JSON; MALFORMED_REQUEST: The request is not well-formed HTTP; REQUEST_INCOMPLETE: The request body ended before it was complete; UNKNOWN_QUERY_PARAMETER: The route does not take this query parameter; TOOL_NOT_IDENTIFIED: The sidecar cannot tell which tool this request calls; PROXY_PATH_REJECTED: The proxied path is not allowed; ADMISSION_REVIEW_INVALID: The request is not an admission.k8s.io/v1 AdmissionReview of a Pod; SSO_RELAY_STATE_INVALID: The return path is not a same-origin relative path; SSO_RESPONSE_MALFORMED: The SAML response is not well-formed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description UNAUTHENTICATED: Missing or invalid credentials; SSO_SIGNATURE_INVALID: The SAML assertion is not validly signed by the identity provider; SSO_ASSERTION_INVALID: The SAML assertion is not for this service provider; SSO_ASSERTION_EXPIRED: The SAML assertion is outside its validity window; SSO_REPLAYED: The SAML assertion was already used; SSO_UNSOLICITED: The SAML response answers no sign-in this gateway started; SSO_BROWSER_MISMATCH: The SAML response answers a sign-in started in another browser; SSO_IDP_ERROR: The identity provider did not sign the person in; SSO_SESSION_REQUIRED: No live single sign-on session */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description FORBIDDEN: Your tier does not allow this capability; SELF_REVIEW_FORBIDDEN: The principal that made a call may not review it; TOOL_CALL_BLOCKED: Governance blocked this tool call; TOOL_RESULT_BLOCKED: Governance withheld this tool result; DESTINATION_NOT_ALLOWED: The sidecar does not proxy to this destination; UPGRADE_REFUSED: Governed routes do not accept protocol upgrades; CSRF_REJECTED: A state-changing request with the session cookie lacks CSRF proof; ROLE_REQUIRED: Your roles do not allow this action; AGENT_OUT_OF_SCOPE: This credential is bound to another agent; TEAM_FORBIDDEN: This credential may not act on that team; TIER_TOO_HIGH: A key may not get a higher tier than its creator; REPORT_SCOPE_FORBIDDEN: Your credential may not report on this scope */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description ROUTE_NOT_FOUND: No such route; ENVELOPE_NOT_FOUND: Unknown envelope id; GRANT_NOT_FOUND: Unknown approval grant; CERTIFICATE_NOT_FOUND: No such certificate; DELIVERY_NOT_FOUND: Unknown webhook delivery; SSO_NOT_CONFIGURED: Single sign-on is not configured on this gateway; MEMBER_NOT_FOUND: No such team member; KEY_NOT_FOUND: No such API key; ALERT_NOT_FOUND: Unknown alert id; REPORT_NOT_FOUND: No such report; REPORT_FORMAT_NOT_GENERATED: This report was not generated in that format */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description ALREADY_RESOLVED: This review item is already resolved; NOT_IN_REVIEW: This record is not in the review queue; REVIEW_CONFLICT: The review item changed while you acted on it; REVIEW_CLAIMED: Another reviewer holds this review item; REVIEW_NOT_CLAIMED: This review item is not claimed by you; GRANT_REVOKED: This approval grant is already revoked; NOT_DECIDABLE: This record carries no decision to re-run; IDEMPOTENCY_CONFLICT: This pre-check already has a post-check for a different request; POLICY_VERSION_MISMATCH: Certification is only against the policy version in force; DELIVERY_NOT_RETRYABLE: Only a dead or failed webhook delivery can be retried; MEMBER_EXISTS: This person is already a member of the team; KEY_ALREADY_REVOKED: This API key is already revoked; AUTH_DISABLED: Team management needs AUTH_ENABLED=true; REPORT_NOT_READY: The report is not ready */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description JSON_TOO_MANY_VALUES: The JSON document holds too many values; PAYLOAD_TOO_LARGE: Request body is too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: Request body must be application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description JSON_DUPLICATE_KEY: A JSON member name appears more than once; JSON_NUMBER_INEXACT: A JSON number cannot be read exactly; JSON_TOO_DEEP: The JSON document nests too deeply; JSON_INVALID_STRING: A JSON string is not valid Unicode text; JSON_RESERVED_KEY: A JSON member name is reserved; VALIDATION_FAILED: Request does not match the schema; POLICY_INVALID: The policy bundle in the request is invalid; SUITE_AGENT_MISMATCH: A certification suite case names another agent than the one certified; PERIOD_INVALID: The period is empty, reversed, too long or in the future; BUCKET_INVALID: The bucket size does not fit the period or its grain */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description INTERNAL: Internal gateway error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description LEDGER_UNAVAILABLE: The audit ledger cannot record right now; SIDECAR_OVERLOADED: The sidecar is at the bound of its memory budget; RATE_LIMIT_UNAVAILABLE: The shared rate limiter cannot decide right now; AUTH_UNAVAILABLE: Credentials cannot be checked right now; CONSOLE_NOT_BUILT: The web console has not been built; SSO_IDP_UNAVAILABLE: The identity provider's metadata cannot be read right now */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    deleteV1TeamKeysId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The key id. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The key, revoked */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TeamKey"];
                };
            };
            /** @description UNAUTHENTICATED: Missing or invalid credentials; SSO_SIGNATURE_INVALID: The SAML assertion is not validly signed by the identity provider; SSO_ASSERTION_INVALID: The SAML assertion is not for this service provider; SSO_ASSERTION_EXPIRED: The SAML assertion is outside its validity window; SSO_REPLAYED: The SAML assertion was already used; SSO_UNSOLICITED: The SAML response answers no sign-in this gateway started; SSO_BROWSER_MISMATCH: The SAML response answers a sign-in started in another browser; SSO_IDP_ERROR: The identity provider did not sign the person in; SSO_SESSION_REQUIRED: No live single sign-on session */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description FORBIDDEN: Your tier does not allow this capability; SELF_REVIEW_FORBIDDEN: The principal that made a call may not review it; TOOL_CALL_BLOCKED: Governance blocked this tool call; TOOL_RESULT_BLOCKED: Governance withheld this tool result; DESTINATION_NOT_ALLOWED: The sidecar does not proxy to this destination; UPGRADE_REFUSED: Governed routes do not accept protocol upgrades; CSRF_REJECTED: A state-changing request with the session cookie lacks CSRF proof; ROLE_REQUIRED: Your roles do not allow this action; AGENT_OUT_OF_SCOPE: This credential is bound to another agent; TEAM_FORBIDDEN: This credential may not act on that team; TIER_TOO_HIGH: A key may not get a higher tier than its creator; REPORT_SCOPE_FORBIDDEN: Your credential may not report on this scope */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description ROUTE_NOT_FOUND: No such route; ENVELOPE_NOT_FOUND: Unknown envelope id; GRANT_NOT_FOUND: Unknown approval grant; CERTIFICATE_NOT_FOUND: No such certificate; DELIVERY_NOT_FOUND: Unknown webhook delivery; SSO_NOT_CONFIGURED: Single sign-on is not configured on this gateway; MEMBER_NOT_FOUND: No such team member; KEY_NOT_FOUND: No such API key; ALERT_NOT_FOUND: Unknown alert id; REPORT_NOT_FOUND: No such report; REPORT_FORMAT_NOT_GENERATED: This report was not generated in that format */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description ALREADY_RESOLVED: This review item is already resolved; NOT_IN_REVIEW: This record is not in the review queue; REVIEW_CONFLICT: The review item changed while you acted on it; REVIEW_CLAIMED: Another reviewer holds this review item; REVIEW_NOT_CLAIMED: This review item is not claimed by you; GRANT_REVOKED: This approval grant is already revoked; NOT_DECIDABLE: This record carries no decision to re-run; IDEMPOTENCY_CONFLICT: This pre-check already has a post-check for a different request; POLICY_VERSION_MISMATCH: Certification is only against the policy version in force; DELIVERY_NOT_RETRYABLE: Only a dead or failed webhook delivery can be retried; MEMBER_EXISTS: This person is already a member of the team; KEY_ALREADY_REVOKED: This API key is already revoked; AUTH_DISABLED: Team management needs AUTH_ENABLED=true; REPORT_NOT_READY: The report is not ready */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description INTERNAL: Internal gateway error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description LEDGER_UNAVAILABLE: The audit ledger cannot record right now; SIDECAR_OVERLOADED: The sidecar is at the bound of its memory budget; RATE_LIMIT_UNAVAILABLE: The shared rate limiter cannot decide right now; AUTH_UNAVAILABLE: Credentials cannot be checked right now; CONSOLE_NOT_BUILT: The web console has not been built; SSO_IDP_UNAVAILABLE: The identity provider's metadata cannot be read right now */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getV1TeamMembers: {
        parameters: {
            query?: {
                /** @description Page size: default 50, maximum 500. */
                limit?: number;
                /** @description Items to skip. */
                offset?: number;
                /** @description The team (default: the caller's own). */
                team?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of members */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TeamMemberList"];
                };
            };
            /** @description INVALID_JSON: Request body is not valid JSON; MALFORMED_REQUEST: The request is not well-formed HTTP; REQUEST_INCOMPLETE: The request body ended before it was complete; UNKNOWN_QUERY_PARAMETER: The route does not take this query parameter; TOOL_NOT_IDENTIFIED: The sidecar cannot tell which tool this request calls; PROXY_PATH_REJECTED: The proxied path is not allowed; ADMISSION_REVIEW_INVALID: The request is not an admission.k8s.io/v1 AdmissionReview of a Pod; SSO_RELAY_STATE_INVALID: The return path is not a same-origin relative path; SSO_RESPONSE_MALFORMED: The SAML response is not well-formed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description UNAUTHENTICATED: Missing or invalid credentials; SSO_SIGNATURE_INVALID: The SAML assertion is not validly signed by the identity provider; SSO_ASSERTION_INVALID: The SAML assertion is not for this service provider; SSO_ASSERTION_EXPIRED: The SAML assertion is outside its validity window; SSO_REPLAYED: The SAML assertion was already used; SSO_UNSOLICITED: The SAML response answers no sign-in this gateway started; SSO_BROWSER_MISMATCH: The SAML response answers a sign-in started in another browser; SSO_IDP_ERROR: The identity provider did not sign the person in; SSO_SESSION_REQUIRED: No live single sign-on session */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description FORBIDDEN: Your tier does not allow this capability; SELF_REVIEW_FORBIDDEN: The principal that made a call may not review it; TOOL_CALL_BLOCKED: Governance blocked this tool call; TOOL_RESULT_BLOCKED: Governance withheld this tool result; DESTINATION_NOT_ALLOWED: The sidecar does not proxy to this destination; UPGRADE_REFUSED: Governed routes do not accept protocol upgrades; CSRF_REJECTED: A state-changing request with the session cookie lacks CSRF proof; ROLE_REQUIRED: Your roles do not allow this action; AGENT_OUT_OF_SCOPE: This credential is bound to another agent; TEAM_FORBIDDEN: This credential may not act on that team; TIER_TOO_HIGH: A key may not get a higher tier than its creator; REPORT_SCOPE_FORBIDDEN: Your credential may not report on this scope */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description ALREADY_RESOLVED: This review item is already resolved; NOT_IN_REVIEW: This record is not in the review queue; REVIEW_CONFLICT: The review item changed while you acted on it; REVIEW_CLAIMED: Another reviewer holds this review item; REVIEW_NOT_CLAIMED: This review item is not claimed by you; GRANT_REVOKED: This approval grant is already revoked; NOT_DECIDABLE: This record carries no decision to re-run; IDEMPOTENCY_CONFLICT: This pre-check already has a post-check for a different request; POLICY_VERSION_MISMATCH: Certification is only against the policy version in force; DELIVERY_NOT_RETRYABLE: Only a dead or failed webhook delivery can be retried; MEMBER_EXISTS: This person is already a member of the team; KEY_ALREADY_REVOKED: This API key is already revoked; AUTH_DISABLED: Team management needs AUTH_ENABLED=true; REPORT_NOT_READY: The report is not ready */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description JSON_DUPLICATE_KEY: A JSON member name appears more than once; JSON_NUMBER_INEXACT: A JSON number cannot be read exactly; JSON_TOO_DEEP: The JSON document nests too deeply; JSON_INVALID_STRING: A JSON string is not valid Unicode text; JSON_RESERVED_KEY: A JSON member name is reserved; VALIDATION_FAILED: Request does not match the schema; POLICY_INVALID: The policy bundle in the request is invalid; SUITE_AGENT_MISMATCH: A certification suite case names another agent than the one certified; PERIOD_INVALID: The period is empty, reversed, too long or in the future; BUCKET_INVALID: The bucket size does not fit the period or its grain */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description INTERNAL: Internal gateway error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description LEDGER_UNAVAILABLE: The audit ledger cannot record right now; SIDECAR_OVERLOADED: The sidecar is at the bound of its memory budget; RATE_LIMIT_UNAVAILABLE: The shared rate limiter cannot decide right now; AUTH_UNAVAILABLE: Credentials cannot be checked right now; CONSOLE_NOT_BUILT: The web console has not been built; SSO_IDP_UNAVAILABLE: The identity provider's metadata cannot be read right now */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    postV1TeamMembers: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["TeamMemberRequest"];
            };
        };
        responses: {
            /** @description The member */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TeamMember"];
                };
            };
            /** @description INVALID_JSON: Request body is not valid JSON; MALFORMED_REQUEST: The request is not well-formed HTTP; REQUEST_INCOMPLETE: The request body ended before it was complete; UNKNOWN_QUERY_PARAMETER: The route does not take this query parameter; TOOL_NOT_IDENTIFIED: The sidecar cannot tell which tool this request calls; PROXY_PATH_REJECTED: The proxied path is not allowed; ADMISSION_REVIEW_INVALID: The request is not an admission.k8s.io/v1 AdmissionReview of a Pod; SSO_RELAY_STATE_INVALID: The return path is not a same-origin relative path; SSO_RESPONSE_MALFORMED: The SAML response is not well-formed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description UNAUTHENTICATED: Missing or invalid credentials; SSO_SIGNATURE_INVALID: The SAML assertion is not validly signed by the identity provider; SSO_ASSERTION_INVALID: The SAML assertion is not for this service provider; SSO_ASSERTION_EXPIRED: The SAML assertion is outside its validity window; SSO_REPLAYED: The SAML assertion was already used; SSO_UNSOLICITED: The SAML response answers no sign-in this gateway started; SSO_BROWSER_MISMATCH: The SAML response answers a sign-in started in another browser; SSO_IDP_ERROR: The identity provider did not sign the person in; SSO_SESSION_REQUIRED: No live single sign-on session */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description FORBIDDEN: Your tier does not allow this capability; SELF_REVIEW_FORBIDDEN: The principal that made a call may not review it; TOOL_CALL_BLOCKED: Governance blocked this tool call; TOOL_RESULT_BLOCKED: Governance withheld this tool result; DESTINATION_NOT_ALLOWED: The sidecar does not proxy to this destination; UPGRADE_REFUSED: Governed routes do not accept protocol upgrades; CSRF_REJECTED: A state-changing request with the session cookie lacks CSRF proof; ROLE_REQUIRED: Your roles do not allow this action; AGENT_OUT_OF_SCOPE: This credential is bound to another agent; TEAM_FORBIDDEN: This credential may not act on that team; TIER_TOO_HIGH: A key may not get a higher tier than its creator; REPORT_SCOPE_FORBIDDEN: Your credential may not report on this scope */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description ALREADY_RESOLVED: This review item is already resolved; NOT_IN_REVIEW: This record is not in the review queue; REVIEW_CONFLICT: The review item changed while you acted on it; REVIEW_CLAIMED: Another reviewer holds this review item; REVIEW_NOT_CLAIMED: This review item is not claimed by you; GRANT_REVOKED: This approval grant is already revoked; NOT_DECIDABLE: This record carries no decision to re-run; IDEMPOTENCY_CONFLICT: This pre-check already has a post-check for a different request; POLICY_VERSION_MISMATCH: Certification is only against the policy version in force; DELIVERY_NOT_RETRYABLE: Only a dead or failed webhook delivery can be retried; MEMBER_EXISTS: This person is already a member of the team; KEY_ALREADY_REVOKED: This API key is already revoked; AUTH_DISABLED: Team management needs AUTH_ENABLED=true; REPORT_NOT_READY: The report is not ready */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description JSON_TOO_MANY_VALUES: The JSON document holds too many values; PAYLOAD_TOO_LARGE: Request body is too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: Request body must be application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description JSON_DUPLICATE_KEY: A JSON member name appears more than once; JSON_NUMBER_INEXACT: A JSON number cannot be read exactly; JSON_TOO_DEEP: The JSON document nests too deeply; JSON_INVALID_STRING: A JSON string is not valid Unicode text; JSON_RESERVED_KEY: A JSON member name is reserved; VALIDATION_FAILED: Request does not match the schema; POLICY_INVALID: The policy bundle in the request is invalid; SUITE_AGENT_MISMATCH: A certification suite case names another agent than the one certified; PERIOD_INVALID: The period is empty, reversed, too long or in the future; BUCKET_INVALID: The bucket size does not fit the period or its grain */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description INTERNAL: Internal gateway error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description LEDGER_UNAVAILABLE: The audit ledger cannot record right now; SIDECAR_OVERLOADED: The sidecar is at the bound of its memory budget; RATE_LIMIT_UNAVAILABLE: The shared rate limiter cannot decide right now; AUTH_UNAVAILABLE: Credentials cannot be checked right now; CONSOLE_NOT_BUILT: The web console has not been built; SSO_IDP_UNAVAILABLE: The identity provider's metadata cannot be read right now */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    deleteV1TeamMembersId: {
        parameters: {
            query?: {
                /** @description The team (default: the caller's own). */
                team?: string;
            };
            header?: never;
            path: {
                /** @description The member id. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The member as it was */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TeamMember"];
                };
            };
            /** @description UNAUTHENTICATED: Missing or invalid credentials; SSO_SIGNATURE_INVALID: The SAML assertion is not validly signed by the identity provider; SSO_ASSERTION_INVALID: The SAML assertion is not for this service provider; SSO_ASSERTION_EXPIRED: The SAML assertion is outside its validity window; SSO_REPLAYED: The SAML assertion was already used; SSO_UNSOLICITED: The SAML response answers no sign-in this gateway started; SSO_BROWSER_MISMATCH: The SAML response answers a sign-in started in another browser; SSO_IDP_ERROR: The identity provider did not sign the person in; SSO_SESSION_REQUIRED: No live single sign-on session */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description FORBIDDEN: Your tier does not allow this capability; SELF_REVIEW_FORBIDDEN: The principal that made a call may not review it; TOOL_CALL_BLOCKED: Governance blocked this tool call; TOOL_RESULT_BLOCKED: Governance withheld this tool result; DESTINATION_NOT_ALLOWED: The sidecar does not proxy to this destination; UPGRADE_REFUSED: Governed routes do not accept protocol upgrades; CSRF_REJECTED: A state-changing request with the session cookie lacks CSRF proof; ROLE_REQUIRED: Your roles do not allow this action; AGENT_OUT_OF_SCOPE: This credential is bound to another agent; TEAM_FORBIDDEN: This credential may not act on that team; TIER_TOO_HIGH: A key may not get a higher tier than its creator; REPORT_SCOPE_FORBIDDEN: Your credential may not report on this scope */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description ROUTE_NOT_FOUND: No such route; ENVELOPE_NOT_FOUND: Unknown envelope id; GRANT_NOT_FOUND: Unknown approval grant; CERTIFICATE_NOT_FOUND: No such certificate; DELIVERY_NOT_FOUND: Unknown webhook delivery; SSO_NOT_CONFIGURED: Single sign-on is not configured on this gateway; MEMBER_NOT_FOUND: No such team member; KEY_NOT_FOUND: No such API key; ALERT_NOT_FOUND: Unknown alert id; REPORT_NOT_FOUND: No such report; REPORT_FORMAT_NOT_GENERATED: This report was not generated in that format */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description ALREADY_RESOLVED: This review item is already resolved; NOT_IN_REVIEW: This record is not in the review queue; REVIEW_CONFLICT: The review item changed while you acted on it; REVIEW_CLAIMED: Another reviewer holds this review item; REVIEW_NOT_CLAIMED: This review item is not claimed by you; GRANT_REVOKED: This approval grant is already revoked; NOT_DECIDABLE: This record carries no decision to re-run; IDEMPOTENCY_CONFLICT: This pre-check already has a post-check for a different request; POLICY_VERSION_MISMATCH: Certification is only against the policy version in force; DELIVERY_NOT_RETRYABLE: Only a dead or failed webhook delivery can be retried; MEMBER_EXISTS: This person is already a member of the team; KEY_ALREADY_REVOKED: This API key is already revoked; AUTH_DISABLED: Team management needs AUTH_ENABLED=true; REPORT_NOT_READY: The report is not ready */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description JSON_DUPLICATE_KEY: A JSON member name appears more than once; JSON_NUMBER_INEXACT: A JSON number cannot be read exactly; JSON_TOO_DEEP: The JSON document nests too deeply; JSON_INVALID_STRING: A JSON string is not valid Unicode text; JSON_RESERVED_KEY: A JSON member name is reserved; VALIDATION_FAILED: Request does not match the schema; POLICY_INVALID: The policy bundle in the request is invalid; SUITE_AGENT_MISMATCH: A certification suite case names another agent than the one certified; PERIOD_INVALID: The period is empty, reversed, too long or in the future; BUCKET_INVALID: The bucket size does not fit the period or its grain */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description INTERNAL: Internal gateway error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description LEDGER_UNAVAILABLE: The audit ledger cannot record right now; SIDECAR_OVERLOADED: The sidecar is at the bound of its memory budget; RATE_LIMIT_UNAVAILABLE: The shared rate limiter cannot decide right now; AUTH_UNAVAILABLE: Credentials cannot be checked right now; CONSOLE_NOT_BUILT: The web console has not been built; SSO_IDP_UNAVAILABLE: The identity provider's metadata cannot be read right now */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    patchV1TeamMembersId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The member id. */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["TeamMemberPatch"];
            };
        };
        responses: {
            /** @description The member */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TeamMember"];
                };
            };
            /** @description INVALID_JSON: Request body is not valid JSON; MALFORMED_REQUEST: The request is not well-formed HTTP; REQUEST_INCOMPLETE: The request body ended before it was complete; UNKNOWN_QUERY_PARAMETER: The route does not take this query parameter; TOOL_NOT_IDENTIFIED: The sidecar cannot tell which tool this request calls; PROXY_PATH_REJECTED: The proxied path is not allowed; ADMISSION_REVIEW_INVALID: The request is not an admission.k8s.io/v1 AdmissionReview of a Pod; SSO_RELAY_STATE_INVALID: The return path is not a same-origin relative path; SSO_RESPONSE_MALFORMED: The SAML response is not well-formed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description UNAUTHENTICATED: Missing or invalid credentials; SSO_SIGNATURE_INVALID: The SAML assertion is not validly signed by the identity provider; SSO_ASSERTION_INVALID: The SAML assertion is not for this service provider; SSO_ASSERTION_EXPIRED: The SAML assertion is outside its validity window; SSO_REPLAYED: The SAML assertion was already used; SSO_UNSOLICITED: The SAML response answers no sign-in this gateway started; SSO_BROWSER_MISMATCH: The SAML response answers a sign-in started in another browser; SSO_IDP_ERROR: The identity provider did not sign the person in; SSO_SESSION_REQUIRED: No live single sign-on session */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description FORBIDDEN: Your tier does not allow this capability; SELF_REVIEW_FORBIDDEN: The principal that made a call may not review it; TOOL_CALL_BLOCKED: Governance blocked this tool call; TOOL_RESULT_BLOCKED: Governance withheld this tool result; DESTINATION_NOT_ALLOWED: The sidecar does not proxy to this destination; UPGRADE_REFUSED: Governed routes do not accept protocol upgrades; CSRF_REJECTED: A state-changing request with the session cookie lacks CSRF proof; ROLE_REQUIRED: Your roles do not allow this action; AGENT_OUT_OF_SCOPE: This credential is bound to another agent; TEAM_FORBIDDEN: This credential may not act on that team; TIER_TOO_HIGH: A key may not get a higher tier than its creator; REPORT_SCOPE_FORBIDDEN: Your credential may not report on this scope */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description ROUTE_NOT_FOUND: No such route; ENVELOPE_NOT_FOUND: Unknown envelope id; GRANT_NOT_FOUND: Unknown approval grant; CERTIFICATE_NOT_FOUND: No such certificate; DELIVERY_NOT_FOUND: Unknown webhook delivery; SSO_NOT_CONFIGURED: Single sign-on is not configured on this gateway; MEMBER_NOT_FOUND: No such team member; KEY_NOT_FOUND: No such API key; ALERT_NOT_FOUND: Unknown alert id; REPORT_NOT_FOUND: No such report; REPORT_FORMAT_NOT_GENERATED: This report was not generated in that format */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description ALREADY_RESOLVED: This review item is already resolved; NOT_IN_REVIEW: This record is not in the review queue; REVIEW_CONFLICT: The review item changed while you acted on it; REVIEW_CLAIMED: Another reviewer holds this review item; REVIEW_NOT_CLAIMED: This review item is not claimed by you; GRANT_REVOKED: This approval grant is already revoked; NOT_DECIDABLE: This record carries no decision to re-run; IDEMPOTENCY_CONFLICT: This pre-check already has a post-check for a different request; POLICY_VERSION_MISMATCH: Certification is only against the policy version in force; DELIVERY_NOT_RETRYABLE: Only a dead or failed webhook delivery can be retried; MEMBER_EXISTS: This person is already a member of the team; KEY_ALREADY_REVOKED: This API key is already revoked; AUTH_DISABLED: Team management needs AUTH_ENABLED=true; REPORT_NOT_READY: The report is not ready */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description JSON_TOO_MANY_VALUES: The JSON document holds too many values; PAYLOAD_TOO_LARGE: Request body is too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: Request body must be application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description JSON_DUPLICATE_KEY: A JSON member name appears more than once; JSON_NUMBER_INEXACT: A JSON number cannot be read exactly; JSON_TOO_DEEP: The JSON document nests too deeply; JSON_INVALID_STRING: A JSON string is not valid Unicode text; JSON_RESERVED_KEY: A JSON member name is reserved; VALIDATION_FAILED: Request does not match the schema; POLICY_INVALID: The policy bundle in the request is invalid; SUITE_AGENT_MISMATCH: A certification suite case names another agent than the one certified; PERIOD_INVALID: The period is empty, reversed, too long or in the future; BUCKET_INVALID: The bucket size does not fit the period or its grain */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description INTERNAL: Internal gateway error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description LEDGER_UNAVAILABLE: The audit ledger cannot record right now; SIDECAR_OVERLOADED: The sidecar is at the bound of its memory budget; RATE_LIMIT_UNAVAILABLE: The shared rate limiter cannot decide right now; AUTH_UNAVAILABLE: Credentials cannot be checked right now; CONSOLE_NOT_BUILT: The web console has not been built; SSO_IDP_UNAVAILABLE: The identity provider's metadata cannot be read right now */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getV1TeamUsage: {
        parameters: {
            query?: {
                /** @description Start (ISO-8601, inclusive); default 30 days before `to`. */
                from?: string;
                /** @description The team (default: the caller's own). */
                team?: string;
                /** @description End (ISO-8601, exclusive); default now. */
                to?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The counts */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TeamUsage"];
                };
            };
            /** @description INVALID_JSON: Request body is not valid JSON; MALFORMED_REQUEST: The request is not well-formed HTTP; REQUEST_INCOMPLETE: The request body ended before it was complete; UNKNOWN_QUERY_PARAMETER: The route does not take this query parameter; TOOL_NOT_IDENTIFIED: The sidecar cannot tell which tool this request calls; PROXY_PATH_REJECTED: The proxied path is not allowed; ADMISSION_REVIEW_INVALID: The request is not an admission.k8s.io/v1 AdmissionReview of a Pod; SSO_RELAY_STATE_INVALID: The return path is not a same-origin relative path; SSO_RESPONSE_MALFORMED: The SAML response is not well-formed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description UNAUTHENTICATED: Missing or invalid credentials; SSO_SIGNATURE_INVALID: The SAML assertion is not validly signed by the identity provider; SSO_ASSERTION_INVALID: The SAML assertion is not for this service provider; SSO_ASSERTION_EXPIRED: The SAML assertion is outside its validity window; SSO_REPLAYED: The SAML assertion was already used; SSO_UNSOLICITED: The SAML response answers no sign-in this gateway started; SSO_BROWSER_MISMATCH: The SAML response answers a sign-in started in another browser; SSO_IDP_ERROR: The identity provider did not sign the person in; SSO_SESSION_REQUIRED: No live single sign-on session */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description FORBIDDEN: Your tier does not allow this capability; SELF_REVIEW_FORBIDDEN: The principal that made a call may not review it; TOOL_CALL_BLOCKED: Governance blocked this tool call; TOOL_RESULT_BLOCKED: Governance withheld this tool result; DESTINATION_NOT_ALLOWED: The sidecar does not proxy to this destination; UPGRADE_REFUSED: Governed routes do not accept protocol upgrades; CSRF_REJECTED: A state-changing request with the session cookie lacks CSRF proof; ROLE_REQUIRED: Your roles do not allow this action; AGENT_OUT_OF_SCOPE: This credential is bound to another agent; TEAM_FORBIDDEN: This credential may not act on that team; TIER_TOO_HIGH: A key may not get a higher tier than its creator; REPORT_SCOPE_FORBIDDEN: Your credential may not report on this scope */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description ALREADY_RESOLVED: This review item is already resolved; NOT_IN_REVIEW: This record is not in the review queue; REVIEW_CONFLICT: The review item changed while you acted on it; REVIEW_CLAIMED: Another reviewer holds this review item; REVIEW_NOT_CLAIMED: This review item is not claimed by you; GRANT_REVOKED: This approval grant is already revoked; NOT_DECIDABLE: This record carries no decision to re-run; IDEMPOTENCY_CONFLICT: This pre-check already has a post-check for a different request; POLICY_VERSION_MISMATCH: Certification is only against the policy version in force; DELIVERY_NOT_RETRYABLE: Only a dead or failed webhook delivery can be retried; MEMBER_EXISTS: This person is already a member of the team; KEY_ALREADY_REVOKED: This API key is already revoked; AUTH_DISABLED: Team management needs AUTH_ENABLED=true; REPORT_NOT_READY: The report is not ready */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description JSON_DUPLICATE_KEY: A JSON member name appears more than once; JSON_NUMBER_INEXACT: A JSON number cannot be read exactly; JSON_TOO_DEEP: The JSON document nests too deeply; JSON_INVALID_STRING: A JSON string is not valid Unicode text; JSON_RESERVED_KEY: A JSON member name is reserved; VALIDATION_FAILED: Request does not match the schema; POLICY_INVALID: The policy bundle in the request is invalid; SUITE_AGENT_MISMATCH: A certification suite case names another agent than the one certified; PERIOD_INVALID: The period is empty, reversed, too long or in the future; BUCKET_INVALID: The bucket size does not fit the period or its grain */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description INTERNAL: Internal gateway error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description LEDGER_UNAVAILABLE: The audit ledger cannot record right now; SIDECAR_OVERLOADED: The sidecar is at the bound of its memory budget; RATE_LIMIT_UNAVAILABLE: The shared rate limiter cannot decide right now; AUTH_UNAVAILABLE: Credentials cannot be checked right now; CONSOLE_NOT_BUILT: The web console has not been built; SSO_IDP_UNAVAILABLE: The identity provider's metadata cannot be read right now */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
}
