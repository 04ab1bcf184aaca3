-- The dashboard's home page (HomeFigures) adds up a mode's last 30 days; these indexes keep each of its queries to
-- the rows of that window at 100,000 subscriptions and their invoices in a mode.
--
-- Volume: invoices and payments paid in the window, by the body's paidAt (ISO-8601 in UTC with a Z, so its first ten
-- characters are the UTC day and the C collation orders it by time). The partial indexes hold only paid rows.
CREATE INDEX invoices_by_merchant_paid_at ON invoices (merchant_id, mode, ((body ->> 'paidAt') COLLATE "C"))
    WHERE body ->> 'paidAt' IS NOT NULL;
CREATE INDEX payments_by_merchant_paid_at ON payments (merchant_id, mode, ((body ->> 'paidAt') COLLATE "C"))
    WHERE body ->> 'paidAt' IS NOT NULL;
-- Failed charges: invoices whose latest charge failed (a failureCode), by when they were made.
CREATE INDEX invoices_by_merchant_failed ON invoices (merchant_id, mode, created_at)
    WHERE body ->> 'failureCode' IS NOT NULL;
-- New subscriptions: by when they were made.
CREATE INDEX subscriptions_by_merchant_created ON subscriptions (merchant_id, mode, created_at);
