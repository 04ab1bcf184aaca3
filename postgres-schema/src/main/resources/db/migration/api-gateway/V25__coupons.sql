-- Coupons and promotion codes in the read model, projected from billing.changes like customers (V23): body is the
-- resource exactly as the API renders it, version its aggregate's sequence (an older snapshot never overwrites a newer
-- one), status 'valid' or 'invalid' for a coupon and 'active' or 'inactive' for a code.
--
-- A coupon's id is minted by the gateway and sorts by creation time, so its list goes newest first by id. A promotion
-- code's id is derived from merchant, mode and code (PromotionCodeIds), so a lookup by code is a lookup by id and lists
-- go newest first by (created_at, id).
CREATE TABLE coupons (
    id           text COLLATE "C" PRIMARY KEY,
    merchant_id  text COLLATE "C" NOT NULL,
    mode         text NOT NULL CHECK (mode IN ('test', 'live')),
    status       text NOT NULL,
    version      bigint NOT NULL,
    created_at   timestamptz NOT NULL,
    body         json NOT NULL,
    projected_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX coupons_by_merchant ON coupons (merchant_id, mode, id DESC);

CREATE TABLE promotion_codes (
    id           text COLLATE "C" PRIMARY KEY,
    coupon_id    text COLLATE "C" NOT NULL,
    merchant_id  text COLLATE "C" NOT NULL,
    mode         text NOT NULL CHECK (mode IN ('test', 'live')),
    status       text NOT NULL,
    version      bigint NOT NULL,
    created_at   timestamptz NOT NULL,
    body         json NOT NULL,
    projected_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX promotion_codes_by_merchant ON promotion_codes (merchant_id, mode, created_at DESC, id DESC);
-- A coupon's codes (its dashboard page, the couponId filter).
CREATE INDEX promotion_codes_by_coupon ON promotion_codes (merchant_id, mode, coupon_id, created_at DESC, id DESC);

-- The subscriptions whose hosted checkout lets the customer enter a promotion code (allowPromotionCodes on create).
-- Written by the gateway when it sends the create, before the command: a row whose create was refused names no
-- subscription anyone can open. Not in Avro: only the checkout page reads it.
CREATE TABLE subscription_checkout_options (
    subscription_id        text COLLATE "C" PRIMARY KEY,
    merchant_id            text COLLATE "C" NOT NULL,
    mode                   text NOT NULL CHECK (mode IN ('test', 'live')),
    allow_promotion_codes  boolean NOT NULL,
    created_at             timestamptz NOT NULL DEFAULT now()
);
