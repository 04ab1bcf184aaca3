package io.abk.billing.gateway.testkit;

import io.abk.billing.gateway.testkit.StubChanges.Output;
import io.abk.billing.gateway.testkit.StubChanges.Source;
import io.abk.billing.schemas.avro.Change;
import io.abk.billing.schemas.avro.CreatePayment;
import io.abk.billing.schemas.avro.CreatePaymentLink;
import io.abk.billing.schemas.avro.DisablePaymentLink;
import io.abk.billing.schemas.avro.OpenPaymentLink;
import io.abk.billing.schemas.avro.PaymentCommand;
import io.abk.billing.schemas.avro.PaymentLinkCommand;
import io.abk.billing.schemas.avro.PaymentLinkSnapshot;
import io.abk.billing.schemas.avro.RecordLinkPayment;
import io.abk.billing.schemas.ids.IdPrefix;
import io.abk.billing.schemas.ids.Ids;
import io.abk.billing.schemas.topic.Topics;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * Just enough of the payment link aggregate for the gateway's tests: NOT the real decider (billing-streams has
 * it). Creates active links; an open of an active link that has uses left and is not past its expiry counts the
 * use (expired once it reaches maxUses) and mints the payment as billing-streams does, a {@code CreatePayment} on
 * the payment command topic with the derived {@code mint:} command id, which the open's Change names as its
 * follow-up; otherwise {@code payment_link_error} saying which. Disable is idempotent; a paid minted payment counts
 * a conversion. Used by the stand-in's one thread.
 */
final class StubPaymentLinks {

    private final Map<String, PaymentLinkSnapshot> links = new HashMap<>();

    Output decide(PaymentLinkCommand command) {
        var source = new Source(
                command.getCommandId(),
                "payment_link",
                command.getPaymentLinkId(),
                command.getMerchantId(),
                command.getMode(),
                command.getRequestedAt());
        var link = links.get(command.getPaymentLinkId());
        if (command.getPayload() instanceof CreatePaymentLink create) {
            if (link != null) {
                return Output.of(source.rejected(
                        "resource_exists", "Payment link " + command.getPaymentLinkId() + " already exists"));
            }
            return Output.of(accept(source, created(command, create), null));
        }
        if (link == null
                || !link.getMerchantId().equals(command.getMerchantId())
                || link.getMode() != command.getMode()) {
            return Output.of(
                    source.rejected("resource_missing", "No such payment link: '" + command.getPaymentLinkId() + "'"));
        }
        return switch (command.getPayload()) {
            case OpenPaymentLink open -> open(command, source, link, open);
            case DisablePaymentLink disable ->
                link.getStatus().equals("disabled")
                        ? Output.of(source.accepted(List.of(), null))
                        : Output.of(accept(
                                source,
                                PaymentLinkSnapshot.newBuilder(link)
                                        .setStatus("disabled")
                                        .setDisabledAt(source.requestedAt())
                                        .build(),
                                null));
            case RecordLinkPayment paid ->
                Output.of(accept(
                        source,
                        PaymentLinkSnapshot.newBuilder(link)
                                .setPaidCount(link.getPaidCount() + 1)
                                .build(),
                        null));
            default ->
                Output.of(source.rejected(
                        "validation_error",
                        "The stand-in does not know "
                                + command.getPayload().getClass().getSimpleName()));
        };
    }

