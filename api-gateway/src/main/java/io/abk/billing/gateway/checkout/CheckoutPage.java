package io.abk.billing.gateway.checkout;

import static io.abk.billing.gateway.checkout.PageFrame.amount;
import static io.abk.billing.gateway.checkout.PageFrame.date;
import static io.abk.billing.gateway.checkout.PageFrame.page;
import static io.abk.billing.gateway.checkout.PageFrame.text;

import io.abk.billing.gateway.checkout.PageFrame.Root;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.JsonNode;

/**
 * The server-rendered checkout page of a subscription: who is asking, how much, how often, and where it stands,
 * with the block the script drives the signing from ({@link PageFrame#flow}): connect the wallet, switch the
 * network, send the session's wallet calls (approve, subscribe), then wait for the activation the chain brings by
 * itself; in the sandbox, simulate it. The first state comes from the session: {@code ready} (waiting for its
 * mandate), {@code confirming} (signed, waiting for the activation), {@code active}, or {@code unavailable}. The
 * markup is {@code checkout/subscribe.mustache}; the page reads fine without JavaScript.
 */
final class CheckoutPage {

    private static final Map<String, String> STATUS = Map.of(
            "incomplete", "Awaiting activation",
            "active", "Active",
            "past_due", "Past due",
            "canceled", "Canceled",
            "paused", "Paused");

    private CheckoutPage() {}

    /** The page of a session as {@link CheckoutSession#of} builds it, without the merchant's brand. */
    /**
     * The session as the page shows it: with a metered item, the mandate's amount per period
     * ({@code maxAmountPerPeriodUsdc}), which the page shows as "up to X USDC" (the session's JSON has only the
     * amount).
     */
    static Map<String, @Nullable Object> withMandateCap(Map<String, @Nullable Object> session, JsonNode subscription) {
        var max = subscription.get("maxAmountPerPeriodUsdc");
        if (max == null || max.isNull()) {
            return session;
        }
        var shown = new LinkedHashMap<String, @Nullable Object>(session);
        shown.put("maxAmountPerPeriodUsdc", max);
        return shown;
    }

    static String render(Map<String, @Nullable Object> session) {
        return render(session, CheckoutBrand.NONE);
    }

    /** The page of a session as {@link CheckoutSession#of} builds it, under the merchant's brand. */
    static String render(Map<String, @Nullable Object> session, CheckoutBrand brand) {
        var merchant = text(session.get("merchantDisplayName"));
        var status = text(session.get("status"));
        var sandbox = Boolean.TRUE.equals(session.get("sandbox"));
        var first = firstState(
                status,
                sandbox,
                session.get("walletCalls") instanceof List<?> calls && !calls.isEmpty(),
                session.get("vaultAddress") != null);
        var noscript = !"ready".equals(first)
                ? ""
                : sandbox
                        ? "Simulating the subscription needs JavaScript."
                        : "Subscribing from this page needs JavaScript and a browser wallet.";
        var sentence = sandbox && "ready".equals(first)
                ? "Test mode: simulate the subscription to try the checkout."
                : sentence(first, status, merchant);
        var model = PageFrame.flow(sentence, false, noscript, "connect", "switch-chain", "subscribe", "simulate");
        model.put("merchant", merchant);
        var max = session.get("maxAmountPerPeriodUsdc") instanceof JsonNode node && !node.isNull() ? node : null;
        // With a metered item: up to the mandate's amount per period.
        model.put("upTo", max != null);
        model.put("amount", amount(max != null ? max : session.get("amountUsdc")));
        model.put("interval", text(session.get("interval")));
        model.put("status", STATUS.getOrDefault(status, status));
        model.put("network", text(session.get("network")));
        model.put("nextPayment", text(date(text(session.get("nextPaymentAt")))));
        model.put("wallet", text(session.get("customerWallet")));
        model.put("sandbox", sandbox);
        var firstPayment = amount(session.get("firstPaymentUsdc"));
        var discount = text(session.get("discount"));
        model.put("firstPayment", !discount.isEmpty() && !firstPayment.isEmpty() ? firstPayment : "");
        model.put("discount", discount);
        // A code re-prices the first payment: only before it is signed for.
        model.put("promotionCodes", Boolean.TRUE.equals(session.get("allowPromotionCodes")) && "ready".equals(first));
        // The merchant's URLs were checked to be absolute http(s) URLs when the subscription was created.
        model.put("returnUrl", "active".equals(first) ? text(session.get("successUrl")) : "");
        model.put("cancelUrl", "ready".equals(first) ? text(session.get("cancelUrl")) : "");
        var id = text(session.get("subscriptionId"));
        return page(
                "Subscribe to " + merchant,
                new Root(
                        first,
                        "subscribe",
                        "/checkout/subscribe/" + id + ".json",
                        "/checkout/subscribe/" + id + "/activate"),
                CheckoutTemplates.SUBSCRIBE.execute(model),
                brand);
    }

    /**
     * The page's first {@code data-state}: an incomplete subscription is signed for in the sandbox or while the session
     * has wallet calls; without them but with a vault, its mandate is signed and its activation awaited.
     */
    static String firstState(String status, boolean sandbox, boolean hasWalletCalls, boolean hasVault) {
        return switch (status) {
            case "active" -> "active";
            case "incomplete" -> sandbox || hasWalletCalls ? "ready" : hasVault ? "confirming" : "unavailable";
            default -> "unavailable";
        };
    }

    private static String sentence(String state, String status, String merchant) {
        return switch (state) {
            case "ready" -> "Connect your wallet to subscribe.";
            case "confirming" -> "Your subscription is signed. Waiting for " + merchant + " to activate it.";
            case "active" -> "This subscription is active. Nothing more to do.";
            default ->
                switch (status) {
                    case "past_due" ->
                        "The latest payment of this subscription failed. Keep enough USDC in your wallet: " + merchant
                                + " tries again by itself.";
                    case "paused" -> "This subscription is paused by " + merchant + ".";
                    case "canceled" -> "This subscription was canceled. Ask " + merchant + " for a new one.";
                    default -> "Subscribing on this network is not available yet. Ask " + merchant + " for help.";
                };
        };
    }

    /** The page for an id that names no subscription (unknown, malformed, or gone). */
    static String notFound() {
        return PageFrame.notFound(
                "Subscription not found",
                "This checkout link does not name a subscription. Ask the merchant for a new link.");
    }
}
