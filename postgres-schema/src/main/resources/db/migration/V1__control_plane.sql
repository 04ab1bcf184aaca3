-- Control plane of the gateway: merchants, API keys, the catalog and the audit log (DESIGN section 5).
--
-- Every id column uses COLLATE "C": ids are ULID-style (time first, lower-case base32), so byte order is
-- creation order, and "newest first" pages are plain index scans on (merchant_id, mode, id DESC).
-- Every merchant-scoped table carries merchant_id and mode, and every query filters by both.

CREATE TABLE merchants (
    id                  text COLLATE "C" PRIMARY KEY,
    name                text        NOT NULL,
    display_name        text,
    payout_address_evm  text CHECK (payout_address_evm ~ '^0x[0-9a-fA-F]{40}$'),
    -- Marks merchants made at start from configuration ('demo'), so a restart finds rather than duplicates them.
    bootstrap_tag       text UNIQUE,
    created_at          timestamptz NOT NULL,
    updated_at          timestamptz NOT NULL
);

-- Only the SHA-256 of the full key is stored. A fast hash is right here: keys carry 32+ random base62
-- characters (>= 190 bits), so there is nothing to brute-force and a slow password hash would only cost
-- latency on every request. The unique index on the hash is the lookup path of authentication.
CREATE TABLE api_keys (
    id              text COLLATE "C" PRIMARY KEY,
    merchant_id     text COLLATE "C" NOT NULL REFERENCES merchants (id),
    mode            text        NOT NULL CHECK (mode IN ('test', 'live')),
    key_hash        bytea       NOT NULL UNIQUE CHECK (octet_length(key_hash) = 32),
    hint            text        NOT NULL,
    created_at      timestamptz NOT NULL,
    expires_at      timestamptz,
    revoked_at      timestamptz,
    rotated_from_id text COLLATE "C" REFERENCES api_keys (id)
);
CREATE INDEX api_keys_merchant_mode_id ON api_keys (merchant_id, mode, id DESC);
CREATE INDEX api_keys_merchant_id ON api_keys (merchant_id, id DESC);

CREATE TABLE products (
    id          text COLLATE "C" PRIMARY KEY,
    merchant_id text COLLATE "C" NOT NULL REFERENCES merchants (id),
    mode        text        NOT NULL CHECK (mode IN ('test', 'live')),
    name        text        NOT NULL,
    description text,
    active      boolean     NOT NULL,
    created_at  timestamptz NOT NULL,
    updated_at  timestamptz NOT NULL,
    -- Target of the prices' composite key, so a price can never hang under another tenant's product.
    UNIQUE (id, merchant_id, mode)
);
CREATE INDEX products_merchant_mode_id ON products (merchant_id, mode, id DESC);
CREATE INDEX products_merchant_mode_active_id ON products (merchant_id, mode, id DESC) WHERE active;

CREATE TABLE prices (
    id            text COLLATE "C" PRIMARY KEY,
    merchant_id   text COLLATE "C" NOT NULL,
    mode          text        NOT NULL CHECK (mode IN ('test', 'live')),
    product_id    text COLLATE "C" NOT NULL,
    -- Micro-USDC (6 decimals); the API caps amounts at 1,000,000,000 USDC.
    amount_micros bigint      NOT NULL CHECK (amount_micros > 0 AND amount_micros <= 1000000000000000),
    "interval"    text        NOT NULL CHECK ("interval" IN ('month', 'year', 'once')),
    trial_days    integer     NOT NULL DEFAULT 0 CHECK (trial_days BETWEEN 0 AND 730),
    active        boolean     NOT NULL,
    created_at    timestamptz NOT NULL,
    updated_at    timestamptz NOT NULL,
    CHECK ("interval" <> 'once' OR trial_days = 0),
    FOREIGN KEY (product_id, merchant_id, mode) REFERENCES products (id, merchant_id, mode)
);
CREATE INDEX prices_merchant_mode_id ON prices (merchant_id, mode, id DESC);
CREATE INDEX prices_product_id ON prices (product_id, id);

-- Who changed what in the control plane. Written in the same transaction as the change it describes.
-- actor: 'admin' (operator API), an API key id (merchant API) or 'bootstrap' (start-up configuration).
-- mode is set for entries about mode-scoped things (keys, catalog) and null for merchant-level ones.
CREATE TABLE audit_log (
    id          text COLLATE "C" PRIMARY KEY,
    at          timestamptz NOT NULL,
    actor       text        NOT NULL,
    action      text        NOT NULL,
    merchant_id text COLLATE "C" REFERENCES merchants (id),
    mode        text CHECK (mode IN ('test', 'live')),
    target_type text        NOT NULL,
    target_id   text COLLATE "C" NOT NULL,
    details     jsonb       NOT NULL DEFAULT '{}'::jsonb
);
CREATE INDEX audit_log_merchant_id ON audit_log (merchant_id, id DESC);
CREATE INDEX audit_log_merchant_mode_id ON audit_log (merchant_id, mode, id DESC);
