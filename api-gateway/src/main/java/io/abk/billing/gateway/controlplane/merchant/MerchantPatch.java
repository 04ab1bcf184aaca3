package io.abk.billing.gateway.controlplane.merchant;

import io.abk.billing.gateway.platform.json.FieldChange;
import io.abk.billing.gateway.platform.json.RequestFields;
import io.abk.billing.gateway.platform.web.ApiException;
import io.abk.billing.gateway.platform.web.ErrorCodes;
import io.abk.billing.schemas.ids.InvoiceNumbers;
import java.util.Locale;
import java.util.Objects;

/**
 * A validated {@code PATCH /admin/v1/merchants/{id}} or {@code PATCH /v1/account} body: {@code null} clears the optional
 * fields.
 */
public record MerchantPatch(
        FieldChange<String> name,
        FieldChange<String> displayName,
        FieldChange<String> payoutAddressEvm,
        FieldChange<String> brandName,
        FieldChange<String> accentColor,
        FieldChange<Boolean> requireTotp,
        FieldChange<String> invoicePrefix) {

    public static MerchantPatch parse(RequestFields fields) {
        var name = fields.change("name", () -> fields.optionalString("name", MerchantRequest.MAX_NAME_LENGTH));
        if (name.given() && name.value() == null) {
            throw ApiException.invalid("name", "name cannot be cleared; give a new name or leave it out");
        }
        return new MerchantPatch(
                name,
                displayName(fields),
                payoutAddressEvm(fields),
                FieldChange.unchanged(),
                FieldChange.unchanged(),
                FieldChange.unchanged(),
                FieldChange.unchanged());
    }

    /**
     * A merchant's own change of its settings ({@code PATCH /v1/account}): the display name, the default payout
     * address and the checkout's branding (the brand name, 1 to 80 characters, and the accent colour, {@code #rrggbb},
     * kept lower-case), validated as the operator's are, the prefix of its invoice numbers, and whether the team must sign in with a second factor; the
     * name is the operator's to change, so it is not read.
     */
    public static MerchantPatch ofSettings(RequestFields fields) {
        return new MerchantPatch(
                FieldChange.unchanged(),
                displayName(fields),
                payoutAddressEvm(fields),
                fields.change(
                        "brandName", () -> fields.optionalString("brandName", MerchantBrand.MAX_BRAND_NAME_LENGTH)),
                fields.change(
                        "accentColor",
                        () -> fields.optionalString("accentColor").map(MerchantPatch::accentColor)),
                requireTotp(fields),
                fields.change(
                        "invoicePrefix",
                        () -> fields.optionalString("invoicePrefix").map(MerchantPatch::invoicePrefix)));
    }

    private static FieldChange<Boolean> requireTotp(RequestFields fields) {
        var change = fields.change("requireTotp", () -> fields.optionalBoolean("requireTotp"));
        if (change.given() && change.value() == null) {
            throw ApiException.invalid("requireTotp", "requireTotp cannot be cleared; give true or false");
        }
        return change;
    }

    /** The merchant after this change; its times are the caller's to set. */
    Merchant applyTo(Merchant current) {
        var brand = current.brand()
                .withNameAndAccent(
                        brandName.applyTo(current.brand().brandName()),
                        accentColor.applyTo(current.brand().accentColor()));
        return new Merchant(
                current.id(),
                Objects.requireNonNull(name.applyTo(current.name())),
                displayName.applyTo(current.displayName()),
                payoutAddressEvm.applyTo(current.payoutAddressEvm()),
                brand,
                current.createdAt(),
                current.updatedAt(),
                Boolean.TRUE.equals(requireTotp.applyTo(current.requireTotp())),
                invoicePrefix.applyTo(current.invoicePrefix()));
    }

    /** 3 to 12 upper-case letters and digits ({@link InvoiceNumbers#isValidPrefix}), else 400 invalid_invoice_prefix. */
    private static String invoicePrefix(String prefix) {
        if (!InvoiceNumbers.isValidPrefix(prefix)) {
            throw new ApiException(
                    400,
                    ErrorCodes.INVALID_INVOICE_PREFIX,
                    "invoicePrefix must be 3 to 12 upper-case letters and digits (A-Z, 0-9)",
                    "invoicePrefix",
                    null);
        }
        return prefix;
    }

    private static String accentColor(String text) {
        var color = text.toLowerCase(Locale.ROOT);
        if (!MerchantBrand.ACCENT_COLOR.matcher(color).matches()) {
            throw ApiException.invalid(
                    "accentColor", "accentColor must be a colour as #rrggbb (six hexadecimal digits)");
        }
        return color;
    }

    private static FieldChange<String> displayName(RequestFields fields) {
        return fields.change(
                "displayName", () -> fields.optionalString("displayName", MerchantRequest.MAX_NAME_LENGTH));
    }

    private static FieldChange<String> payoutAddressEvm(RequestFields fields) {
        return fields.change("payoutAddressEvm", () -> fields.optionalEvmAddress("payoutAddressEvm"));
    }
}
