-- Issue 4: one-time payments and payment links in the read model, projected from billing.changes like
-- subscriptions and invoices (V2): body is the resource exactly as the API renders it, version the owning
-- aggregate's sequence (an older snapshot never overwrites a newer one).
--
-- expires_at repeats the body's expiresAt as a column: reads show a payment still stored open, or a link still
-- stored active, whose expiry has passed as expired (until the scheduler records it), and the lists' status
-- filter must agree with what the list shows, so the filter compares it with the mode's now.

CREATE TABLE payments (
    id              text COLLATE "C" PRIMARY KEY,
    payment_link_id text COLLATE "C",
    merchant_id     text COLLATE "C" NOT NULL,
    mode            text NOT NULL CHECK (mode IN ('test', 'live')),
    status          text NOT NULL,
    version         bigint NOT NULL,
    created_at      timestamptz NOT NULL,
    expires_at      timestamptz NOT NULL,
    body            json NOT NULL,
    projected_at    timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX payments_by_merchant ON payments (merchant_id, mode, id DESC);
CREATE INDEX payments_by_merchant_status ON payments (merchant_id, mode, status, id DESC);
-- The payments a link minted (a link's conversions); most payments have no link.
CREATE INDEX payments_by_link ON payments (merchant_id, mode, payment_link_id, id DESC) WHERE payment_link_id IS NOT NULL;

CREATE TABLE payment_links (
    id           text COLLATE "C" PRIMARY KEY,
    merchant_id  text COLLATE "C" NOT NULL,
    mode         text NOT NULL CHECK (mode IN ('test', 'live')),
    status       text NOT NULL,
    version      bigint NOT NULL,
    created_at   timestamptz NOT NULL,
    expires_at   timestamptz,
    body         json NOT NULL,
    projected_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX payment_links_by_merchant ON payment_links (merchant_id, mode, id DESC);
CREATE INDEX payment_links_by_merchant_status ON payment_links (merchant_id, mode, status, id DESC);
