-- Customers in the read model, projected from billing.changes like subscriptions (V2): body is the customer exactly as
-- the API renders it, version the customer aggregate's sequence (an older snapshot never overwrites a newer one).
--
-- A customer's id is derived from merchant, mode and wallet (CustomerIds), so it does not sort by creation time:
-- lists go newest first by (created_at, id). wallet (lower-case 0x hex, never changing) and email repeat the body's
-- fields as columns for the list filters and the lookup of a subscription's or payment's customerId.
CREATE TABLE customers (
    id           text COLLATE "C" PRIMARY KEY,
    merchant_id  text COLLATE "C" NOT NULL,
    mode         text NOT NULL CHECK (mode IN ('test', 'live')),
    wallet       text COLLATE "C" NOT NULL,
    email        text,
    version      bigint NOT NULL,
    created_at   timestamptz NOT NULL,
    body         json NOT NULL,
    projected_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX customers_by_merchant ON customers (merchant_id, mode, created_at DESC, id DESC);
-- One customer per wallet within a merchant and mode: the id says so already, the index makes the lookup one read.
CREATE INDEX customers_by_wallet ON customers (merchant_id, mode, wallet);
-- Search by email, in any case.
CREATE INDEX customers_by_email ON customers (merchant_id, mode, lower(email), created_at DESC, id DESC)
    WHERE email IS NOT NULL;
