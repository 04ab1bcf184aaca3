-- The people of a merchant's team, who sign in to the dashboard with an email and a password. An email is one
-- person on one team: sign-in finds the user, and so the merchant, by it alone.
CREATE TABLE merchant_users (
    id             text COLLATE "C" PRIMARY KEY,
    merchant_id    text COLLATE "C" NOT NULL REFERENCES merchants (id),
    -- Lower-cased by the gateway before it is stored or looked up.
    email          text        NOT NULL UNIQUE CHECK (email = lower(email)),
    role           text        NOT NULL CHECK (role IN ('owner', 'admin', 'developer', 'viewer')),
    -- The Argon2id hash in its PHC string form ($argon2id$v=19$m=...,t=...,p=...$salt$hash); never the password.
    password_hash  text        NOT NULL CHECK (password_hash LIKE '$argon2id$%'),
    created_at     timestamptz NOT NULL,
    updated_at     timestamptz NOT NULL
);

-- A merchant's team, newest first, as every list of the control plane.
CREATE INDEX merchant_users_merchant_id ON merchant_users (merchant_id, id DESC);
