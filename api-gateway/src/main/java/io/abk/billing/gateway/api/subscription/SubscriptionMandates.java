package io.abk.billing.gateway.api.subscription;

import io.abk.billing.gateway.chain.ChainReads;
import io.abk.billing.gateway.chain.MandateReading;
import io.abk.billing.gateway.config.ChainsProperties;
import io.abk.billing.gateway.config.Now;
import io.abk.billing.schemas.avro.Mode;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.time.Clock;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import org.jspecify.annotations.Nullable;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;
import tools.jackson.databind.JsonNode;

/**
 * A subscription's mandate as its chain holds it now ({@code subscription_mandate}): the allowance the customer's
 * wallet gives the vault, the periods it still covers, the wallet's balance and the vault's charges, read live
 * ({@link ChainReads}). When there is nothing to read (the sandbox, a subscription not yet on chain) or the chain does
 * not answer in time, the answer says so ({@code available:false} and a {@link Reason}) with what is known without
 * the chain. The API's route and the dashboard's subscription page both answer from here.
 */
@Component
public final class SubscriptionMandates {

    /** Why a mandate's figures are not in the answer; the API writes the lower-case name. */
    public enum Reason {
        /** Test mode without a chain: charges are simulated and nothing is on chain. */
        SANDBOX,
        /** The customer has not subscribed on chain yet: no wallet or no vault reference is recorded. */
        NOT_ON_CHAIN,
        /** The mode has no chain connection or vault configured, or its chain did not answer within the deadline. */
        CHAIN_UNAVAILABLE;

        public String code() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    private final ChainsProperties chains;
    private final ChainReads reads;
    private final Clock clock;

    public SubscriptionMandates(ChainsProperties chains, ChainReads reads, Clock clock) {
        this.chains = chains;
        this.reads = reads;
        this.clock = clock;
    }

    /** The mandate of {@code subscription} (a read model body of {@code mode}); never an error. */
    public Mono<Map<String, @Nullable Object>> of(JsonNode subscription, Mode mode) {
        var known = known(subscription, mode);
        if (chains.isSandbox(mode)) {
            return Mono.just(unavailable(known, Reason.SANDBOX));
        }
        var wallet = text(subscription, "walletAddress");
        var ref = text(subscription, "onChainSubscriptionId");
        if (wallet == null || ref == null) {
            return Mono.just(unavailable(known, Reason.NOT_ON_CHAIN));
        }
        return reads.mandate(mode, wallet, ref)
                .map(reading -> available(known, reading, chains.of(mode).usdcDecimals()))
                .defaultIfEmpty(unavailable(known, Reason.CHAIN_UNAVAILABLE));
    }

    private Map<String, @Nullable Object> known(JsonNode subscription, Mode mode) {
        var chain = chains.of(mode);
        var network = new LinkedHashMap<String, Object>();
        network.put("name", chain.name());
        network.put("chainId", chain.chainId());
        var body = new LinkedHashMap<String, @Nullable Object>();
        body.put("object", "subscription_mandate");
        body.put("subscription", subscription.path("id").asString());
        body.put("mode", mode.name().toLowerCase(Locale.ROOT));
        body.put("network", network);
        body.put("vaultAddress", chain.vaultAddress());
        body.put("reference", text(subscription, "onChainSubscriptionId"));
        body.put("walletAddress", text(subscription, "walletAddress"));
        body.put("tokenAddress", chain.usdcAddress());
        body.put("allowance", null);
        body.put("walletBalance", null);
        var amount = subscription.path("amountUsdc");
        body.put("amount", amount.isNumber() ? amount.decimalValue() : null);
        body.put("periodsCovered", null);
        body.put("chargesMade", null);
        body.put("readAt", null);
        return body;
    }

    private Map<String, @Nullable Object> available(
            Map<String, @Nullable Object> known, MandateReading reading, int decimals) {
        var allowance = MandateReading.usdc(reading.allowance(), decimals);
        var amount = (BigDecimal) known.get("amount");
        known.put("allowance", allowance);
        known.put("walletBalance", MandateReading.usdc(reading.balance(), decimals));
        known.put(
                "periodsCovered",
                amount == null || amount.signum() <= 0
                        ? null
                        : allowance.divide(amount, 0, RoundingMode.DOWN).toBigIntegerExact());
        known.put("chargesMade", reading.chargeCount());
        known.put("readAt", Now.of(clock).toString());
        known.put("available", true);
        return known;
    }

    private static Map<String, @Nullable Object> unavailable(Map<String, @Nullable Object> known, Reason reason) {
        var body = new LinkedHashMap<String, @Nullable Object>(known);
        body.put("available", false);
        body.put("reason", reason.code());
        return body;
    }

    private static @Nullable String text(JsonNode resource, String field) {
        var node = resource.path(field);
        return node.isString() && !node.asString().isBlank() ? node.asString() : null;
    }
}
