/**
 * Delivery (flow points 2 and 3): consumer loops over {@code webhooks.deliveries} and its retry topics that start
 * attempts without waiting for them and commit each partition up to its lowest attempt in flight, forwarding failed
 * deliveries to the retry topic of their next delay (or the dead-letter topic); the schedule and the in-flight bound.
 * Plain Kafka clients rather than spring-kafka's retry topics: see {@link io.abk.billing.webhooks.delivery.DeliveryLoop}.
 */
@NullMarked
package io.abk.billing.webhooks.delivery;

import org.jspecify.annotations.NullMarked;
