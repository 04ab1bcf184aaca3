package io.abk.billing.gateway.checkout;

import io.abk.billing.contracts.AuthorizationNonce;
import io.abk.billing.contracts.Eip3009;
import io.abk.billing.contracts.Eip712Domain;
import io.abk.billing.contracts.SubscribeAuthorization;
import io.abk.billing.contracts.SubscriptionRef;
import io.abk.billing.contracts.TypedData;
import io.abk.billing.contracts.VaultSignatures;
import io.abk.billing.gateway.chain.ChainReads;
import io.abk.billing.gateway.config.ChainsProperties.Chain;
import io.abk.billing.gateway.controlplane.clock.EffectiveClock;
import io.abk.billing.gateway.readmodel.ResourceJson;
import io.abk.billing.schemas.avro.Mode;
import java.math.BigInteger;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Objects;
import reactor.core.publisher.Mono;
import tools.jackson.databind.JsonNode;

/**
 * What a customer signs at checkout, built from the resource and the chain alone (what the customer sends back only
 * names the signer, the deadline and the nonce): the vault's {@code SubscribeAuthorization} of a subscription's
 * terms, and the token's EIP-3009 {@code TransferWithAuthorization} of a payment's exact amount to its payout, with
 * {@code nonce = keccak256(paymentId)}. A signature over anything else does not recover to the signer.
 */
public final class SignedTerms {

    /**
     * The charges a signed mandate allows, and the periods of its amount the permit's allowance covers: twelve, as
     * the transaction path's approve ({@link WalletCalls#ALLOWANCE_PERIODS}) — a year of a monthly plan, twelve years
     * of a yearly one. When they are used up the vault refuses further charges ({@code MANDATE_EXHAUSTED}) and the
     * customer signs again.
     */
    static final long PERIODS = WalletCalls.ALLOWANCE_PERIODS;

    /** How long a signature may wait for the relayer: enough for a slow wallet and a queue, short enough to go stale. */
    static final Duration VALIDITY = Duration.ofHours(1);

    private SignedTerms() {}

    /**
     * The now a signature's deadline is counted from, for the checkout and the customer portal alike: the latest of
     * the wall clock, the merchant's test clock (its commands carry that time, and the aggregate holds a deadline to
     * it) and the chain's time (a test clock may have moved the local chain forward, and the chain holds a deadline to
     * its own time). On a public chain in live mode the three agree.
     */
    public static Mono<Instant> now(ChainReads reads, EffectiveClock clock, String merchantId, Mode mode) {
        return clock.now(merchantId, mode).flatMap(merchantNow -> {
            var wall = clock.wallNow();
            var floor = merchantNow.isAfter(wall) ? merchantNow : wall;
            return reads.chainTime(mode)
                    .map(chainNow -> chainNow.isAfter(floor) ? chainNow : floor)
                    .defaultIfEmpty(floor);
        });
    }

    /** The last second a signature asked for now may be submitted at. */
    static Instant deadline(Instant now) {
        return now.plus(VALIDITY).truncatedTo(ChronoUnit.SECONDS);
    }

    /**
     * The subscription's terms as the vault takes them, signed by {@code customer}: per period its amount, or its
     * {@code maxAmountPerPeriodUsdc} with a metered item.
     */
    static SubscribeAuthorization subscribe(
            JsonNode subscription, Chain chain, String customer, Instant deadline, String nonce) {
        var id = String.valueOf(ResourceJson.text(subscription, "id"));
        var micros = CheckoutSupport.mandateMicros(subscription);
        return new SubscribeAuthorization(
                SubscriptionRef.of(id),
                customer,
                String.valueOf(ResourceJson.text(subscription, "payoutAddressEvm")),
                chain.usdcAddress(),
                WalletCalls.baseUnits(micros, chain.usdcDecimals()),
                WalletCalls.periodMonths(String.valueOf(ResourceJson.text(subscription, "interval"))),
                // The same first charge time as the transaction path's subscribe: the period anchor, whole seconds.
                Instant.parse(String.valueOf(ResourceJson.text(subscription, "billingCycleAnchor")))
                        .truncatedTo(ChronoUnit.SECONDS),
                PERIODS,
                deadline,
                nonce);
    }

    static TypedData subscribeTypedData(Chain chain, SubscribeAuthorization terms) {
        return VaultSignatures.subscribe(vault(chain), terms);
    }

    /** What the permit allows the vault: {@link #PERIODS} periods of the amount. */
    static BigInteger permitValue(SubscribeAuthorization terms) {
        return terms.amount().multiply(BigInteger.valueOf(PERIODS));
    }

    /** The payment's exact amount to its payout, from {@code from}, valid from the epoch until {@code validBefore}. */
    static TypedData transfer(
            JsonNode payment,
            Chain chain,
            Eip712Domain token,
            String from,
            BigInteger validAfter,
            Instant validBefore) {
        var id = String.valueOf(ResourceJson.text(payment, "id"));
        var micros = WalletCalls.micros(payment.get("amountUsdc").decimalValue());
        return Eip3009.transferWithAuthorization(
                token,
                from,
                String.valueOf(ResourceJson.text(payment, "payoutAddressEvm")),
                WalletCalls.baseUnits(micros, chain.usdcDecimals()),
                validAfter,
                BigInteger.valueOf(validBefore.getEpochSecond()),
                AuthorizationNonce.of(id));
    }

    static Eip712Domain vault(Chain chain) {
        return VaultSignatures.domain(chain.chainId(), Objects.requireNonNull(chain.vaultAddress()));
    }
}
