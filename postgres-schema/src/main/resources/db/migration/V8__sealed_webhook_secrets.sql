-- Webhook signing secrets are sealed at rest (docs/operations.md, "Webhook secrets at rest"): a stored secret is
-- v1:<keyId>:<base64 of nonce, AES-GCM ciphertext and tag>, sealed under a key of BILLING_SECRETS_KEYS with the
-- endpoint's id as associated data. The key is configuration, never the database's, so this migration cannot seal the
-- rows written before: both services still open a plain whsec_ value, and the gateway seals every such row (and every
-- row sealed under a key that is no longer the active one) at its start. previous_secret follows the same rule.
ALTER TABLE webhook_endpoints DROP CONSTRAINT webhook_endpoints_secret_check;
ALTER TABLE webhook_endpoints ADD CONSTRAINT webhook_endpoints_secret_check
    CHECK (secret LIKE 'whsec\_%' OR secret ~ '^v1:[A-Za-z0-9_-]{1,32}:[A-Za-z0-9+/]+={0,2}$');
ALTER TABLE webhook_endpoints ADD CONSTRAINT webhook_endpoints_previous_secret_check
    CHECK (previous_secret IS NULL OR previous_secret LIKE 'whsec\_%'
           OR previous_secret ~ '^v1:[A-Za-z0-9_-]{1,32}:[A-Za-z0-9+/]+={0,2}$');
