-- Invoice numbers and the hosted invoice page (docs/architecture.md, "Invoice numbers").
--
-- A merchant's invoice prefix: null until the merchant chooses one (billing-streams then numbers under the default
-- prefix derived from the merchant id). The gateway sends each change to the invoice numbering of both modes.
ALTER TABLE merchants
    ADD COLUMN invoice_prefix text;

-- An invoice's number, when it was finalized and its hosted page's token (the last path segment of
-- hostedInvoiceUrl), derived from the body the projector writes, as V19's columns are. GET /invoice/{token} finds an
-- invoice by its token alone (no merchant, no session), through the index.
ALTER TABLE invoices
    ADD COLUMN number text GENERATED ALWAYS AS (body ->> 'number') STORED,
    ADD COLUMN finalized_at text COLLATE "C" GENERATED ALWAYS AS (body ->> 'finalizedAt') STORED,
    ADD COLUMN hosted_token text COLLATE "C"
        GENERATED ALWAYS AS (substring(body ->> 'hostedInvoiceUrl' FROM '/invoice/([A-Za-z0-9_-]+)$')) STORED;
CREATE INDEX invoices_by_hosted_token ON invoices (hosted_token) WHERE hosted_token IS NOT NULL;
