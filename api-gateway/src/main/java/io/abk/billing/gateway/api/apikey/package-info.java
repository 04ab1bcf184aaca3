/**
 * The merchant's API keys under {@code /v1/api_keys}, managed by the team's developers in the dashboard: listed,
 * created, rotated and revoked in the session's mode; an API key is refused, so a leaked key cannot mint keys.
 */
@NullMarked
package io.abk.billing.gateway.api.apikey;

import org.jspecify.annotations.NullMarked;
