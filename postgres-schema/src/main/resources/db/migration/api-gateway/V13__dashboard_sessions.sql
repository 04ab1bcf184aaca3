-- Sign-in to the dashboard: a member's failed attempts in a row, and the lockout they lead to.
ALTER TABLE merchant_users
    ADD COLUMN failed_sign_ins integer NOT NULL DEFAULT 0 CHECK (failed_sign_ins >= 0),
    ADD COLUMN locked_until    timestamptz;

-- The dashboard's sessions, kept on the server: the cookie holds a random token, this table its SHA-256 only, so the
-- table read by someone else signs no one in. A session ends at sign-out (ended_at), after 12 hours unused
-- (last_seen_at) and 7 days after it began (created_at), whichever comes first.
CREATE TABLE dashboard_sessions (
    token_hash    bytea       PRIMARY KEY,
    user_id       text COLLATE "C" NOT NULL REFERENCES merchant_users (id),
    -- The token every state change must carry (form field or header), that a page of another site cannot read.
    csrf_token    text        NOT NULL,
    -- Which mode's data the pages show: the test/live switch.
    mode          text        NOT NULL CHECK (mode IN ('test', 'live')),
    created_at    timestamptz NOT NULL,
    last_seen_at  timestamptz NOT NULL,
    ended_at      timestamptz
);

CREATE INDEX dashboard_sessions_user ON dashboard_sessions (user_id) WHERE ended_at IS NULL;
