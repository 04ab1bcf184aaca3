package io.abk.billing.streams.usage;

import io.abk.billing.schemas.avro.CloseUsagePeriod;
import io.abk.billing.schemas.avro.MeterEvent;
import io.abk.billing.schemas.avro.StopUsage;
import io.abk.billing.schemas.avro.TrackUsage;
import io.abk.billing.schemas.avro.UsageCommand;
import io.abk.billing.streams.usage.domain.MeteredItem;
import io.abk.billing.streams.usage.domain.UsageAggregation;
import io.abk.billing.streams.usage.domain.UsageInstruction;
import io.abk.billing.streams.usage.domain.UsageInstruction.Close;
import io.abk.billing.streams.usage.domain.UsageInstruction.Count;
import io.abk.billing.streams.usage.domain.UsageInstruction.Stop;
import io.abk.billing.streams.usage.domain.UsageInstruction.Track;

/** The usage processor's inputs as the rules' instructions: a meter event, or a usage command's payload. */
final class UsageCommandMapper {

    private UsageCommandMapper() {}

    static Count count(MeterEvent event) {
        return new Count(event.getEventName(), event.getTimestamp(), event.getValue());
    }

    static UsageInstruction instruction(UsageCommand command) {
        return switch (command.getPayload()) {
            case TrackUsage track ->
                new Track(
                        track.getSubscriptionId(),
                        track.getItems().stream()
                                .map(item -> new MeteredItem(
                                        item.getItemId(),
                                        item.getMeterId(),
                                        item.getEventName(),
                                        UsageAggregation.of(item.getAggregation())))
                                .toList(),
                        track.getPeriodStart(),
                        track.getPeriodEnd());
            case StopUsage stop -> new Stop(stop.getSubscriptionId());
            case CloseUsagePeriod close ->
                new Close(
                        close.getSubscriptionId(),
                        close.getPeriodStart(),
                        close.getPeriodEnd(),
                        close.getNextPeriodEnd());
            default ->
                throw new IllegalArgumentException("usage command " + command.getCommandId()
                        + " has a payload this processor does not know: "
                        + command.getPayload().getClass().getName());
        };
    }
}
