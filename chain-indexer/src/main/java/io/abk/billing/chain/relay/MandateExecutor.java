package io.abk.billing.chain.relay;

import io.abk.billing.chain.domain.relay.FeePolicy;
import io.abk.billing.chain.domain.relay.MandateFacts;
import io.abk.billing.chain.domain.relay.MandatePreflight;
import io.abk.billing.chain.domain.relay.Preflight;
import io.abk.billing.chain.domain.relay.RelayOutcome;
import io.abk.billing.chain.domain.relay.TokenUnits;
import io.abk.billing.chain.domain.relay.VaultCall;
import io.abk.billing.chain.domain.settlement.FailureCode;
import io.abk.billing.chain.relay.RelayerRpc.ChainHead;
import io.abk.billing.chain.relay.RelayerRpc.MinedReceipt;
import io.abk.billing.contracts.ChargeId;
import io.abk.billing.contracts.PermitData;
import io.abk.billing.contracts.Signatures;
import io.abk.billing.contracts.SubscribeAuthorization;
import io.abk.billing.contracts.SubscriptionRef;
import io.abk.billing.contracts.SubscriptionVaultAbi;
import io.abk.billing.contracts.VaultError;
import io.abk.billing.schemas.avro.ChainRequest;
import io.abk.billing.schemas.avro.SignedMandateRequest;
import java.math.BigInteger;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * A signed mandate through the vault's {@code subscribeBySignature}: the terms the customer signed (reference from
 * the subscription id, customer = the request's wallet, merchant = its payout address, the chain's USDC), their
 * signature, the permit when there is one, and the first invoice's charge when it is due (charge id from the invoice
 * id, as a charge's). The preflight ({@link MandatePreflight}) reads the vault and the customer's balance, a
 * simulation names the vault's reason for anything else, then the transaction. A mandate the vault holds already with
 * these terms (an earlier submission of the same request) is answered with the transaction that created it.
 */
final class MandateExecutor extends VaultExecutor {

    private final String token;
    private final long searchFromBlock;

    MandateExecutor(VaultReader vault, String relayer, int decimals, String token, long searchFromBlock) {
        super(vault, relayer, decimals, VaultCall.SUBSCRIBE, VaultError.RefAlreadyUsed.class);
        this.token = token;
        this.searchFromBlock = searchFromBlock;
    }

    Step prepare(ChainRequest request, ChainHead head) {
        var call = call(request);
        if (call instanceof Malformed malformed) {
            return new Step.Answered(malformed.refusal());
        }
        var submit = (Submit) call;
        var terms = submit.terms();
        var reads = vault.read(List.of(
                vault.subscriptionRead(terms.ref()),
                vault.nonceUsedRead(terms.customer(), terms.nonce()),
                vault.balanceRead(token, terms.customer()),
                vault.simulateRead(relayer, submit.data()),
                vault.estimateRead(relayer, submit.data())));
        var facts = new MandateFacts(
                terms,
                VaultReader.subscription(reads.get(0)).orElse(null),
                SubscriptionVaultAbi.decodeBool(reads.get(1).orThrow()),
                Instant.ofEpochSecond(head.timestamp()),
                VaultReader.uint(reads.get(2)),
                submit.firstCharge(),
                decimals);
        return switch (MandatePreflight.decide(facts)) {
            case Preflight.AlreadyDone done -> new Step.Answered(original(terms, head.number()));
            case Preflight.Refuse refuse -> new Step.Answered(RelayOutcome.Refused.of(refuse.code(), refuse.message()));
            case Preflight.Clear clear -> {
                var error = VaultReader.simulation(reads.get(3));
                yield error.isPresent()
                        ? new Step.Answered(refused(error.get(), () -> original(terms, head.number())))
                        : new Step.Send(
                                vault.vault(), submit.data(), FeePolicy.gasLimit(VaultReader.gas(reads.get(4))));
            }
        };
    }

    /** A mined submission: the mandate created, or (status 0) the reason the vault gives when it is run again. */
    RelayOutcome mined(ChainRequest request, MinedReceipt receipt, ChainHead head) {
        var submit = (Submit) call(request);
        return mined(receipt, submit::data, () -> original(submit.terms(), head.number()));
    }

