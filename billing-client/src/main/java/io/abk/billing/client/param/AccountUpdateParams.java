package io.abk.billing.client.param;

import com.fasterxml.jackson.annotation.JsonInclude;
import org.jspecify.annotations.Nullable;

/**
 * The request body {@code UpdateAccountRequest}; build it with {@link #builder()}. Fields left unset are not sent.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record AccountUpdateParams(
        @Nullable String displayName,
        @Nullable String payoutAddressEvm,
        @Nullable String brandName,
        @Nullable String accentColor,
        @Nullable Boolean requireTotp,
        @Nullable String invoicePrefix) {

    public static Builder builder() {
        return new Builder();
    }

    /** Collects the fields; {@link #build()} makes the immutable body. */
    public static final class Builder {
        private @Nullable String displayName;
        private @Nullable String payoutAddressEvm;
        private @Nullable String brandName;
        private @Nullable String accentColor;
        private @Nullable Boolean requireTotp;
        private @Nullable String invoicePrefix;

        private Builder() {}

        /** null clears it. */
        public Builder displayName(String displayName) {
            this.displayName = displayName;
            return this;
        }

        /** The default payout address; null clears it. */
        public Builder payoutAddressEvm(String payoutAddressEvm) {
            this.payoutAddressEvm = payoutAddressEvm;
            return this;
        }

        /** The name the hosted checkout pages show; null clears it (they show the display name). */
        public Builder brandName(String brandName) {
            this.brandName = brandName;
            return this;
        }

        /** The checkout pages' accent as {@code #rrggbb}, kept lower-case; null clears it. */
        public Builder accentColor(String accentColor) {
            this.accentColor = accentColor;
            return this;
        }

        /** Every team member must sign in with a second factor: the owner's, through the dashboard only (an API key is 403 {@code permission_denied}). */
        public Builder requireTotp(boolean requireTotp) {
            this.requireTotp = requireTotp;
            return this;
        }

        /**
         * The prefix of the invoice numbers assigned from now on: 3 to 12 upper-case letters and digits (else 400
         * {@code invalid_invoice_prefix}); numbers already assigned keep theirs.
         */
        public Builder invoicePrefix(String invoicePrefix) {
            this.invoicePrefix = invoicePrefix;
            return this;
        }

        public AccountUpdateParams build() {
            return new AccountUpdateParams(
                    displayName, payoutAddressEvm, brandName, accentColor, requireTotp, invoicePrefix);
        }
    }
}
