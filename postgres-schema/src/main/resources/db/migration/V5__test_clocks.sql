-- Issue 6: one test clock per merchant (DESIGN section 13). No row: the clock was never set (test mode follows
-- the wall clock). frozen_at null: back on the wall clock. version grows by one with every change and is
-- published with the TestClock record on billing.test-clocks, so readers keep the newest.
CREATE TABLE test_clocks (
    merchant_id text COLLATE "C" PRIMARY KEY REFERENCES merchants (id),
    frozen_at   timestamptz,
    version     bigint      NOT NULL CHECK (version >= 0),
    created_at  timestamptz NOT NULL,
    updated_at  timestamptz NOT NULL
);
