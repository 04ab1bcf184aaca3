package io.abk.billing.gateway.testkit;

import io.abk.billing.gateway.testkit.StubChanges.Output;
import io.abk.billing.gateway.testkit.StubChanges.Source;
import io.abk.billing.schemas.avro.Change;
import io.abk.billing.schemas.avro.ConfirmPayment;
import io.abk.billing.schemas.avro.CreatePayment;
import io.abk.billing.schemas.avro.Mode;
import io.abk.billing.schemas.avro.PaymentCommand;
import io.abk.billing.schemas.avro.PaymentLinkCommand;
import io.abk.billing.schemas.avro.PaymentSnapshot;
import io.abk.billing.schemas.avro.RecordLinkPayment;
import io.abk.billing.schemas.avro.SettlePayment;
import io.abk.billing.schemas.ids.IdPrefix;
import io.abk.billing.schemas.ids.Ids;
import io.abk.billing.schemas.topic.Topics;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * Just enough of the payment aggregate, and of chain-indexer's sandbox verification, for the gateway's tests:
 * NOT the real decider (billing-streams has it). Creates open payments expiring after 24 h; a confirm of an open
 * payment starts verification {@code n} ({@code <id>:verify:<n>}) whose result, a {@code SettlePayment} command with
 * the derived result id, is the stand-in's settlement (held while settlements are held); a confirm while one is in
 * flight waits for the same result; a confirm of a paid payment changes nothing. Verification as the sandbox does
 * it: live mode fails {@code CHAIN_UNAVAILABLE}; no hash pays with the sandbox hash; {@code 0x} + 63 zeros + d fails
 * with the d-th failure code; a hash another payment used fails {@code PAYMENT_TX_ALREADY_USED}. A paid payment of
 * a link sends {@code RecordLinkPayment}. Used by the stand-in's one thread.
 */
final class StubPayments {

    private static final Duration EXPIRY = Duration.ofHours(24);
    private static final List<String> MAGIC_FAILURES = List.of(
            "PAYMENT_TX_NOT_FOUND",
            "PAYMENT_TX_REVERTED",
            "PAYMENT_TX_NO_TRANSFER",
            "PAYMENT_WRONG_RECIPIENT",
            "PAYMENT_SHORT");
    private static final String MAGIC_PREFIX = "0x" + "0".repeat(63);

    /** A verification in flight: its request and the command id its result carries. */
    private record InFlight(String requestId, String resultCommandId) {}

    private final Map<String, PaymentSnapshot> payments = new HashMap<>();
    private final Map<String, InFlight> inFlight = new HashMap<>();
    private final Map<String, Integer> verifyCounts = new HashMap<>();
    /** tx hash (lower case) -> the payment it paid. */
    private final Map<String, String> claims = new HashMap<>();

    Output decide(PaymentCommand command) {
        var source = new Source(
                command.getCommandId(),
                "payment",
                command.getPaymentId(),
                command.getMerchantId(),
                command.getMode(),
                command.getRequestedAt());
        var payment = payments.get(command.getPaymentId());
        if (command.getPayload() instanceof CreatePayment create) {
            if (payment != null) {
                return Output.of(
                        source.rejected("resource_exists", "Payment " + command.getPaymentId() + " already exists"));
            }
            return Output.of(accept(source, created(command, create), null));
        }
        if (payment == null
                || !payment.getMerchantId().equals(command.getMerchantId())
                || payment.getMode() != command.getMode()) {
            return Output.of(source.rejected("resource_missing", "No such payment: '" + command.getPaymentId() + "'"));
        }
        return switch (command.getPayload()) {
            case ConfirmPayment confirm -> confirm(source, payment, confirm.getTxHash());
            case SettlePayment settle -> settle(source, payment, settle);
            default ->
                Output.of(source.rejected(
                        "validation_error",
                        "The stand-in does not know "
                                + command.getPayload().getClass().getSimpleName()));
        };
    }

    private Output confirm(Source source, PaymentSnapshot payment, @Nullable String txHash) {
        switch (payment.getStatus()) {
            case "paid" -> {
                return Output.of(source.accepted(List.of(), null));
            }
            case "canceled" -> {
                return Output.of(
                        source.rejected("payment_not_confirmable", "Payment " + payment.getId() + " is canceled"));
            }
            default -> {}
        }
        var current = inFlight.get(payment.getId());
        if (current != null) {
            return Output.of(source.accepted(List.of(), current.resultCommandId()));
        }
        int n = verifyCounts.merge(payment.getId(), 1, Integer::sum);
        var requestId = payment.getId() + ":verify:" + n;
        var resultId = Ids.derivedId(IdPrefix.COMMAND, source.requestedAt(), "settle:" + requestId);
        inFlight.put(payment.getId(), new InFlight(requestId, resultId));
        var result = PaymentCommand.newBuilder()
                .setCommandId(resultId)
                .setPaymentId(payment.getId())
                .setMerchantId(payment.getMerchantId())
                .setMode(payment.getMode())
                .setRequestedAt(source.requestedAt())
                .setPayload(verify(payment, requestId, txHash))
                .build();
        var change = accept(source, PaymentSnapshot.newBuilder(payment).build(), resultId);
        return new Output(change, List.of(), StubChanges.record(Topics.PAYMENT_COMMANDS, payment.getId(), result));
    }

