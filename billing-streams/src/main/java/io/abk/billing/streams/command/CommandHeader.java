package io.abk.billing.streams.command;

import io.abk.billing.schemas.avro.Mode;
import io.abk.billing.schemas.mode.ModeMapper;
import io.abk.billing.streams.shared.domain.Tenant;
import java.time.Instant;
import org.apache.avro.specific.SpecificRecord;
import org.jspecify.annotations.Nullable;

/**
 * The fields every command envelope carries whatever its aggregate: what the processor needs to check the record's
 * key, dedupe, log and count, and what every {@code Change} and event of the command repeats. {@link #of} reads them
 * from any aggregate's envelope, so an adapter reads no header of its own.
 */
public record CommandHeader(
        String commandId,
        String aggregateId,
        String merchantId,
        Mode mode,
        Instant requestedAt,
        @Nullable String requestId,
        String type) {

    /**
     * Where an envelope holds its aggregate's id: each envelope names the field after its aggregate
     * ({@code subscriptionId}, {@code paymentId}, ...) and holds it second, after the command id
     * ({@link io.abk.billing.schemas.command.AggregateEnvelope} builds them in that order).
     */
    private static final int AGGREGATE_ID_POSITION = 1;

    /**
     * The header of {@code envelope}, the command envelope of any aggregate: the fields every envelope has under
     * the same name, and the aggregate's id.
     *
     * @throws IllegalArgumentException when {@code envelope} lacks one of them (it is no command envelope)
     */
    public static CommandHeader of(SpecificRecord envelope) {
        return new CommandHeader(
                (String) field(envelope, "commandId"),
                (String) envelope.get(AGGREGATE_ID_POSITION),
                (String) field(envelope, "merchantId"),
                (Mode) field(envelope, "mode"),
                (Instant) field(envelope, "requestedAt"),
                (@Nullable String) field(envelope, "requestId"),
                typeOf(field(envelope, "payload")));
    }

    /** The command's kind as metrics name it: its payload's record name ({@code CreateSubscription}). */
    private static String typeOf(Object payload) {
        return payload.getClass().getSimpleName();
    }

    /** Whose aggregate the command is for, as the domain names it. */
    public Tenant tenant() {
        return new Tenant(merchantId, ModeMapper.toDomain(mode));
    }

    /**
     * What an instruction mapper throws for a {@code payload} it does not know (a producer newer than this
     * processor, or a bug), so that the record goes to the dead-letter topic instead of being dropped.
     */
    public IllegalArgumentException unknownPayload(Object payload) {
        return new IllegalArgumentException("command " + commandId + " has a payload this processor does not know: "
                + payload.getClass().getName());
    }

    /**
     * The command's fields of a log line about its aggregate, {@code idName} naming the aggregate's id
     * ({@code paymentId=pay_1 merchantId=mer_1 mode=TEST commandId=cmd_1}), for the lines that must stand alone
     * (a warning someone reads without the context's fields).
     */
    public String logFields(String idName) {
        return idName + "=" + aggregateId + " merchantId=" + merchantId + " mode=" + mode + " commandId=" + commandId;
    }

    private static Object field(SpecificRecord envelope, String name) {
        var field = envelope.getSchema().getField(name);
        if (field == null) {
            throw new IllegalArgumentException(
                    envelope.getSchema().getFullName() + " is not a command envelope: it has no field " + name);
        }
        return envelope.get(field.pos());
    }
}
