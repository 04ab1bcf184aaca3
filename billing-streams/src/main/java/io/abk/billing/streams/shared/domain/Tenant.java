package io.abk.billing.streams.shared.domain;

import io.abk.billing.schemas.mode.Mode;

/**
 * Whose aggregate this is: the merchant and the mode of the key that created it. Never changes; every command but
 * a create must name the aggregate's own tenant, or the aggregate is as good as missing (another merchant's or mode's
 * object looks exactly like a missing one).
 */
public record Tenant(String merchantId, Mode mode) {}
