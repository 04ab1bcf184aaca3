package io.abk.billing.gateway.checkout;

import io.abk.billing.gateway.config.ChainsProperties;
import io.abk.billing.gateway.readmodel.ResourceJson;
import io.abk.billing.schemas.avro.Mode;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.JsonNode;

/**
 * What checkout shows of a one-time payment ({@code GET /checkout/pay/{id}/status} in docs/api.md, also the
 * {@code payment} of confirm's and a link open's answers): the amount, the chain and token to pay with, where to,
 * from which wallet, whose, where to go afterwards, and whether it is paid; on a mode with a chain, while it can still be
 * paid, the transfer for the wallet to send ({@link WalletCalls}), the same transfer as an EIP-681 URI for a wallet on
 * another device ({@link Eip681}), and the state of a signed transfer authorization the relayer submits. Built field by field from the API
 * object, so nothing else of it (metadata, merchant reference, e-mail, name, price and link ids) can leak.
 */
final class PayStatus {

    private PayStatus() {}

    /** @param payment the payment as the API shows it (expiry display rule applied) */
    static Map<String, @Nullable Object> of(
            JsonNode payment, Mode mode, @Nullable String merchantDisplayName, ChainsProperties chains) {
        var chain = chains.of(mode);
        var status = new LinkedHashMap<String, @Nullable Object>();
        status.put("paymentId", ResourceJson.text(payment, "id"));
        status.put("status", ResourceJson.text(payment, "status"));
        status.put("amountUsdc", payment.get("amountUsdc"));
        status.put("network", chain.name());
        status.put("chainId", chain.chainId());
        status.put("usdcAddress", chain.usdcAddress());
        CheckoutSupport.putParties(status, payment, "customerWallet", merchantDisplayName);
        status.put("paidAt", ResourceJson.text(payment, "paidAt"));
        status.put("txHash", ResourceJson.text(payment, "txHash"));
        status.put("sandbox", chains.isSandbox(mode));
        WalletNetwork.put(status, chain);
        var onChain = chains.hasChain(mode) && payable(payment);
        var micros = onChain ? WalletCalls.micros(payment.get("amountUsdc").decimalValue()) : 0L;
        var payout = String.valueOf(ResourceJson.text(payment, "payoutAddressEvm"));
        status.put(
                "walletCalls",
                onChain
                        ? WalletCalls.pay(micros, payout, merchantDisplayName, WalletNetwork.contracts(chain))
                        : List.of());
        status.put(
                "eip681Uri",
                onChain
                        ? Eip681.transfer(
                                chain.usdcAddress(),
                                chain.chainId(),
                                payout,
                                WalletCalls.baseUnits(micros, chain.usdcDecimals()))
                        : null);
        // Whether the page asks GET /checkout/pay/{id}/signing: the answer there, read from the token, decides.
        status.put("signatureSupported", onChain);
        status.put("authorization", CheckoutSupport.signed(payment, "authorization"));
        return status;
    }

    /** Open, or expired but still accepted (a transfer after the expiry pays it late); not paid nor canceled. */
    static boolean payable(JsonNode payment) {
        var status = ResourceJson.text(payment, "status");
        return "open".equals(status) || "expired".equals(status);
    }
}
