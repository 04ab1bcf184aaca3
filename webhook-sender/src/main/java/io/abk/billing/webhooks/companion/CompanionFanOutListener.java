package io.abk.billing.webhooks.companion;

import io.abk.billing.schemas.avro.Mode;
import io.abk.billing.schemas.avro.UsdtEvent;
import io.abk.billing.schemas.avro.WebhookDelivery;
import io.abk.billing.schemas.topic.Deployment;
import io.abk.billing.schemas.topic.Topics;
import io.abk.billing.webhooks.fanout.EventLog;
import io.abk.billing.webhooks.fanout.FanOut;
import io.abk.billing.webhooks.fanout.FanOutBatch;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CompletableFuture;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.kafka.annotation.KafkaListener;
import org.springframework.kafka.core.KafkaTemplate;

/**
 * Fan-out of the companion's events, as {@code FanOutListener} does for billing.events: reads {@code usdt.events}
 * (read_committed) in batches, records each event in the event log under the companion merchant, and queues one
 * delivery per companion endpoint on {@code webhooks.deliveries}; from there the deliveries, retries, signatures and
 * delivery log are the merchants' own. The body is the event's {@code body} exactly, as the verifier rendered it, and
 * its id the event's id (the {@code webhook-id} receivers dedupe by). Offsets are committed only after every send of
 * the batch is acknowledged.
 */
public class CompanionFanOutListener {

    /** The consumer group of the companion's fan-out in the default deployment. */
    public static final String GROUP = "webhook-sender-usdt-fanout";

    private static final Logger log = LoggerFactory.getLogger(CompanionFanOutListener.class);

    private final String merchantId;
    private final Mode mode;
    private final EventLog eventLog;
    private final KafkaTemplate<String, WebhookDelivery> deliveries;
    private final Clock clock;
    private final Deployment deployment;

    public CompanionFanOutListener(
            String merchantId,
            String mode,
            EventLog eventLog,
            KafkaTemplate<String, WebhookDelivery> deliveries,
            Clock clock,
            Deployment deployment) {
        this.merchantId = merchantId;
        this.mode = Mode.valueOf(mode.toUpperCase(Locale.ROOT));
        this.eventLog = eventLog;
        this.deliveries = deliveries;
        this.clock = clock;
        this.deployment = deployment;
    }

    /** The listener's group: the companion's fan-out's in its deployment. */
    public String groupId() {
        return deployment.name(GROUP);
    }

    /** The topic the listener reads: usdt.events as its deployment names it. */
    public String topic() {
        return Topics.USDT_EVENTS.name(deployment);
    }

    @KafkaListener(
            id = "webhook-usdt-fanout",
            groupId = "#{__listener.groupId()}",
            batch = "true",
            containerFactory = "companionFanOutContainerFactory",
            topics = "#{__listener.topic()}")
    public void fanOut(List<ConsumerRecord<String, @Nullable UsdtEvent>> records) throws InterruptedException {
        var entries = new ArrayList<EventLog.Entry>(records.size());
        var modeText = mode.name().toLowerCase(Locale.ROOT);
        for (var event : FanOutBatch.readable(log, records)) {
            entries.add(new EventLog.Entry(
                    event.getEventId(),
                    merchantId,
                    modeText,
                    event.getType(),
                    event.getIntentId(),
                    event.getCreatedAt(),
                    event.getBody()));
        }
        eventLog.recordEntries(entries);
        var endpoints = eventLog.subscribers(merchantId, modeText);
        var now = clock.instant();
        var sends = new ArrayList<CompletableFuture<?>>();
        for (var entry : entries) {
            for (var delivery : FanOut.deliveries(entry, mode, endpoints, now)) {
                sends.add(FanOutBatch.send(deliveries, deployment, delivery));
            }
        }
        FanOutBatch.awaitAll(sends, "companion fan-out");
        log.debug("fanout=companion events={} deliveries={}", entries.size(), sends.size());
    }
}
