package io.abk.billing.streams.usage;

import io.abk.billing.schemas.avro.RecordUsage;
import io.abk.billing.schemas.avro.SubscriptionCommand;
import io.abk.billing.schemas.avro.UsageCommand;
import io.abk.billing.schemas.avro.UsageQuantity;
import io.abk.billing.schemas.avro.UsageSummary;
import io.abk.billing.schemas.mode.ModeMapper;
import io.abk.billing.streams.usage.domain.CustomerUsage;
import io.abk.billing.streams.usage.domain.RecordedPeriod;
import io.abk.billing.streams.usage.domain.TrackedSubscription;
import java.time.Instant;
import java.util.ArrayList;

/** What the usage processor writes: a subscription's summary, and the {@code RecordUsage} that answers a close. */
final class UsageOutputMapper {

    /** The command id of a close's answer: {@code <close's command id>:recorded}, the same however often it is sent. */
    static final String RECORDED_SUFFIX = ":recorded";

    private UsageOutputMapper() {}

    /** {@code subscription}'s open period so far, as of {@code asOf}. */
    static UsageSummary summary(CustomerUsage usage, TrackedSubscription subscription, Instant asOf) {
        var items = new ArrayList<UsageQuantity>(subscription.items().size());
        for (var counted : subscription.items()) {
            items.add(new UsageQuantity(
                    counted.item().itemId(),
                    counted.item().meterId(),
                    counted.open().quantity(),
                    counted.open().eventCount()));
        }
        return new UsageSummary(
                subscription.subscriptionId(),
                usage.tenant().merchantId(),
                ModeMapper.toAvro(usage.tenant().mode()),
                usage.customerId(),
                subscription.periodStart(),
                subscription.periodEnd(),
                items,
                asOf);
    }

    /** The answer to {@code close}: the subscription's {@code recorded} period, requested when the close was. */
    static SubscriptionCommand recordUsage(UsageCommand close, String subscriptionId, RecordedPeriod recorded) {
        return SubscriptionCommand.newBuilder()
                .setCommandId(close.getCommandId() + RECORDED_SUFFIX)
                .setSubscriptionId(subscriptionId)
                .setMerchantId(close.getMerchantId())
                .setMode(close.getMode())
                .setRequestedAt(close.getRequestedAt())
                .setPayload(new RecordUsage(
                        recorded.start(), recorded.end(), UsageStateMapper.quantities(recorded.items())))
                .build();
    }
}
