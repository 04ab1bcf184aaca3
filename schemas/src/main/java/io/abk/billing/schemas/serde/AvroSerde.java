package io.abk.billing.schemas.serde;

import java.io.IOException;
import java.io.UncheckedIOException;
import org.apache.avro.message.BinaryMessageDecoder;
import org.apache.avro.message.BinaryMessageEncoder;
import org.apache.avro.specific.SpecificData;
import org.apache.avro.specific.SpecificRecord;
import org.apache.kafka.common.errors.SerializationException;
import org.apache.kafka.common.serialization.Deserializer;
import org.apache.kafka.common.serialization.Serde;
import org.apache.kafka.common.serialization.Serializer;

/**
 * A Kafka serde for one generated Avro record type, in Avro single-object encoding. Writes with the current
 * schema; reads any version found in {@link ReleasedSchemas} and resolves it to the current one. Stateless and
 * thread-safe, so one instance can serve every client.
 */
public final class AvroSerde<T extends SpecificRecord> implements Serde<T> {

    private final Class<T> type;
    private final BinaryMessageEncoder<T> encoder;
    private final BinaryMessageDecoder<T> decoder;

    private AvroSerde(Class<T> type, ReleasedSchemas store) {
        this.type = type;
        // The class's own model carries its logical-type conversions (timestamps as Instant).
        var model = SpecificData.getForClass(type);
        var schema = model.getSchema(type);
        this.encoder = new BinaryMessageEncoder<>(model, schema);
        this.decoder = new BinaryMessageDecoder<>(model, schema, store);
    }

    public static <T extends SpecificRecord> AvroSerde<T> of(Class<T> type) {
        return new AvroSerde<>(type, ReleasedSchemas.shared());
    }

    /** A serde that reads the versions in {@code store} (tests use it to stand for another deployment). */
    public static <T extends SpecificRecord> AvroSerde<T> of(Class<T> type, ReleasedSchemas store) {
        return new AvroSerde<>(type, store);
    }

    /** The record in single-object encoding, written into this thread's {@link EncodeBuffer} and copied out. */
    public byte[] encode(T record) {
        var out = EncodeBuffer.empty();
        try {
            encoder.encode(record, out);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot encode " + type.getSimpleName(), e);
        }
        return out.toByteArray();
    }

    public T decode(byte[] bytes) {
        try {
            return decoder.decode(bytes);
        } catch (IOException | RuntimeException e) {
            throw new SerializationException(
                    "cannot decode " + type.getSimpleName() + " (" + bytes.length + " bytes)", e);
        }
    }

    @Override
    public Serializer<T> serializer() {
        return (topic, data) -> data == null ? null : encode(data);
    }

    @Override
    public Deserializer<T> deserializer() {
        return (topic, data) -> data == null ? null : decode(data);
    }

    public Class<T> type() {
        return type;
    }

    @Override
    public String toString() {
        return "AvroSerde[" + type.getSimpleName() + "]";
    }
}
