-- The webhook sender's own tables (docs/architecture.md, "Tables and their writers"): each endpoint's delivery health,
-- written by its attempts, and the USDT companion's merchant and endpoints, which are the sender's configuration.
-- Until now the sender wrote both into the gateway's webhook_endpoints and merchants; this copies them over, keeping
-- every id, and V11 (the gateway's) removes what the gateway's tables no longer hold.

-- generation: the endpoint's health_generation when the row was written; a row of an older generation no longer
-- counts (the merchant re-enabled the endpoint since) and the sender's next attempt starts the row afresh.
-- failing_since: the first failed attempt since the last success; 5 days of it (BILLING_WEBHOOKS_DISABLE_AFTER)
-- disable the endpoint with disabled_reason 'failing_for_5_days', a 410 Gone at once with 'gone'.
-- No reference to webhook_endpoints: the companion's endpoints have health rows too.
CREATE TABLE webhook_endpoint_health (
    endpoint_id     text COLLATE "C" PRIMARY KEY,
    generation      bigint      NOT NULL CHECK (generation >= 0),
    failing_since   timestamptz,
    disabled_reason text CHECK (disabled_reason IN ('gone', 'failing_for_5_days')),
    disabled_at     timestamptz,
    CHECK ((disabled_reason IS NULL) = (disabled_at IS NULL))
);

-- The streaks under way, and the endpoints the sender disabled (their disabled column stays as the gateway's,
-- which shows the same; a re-enable clears both).
INSERT INTO webhook_endpoint_health (endpoint_id, generation, failing_since, disabled_reason, disabled_at)
SELECT id, 0, failing_since,
       CASE WHEN disabled AND disabled_reason IN ('gone', 'failing_for_5_days') THEN disabled_reason END,
       CASE WHEN disabled AND disabled_reason IN ('gone', 'failing_for_5_days') THEN updated_at END
FROM webhook_endpoints
WHERE failing_since IS NOT NULL OR (disabled AND disabled_reason IN ('gone', 'failing_for_5_days'));

-- The internal merchant that owns the companion's events and deliveries, found by its tag at every start.
CREATE TABLE companion_merchants (
    bootstrap_tag text PRIMARY KEY,
    id            text COLLATE "C" NOT NULL UNIQUE,
    name          text        NOT NULL,
    created_at    timestamptz NOT NULL
);

-- One row per configured URL; the secret is sealed for its row as in webhook_endpoints (V8). A URL no longer
-- configured is marked deleted, kept for the delivery log.
CREATE TABLE companion_endpoints (
    id          text COLLATE "C" PRIMARY KEY,
    merchant_id text COLLATE "C" NOT NULL REFERENCES companion_merchants (id),
    mode        text        NOT NULL CHECK (mode IN ('test', 'live')),
    url         text        NOT NULL CHECK (length(url) <= 2048),
    description text,
    secret      text        NOT NULL CHECK (secret LIKE 'whsec\_%' OR secret ~ '^v1:[A-Za-z0-9_-]{1,32}:[A-Za-z0-9+/]+={0,2}$'),
    created_at  timestamptz NOT NULL,
    updated_at  timestamptz NOT NULL,
    deleted_at  timestamptz
);
CREATE INDEX companion_endpoints_merchant_mode_url ON companion_endpoints (merchant_id, mode, url) WHERE deleted_at IS NULL;

INSERT INTO companion_merchants (bootstrap_tag, id, name, created_at)
SELECT bootstrap_tag, id, name, created_at FROM merchants WHERE bootstrap_tag = 'usdt-companion';

INSERT INTO companion_endpoints (id, merchant_id, mode, url, description, secret, created_at, updated_at, deleted_at)
SELECT e.id, e.merchant_id, e.mode, e.url, e.description, e.secret, e.created_at, e.updated_at, e.deleted_at
FROM webhook_endpoints e JOIN companion_merchants c ON c.id = e.merchant_id;

-- An attempt's endpoint is a merchant's or the companion's now: a foreign key references one table, so a trigger
-- keeps what it checked, that a logged attempt names an endpoint (refused as a foreign key violation, as before).
ALTER TABLE webhook_delivery_attempts DROP CONSTRAINT webhook_delivery_attempts_endpoint_id_fkey;
CREATE FUNCTION webhook_delivery_attempts_endpoint_exists() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF NOT EXISTS (SELECT 1 FROM webhook_endpoints WHERE id = NEW.endpoint_id)
            AND NOT EXISTS (SELECT 1 FROM companion_endpoints WHERE id = NEW.endpoint_id) THEN
        RAISE EXCEPTION 'webhook_delivery_attempts.endpoint_id % names no endpoint', NEW.endpoint_id
            USING ERRCODE = 'foreign_key_violation';
    END IF;
    RETURN NEW;
END
$$;
CREATE TRIGGER webhook_delivery_attempts_endpoint_exists BEFORE INSERT OR UPDATE OF endpoint_id
    ON webhook_delivery_attempts FOR EACH ROW EXECUTE FUNCTION webhook_delivery_attempts_endpoint_exists();

-- What the sender delivers to: every endpoint with its health applied. Disabled when the merchant's switch or the
-- sender's health (of the endpoint's current generation) says so, with the merchant's reason first; the gateway
-- reads the same way (WebhookEndpoint in api-gateway).
CREATE VIEW delivery_endpoints AS
SELECT e.id, e.merchant_id, e.mode, e.url, e.enabled_events, e.secret, e.previous_secret,
       e.previous_secret_expires_at,
       e.disabled OR h.disabled_reason IS NOT NULL AS disabled,
       CASE WHEN e.disabled THEN e.disabled_reason ELSE h.disabled_reason END AS disabled_reason,
       e.health_generation AS generation, e.deleted_at
FROM webhook_endpoints e
LEFT JOIN webhook_endpoint_health h ON h.endpoint_id = e.id AND h.generation = e.health_generation
UNION ALL
SELECT c.id, c.merchant_id, c.mode, c.url, '{}'::text[], c.secret, NULL::text, NULL::timestamptz,
       h.disabled_reason IS NOT NULL, h.disabled_reason, 0::bigint, c.deleted_at
FROM companion_endpoints c
LEFT JOIN webhook_endpoint_health h ON h.endpoint_id = c.id AND h.generation = 0;
