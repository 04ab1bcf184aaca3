package io.abk.billing.schemas.serde;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.abk.billing.schemas.avro.CreateSubscription;
import io.abk.billing.schemas.avro.Mode;
import io.abk.billing.schemas.avro.SubscriptionCommand;
import io.abk.billing.schemas.serde.ReleasedSchemas.Released;
import java.io.ByteArrayOutputStream;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericRecordBuilder;
import org.apache.avro.message.BinaryMessageEncoder;
import org.apache.avro.specific.SpecificData;
import org.apache.kafka.common.errors.SerializationException;
import org.junit.jupiter.api.Test;

class AvroSerdeTest {

    private static final Instant T0 = Instant.parse("2026-11-22T10:00:00Z");

    static SubscriptionCommand create() {
        return SubscriptionCommand.newBuilder()
                .setCommandId("cmd_1")
                .setSubscriptionId("sub_1")
                .setMerchantId("mer_1")
                .setMode(Mode.TEST)
                .setRequestedAt(T0)
                .setPayload(CreateSubscription.newBuilder()
                        .setInvoiceId("inv_1")
                        .setAmountMicros(9_990_000)
                        .setInterval("month")
                        .setWalletAddress("0x" + "a".repeat(40))
                        .setPayoutAddress("0x" + "b".repeat(40))
                        .setMerchantRef("order-1")
                        .setMetadata(Map.of("k", "v"))
                        .build())
                .build();
    }

    @Test
    void shouldRoundTripARecordInSingleObjectEncoding() {
        var serde = AvroSerde.of(SubscriptionCommand.class);
        var bytes = serde.serializer().serialize("t", create());

        // Single-object encoding: marker C3 01, then the 8-byte fingerprint, then the body.
        assertThat(bytes[0]).isEqualTo((byte) 0xC3);
        assertThat(bytes[1]).isEqualTo((byte) 0x01);
        assertThat(serde.deserializer().deserialize("t", bytes)).isEqualTo(create());
    }

    @Test
    void shouldWriteTheSameBytesAsAvrosOwnEncoderRecordAfterRecord() throws Exception {
        // Given records of different sizes, one larger than the buffer a thread keeps
        var serde = AvroSerde.of(SubscriptionCommand.class);
        var avro = new BinaryMessageEncoder<SubscriptionCommand>(
                SpecificData.getForClass(SubscriptionCommand.class), SubscriptionCommand.getClassSchema());
        var large = withMetadata(Map.of("big", "x".repeat(EncodeBuffer.KEPT_AT_MOST + 1)));
        var small = withMetadata(Map.of("k", "v"));

        for (var record : List.of(small, large, small, create(), large)) {
            // When the serde encodes each in turn on one thread
            var out = new ByteArrayOutputStream();
            avro.encode(record, out);

            // Then each is byte for byte what Avro's encoder writes, nothing of the one before left in it
            assertThat(serde.encode(record)).isEqualTo(out.toByteArray());
        }
        // And the thread does not keep the large record's array
        assertThat(EncodeBuffer.empty().capacity()).isEqualTo(EncodeBuffer.INITIAL);
    }

    @Test
    void shouldLeaveTheBufferUsableAfterARecordThatCannotBeEncoded() {
        var serde = AvroSerde.of(SubscriptionCommand.class);
        var broken = create();
        broken.put("commandId", null);

        assertThatThrownBy(() -> serde.encode(broken)).isInstanceOf(RuntimeException.class);
        assertThat(serde.decode(serde.encode(create()))).isEqualTo(create());
    }

    private static SubscriptionCommand withMetadata(Map<String, String> metadata) {
        var payload = CreateSubscription.newBuilder((CreateSubscription) create().getPayload())
                .setMetadata(metadata)
                .build();
        return SubscriptionCommand.newBuilder(create()).setPayload(payload).build();
    }

    @Test
    void shouldReadARecordWrittenByAnOlderReleasedVersion() throws Exception {
        // Given a writer on an older schema that had no requestId field
        var current = SubscriptionCommand.getClassSchema();
        var older = withoutField(current, "requestId");
        var store = ReleasedSchemas.of(List.of(new Released(current.getFullName(), 0, "test", older)));
        var oldRecord = new GenericRecordBuilder(older)
                .set("commandId", "cmd_old")
                .set("subscriptionId", "sub_1")
                .set("merchantId", "mer_1")
                .set("mode", new GenericData.EnumSymbol(older.getField("mode").schema(), "LIVE"))
                .set("requestedAt", T0.toEpochMilli())
                .set("idempotencyKey", null)
                .set(
                        "payload",
                        new GenericRecordBuilder(older.getField("payload")
                                        .schema()
                                        .getTypes()
                                        .get(0))
                                .set("invoiceId", "inv_1")
                                .set("amountMicros", 1L)
                                .set("interval", "year")
                                .set("walletAddress", "w")
                                .set("payoutAddress", "p")
                                .set("merchantRef", "r")
                                .build())
                .build();
        var out = new ByteArrayOutputStream();
        new BinaryMessageEncoder<>(GenericData.get(), older).encode(oldRecord, out);

        // When today's serde reads it
        var read = AvroSerde.of(SubscriptionCommand.class, store).decode(out.toByteArray());

        // Then the missing field takes its default
        assertThat(read.getCommandId()).isEqualTo("cmd_old");
        assertThat(read.getMode()).isEqualTo(Mode.LIVE);
        assertThat(read.getRequestId()).isNull();
        assertThat(read.getRequestedAt()).isEqualTo(T0);
    }

    @Test
    void shouldFailClearlyOnBytesOfAnUnknownSchema() {
        assertThatThrownBy(() -> AvroSerde.of(SubscriptionCommand.class)
                        .decode(new byte[] {(byte) 0xC3, 1, 1, 2, 3, 4, 5, 6, 7, 8, 0}))
                .isInstanceOf(SerializationException.class)
                .hasMessageContaining("SubscriptionCommand");
    }

    private static Schema withoutField(Schema record, String field) {
        var fields = record.getFields().stream()
                .filter(f -> !f.name().equals(field))
                .map(f -> new Schema.Field(f, f.schema()))
                .toList();
        return Schema.createRecord(record.getName(), record.getDoc(), record.getNamespace(), false, fields);
    }
}
