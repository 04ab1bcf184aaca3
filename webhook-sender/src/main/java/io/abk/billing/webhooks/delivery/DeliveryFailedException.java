package io.abk.billing.webhooks.delivery;

/**
 * An attempt that did not get a 2xx: completing the listener's future with it makes spring-kafka forward the
 * delivery to the next retry topic, or to the dead-letter topic once the schedule is spent. An endpoint's fault,
 * not a bug: no stack trace.
 */
public final class DeliveryFailedException extends RuntimeException {

    public DeliveryFailedException(String message) {
        super(message, null, false, false);
    }
}
