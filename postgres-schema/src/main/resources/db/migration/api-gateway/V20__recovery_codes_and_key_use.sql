-- A member's one-time recovery codes: ten, made when their second factor is confirmed (and again on request, which
-- voids the set before), each usable once in place of an authenticator's code. Only each code's SHA-256 is kept: a
-- code is 60 random bits, so a hash is no shortcut to it, and the hash can be looked up by the index, so that one
-- UPDATE .. WHERE used_at IS NULL uses a code up and two sign-ins with one code cannot both pass.
CREATE TABLE merchant_user_recovery_codes (
    user_id    text COLLATE "C" NOT NULL REFERENCES merchant_users (id) ON DELETE CASCADE,
    code_hash  bytea       NOT NULL CHECK (octet_length(code_hash) = 32),
    created_at timestamptz NOT NULL,
    used_at    timestamptz,
    PRIMARY KEY (user_id, code_hash)
);

-- When an API key last authenticated a request, to the minute: the gateway records a key's use in memory and writes
-- it at most once a minute per key, never once per request.
ALTER TABLE api_keys
    ADD COLUMN last_used_at timestamptz;
