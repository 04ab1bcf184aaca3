-- The subscriptions section's search and a subscription's timeline stay fast at 100,000 subscriptions in a mode:
-- each query reads only the rows it shows, newest first.
--
-- Search by the merchant's reference (exact) and by the customer's wallet (any case: the API keeps the case it was
-- given, so the index holds it lower-cased and the search lower-cases what it looks for).
CREATE INDEX subscriptions_by_merchant_ref ON subscriptions (merchant_id, mode, (body ->> 'merchantRef'), id DESC);
CREATE INDEX subscriptions_by_wallet ON subscriptions (merchant_id, mode, lower(body ->> 'walletAddress'), id DESC);
-- A subscription's events (its own and its invoices': the subscription is their aggregate), newest first.
CREATE INDEX events_by_aggregate ON events (merchant_id, mode, aggregate_id, created_at DESC, id DESC);
