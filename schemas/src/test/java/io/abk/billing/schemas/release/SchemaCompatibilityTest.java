package io.abk.billing.schemas.release;

import static org.assertj.core.api.Assertions.assertThat;

import io.abk.billing.schemas.serde.AvroSerde;
import io.abk.billing.schemas.serde.ReleasedSchemas;
import io.abk.billing.schemas.topic.Topics;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.apache.avro.Schema;
import org.apache.avro.SchemaCompatibility;
import org.apache.avro.SchemaCompatibility.SchemaCompatibilityType;
import org.apache.avro.SchemaNormalization;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * The build check on schema evolution: the build fails when a message schema changes without being released
 * into the store, or when it can no longer read data written by any released version.
 */
class SchemaCompatibilityTest {

    private final ReleasedSchemas store = ReleasedSchemas.shared();

    @TestFactory
    Stream<DynamicTest> everyCurrentSchemaIsReleased() {
        return MessageSchemas.current().stream()
                .map(schema -> DynamicTest.dynamicTest(schema.getName(), () -> {
                    var fingerprint = SchemaNormalization.parsingFingerprint64(schema);
                    assertThat(store.findByFingerprint(fingerprint))
                            .as(
                                    "%s changed but its new version is not in the schema store: run ./billing release-schemas"
                                            + " and commit schemas/src/main/resources/schema-store",
                                    schema.getFullName())
                            .isNotNull();
                }));
    }

    @TestFactory
    Stream<DynamicTest> everyCurrentSchemaReadsEveryReleasedVersion() {
        return MessageSchemas.current().stream()
                .flatMap(schema -> store.versionsOf(schema.getFullName()).stream()
                        .map(released ->
                                DynamicTest.dynamicTest(schema.getName() + " reads v" + released.version(), () -> {
                                    var result = SchemaCompatibility.checkReaderWriterCompatibility(
                                            schema, released.schema());
                                    assertThat(result.getType())
                                            .as(
                                                    "%s is not backward compatible with released %s: %s",
                                                    schema.getFullName(),
                                                    released.resource(),
                                                    result.getResult().getIncompatibilities())
                                            .isEqualTo(SchemaCompatibilityType.COMPATIBLE);
                                })));
    }

    @Test
    void shouldDetectAnIncompatibleChange() {
        // Protects the check itself: a new field without a default cannot read old data.
        var released = new Schema.Parser().parse("""
                {"type":"record","name":"R","fields":[{"name":"a","type":"string"}]}""");
        var changed = new Schema.Parser().parse("""
                {"type":"record","name":"R","fields":[{"name":"a","type":"string"},{"name":"b","type":"long"}]}""");
        var withDefault = new Schema.Parser().parse("""
                {"type":"record","name":"R","fields":[{"name":"a","type":"string"},{"name":"b","type":"long","default":0}]}""");

        assertThat(SchemaCompatibility.checkReaderWriterCompatibility(changed, released)
                        .getType())
                .isEqualTo(SchemaCompatibilityType.INCOMPATIBLE);
        assertThat(SchemaCompatibility.checkReaderWriterCompatibility(withDefault, released)
                        .getType())
                .isEqualTo(SchemaCompatibilityType.COMPATIBLE);
    }

    @Test
    void everyAvroTopicValueIsAVersionedMessageSchema() {
        var versioned =
                MessageSchemas.current().stream().map(Schema::getFullName).collect(Collectors.toSet());
        Topics.all().stream()
                .filter(topic -> topic.valueSerde() instanceof AvroSerde<?>)
                .forEach(topic -> {
                    var type = ((AvroSerde<?>) topic.valueSerde()).type();
                    assertThat(versioned).as(topic.baseName()).contains(type.getName());
                });
    }
}
