package io.abk.billing.gateway.checkout;

import static io.abk.billing.gateway.checkout.PageFrame.amount;
import static io.abk.billing.gateway.checkout.PageFrame.date;
import static io.abk.billing.gateway.checkout.PageFrame.page;
import static io.abk.billing.gateway.checkout.PageFrame.text;

import io.abk.billing.gateway.checkout.PageFrame.Root;
import io.abk.billing.gateway.readmodel.ResourceJson;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.JsonNode;

/**
 * The server-rendered checkout page of a one-time payment: whom, how much, for what, where it stands, and where
 * the USDC goes, with the block the script drives the payment from ({@link PageFrame#flow}): connect the wallet,
 * switch the network, send the transfer and confirm it, or, in the sandbox, simulate it. The first state comes from
 * the payment: {@code ready} (open), {@code expired} (still payable: paid late), {@code paid}, or
 * {@code unavailable} (canceled, or no chain to pay on). The markup is {@code checkout/pay.mustache}.
 */
final class PayPage {

    private static final Map<String, String> STATUS = Map.of(
            "open", "Awaiting payment",
            "paid", "Paid",
            "canceled", "Canceled",
            "expired", "Expired");

    private PayPage() {}

    /**
     * @param payment the payment as the API shows it (for its description and expiry)
     * @param status its checkout status ({@link PayStatus#of})
     */
    static String render(JsonNode payment, Map<String, @Nullable Object> status) {
        return render(payment, status, CheckoutBrand.NONE);
    }

    /** {@link #render(JsonNode, Map)} under the merchant's brand. */
    static String render(JsonNode payment, Map<String, @Nullable Object> status, CheckoutBrand brand) {
        var merchant = text(status.get("merchantDisplayName"));
        var state = text(status.get("status"));
        var id = text(status.get("paymentId"));
        var sandbox = Boolean.TRUE.equals(status.get("sandbox"));
        var payable = sandbox || status.get("walletCalls") instanceof List<?> calls && !calls.isEmpty();
        var description = ResourceJson.text(payment, "description");
        var expiresAt = date(text(ResourceJson.text(payment, "expiresAt")));
        var first = firstState(state, payable);
        var sentence = sandbox && "ready".equals(first)
                ? "Test mode: simulate the payment to try the checkout."
                : sentence(first, merchant, expiresAt, payment.path("paidLate").asBoolean(false));
        var model = PageFrame.flow(
                sentence, false, noscript(first, status, sandbox), "connect", "switch-chain", "pay", "simulate");
        model.put("merchant", merchant);
        model.put("amount", amount(status.get("amountUsdc")));
        model.put("hasDescription", description != null);
        model.put("description", text(description));
        model.put("status", STATUS.getOrDefault(state, state));
        model.put("network", text(status.get("network")));
        model.put("payTo", text(status.get("merchantPayout")));
        model.put("fromWallet", text(status.get("customerWallet")));
        model.put("payBefore", "open".equals(state) ? text(expiresAt) : "");
        model.put("paidAt", text(date(text(status.get("paidAt")))));
        model.put("txHash", text(status.get("txHash")));
        model.put("sandbox", sandbox);
        model.put("eip681", text(status.get("eip681Uri")));
        // The merchant's URLs were checked to be absolute http(s) URLs when the payment was created.
        model.put("returnUrl", "paid".equals(state) ? text(status.get("successUrl")) : "");
        model.put("cancelUrl", "open".equals(state) || "expired".equals(state) ? text(status.get("cancelUrl")) : "");
        return page(
                "Pay " + merchant,
                new Root(first, "pay", "/checkout/pay/" + id + "/status", "/checkout/pay/" + id + "/confirm"),
                CheckoutTemplates.PAY.execute(model),
                brand);
    }

    /** The page's first {@code data-state}: an open or expired payment is payable only with a chain or in the sandbox. */
    static String firstState(String status, boolean payable) {
        return switch (status) {
            case "paid" -> "paid";
            case "open" -> payable ? "ready" : "unavailable";
            case "expired" -> payable ? "expired" : "unavailable";
            default -> "unavailable";
        };
    }

    private static String sentence(String state, String merchant, @Nullable String expiresAt, boolean paidLate) {
        return switch (state) {
            case "paid" ->
                paidLate
                        ? "This payment is already paid. It arrived after the payment had expired, and " + merchant
                                + " accepted it."
                        : "This payment is already paid. Nothing more to do.";
            case "ready" -> "Connect your wallet to pay" + (expiresAt == null ? "." : " before " + expiresAt + ".");
            case "expired" ->
                "This payment has expired, but " + merchant + " still accepts it: pay now and it counts as paid late.";
            default -> "This payment cannot be paid here. Ask " + merchant + " for a new payment link.";
        };
    }

    private static String noscript(String state, Map<String, @Nullable Object> status, boolean sandbox) {
        if (!"ready".equals(state) && !"expired".equals(state)) {
            return "";
        }
        return sandbox
                ? "Simulating the payment needs JavaScript."
                : "Paying from this page needs JavaScript and a browser wallet. You can also send "
                        + amount(status.get("amountUsdc")) + " USDC on "
                        + text(status.get("network"))
                        + " to the address above"
                        + (text(status.get("customerWallet")).isEmpty() ? "" : " from the wallet above")
                        + ": it is recognised by itself.";
    }

    /** The page for an id that names no payment (unknown, malformed, or gone). */
    static String notFound() {
        return PageFrame.notFound(
                "Payment not found", "This checkout link does not name a payment. Ask the merchant for a new link.");
    }
}
