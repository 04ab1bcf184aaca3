-- The merchant's re-enabling of an endpoint, as the webhook sender reads it (docs/architecture.md, "Tables and their
-- writers"): the sender keeps each endpoint's delivery health in its own table, stamped with the generation it was
-- written under, and a health row counts only while its generation is the endpoint's. PATCH disabled=false on a
-- disabled endpoint adds one, which ends the sender's failing streak and its disabling without writing its table.
ALTER TABLE webhook_endpoints ADD COLUMN health_generation bigint NOT NULL DEFAULT 0 CHECK (health_generation >= 0);