    private Output open(PaymentLinkCommand command, Source source, PaymentLinkSnapshot link, OpenPaymentLink open) {
        var refusal = refusal(link, open, source);
        if (refusal != null) {
            return Output.of(source.rejected("payment_link_error", refusal));
        }
        int uses = link.getUseCount() + 1;
        var opened = PaymentLinkSnapshot.newBuilder(link).setUseCount(uses);
        if (link.getMaxUses() != null && uses >= link.getMaxUses()) {
            opened.setStatus("expired");
        }
        var metadata = new HashMap<>(link.getMetadata());
        metadata.put("paymentLinkId", link.getId());
        var mint = PaymentCommand.newBuilder()
                .setCommandId(Ids.derivedId(IdPrefix.COMMAND, source.requestedAt(), "mint:" + open.getPaymentId()))
                .setPaymentId(open.getPaymentId())
                .setMerchantId(link.getMerchantId())
                .setMode(link.getMode())
                .setRequestedAt(source.requestedAt())
                .setRequestId(command.getRequestId())
                .setPayload(CreatePayment.newBuilder()
                        .setAmountMicros(link.getAmountMicros())
                        .setCustomerWallet(open.getCustomerWallet())
                        .setPayoutAddress(link.getPayoutAddress())
                        .setMerchantRef(link.getMerchantRefPrefix() + "_" + uses)
                        .setPriceId(link.getPriceId())
                        .setPaymentLinkId(link.getId())
                        .setDescription(link.getDescription())
                        .setCheckoutUrl(open.getCheckoutUrl())
                        .setSuccessUrl(link.getSuccessUrl())
                        .setCancelUrl(link.getCancelUrl())
                        .setCustomerEmail(open.getCustomerEmail())
                        .setCustomerName(open.getCustomerName())
                        .setMetadata(metadata)
                        .build())
                .build();
        var change = accept(source, opened.build(), mint.getCommandId());
        return new Output(
                change, List.of(StubChanges.record(Topics.PAYMENT_COMMANDS, open.getPaymentId(), mint)), null);
    }

    private static @Nullable String refusal(PaymentLinkSnapshot link, OpenPaymentLink open, Source source) {
        var name = "Payment link " + link.getId();
        if (link.getStatus().equals("disabled")) {
            return name + " is disabled";
        }
        if (link.getMaxUses() != null && link.getUseCount() >= link.getMaxUses()) {
            return name + " has been used " + link.getUseCount() + " of " + link.getMaxUses() + " times";
        }
        if (link.getStatus().equals("expired")
                || link.getExpiresAt() != null && !link.getExpiresAt().isAfter(source.requestedAt())) {
            return name + " expired at " + link.getExpiresAt();
        }
        if (link.getCollectEmail() && open.getCustomerEmail() == null) {
            return name + " collects the customer's email";
        }
        if (link.getCollectName() && open.getCustomerName() == null) {
            return name + " collects the customer's name";
        }
        return null;
    }

    private static PaymentLinkSnapshot created(PaymentLinkCommand command, CreatePaymentLink create) {
        return PaymentLinkSnapshot.newBuilder()
                .setId(command.getPaymentLinkId())
                .setMerchantId(command.getMerchantId())
                .setMode(command.getMode())
                .setVersion(0)
                .setStatus("active")
                .setAmountMicros(create.getAmountMicros())
                .setDescription(create.getDescription())
                .setMerchantRefPrefix(create.getMerchantRefPrefix())
                .setPayoutAddress(create.getPayoutAddress())
                .setPriceId(create.getPriceId())
                .setUseCount(0)
                .setMaxUses(create.getMaxUses())
                .setPaidCount(0)
                .setExpiresAt(create.getExpiresAt())
                .setUrl(create.getUrl())
                .setSuccessUrl(create.getSuccessUrl())
                .setCancelUrl(create.getCancelUrl())
                .setCollectEmail(create.getCollectEmail())
                .setCollectName(create.getCollectName())
                .setMetadata(create.getMetadata())
                .setCreatedAt(command.getRequestedAt())
                .build();
    }

    /** Records the link at its next version and writes the accepted Change. */
    private Change accept(Source source, PaymentLinkSnapshot link, @Nullable String followUpCommandId) {
        var next = PaymentLinkSnapshot.newBuilder(link)
                .setVersion(link.getVersion() + 1)
                .build();
        links.put(next.getId(), next);
        return source.accepted(List.of(next), followUpCommandId);
    }
}
