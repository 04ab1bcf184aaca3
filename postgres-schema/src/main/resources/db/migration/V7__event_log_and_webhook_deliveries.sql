-- Issue 5: the event log (GET /v1/events) and the webhook delivery log (GET /v1/webhook_endpoints/{id}/deliveries).
-- The webhook sender writes both; the gateway reads them and queues redeliveries.
--
-- events: every billing event the sender consumed, as its webhook payload (json keeps the exact text and key order,
-- so GET /v1/events/{id} answers the same bytes the endpoint received). Kept 30 days (the sender deletes older rows).
CREATE TABLE events (
    id           text COLLATE "C" PRIMARY KEY,
    merchant_id  text COLLATE "C" NOT NULL,
    mode         text        NOT NULL CHECK (mode IN ('test', 'live')),
    type         text        NOT NULL,
    aggregate_id text COLLATE "C" NOT NULL,
    created_at   timestamptz NOT NULL,
    payload      json        NOT NULL,
    recorded_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX events_merchant_mode_created ON events (merchant_id, mode, created_at DESC, id DESC);
CREATE INDEX events_created ON events (created_at);

-- webhook_delivery_attempts: one row per HTTP attempt (or per attempt skipped because the endpoint was disabled or
-- deleted, or its URL was refused by the SSRF guard). id is a bigserial: the list's cursor, newest first.
-- outcome: succeeded (any 2xx), failed (anything else; next_retry_at says when the next attempt is due, null when
-- none is left), skipped. latency_ms is null when no request was sent.
CREATE TABLE webhook_delivery_attempts (
    id               bigserial PRIMARY KEY,
    endpoint_id      text COLLATE "C" NOT NULL REFERENCES webhook_endpoints (id),
    merchant_id      text COLLATE "C" NOT NULL,
    mode             text        NOT NULL CHECK (mode IN ('test', 'live')),
    delivery_id      text COLLATE "C" NOT NULL,
    event_id         text COLLATE "C" NOT NULL,
    event_type       text        NOT NULL,
    attempt          integer     NOT NULL CHECK (attempt >= 1),
    redelivery       boolean     NOT NULL,
    outcome          text        NOT NULL CHECK (outcome IN ('succeeded', 'failed', 'skipped')),
    status_code      integer,
    latency_ms       integer,
    error            text,
    response_excerpt text,
    next_retry_at    timestamptz,
    attempted_at     timestamptz NOT NULL
);
CREATE INDEX webhook_delivery_attempts_endpoint ON webhook_delivery_attempts (endpoint_id, id DESC);
CREATE INDEX webhook_delivery_attempts_event ON webhook_delivery_attempts (event_id);

-- failing_since: the time of the first failed attempt since the endpoint's last success; an endpoint failing for
-- 5 days (BILLING_WEBHOOKS_DISABLE_AFTER) is disabled with disabled_reason 'failing_for_5_days'. A 410 Gone disables
-- it at once with disabled_reason 'gone'. Re-enabling it (PATCH disabled=false) clears failing_since.
ALTER TABLE webhook_endpoints ADD COLUMN failing_since timestamptz;
