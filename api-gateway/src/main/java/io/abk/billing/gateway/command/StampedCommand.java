package io.abk.billing.gateway.command;

/**
 * A command ready to send: its aggregate (which names the topic), its stamp, the aggregate's id (the Kafka key),
 * the encoded envelope and its type (the payload's record name, as metrics name it).
 */
public record StampedCommand(Aggregate<?> aggregate, Stamp stamp, String aggregateId, byte[] value, String type) {

    public String commandId() {
        return stamp.commandId();
    }
}
