-- A team member's second factor: an RFC 6238 authenticator. The secret is sealed (v1:<keyId>:..., AES-GCM under the
-- gateway's sealing keys with the member's id as associated data), never stored plain. A secret without
-- totp_enabled_at is an enrolment not yet confirmed with a code; totp_last_step is the time step of the last code
-- accepted, so a code is accepted once.
ALTER TABLE merchant_users
    ADD COLUMN totp_secret     text CHECK (totp_secret LIKE 'v1:%'),
    ADD COLUMN totp_enabled_at timestamptz,
    ADD COLUMN totp_last_step  bigint,
    ADD CONSTRAINT merchant_users_totp_enabled_has_secret CHECK (totp_enabled_at IS NULL OR totp_secret IS NOT NULL);

-- The owner's choice that every member of the team signs in with a second factor.
ALTER TABLE merchants
    ADD COLUMN require_totp boolean NOT NULL DEFAULT false;

-- A sign-in whose password was right and whose code is still to come: the cookie holds a random token, this table its
-- SHA-256 only, for five minutes. Used once: the right code deletes it.
CREATE TABLE dashboard_pending_sign_ins (
    token_hash  bytea       PRIMARY KEY,
    user_id     text COLLATE "C" NOT NULL REFERENCES merchant_users (id),
    expires_at  timestamptz NOT NULL
);

CREATE INDEX dashboard_pending_sign_ins_user ON dashboard_pending_sign_ins (user_id);
