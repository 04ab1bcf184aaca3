package io.abk.billing.gateway.portal;

import io.abk.billing.gateway.config.ChainsProperties;
import io.abk.billing.gateway.readmodel.ResourceJson;
import io.abk.billing.schemas.avro.Mode;
import java.math.BigInteger;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.JsonNode;

/**
 * The portal's rows as its templates show them: a subscription with its next charge, the periods its allowance still
 * covers, what to do when its next renewal is not funded ({@link PortalFunding}) and the actions open to it; an
 * invoice or payment with its transaction (linked to the mode's explorer when it has one) and its receipt when paid.
 */
final class PortalViews {

    private static final DateTimeFormatter DATE =
            DateTimeFormatter.ofPattern("d MMM yyyy", Locale.ENGLISH).withZone(ZoneOffset.UTC);

    /** The statuses in which a subscription still charges, so may be canceled at its period end. */
    private static final Set<String> CHARGING = Set.of("active", "trialing", "past_due");

    private PortalViews() {}

    /** The statuses whose next renewal is charged, so whose funding the row checks. */
    private static final Set<String> RENEWING = Set.of("active", "trialing");

    /**
     * @param funding the wallet's figures, from the chain; null when they are unknown (the sandbox, the chain
     *     unreachable, nothing on chain)
     * @param signing whether the mode's chain takes the portal's signed requests (revoke, raise the allowance)
     */
    static Map<String, @Nullable Object> subscription(
            JsonNode subscription,
            @Nullable PortalFunding funding,
            boolean signing,
            ChainsProperties chains,
            Mode mode) {
        var id = ResourceJson.text(subscription, "id");
        var status = text(subscription, "status");
        boolean cancelAtPeriodEnd = subscription.path("cancelAtPeriodEnd").asBoolean(false);
        boolean charging = CHARGING.contains(status);
        var view = new HashMap<String, @Nullable Object>();
        view.put("id", id);
        view.put("status", status);
        view.put(
                "statusText",
                charging && cancelAtPeriodEnd
                        ? status.replace('_', ' ') + ", ends " + date(text(subscription, "currentPeriodEnd"))
                        : status.replace('_', ' '));
        view.put("amount", amount(subscription.path("amountUsdc")));
        view.put("interval", text(subscription, "interval"));
        var next = "trialing".equals(status) ? text(subscription, "trialEnd") : text(subscription, "currentPeriodEnd");
        view.put("nextCharge", charging && !cancelAtPeriodEnd && !next.isEmpty() ? date(next) : "None");
        boolean canRaise = signing && "active".equals(text(subscription, "mandateStatus"));
        var renews = RENEWING.contains(status) && !cancelAtPeriodEnd && !next.isEmpty();
        var amount = subscription.path("amountUsdc");
        view.put(
                "funding",
                funding == null || !renews || !amount.isNumber()
                        ? null
                        : funding.note(
                                text(subscription, "id"),
                                amount.decimalValue(),
                                text(subscription, "walletAddress"),
                                date(next),
                                canRaise));
        var periodsCovered = funding == null ? null : funding.periodsCovered();
        view.put("periodsCovered", periodsCovered == null ? "unknown" : periodsCovered.toString());
        view.put(
                "periodsCoveredText",
                periodsCovered == null
                        ? "unknown"
                        : periodsCovered + (periodsCovered.equals(BigInteger.ONE) ? " period" : " periods"));
        view.put("lastAction", lastAction(subscription.path("lastCustomerAction"), chains, mode));
        var actions = new ArrayList<Map<String, Object>>();
        var base = "/portal/subscriptions/" + id + "/";
        if (charging && !cancelAtPeriodEnd) {
            actions.add(action(base, "cancel", "Cancel at period end", true));
        }
        if ((charging && cancelAtPeriodEnd) || "paused".equals(status)) {
            actions.add(action(base, "resume", "Resume", false));
        }
        if (canRaise) {
            actions.add(action(base, "raise-allowance", "Renew the allowance", true));
            actions.add(action(base, "revoke", "Revoke on chain", true));
        }
        view.put("actions", actions);
        view.put("hasActions", !actions.isEmpty());
        return view;
    }

    /** An invoice's or payment's row. */
    static Map<String, @Nullable Object> row(JsonNode resource, ChainsProperties chains, Mode mode) {
        var id = ResourceJson.text(resource, "id");
        var status = text(resource, "status");
        var txHash = ResourceJson.text(resource, "txHash");
        var paidAt = text(resource, "paidAt");
        var view = new HashMap<String, @Nullable Object>();
        view.put("id", id);
        view.put("status", status);
        view.put("amount", amount(resource.path("amountUsdc")));
        view.put("date", date(paidAt.isEmpty() ? text(resource, "createdAt") : paidAt));
        view.put("txHash", txHash);
        view.put("txHref", txHref(chains, mode, txHash));
        view.put("receipt", "paid".equals(status) || "refunded".equals(status) ? "/portal/receipts/" + id : null);
        return view;
    }

    /** The subscription's {@code lastCustomerAction} ({kind, status, txHash, failureCode, failureMessage}); null without one. */
    static @Nullable Map<String, @Nullable Object> lastAction(JsonNode action, ChainsProperties chains, Mode mode) {
        if (!action.isObject()) {
            return null;
        }
        var kind = text(action, "kind");
        var status = text(action, "status");
        var what = "revoke".equals(kind) ? "Revoke on chain" : "Allowance renewal";
        var failure = text(action, "failureMessage");
        var sentence = what + ": " + status.replace('_', ' ') + (failure.isEmpty() ? "" : " (" + failure + ")");
        var txHash = ResourceJson.text(action, "txHash");
        var view = new HashMap<String, @Nullable Object>();
        view.put("kind", kind);
        view.put("status", status);
        view.put("text", sentence);
        view.put("txHash", txHash);
        view.put("txHref", txHref(chains, mode, txHash));
        return view;
    }

    static @Nullable String txHref(ChainsProperties chains, Mode mode, @Nullable String txHash) {
        var base = chains.hasChain(mode) ? chains.of(mode).explorerUrl() : null;
        if (base == null || txHash == null || !txHash.matches("0x[0-9a-fA-F]{64}")) {
            return null;
        }
        return (base.endsWith("/") ? base.substring(0, base.length() - 1) : base) + "/tx/" + txHash;
    }

    static String amount(JsonNode amount) {
        return amount.isNumber() ? amount.decimalValue().stripTrailingZeros().toPlainString() : "";
    }

    /** An ISO-8601 instant as a date ({@code 28 Feb 2026}); the text itself when it is not one. */
    static String date(String iso) {
        if (iso.isEmpty()) {
            return "";
        }
        try {
            return DATE.format(Instant.parse(iso));
        } catch (DateTimeParseException e) {
            return iso;
        }
    }

    static String text(JsonNode resource, String field) {
        var value = ResourceJson.text(resource, field);
        return value == null ? "" : value;
    }

    private static Map<String, Object> action(String base, String action, String label, boolean quiet) {
        return Map.of("href", base + action, "action", action, "label", label, "quiet", quiet);
    }

    static List<Map<String, @Nullable Object>> rows(List<JsonNode> resources, ChainsProperties chains, Mode mode) {
        return resources.stream().map(resource -> row(resource, chains, mode)).toList();
    }
}
