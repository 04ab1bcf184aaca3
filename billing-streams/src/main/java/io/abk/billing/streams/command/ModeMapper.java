package io.abk.billing.streams.command;

import io.abk.billing.streams.domain.tenant.Mode;

/** The domain's mode and the wire's mode are two enums on purpose: the domain imports nothing generated. */
public final class ModeMapper {

    private ModeMapper() {
    }

    public static Mode toDomain(io.abk.billing.schemas.avro.Mode mode) {
        return switch (mode) {
            case TEST -> Mode.TEST;
            case LIVE -> Mode.LIVE;
        };
    }

    public static io.abk.billing.schemas.avro.Mode toAvro(Mode mode) {
        return switch (mode) {
            case TEST -> io.abk.billing.schemas.avro.Mode.TEST;
            case LIVE -> io.abk.billing.schemas.avro.Mode.LIVE;
        };
    }
}