    /** chain-indexer's sandbox, decided when the request goes out (as the indexer would on receiving it). */
    private SettlePayment verify(PaymentSnapshot payment, String requestId, @Nullable String txHash) {
        var result = SettlePayment.newBuilder().setRequestId(requestId).setSucceeded(false);
        if (payment.getMode() == Mode.LIVE) {
            return result.setFailureCode("CHAIN_UNAVAILABLE")
                    .setFailureMessage("No live chain is configured to verify transactions")
                    .build();
        }
        var hash = txHash == null ? StubLifecycle.txHash(payment.getId()) : txHash.toLowerCase(Locale.ROOT);
        if (hash.startsWith(MAGIC_PREFIX)
                && Character.isDigit(hash.charAt(65))
                && hash.charAt(65) - '0' < MAGIC_FAILURES.size()) {
            var code = MAGIC_FAILURES.get(hash.charAt(65) - '0');
            return result.setFailureCode(code)
                    .setFailureMessage("Sandbox failure " + code + " for " + hash)
                    .build();
        }
        var claimant = claims.putIfAbsent(hash, payment.getId());
        if (claimant != null && !claimant.equals(payment.getId())) {
            return result.setFailureCode("PAYMENT_TX_ALREADY_USED")
                    .setFailureMessage("Transaction " + hash + " has already paid another payment")
                    .build();
        }
        return result.setSucceeded(true)
                .setTxHash(hash)
                .setAmountReceivedMicros(payment.getAmountMicros())
                .build();
    }

    private Output settle(Source source, PaymentSnapshot payment, SettlePayment settle) {
        var current = inFlight.get(payment.getId());
        if (current == null || !current.requestId().equals(settle.getRequestId())) {
            return Output.of(source.rejected(
                    "settlement_unknown", "No verification " + settle.getRequestId() + " is in flight"));
        }
        inFlight.remove(payment.getId());
        if (!settle.getSucceeded()) {
            return Output.of(source.rejected(settle.getFailureCode(), settle.getFailureMessage()));
        }
        var paidAt = source.requestedAt();
        var paid = PaymentSnapshot.newBuilder(payment)
                .setStatus("paid")
                .setPaidAt(paidAt)
                .setTxHash(settle.getTxHash())
                .setAmountReceivedMicros(settle.getAmountReceivedMicros())
                .setPaidLate(payment.getStatus().equals("expired") || paidAt.isAfter(payment.getExpiresAt()))
                .build();
        var change = accept(source, paid, null);
        if (payment.getPaymentLinkId() == null) {
            return Output.of(change);
        }
        var conversion = PaymentLinkCommand.newBuilder()
                .setCommandId(Ids.derivedId(IdPrefix.COMMAND, paidAt, "linkpaid:" + payment.getId()))
                .setPaymentLinkId(payment.getPaymentLinkId())
                .setMerchantId(payment.getMerchantId())
                .setMode(payment.getMode())
                .setRequestedAt(paidAt)
                .setPayload(new RecordLinkPayment(payment.getId()))
                .build();
        return new Output(
                change,
                List.of(StubChanges.record(Topics.PAYMENT_LINK_COMMANDS, payment.getPaymentLinkId(), conversion)),
                null);
    }

    private static PaymentSnapshot created(PaymentCommand command, CreatePayment create) {
        return PaymentSnapshot.newBuilder()
                .setId(command.getPaymentId())
                .setMerchantId(command.getMerchantId())
                .setMode(command.getMode())
                .setVersion(0)
                .setStatus("open")
                .setAmountMicros(create.getAmountMicros())
                .setCustomerWallet(create.getCustomerWallet())
                .setPayoutAddress(create.getPayoutAddress())
                .setMerchantRef(create.getMerchantRef())
                .setPriceId(create.getPriceId())
                .setPaymentLinkId(create.getPaymentLinkId())
                .setDescription(create.getDescription())
                .setCheckoutUrl(create.getCheckoutUrl())
                .setSuccessUrl(create.getSuccessUrl())
                .setCancelUrl(create.getCancelUrl())
                .setCustomerEmail(create.getCustomerEmail())
                .setCustomerName(create.getCustomerName())
                .setMetadata(create.getMetadata())
                .setExpiresAt(command.getRequestedAt().plus(EXPIRY))
                .setCreatedAt(command.getRequestedAt())
                .build();
    }

    /** Records the payment at its next version and writes the accepted Change. */
    private Change accept(Source source, PaymentSnapshot payment, @Nullable String followUpCommandId) {
        var next = PaymentSnapshot.newBuilder(payment)
                .setVersion(payment.getVersion() + 1)
                .build();
        payments.put(next.getId(), next);
        return source.accepted(List.of(next), followUpCommandId);
    }
}
