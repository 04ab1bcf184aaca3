-- A merchant's branding, as its hosted checkout pages show it: the name customers see (else the display name), the
-- accent colour of the pages' button and header rule (only #rrggbb, lower-case, ever reaches the pages' CSS), and
-- the logo's type and SHA-256, which name the logo's public, content-hashed address.
ALTER TABLE merchants
    ADD COLUMN brand_name        text CHECK (char_length(brand_name) BETWEEN 1 AND 80),
    ADD COLUMN accent_color      text CHECK (accent_color ~ '^#[0-9a-f]{6}$'),
    ADD COLUMN logo_content_type text CHECK (logo_content_type IN ('image/png', 'image/jpeg')),
    ADD COLUMN logo_sha256       text CHECK (logo_sha256 ~ '^[0-9a-f]{64}$'),
    ADD CONSTRAINT merchants_logo_whole CHECK ((logo_content_type IS NULL) = (logo_sha256 IS NULL));

-- The logo's bytes, one per merchant, apart from the merchant's row so that reading a merchant never loads them.
-- Written with the merchant's logo columns in one transaction: a row here is the logo those columns name.
CREATE TABLE merchant_logos (
    merchant_id  text COLLATE "C" PRIMARY KEY REFERENCES merchants (id),
    content_type text        NOT NULL CHECK (content_type IN ('image/png', 'image/jpeg')),
    sha256       text        NOT NULL CHECK (sha256 ~ '^[0-9a-f]{64}$'),
    -- At most 256 KiB, as the gateway accepts.
    bytes        bytea       NOT NULL CHECK (octet_length(bytes) BETWEEN 1 AND 262144),
    updated_at   timestamptz NOT NULL
);
