-- Issue 5: the merchant's webhook endpoints (DESIGN section 11), per merchant and mode.
--
-- enabled_events: the event types to deliver; empty means all of them ('*' in the API).
-- secret / previous_secret: the whsec_ signing secrets, stored as given because the sender must sign with them
-- (they are HMAC keys, not passwords: a hash would be useless). Encryption at rest is a follow-up.
-- previous_secret signs too until previous_secret_expires_at (the rotation overlap).
-- deleted_at: a deleted endpoint is kept for the delivery log but is never shown or delivered to again.
CREATE TABLE webhook_endpoints (
    id                         text COLLATE "C" PRIMARY KEY,
    merchant_id                text COLLATE "C" NOT NULL REFERENCES merchants (id),
    mode                       text        NOT NULL CHECK (mode IN ('test', 'live')),
    url                        text        NOT NULL CHECK (length(url) <= 2048),
    enabled_events             text[]      NOT NULL DEFAULT '{}',
    description                text,
    disabled                   boolean     NOT NULL DEFAULT false,
    disabled_reason            text,
    secret                     text        NOT NULL CHECK (secret LIKE 'whsec\_%'),
    previous_secret            text,
    previous_secret_expires_at timestamptz,
    created_at                 timestamptz NOT NULL,
    updated_at                 timestamptz NOT NULL,
    deleted_at                 timestamptz,
    CHECK ((previous_secret IS NULL) = (previous_secret_expires_at IS NULL))
);
CREATE INDEX webhook_endpoints_merchant_mode_id ON webhook_endpoints (merchant_id, mode, id DESC) WHERE deleted_at IS NULL;
