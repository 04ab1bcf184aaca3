package io.abk.billing.gateway.command;

/**
 * A command ready to send: its aggregate (which names the topic), its stamp, the aggregate's id (the Kafka key)
 * and the encoded envelope.
 */
public record StampedCommand(Aggregate<?> aggregate, Stamp stamp, String aggregateId, byte[] value) {

    public String commandId() {
        return stamp.commandId();
    }
}
