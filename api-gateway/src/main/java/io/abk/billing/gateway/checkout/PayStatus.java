package io.abk.billing.gateway.checkout;

import io.abk.billing.gateway.config.ChainsProperties;
import io.abk.billing.gateway.readmodel.ResourceJson;
import io.abk.billing.schemas.avro.Mode;
import java.util.LinkedHashMap;
import java.util.Map;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.JsonNode;

/**
 * What checkout shows of a one-time payment (DESIGN section 8, {@code GET /checkout/pay/{id}/status}, also the
 * {@code payment} of confirm's and a link open's answers): the amount, the chain and token to pay with, where to,
 * from which wallet, whose, where to go afterwards, and whether it is paid. Built field by field from the API
 * object, so nothing else of it (metadata, merchant reference, e-mail, name, price and link ids) can leak.
 */
final class PayStatus {

    private PayStatus() {
    }

    /** @param payment the payment as the API shows it (expiry display rule applied) */
    static Map<String, @Nullable Object> of(JsonNode payment, Mode mode, @Nullable String merchantDisplayName, ChainsProperties chains) {
        var chain = chains.of(mode);
        var status = new LinkedHashMap<String, @Nullable Object>();
        status.put("paymentId", ResourceJson.text(payment, "id"));
        status.put("status", ResourceJson.text(payment, "status"));
        status.put("amountUsdc", payment.get("amountUsdc"));
        status.put("network", chain.name());
        status.put("chainId", chain.chainId());
        status.put("usdcAddress", chain.usdcAddress());
        status.put("merchantPayout", ResourceJson.text(payment, "payoutAddressEvm"));
        status.put("customerWallet", ResourceJson.text(payment, "customerWallet"));
        status.put("merchantDisplayName", merchantDisplayName);
        status.put("successUrl", ResourceJson.text(payment, "successUrl"));
        status.put("cancelUrl", ResourceJson.text(payment, "cancelUrl"));
        status.put("paidAt", ResourceJson.text(payment, "paidAt"));
        status.put("txHash", ResourceJson.text(payment, "txHash"));
        status.put("sandbox", chains.isSandbox(mode));
        return status;
    }
}
