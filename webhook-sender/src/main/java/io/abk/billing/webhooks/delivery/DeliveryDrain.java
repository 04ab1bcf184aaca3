package io.abk.billing.webhooks.delivery;

import java.time.Duration;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.SmartLifecycle;
import org.springframework.kafka.config.KafkaListenerEndpointRegistry;
import org.springframework.kafka.listener.AbstractMessageListenerContainer;

/**
 * Graceful close: stops before the listener containers (a higher phase), pauses them so no new attempt starts, and
 * waits for the attempts in flight to finish so their offsets are committed while the consumers still run. What is
 * still in flight after the patience (the HTTP timeout and a margin) stays uncommitted and is redelivered after a
 * restart: at-least-once either way.
 */
public class DeliveryDrain implements SmartLifecycle {

    private static final Logger log = LoggerFactory.getLogger(DeliveryDrain.class);

    private final KafkaListenerEndpointRegistry registry;
    private final InFlightLimit inFlight;
    private final Duration patience;
    private volatile boolean running;

    public DeliveryDrain(KafkaListenerEndpointRegistry registry, InFlightLimit inFlight, Duration patience) {
        this.registry = registry;
        this.inFlight = inFlight;
        this.patience = patience;
    }

    @Override
    public void start() {
        running = true;
    }

    @Override
    public void stop() {
        running = false;
        registry.getAllListenerContainers().forEach(container -> container.pause());
        try {
            var idle = inFlight.awaitIdle(patience);
            log.info("shutdown=drain idle={} inFlight={}", idle, inFlight.inFlight());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    @Override
    public boolean isRunning() {
        return running;
    }

    @Override
    public int getPhase() {
        return AbstractMessageListenerContainer.DEFAULT_PHASE + 50;
    }
}
