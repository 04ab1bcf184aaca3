-- The customer portal: a customer of a merchant sees and manages what their wallet signed with that merchant, in one
-- mode. Each table keeps the SHA-256 of a token only (the link's, the session's), so the table read by someone else
-- opens no portal.

-- A portal link a merchant created for a customer's wallet (POST /v1/portal_sessions): used once, within an hour.
CREATE TABLE portal_links (
    token_hash      bytea       PRIMARY KEY,
    merchant_id     text COLLATE "C" NOT NULL,
    mode            text        NOT NULL CHECK (mode IN ('test', 'live')),
    -- Lower-case 0x hex.
    customer_wallet text        NOT NULL,
    return_url      text,
    created_at      timestamptz NOT NULL,
    expires_at      timestamptz NOT NULL,
    -- Set when the link opened a session: it opens no second one.
    used_at         timestamptz
);

-- A Sign-In with Ethereum (EIP-4361) message the portal issued: its nonce is used once, within 10 minutes, and only
-- for the exact message issued with it.
CREATE TABLE portal_sign_in_nonces (
    nonce       text COLLATE "C" PRIMARY KEY,
    merchant_id text COLLATE "C" NOT NULL,
    mode        text        NOT NULL CHECK (mode IN ('test', 'live')),
    message     text        NOT NULL,
    created_at  timestamptz NOT NULL,
    expires_at  timestamptz NOT NULL,
    used_at     timestamptz
);

-- The portal's sessions: bound to one merchant, mode and wallet; an hour long; never a dashboard session.
CREATE TABLE portal_sessions (
    token_hash  bytea       PRIMARY KEY,
    merchant_id text COLLATE "C" NOT NULL,
    mode        text        NOT NULL CHECK (mode IN ('test', 'live')),
    wallet      text        NOT NULL,
    -- The token every state change must carry (form field or header), that a page of another site cannot read.
    csrf_token  text        NOT NULL,
    return_url  text,
    created_at  timestamptz NOT NULL,
    expires_at  timestamptz NOT NULL,
    ended_at    timestamptz
);

-- The tenancy of the portal's lists: one merchant's, one mode's, one wallet's payments.
CREATE INDEX payments_by_customer_wallet ON payments (merchant_id, mode, lower(body ->> 'customerWallet'), id DESC);
