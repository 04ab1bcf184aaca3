-- What the webhook sender wrote into the gateway's table now lives in its own (V10): the start of an endpoint's
-- failing streak moved to webhook_endpoint_health, and the USDT companion's endpoints to companion_endpoints.
-- The companion merchant's row in merchants stays: nothing reads it, and removing a merchant is no migration's call.
DELETE FROM webhook_endpoints
WHERE merchant_id IN (SELECT id FROM merchants WHERE bootstrap_tag = 'usdt-companion');
ALTER TABLE webhook_endpoints DROP COLUMN failing_since;
