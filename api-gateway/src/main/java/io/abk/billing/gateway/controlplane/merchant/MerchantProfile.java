package io.abk.billing.gateway.controlplane.merchant;

import org.jspecify.annotations.Nullable;

/** What other parts of the gateway need of a merchant: names for checkout, the default payout address. */
public record MerchantProfile(
        String id,
        String name,
        @Nullable String displayName,
        @Nullable String payoutAddressEvm) {

    public String displayNameOrName() {
        return displayName != null ? displayName : name;
    }
}
