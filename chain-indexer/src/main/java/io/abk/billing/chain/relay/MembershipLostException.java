package io.abk.billing.chain.relay;

import java.util.Optional;
import org.apache.kafka.common.KafkaException;

/** The relayer's consumer was dropped from its group: the relayer stops rather than rejoin (see {@link Relayer}). */
final class MembershipLostException extends KafkaException {

    MembershipLostException(String group, int partitions) {
        super("the relayer's consumer was dropped from its group " + group + " and lost " + partitions
                + " partitions: it stops instead of rejoining");
    }

    /** The consumer wraps what a rebalance callback throws: this, found among {@code failure}'s causes. */
    static Optional<MembershipLostException> causeOf(Throwable failure) {
        for (var cause = failure; cause != null; cause = cause.getCause()) {
            if (cause instanceof MembershipLostException lost) {
                return Optional.of(lost);
            }
        }
        return Optional.empty();
    }
}
