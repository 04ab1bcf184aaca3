-- The read model projected from billing.changes, the outcomes of commands, the projector's consumer positions,
-- and the idempotency records of the /v1 write routes (DESIGN sections 4 and 8).
--
-- Ids are COLLATE "C": they sort by creation time byte-wise (Ids), and lists page by "id < cursor" newest first.
-- Nothing here references the control-plane tables of V1: the read model only ever holds what Kafka says.

-- One row per subscription, the latest snapshot the projector has seen. body is the resource exactly as the API
-- renders it (ApiJson), stored as json (not jsonb) so its keys keep the API's reading order; version is the owning aggregate's sequence at that snapshot, so an older snapshot
-- never overwrites a newer one (the upsert compares versions).
CREATE TABLE subscriptions (
    id           text COLLATE "C" PRIMARY KEY,
    merchant_id  text COLLATE "C" NOT NULL,
    mode         text NOT NULL CHECK (mode IN ('test', 'live')),
    status       text NOT NULL,
    version      bigint NOT NULL,
    created_at   timestamptz NOT NULL,
    body         json NOT NULL,
    projected_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX subscriptions_by_merchant ON subscriptions (merchant_id, mode, id DESC);
CREATE INDEX subscriptions_by_merchant_status ON subscriptions (merchant_id, mode, status, id DESC);

CREATE TABLE invoices (
    id              text COLLATE "C" PRIMARY KEY,
    subscription_id text COLLATE "C" NOT NULL,
    merchant_id     text COLLATE "C" NOT NULL,
    mode            text NOT NULL CHECK (mode IN ('test', 'live')),
    status          text NOT NULL,
    version         bigint NOT NULL,
    created_at      timestamptz NOT NULL,
    body            json NOT NULL,
    projected_at    timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX invoices_by_merchant ON invoices (merchant_id, mode, id DESC);
CREATE INDEX invoices_by_merchant_status ON invoices (merchant_id, mode, status, id DESC);
CREATE INDEX invoices_by_subscription ON invoices (merchant_id, mode, subscription_id, id DESC);

-- What became of each command (accepted with the rendered snapshots of every resource it changed, or rejected
-- with the aggregate's code and sentence). A waiting request answers from here; an idempotent retry after a
-- 503 processing_timeout finds its result here. Kept 7 days (purged by the gateway).
CREATE TABLE command_outcomes (
    command_id        text COLLATE "C" PRIMARY KEY,
    merchant_id       text COLLATE "C" NOT NULL,
    mode              text NOT NULL CHECK (mode IN ('test', 'live')),
    aggregate_type    text NOT NULL,
    aggregate_id      text COLLATE "C" NOT NULL,
    outcome           text NOT NULL CHECK (outcome IN ('accepted', 'rejected')),
    rejection_code    text,
    rejection_message text,
    snapshots         json NOT NULL DEFAULT '[]',
    recorded_at       timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX command_outcomes_recorded_at ON command_outcomes (recorded_at);

-- The projector's position in each partition: the next offset to read. Written in the same transaction as the
-- rows above, so a restart resumes exactly after the last applied change (Kafka's committed offsets are unused).
CREATE TABLE projector_offsets (
    consumer_group text NOT NULL,
    topic          text NOT NULL,
    partition      integer NOT NULL,
    next_offset    bigint NOT NULL,
    updated_at     timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (consumer_group, topic, partition)
);

-- Idempotency-Key records, scoped to merchant and mode (DESIGN section 8). A row is in_flight while its first
-- request runs (leased until locked_until, so a crashed gateway's row can be taken over) and done once a 2xx or
-- 4xx response is stored for replay. request_hash covers method, path and the canonical JSON body. created_at is
-- the request's first-seen time: with command_id it derives the ids a keyed create mints. Kept 24 hours.
CREATE TABLE idempotency_keys (
    merchant_id     text COLLATE "C" NOT NULL,
    mode            text NOT NULL CHECK (mode IN ('test', 'live')),
    key             text NOT NULL,
    method          text NOT NULL,
    path            text NOT NULL,
    request_hash    text NOT NULL,
    command_id      text COLLATE "C" NOT NULL,
    state           text NOT NULL CHECK (state IN ('in_flight', 'done')),
    response_status integer,
    response_body   text,
    locked_until    timestamptz,
    created_at      timestamptz NOT NULL,
    expires_at      timestamptz NOT NULL,
    PRIMARY KEY (merchant_id, mode, key)
);
CREATE INDEX idempotency_keys_expires_at ON idempotency_keys (expires_at);
