-- Invitations to join a merchant's team: the owner names an email and a role, the invitee follows a link shown once
-- and chooses a password. The link's token is random; this table keeps its SHA-256 only, so the table read by
-- someone else lets no one join. An invitation is pending until it is accepted, revoked or expires (72 hours).
CREATE TABLE merchant_invitations (
    id           text COLLATE "C" PRIMARY KEY,
    merchant_id  text COLLATE "C" NOT NULL REFERENCES merchants (id),
    -- Lower-cased by the gateway, as merchant_users.email.
    email        text        NOT NULL CHECK (email = lower(email)),
    role         text        NOT NULL CHECK (role IN ('owner', 'admin', 'developer', 'viewer')),
    token_hash   bytea       NOT NULL UNIQUE,
    -- The member who invited (usr_...); not a foreign key, so removing them keeps the record of what they did.
    created_by   text COLLATE "C" NOT NULL,
    created_at   timestamptz NOT NULL,
    expires_at   timestamptz NOT NULL,
    accepted_at  timestamptz,
    revoked_at   timestamptz,
    CHECK (accepted_at IS NULL OR revoked_at IS NULL)
);

-- A team's invitations, newest first.
CREATE INDEX merchant_invitations_merchant_id ON merchant_invitations (merchant_id, id DESC);
-- One pending invitation per email and team (expired ones aside, which the gateway finds and sets aside).
CREATE INDEX merchant_invitations_open ON merchant_invitations (merchant_id, email)
    WHERE accepted_at IS NULL AND revoked_at IS NULL;

-- A member removed from the team is signed out everywhere: their sessions go with their row.
ALTER TABLE dashboard_sessions
    DROP CONSTRAINT dashboard_sessions_user_id_fkey,
    ADD CONSTRAINT dashboard_sessions_user_id_fkey
        FOREIGN KEY (user_id) REFERENCES merchant_users (id) ON DELETE CASCADE;