    /**
     * The transaction that created the mandate, when the vault's subscription for the reference is these terms: its
     * {@code Subscribed} log names it. Another customer's or other terms' subscription is {@code MANDATE_EXISTS}.
     */
    private RelayOutcome original(SubscribeAuthorization terms, long head) {
        var existing = vault.subscription(terms.ref());
        if (existing.isEmpty() || !MandatePreflight.sameTerms(existing.get(), terms)) {
            return RelayOutcome.Refused.of(
                    FailureCode.MANDATE_EXISTS,
                    "The vault has a subscription for this reference already, of another customer or with other"
                            + " terms");
        }
        return vault.subscribedTransaction(terms.ref(), searchFromBlock, head)
                .<RelayOutcome>map(RelayOutcome.Moved::new)
                .orElseGet(() -> RelayOutcome.Refused.of(
                        FailureCode.MANDATE_EXISTS,
                        "The vault holds this mandate already, but the transaction that created it was not found"));
    }

    /** What the request asks the vault, or why it cannot be asked. */
    private sealed interface Call {}

    private record Submit(
            SubscribeAuthorization terms,
            String data,
            @Nullable BigInteger firstCharge) implements Call {}

    private record Malformed(RelayOutcome.Refused refusal) implements Call {}

    private Call call(ChainRequest request) {
        var payload = (SignedMandateRequest) request.getPayload();
        var amount = amount(request);
        var firstChargeInvoice = payload.getFirstChargeInvoiceId();
        var firstChargeMicros = payload.getFirstChargeAmountMicros();
        if (firstChargeInvoice != null && firstChargeMicros == null) {
            return new Malformed(RelayOutcome.Refused.of(
                    FailureCode.RELAYER_ERROR, "The signed mandate names a first charge without its amount"));
        }
        Optional<BigInteger> firstCharge = firstChargeMicros == null || firstChargeInvoice == null
                ? Optional.of(BigInteger.ZERO)
                : TokenUnits.fromMicros(firstChargeMicros, decimals);
        if (amount.isEmpty() || firstCharge.isEmpty()) {
            return new Malformed(inexact(request));
        }
        try {
            Signatures.split(payload.getSignature());
            if (payload.getPermitSignature() != null) {
                Signatures.split(payload.getPermitSignature());
            }
        } catch (IllegalArgumentException malformed) {
            return new Malformed(RelayOutcome.Refused.of(
                    FailureCode.SIGNATURE_INVALID, "The customer's signature is malformed: " + malformed.getMessage()));
        }
        try {
            var terms = new SubscribeAuthorization(
                    SubscriptionRef.of(request.getSubscriptionId()),
                    String.valueOf(request.getWalletAddress()),
                    request.getPayoutAddress(),
                    token,
                    amount.get(),
                    payload.getPeriodMonths(),
                    Instant.ofEpochSecond(payload.getFirstChargeAtSeconds()),
                    payload.getPeriods(),
                    Instant.ofEpochSecond(payload.getDeadlineSeconds()),
                    payload.getNonce());
            var data = SubscriptionVaultAbi.subscribeBySignature(
                    terms,
                    payload.getSignature(),
                    permit(payload),
                    firstChargeInvoice == null ? null : ChargeId.of(firstChargeInvoice),
                    firstCharge.get());
            return new Submit(terms, data, firstChargeInvoice == null ? null : firstCharge.get());
        } catch (IllegalArgumentException malformed) {
            return new Malformed(RelayOutcome.Refused.of(
                    FailureCode.RELAYER_ERROR, "The signed mandate cannot be submitted: " + malformed.getMessage()));
        }
    }

    private static @Nullable PermitData permit(SignedMandateRequest payload) {
        var signature = payload.getPermitSignature();
        if (signature == null) {
            return null;
        }
        return new PermitData(
                new BigInteger(nonNull(payload.getPermitValueBaseUnits())),
                BigInteger.valueOf(nonNull(payload.getPermitDeadlineSeconds())),
                signature);
    }

    private static <T> T nonNull(@Nullable T value) {
        if (value == null) {
            throw new IllegalArgumentException("a permit without all its fields");
        }
        return value;
    }
}
