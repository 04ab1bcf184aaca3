package io.abk.billing.schemas.mode;

/**
 * The one mapping between the domain's {@link Mode} and the wire's generated enum. Two enums on purpose: the domain
 * imports nothing generated. A switch rather than {@code valueOf(name())}, so a new symbol on either side fails to
 * compile here instead of at run time.
 */
public final class ModeMapper {

    private ModeMapper() {}

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
