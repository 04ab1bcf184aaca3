package io.abk.billing.gateway.controlplane.merchant;

import io.abk.billing.schemas.render.ApiJson;
import java.util.LinkedHashMap;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/** A merchant as the operator API shows it. */
public final class MerchantJson {

    private MerchantJson() {}

    public static Map<String, @Nullable Object> merchant(Merchant m) {
        var json = new LinkedHashMap<String, @Nullable Object>();
        json.put("id", m.id());
        json.put("name", m.name());
        json.put("displayName", m.displayName());
        json.put("payoutAddressEvm", m.payoutAddressEvm());
        json.put("brandName", m.brand().brandName());
        json.put("accentColor", m.brand().accentColor());
        json.put("logoPath", m.brand().logoPath(m.id()));
        json.put("createdAt", ApiJson.timestamp(m.createdAt()));
        json.put("updatedAt", ApiJson.timestamp(m.updatedAt()));
        json.put("requireTotp", m.requireTotp());
        json.put("invoicePrefix", m.invoicePrefix());
        return json;
    }
}
