package io.abk.billing.gateway.controlplane.merchant;

import io.abk.billing.gateway.platform.json.FieldChange;
import io.abk.billing.gateway.platform.json.RequestFields;
import io.abk.billing.gateway.platform.web.ApiException;

/**
 * A validated {@code PATCH /admin/v1/merchants/{id}} or {@code PATCH /v1/account} body: {@code null} clears the optional
 * fields.
 */
public record MerchantPatch(
        FieldChange<String> name,
        FieldChange<String> displayName,
        FieldChange<String> payoutAddressEvm,
        FieldChange<Boolean> requireTotp) {

    public static MerchantPatch parse(RequestFields fields) {
        var name = fields.change("name", () -> fields.optionalString("name", MerchantRequest.MAX_NAME_LENGTH));
        if (name.given() && name.value() == null) {
            throw ApiException.invalid("name", "name cannot be cleared; give a new name or leave it out");
        }
        return new MerchantPatch(name, displayName(fields), payoutAddressEvm(fields), FieldChange.unchanged());
    }

    /**
     * A merchant's own change of its settings ({@code PATCH /v1/account}): the display name and the default payout
     * address, validated as the operator's are, and whether the team must sign in with a second factor; the name is
     * the operator's to change, so it is not read.
     */
    public static MerchantPatch ofSettings(RequestFields fields) {
        return new MerchantPatch(
                FieldChange.unchanged(), displayName(fields), payoutAddressEvm(fields), requireTotp(fields));
    }

    private static FieldChange<Boolean> requireTotp(RequestFields fields) {
        var change = fields.change("requireTotp", () -> fields.optionalBoolean("requireTotp"));
        if (change.given() && change.value() == null) {
            throw ApiException.invalid("requireTotp", "requireTotp cannot be cleared; give true or false");
        }
        return change;
    }

    private static FieldChange<String> displayName(RequestFields fields) {
        return fields.change(
                "displayName", () -> fields.optionalString("displayName", MerchantRequest.MAX_NAME_LENGTH));
    }

    private static FieldChange<String> payoutAddressEvm(RequestFields fields) {
        return fields.change("payoutAddressEvm", () -> fields.optionalEvmAddress("payoutAddressEvm"));
    }
}
