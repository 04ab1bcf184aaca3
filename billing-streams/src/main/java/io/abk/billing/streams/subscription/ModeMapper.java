package io.abk.billing.streams.subscription;

import io.abk.billing.streams.domain.subscription.Mode;

/** The domain's mode and the wire's mode are two enums on purpose: the domain imports nothing generated. */
final class ModeMapper {

    private ModeMapper() {
    }

    static Mode toDomain(io.abk.billing.schemas.avro.Mode mode) {
        return switch (mode) {
            case TEST -> Mode.TEST;
            case LIVE -> Mode.LIVE;
        };
    }

    static io.abk.billing.schemas.avro.Mode toAvro(Mode mode) {
        return switch (mode) {
            case TEST -> io.abk.billing.schemas.avro.Mode.TEST;
            case LIVE -> io.abk.billing.schemas.avro.Mode.LIVE;
        };
    }
}
