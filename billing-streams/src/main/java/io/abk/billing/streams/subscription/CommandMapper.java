package io.abk.billing.streams.subscription;

import io.abk.billing.schemas.avro.CreateSubscription;
import io.abk.billing.schemas.money.UsdcAmount;
import io.abk.billing.streams.domain.subscription.Interval;
import io.abk.billing.streams.domain.subscription.Plan;
import io.abk.billing.streams.domain.subscription.SubscriptionCommand;
import io.abk.billing.streams.domain.subscription.SubscriptionCommand.Create;
import io.abk.billing.streams.domain.subscription.Tenant;
import io.abk.billing.streams.domain.subscription.Wallets;

/**
 * A command envelope from {@code billing.subscription-commands} to a domain command. Each payload branch of the
 * Avro union maps to one domain command record; a payload this code does not know throws (a producer newer
 * than this processor, or a bug), so the record goes to the dead-letter topic instead of being dropped.
 */
final class CommandMapper {

    private CommandMapper() {
    }

    static SubscriptionCommand toCommand(io.abk.billing.schemas.avro.SubscriptionCommand envelope) {
        var tenant = new Tenant(envelope.getMerchantId(), ModeMapper.toDomain(envelope.getMode()));
        return switch (envelope.getPayload()) {
            case CreateSubscription create -> new Create(
                    envelope.getSubscriptionId(),
                    tenant,
                    envelope.getRequestedAt(),
                    create.getInvoiceId(),
                    new Plan(UsdcAmount.ofMicros(create.getAmountMicros()), Interval.fromApiName(create.getInterval()),
                            create.getPriceId(), create.getPlanId()),
                    create.getTrialDays(),
                    new Wallets(create.getWalletAddress(), create.getPayoutAddress()),
                    create.getMerchantRef(),
                    create.getMetadata(),
                    create.getSuccessUrl(),
                    create.getCancelUrl());
            default -> throw new IllegalArgumentException("command " + envelope.getCommandId()
                    + " has a payload this processor does not know: " + envelope.getPayload().getClass().getName());
        };
    }
}
