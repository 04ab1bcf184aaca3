package io.abk.billing.gateway.controlplane.merchant;

import org.jspecify.annotations.Nullable;

/**
 * What other parts of the gateway need of a merchant: names and branding for checkout, the default payout address.
 */
public record MerchantProfile(
        String id,
        String name,
        @Nullable String displayName,
        @Nullable String payoutAddressEvm,
        MerchantBrand brand) {

    public String displayNameOrName() {
        return displayName != null ? displayName : name;
    }

    /** The name the checkout pages show: the brand name, else the display name, else the name. */
    public String checkoutName() {
        return brand.brandName() != null ? brand.brandName() : displayNameOrName();
    }
}
