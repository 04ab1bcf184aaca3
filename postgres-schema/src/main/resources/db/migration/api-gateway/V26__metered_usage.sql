-- Metered usage: meters, metered prices and the usage read model of GET /v1/subscriptions/{id}/usage.
--
-- A meter says how a merchant's usage events of one event name aggregate per period: sum of their values, their
-- count, or the largest value. Like products and prices it lives here only (no aggregate, no topic): the gateway
-- reads it to validate meter events and to resolve a metered price into a subscription item. One meter per event
-- name within a merchant and mode; a meter is deactivated, never deleted, so a price naming it keeps its meaning.
CREATE TABLE meters (
    id           text COLLATE "C" PRIMARY KEY,
    merchant_id  text COLLATE "C" NOT NULL REFERENCES merchants (id),
    mode         text        NOT NULL CHECK (mode IN ('test', 'live')),
    event_name   text COLLATE "C" NOT NULL,
    aggregation  text        NOT NULL CHECK (aggregation IN ('sum', 'count', 'max')),
    display_name text,
    -- The name of the number in an event's payload that is its value.
    value_key    text        NOT NULL DEFAULT 'value',
    status       text        NOT NULL CHECK (status IN ('active', 'inactive')),
    created_at   timestamptz NOT NULL,
    updated_at   timestamptz NOT NULL,
    UNIQUE (merchant_id, mode, event_name),
    -- Target of the prices' composite key, so a price can never name another tenant's meter.
    UNIQUE (id, merchant_id, mode)
);
CREATE INDEX meters_merchant_mode_id ON meters (merchant_id, mode, id DESC);

-- A price is licensed (a fixed amount per period, as every price before) or metered: priced per unit of its meter's
-- quantity in a period, at amount_micros per unit or by graduated tiers
-- ([{"upTo": n|null, "unitAmountMicros": n, "flatAmountMicros": n}], the last upTo null). A tiered price keeps
-- amount_micros 0.
ALTER TABLE prices
    ADD COLUMN usage_type text NOT NULL DEFAULT 'licensed' CHECK (usage_type IN ('licensed', 'metered')),
    ADD COLUMN meter_id   text COLLATE "C",
    ADD COLUMN tiers      jsonb;
ALTER TABLE prices DROP CONSTRAINT prices_amount_micros_check;
ALTER TABLE prices
    ADD CONSTRAINT prices_amount_micros_check CHECK (
        amount_micros <= 1000000000000000
        AND (amount_micros > 0 OR (tiers IS NOT NULL AND amount_micros = 0))),
    ADD CONSTRAINT prices_metered_has_meter CHECK ((usage_type = 'metered') = (meter_id IS NOT NULL)),
    ADD CONSTRAINT prices_tiers_metered CHECK (tiers IS NULL OR usage_type = 'metered'),
    ADD CONSTRAINT prices_metered_recurring CHECK (usage_type = 'licensed' OR "interval" <> 'once'),
    ADD CONSTRAINT prices_meter FOREIGN KEY (meter_id, merchant_id, mode) REFERENCES meters (id, merchant_id, mode);

-- Each subscription's usage so far in its open period, projected from billing.usage-summaries (compacted, keyed by
-- subscription id): items is the summary's [{"itemId", "meterId", "quantity", "eventCount"}]. A summary older than
-- the row (as_of) never overwrites it.
CREATE TABLE subscription_usage (
    subscription_id text COLLATE "C" PRIMARY KEY,
    merchant_id     text COLLATE "C" NOT NULL,
    mode            text        NOT NULL CHECK (mode IN ('test', 'live')),
    customer_id     text COLLATE "C" NOT NULL,
    period_start    timestamptz NOT NULL,
    period_end      timestamptz NOT NULL,
    as_of           timestamptz NOT NULL,
    items           jsonb       NOT NULL,
    projected_at    timestamptz NOT NULL DEFAULT now()
);
