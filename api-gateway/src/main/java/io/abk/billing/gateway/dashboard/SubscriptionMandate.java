package io.abk.billing.gateway.dashboard;

import io.abk.billing.contracts.Erc20Abi;
import io.abk.billing.gateway.api.subscription.SubscriptionMandates;
import io.abk.billing.gateway.chain.MandateReading;
import io.abk.billing.gateway.config.ChainsProperties;
import io.abk.billing.schemas.avro.Mode;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;
import tools.jackson.databind.JsonNode;

/**
 * A subscription's mandate on chain as a detail page's fields: the mode's network, the vault contract and the
 * subscription's reference in it, the mandate's status, the customer's wallet (addresses link to the chain's
 * explorer, {@link Explorer}), and what the chain says now, read live as {@code GET /v1/subscriptions/{id}/mandate}
 * answers it ({@link SubscriptionMandates}): the allowance left, the periods it covers (in a warning tone when the
 * next charges would fail), the wallet's balance and the vault's charges. When the chain cannot be read, a sentence
 * says why; the read's deadline bounds how long the page waits.
 */
@Component
final class SubscriptionMandate {

    /** The sentence shown instead of the chain's figures, by the answer's {@code reason}. */
    static final Map<String, String> UNAVAILABLE = Map.of(
            SubscriptionMandates.Reason.SANDBOX.code(),
            "Sandbox: charges are simulated and nothing is on chain, so there is no allowance to read.",
            SubscriptionMandates.Reason.NOT_ON_CHAIN.code(),
            "Not on chain yet: the customer has not approved the vault and subscribed from their wallet.",
            SubscriptionMandates.Reason.CHAIN_UNAVAILABLE.code(),
            "The chain is not answering (or this mode has no connection to it): the allowance and balance cannot be"
                    + " shown now. Reload the page to try again.");

    static final String UNLIMITED = "Unlimited (the customer approved the largest amount the token allows)";

    private final ChainsProperties chains;
    private final Explorer explorer;
    private final SubscriptionMandates mandates;

    SubscriptionMandate(ChainsProperties chains, Explorer explorer, SubscriptionMandates mandates) {
        this.chains = chains;
        this.explorer = explorer;
        this.mandates = mandates;
    }

    /** The page's {@code mandate} fields and its {@code mandateNote} (a warning, or why there are no figures). */
    Mono<Map<String, Object>> of(JsonNode s, Mode mode) {
        return mandates.of(s, mode).map(read -> {
            var fields = known(s, mode);
            var model = new HashMap<String, Object>();
            model.put("mandate", fields);
            // Empty when there is nothing to say: the template refuses a missing name.
            model.put("mandateNote", "");
            model.put("mandateReason", "");
            if (!Boolean.TRUE.equals(read.get("available"))) {
                model.put("mandateNote", UNAVAILABLE.get(String.valueOf(read.get("reason"))));
                model.put("mandateReason", String.valueOf(read.get("reason")));
                return model;
            }
            var periods = (BigInteger) read.get("periodsCovered");
            var runningOut = periods != null && periods.compareTo(BigInteger.ONE) <= 0;
            // The largest approval a token takes (2^256 - 1 base units) never runs out: said in words, not 78 digits.
            var unlimited = MandateReading.usdc(
                            Erc20Abi.UNLIMITED, chains.of(mode).usdcDecimals())
                    .equals(read.get("allowance"));
            fields.add(figure("Allowance left", unlimited ? UNLIMITED : usdc(read.get("allowance")), ""));
            fields.add(figure(
                    "Periods the allowance covers",
                    unlimited ? "Unlimited" : periods == null ? Shown.NONE : periods.toString(),
                    runningOut ? "wait" : ""));
            fields.add(figure("Wallet balance", usdc(read.get("walletBalance")), ""));
            var charges = read.get("chargesMade");
            fields.add(figure(
                    "Charges made on chain",
                    charges == null ? "None: the vault holds no such reference" : charges.toString(),
                    ""));
            fields.add(figure("Read on chain", Shown.time(Instant.parse(String.valueOf(read.get("readAt")))), ""));
            if (periods != null && runningOut) {
                model.put(
                        "mandateNote",
                        (periods.signum() == 0
                                        ? "The allowance does not cover the next charge: it would fail"
                                        : "The allowance covers one more charge only: the one after would fail")
                                + " (ALLOWANCE_TOO_LOW) until the customer approves the vault again from their wallet."
                                + " The allowance is shared by the wallet's subscriptions in this token.");
                model.put("mandateReason", "allowance_low");
            }
            return model;
        });
    }

    private List<Map<String, Object>> known(JsonNode s, Mode mode) {
        var chain = chains.of(mode);
        var fields = new ArrayList<Map<String, Object>>();
        fields.add(figure("Network", network(mode, chain), ""));
        fields.add(figure("Mandate", Shown.text(s, "mandateStatus"), ""));
        var vault = chain.vaultAddress();
        fields.add(toned(explorer.addressField(mode, "Vault contract", vault == null ? Shown.NONE : vault)));
        fields.add(toned(Rows.field("Vault reference", Shown.text(s, "onChainSubscriptionId"), true)));
        fields.add(toned(explorer.addressField(mode, "Customer wallet", Shown.text(s, "walletAddress"))));
        return fields;
    }

    /**
     * A field with its {@code warn} tone ("" for none): every field has the key, or the template would find the
     * page's own status tone.
     */
    private static Map<String, Object> figure(String label, String value, String warn) {
        return toned(Rows.field(label, value, false), warn);
    }

    private static Map<String, Object> toned(Map<String, Object> field) {
        return toned(field, "");
    }

    private static Map<String, Object> toned(Map<String, Object> field, String warn) {
        var toned = new HashMap<>(field);
        toned.put("warn", warn);
        return toned;
    }

    private static String usdc(@Nullable Object amount) {
        return amount instanceof BigDecimal exact ? Shown.usdc(exact) : Shown.NONE;
    }

    private String network(Mode mode, ChainsProperties.Chain chain) {
        if (chains.isSandbox(mode)) {
            return "Sandbox: charges are simulated, nothing is on chain";
        }
        if (!chains.hasChain(mode)) {
            return chain.name() + " (chain " + chain.chainId() + "), not connected in this mode";
        }
        return chain.name() + " (chain " + chain.chainId() + ")";
    }
}
