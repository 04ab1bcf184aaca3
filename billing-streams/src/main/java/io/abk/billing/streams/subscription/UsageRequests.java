package io.abk.billing.streams.subscription;

import io.abk.billing.schemas.avro.CloseUsagePeriod;
import io.abk.billing.schemas.avro.StopUsage;
import io.abk.billing.schemas.avro.TrackUsage;
import io.abk.billing.schemas.avro.TrackedItem;
import io.abk.billing.schemas.avro.UsageCommand;
import io.abk.billing.schemas.ids.MeterEvents;
import io.abk.billing.schemas.mode.ModeMapper;
import io.abk.billing.streams.command.CommandHeader;
import io.abk.billing.streams.subscription.domain.SubscriptionEvent;
import io.abk.billing.streams.subscription.domain.SubscriptionEvent.SubscriptionBecameActive;
import io.abk.billing.streams.subscription.domain.SubscriptionEvent.SubscriptionCanceled;
import io.abk.billing.streams.subscription.domain.SubscriptionEvent.SubscriptionResumed;
import io.abk.billing.streams.subscription.domain.SubscriptionEvent.UsagePeriodClosing;
import io.abk.billing.streams.subscription.domain.SubscriptionState.Existing;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * What a subscription with a metered item tells the usage processor, on {@code billing.usage-commands} keyed by
 * {@link MeterEvents#key} (its customer's key, as the customer's meter events are), in the same transaction as the
 * change that causes it (docs/architecture.md, "Metered usage"): {@code TrackUsage} of its metered items and current
 * period when it becomes active (paid up, or resumed with a new period), {@code CloseUsagePeriod} when its renewal
 * waits for the period's usage, {@code StopUsage} when it is canceled. The first command's id is
 * {@code <commandId>:usage}, a second one of the same command {@code <commandId>:usage:2}, so a command processed twice
 * sends the same ids.
 */
final class UsageRequests {

    /** The suffix of the id of the usage command a subscription command causes: {@code <commandId>:usage}. */
    static final String COMMAND_ID_SUFFIX = ":usage";

    private UsageRequests() {}

    static List<UsageCommand> of(CommandHeader header, Existing after, List<SubscriptionEvent> events) {
        var d = after.details();
        if (!d.plan().isMetered()) {
            return List.of();
        }
        var payloads = new ArrayList<Object>();
        for (var event : events) {
            switch (event) {
                case SubscriptionBecameActive active -> payloads.add(track(after));
                case SubscriptionResumed resumed -> payloads.add(track(after));
                case SubscriptionCanceled canceled -> payloads.add(new StopUsage(d.id()));
                case UsagePeriodClosing closing ->
                    payloads.add(new CloseUsagePeriod(
                            d.id(), closing.period().start(), closing.period().end(), closing.nextPeriodEnd()));
                default -> {}
            }
        }
        if (payloads.isEmpty()) {
            return List.of();
        }
        var customerId = SubscriptionSnapshotMapper.customerId(d);
        if (customerId == null) {
            // The gateway refuses a subscription without the customer's wallet, whose usage nobody could attribute.
            throw new IllegalStateException("metered subscription " + d.id() + " has no customer wallet");
        }
        var out = new ArrayList<UsageCommand>(payloads.size());
        for (int i = 0; i < payloads.size(); i++) {
            out.add(UsageCommand.newBuilder()
                    .setCommandId(header.commandId() + COMMAND_ID_SUFFIX + (i == 0 ? "" : ":" + (i + 1)))
                    .setMerchantId(d.tenant().merchantId())
                    .setMode(ModeMapper.toAvro(d.tenant().mode()))
                    .setCustomerId(customerId)
                    .setRequestedAt(header.requestedAt())
                    .setPayload(payloads.get(i))
                    .build());
        }
        return out;
    }

    /** The record key of {@code command}: its customer's, as on {@code billing.meter-events}. */
    static String key(UsageCommand command) {
        return MeterEvents.key(
                command.getMerchantId(), ModeMapper.toDomain(command.getMode()).label(), command.getCustomerId());
    }

    /** The subscription's metered items, counted over its current period (after the whole command). */
    private static TrackUsage track(Existing after) {
        var d = after.details();
        var period = d.cycle().currentPeriod();
        return new TrackUsage(
                d.id(),
                d.plan().meteredItems().stream()
                        .map(item -> new TrackedItem(
                                item.itemId(),
                                Objects.requireNonNull(item.meterId()),
                                Objects.requireNonNull(item.eventName()),
                                Objects.requireNonNull(item.aggregation())))
                        .toList(),
                period.start(),
                period.end());
    }
}
