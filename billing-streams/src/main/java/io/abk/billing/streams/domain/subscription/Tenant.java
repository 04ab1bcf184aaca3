package io.abk.billing.streams.domain.subscription;

/** Whose subscription this is: the merchant and the mode of the key that created it. Never changes. */
public record Tenant(String merchantId, Mode mode) {
}
