package io.abk.billing.gateway.checkout;

import io.abk.billing.contracts.SubscriptionRef;
import io.abk.billing.gateway.config.ChainsProperties;
import io.abk.billing.gateway.readmodel.ResourceJson;
import io.abk.billing.schemas.avro.Mode;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.JsonNode;

/**
 * What checkout shows of a subscription ({@code GET /checkout/subscribe/{id}.json}, docs/api.md): the terms,
 * the chain to pay on, the two wallets, the merchant's display name and where to go afterwards; on a mode with a
 * chain, also the vault's reference for it and the wallet calls that subscribe ({@link WalletCalls}). Built field by
 * field from the API object, so nothing else of it (metadata, merchant reference, price and plan ids) can leak.
 */
final class CheckoutSession {

    private CheckoutSession() {}

    /**
     * @param subscription the subscription as the API renders it
     * @param latestInvoice its latest invoice (the first one while incomplete), or null when unknown
     */
    static Map<String, @Nullable Object> of(
            JsonNode subscription,
            @Nullable JsonNode latestInvoice,
            Mode mode,
            @Nullable String merchantDisplayName,
            ChainsProperties chains) {
        var chain = chains.of(mode);
        var session = new LinkedHashMap<String, @Nullable Object>();
        session.put("subscriptionId", ResourceJson.text(subscription, "id"));
        session.put("status", ResourceJson.text(subscription, "status"));
        session.put("amountUsdc", subscription.get("amountUsdc"));
        session.put(
                "maxAmountPerPeriodUsdc",
                CheckoutSupport.mandateIsCap(subscription) ? subscription.get("maxAmountPerPeriodUsdc") : null);
        session.put("interval", ResourceJson.text(subscription, "interval"));
        session.put("network", chain.name());
        session.put("chainId", chain.chainId());
        session.put("usdcAddress", chain.usdcAddress());
        session.put("vaultAddress", chain.vaultAddress());
        CheckoutSupport.putParties(session, subscription, "walletAddress", merchantDisplayName);
        session.put("nextPaymentAt", nextPaymentAt(subscription, latestInvoice));
        session.put("sandbox", chains.isSandbox(mode));
        var onChain = chains.hasChain(mode);
        var subscriptionId = String.valueOf(ResourceJson.text(subscription, "id"));
        session.put("onChainSubscriptionId", onChain ? SubscriptionRef.of(subscriptionId) : null);
        WalletNetwork.put(session, chain);
        session.put(
                "walletCalls",
                onChain && awaitsMandate(subscription)
                        ? WalletCalls.subscribe(
                                terms(subscription, merchantDisplayName), WalletNetwork.contracts(chain))
                        : List.of());
        // Whether the page asks GET /checkout/subscribe/{id}/signing: the answer there, read from the chain, decides.
        session.put("signatureSupported", onChain && awaitsMandate(subscription) && chain.vaultAddress() != null);
        session.put("mandateSignature", CheckoutSupport.signed(subscription, "mandateSignature"));
        return session;
    }

    /** Only a subscription still waiting for its mandate is signed for: once active, a second subscribe would fail. */
    static boolean awaitsMandate(JsonNode subscription) {
        return "incomplete".equals(ResourceJson.text(subscription, "status"))
                && "pending".equals(ResourceJson.text(subscription, "mandateStatus"));
    }

    private static WalletCalls.SubscribeTerms terms(JsonNode subscription, @Nullable String merchantDisplayName) {
        return new WalletCalls.SubscribeTerms(
                String.valueOf(ResourceJson.text(subscription, "id")),
                CheckoutSupport.mandateMicros(subscription),
                String.valueOf(ResourceJson.text(subscription, "interval")),
                // The period anchor: creation, or the trial's end; periods start there, so the vault's must too.
                Instant.parse(String.valueOf(ResourceJson.text(subscription, "billingCycleAnchor"))),
                String.valueOf(ResourceJson.text(subscription, "payoutAddressEvm")),
                merchantDisplayName,
                CheckoutSupport.mandateIsCap(subscription));
    }

    /**
     * When the customer pays next: the first invoice's due time while incomplete, the period end while active and
     * renewing, else nothing is scheduled (past due, paused, canceled, or ending at the period end).
     */
    static @Nullable String nextPaymentAt(JsonNode subscription, @Nullable JsonNode latestInvoice) {
        return switch (String.valueOf(ResourceJson.text(subscription, "status"))) {
            case "incomplete" -> latestInvoice == null ? null : ResourceJson.text(latestInvoice, "dueAt");
            case "active" ->
                subscription.path("cancelAtPeriodEnd").asBoolean(false)
                        ? null
                        : ResourceJson.text(subscription, "currentPeriodEnd");
            default -> null;
        };
    }

    /** The invoice as checkout shows it after an activation: how much, and how its payment went. */
    static Map<String, @Nullable Object> invoice(JsonNode invoice) {
        var shown = new LinkedHashMap<String, @Nullable Object>();
        shown.put("status", ResourceJson.text(invoice, "status"));
        shown.put("amountUsdc", invoice.get("amountUsdc"));
        shown.put("dueAt", ResourceJson.text(invoice, "dueAt"));
        shown.put("paidAt", ResourceJson.text(invoice, "paidAt"));
        shown.put("txHash", ResourceJson.text(invoice, "txHash"));
        shown.put("failureCode", ResourceJson.text(invoice, "failureCode"));
        shown.put("failureMessage", ResourceJson.text(invoice, "failureMessage"));
        return shown;
    }
}
