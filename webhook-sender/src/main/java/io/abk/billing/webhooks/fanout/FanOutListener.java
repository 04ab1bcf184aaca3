package io.abk.billing.webhooks.fanout;

import io.abk.billing.schemas.avro.BillingEvent;
import io.abk.billing.schemas.avro.WebhookDelivery;
import io.abk.billing.schemas.render.EventJson;
import io.abk.billing.schemas.topic.Deployment;
import io.abk.billing.schemas.topic.Topics;
import io.abk.billing.webhooks.fanout.EventLog.RenderedEvent;
import io.abk.billing.webhooks.fanout.EventLog.Tenant;
import java.time.Clock;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.kafka.annotation.KafkaListener;
import org.springframework.kafka.core.KafkaTemplate;
import tools.jackson.databind.json.JsonMapper;

/**
 * Flow point 1: reads billing.events in batches, records them in the event log, and queues one delivery per
 * subscribed endpoint on webhooks.deliveries. The batch's offsets are committed only after every send of the
 * batch is acknowledged, so a crash repeats a fan-out (the same delivery ids and event ids) rather than losing one.
 */
public class FanOutListener {

    /** The consumer group of fan-out (billing.events to deliveries) in the default deployment. */
    public static final String GROUP = "webhook-sender-fanout";

    private static final Logger log = LoggerFactory.getLogger(FanOutListener.class);

    private final EventLog eventLog;
    private final KafkaTemplate<String, WebhookDelivery> deliveries;
    private final JsonMapper json;
    private final Clock clock;
    private final Deployment deployment;

    public FanOutListener(
            EventLog eventLog,
            KafkaTemplate<String, WebhookDelivery> deliveries,
            JsonMapper json,
            Clock clock,
            Deployment deployment) {
        this.eventLog = eventLog;
        this.deliveries = deliveries;
        this.json = json;
        this.clock = clock;
        this.deployment = deployment;
    }

    /** The listener's group: fan-out's in its deployment. */
    public String groupId() {
        return deployment.name(GROUP);
    }

    /** The topic the listener reads: billing.events as its deployment names it. */
    public String topic() {
        return Topics.EVENTS.name(deployment);
    }

    @KafkaListener(
            id = "webhook-fanout",
            groupId = "#{__listener.groupId()}",
            batch = "true",
            containerFactory = "fanOutContainerFactory",
            topics = "#{__listener.topic()}",
            concurrency = "${billing.webhooks.concurrency:2}")
    public void fanOut(List<ConsumerRecord<String, @Nullable BillingEvent>> records) throws InterruptedException {
        long started = System.nanoTime();
        var rendered = new ArrayList<RenderedEvent>(records.size());
        for (var event : FanOutBatch.readable(log, records)) {
            rendered.add(new RenderedEvent(event, json.writeValueAsString(EventJson.event(event))));
        }
        long renderedAt = System.nanoTime();
        eventLog.record(rendered);
        long loggedAt = System.nanoTime();
        var now = clock.instant();
        var subscribers = new HashMap<Tenant, List<Subscriber>>();
        var sends = new ArrayList<CompletableFuture<?>>();
        for (var each : rendered) {
            var event = each.event();
            var endpoints =
                    subscribers.computeIfAbsent(Tenant.of(event), t -> eventLog.subscribers(t.merchantId(), t.mode()));
            for (var delivery : FanOut.deliveries(event, each.payload(), endpoints, now)) {
                sends.add(FanOutBatch.send(deliveries, deployment, delivery));
            }
        }
        long sentAt = System.nanoTime();
        FanOutBatch.awaitAll(sends, "fan-out");
        long ackedAt = System.nanoTime();
        log.debug(
                "fanout=done events={} deliveries={} renderMs={} insertMs={} selectSendMs={} ackMs={}",
                rendered.size(),
                sends.size(),
                (renderedAt - started) / 1_000_000,
                (loggedAt - renderedAt) / 1_000_000,
                (sentAt - loggedAt) / 1_000_000,
                (ackedAt - sentAt) / 1_000_000);
    }
}
