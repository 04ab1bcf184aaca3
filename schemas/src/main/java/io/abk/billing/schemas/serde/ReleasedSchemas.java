package io.abk.billing.schemas.serde;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.apache.avro.Schema;
import org.apache.avro.SchemaNormalization;
import org.apache.avro.message.SchemaStore;
import org.jspecify.annotations.Nullable;

/**
 * Every released version of every message schema, read from {@code schema-store/} on the classpath (listed in
 * its {@code index.txt}), looked up by the 64-bit fingerprint that single-object encoding puts in front of each
 * record. Immutable once loaded. A record written by any released version can be read by the current code.
 */
public final class ReleasedSchemas implements SchemaStore {

    static final String STORE_ROOT = "schema-store/";
    private static final ReleasedSchemas SHARED = load();

    private final List<Released> versions;
    private final Map<Long, Schema> byFingerprint;

    /** One released version of a message schema. */
    public record Released(String name, int version, String resource, Schema schema) {
        public long fingerprint() {
            return SchemaNormalization.parsingFingerprint64(schema);
        }
    }

    private ReleasedSchemas(List<Released> versions) {
        this.versions = List.copyOf(versions);
        this.byFingerprint = versions.stream()
                .collect(Collectors.toUnmodifiableMap(Released::fingerprint, Released::schema, (a, b) -> a));
    }

    /** A store of the given versions (tests use it to stand for an older deployment). */
    public static ReleasedSchemas of(List<Released> versions) {
        return new ReleasedSchemas(versions);
    }

    /** The store on this module's classpath, loaded once. */
    public static ReleasedSchemas shared() {
        return SHARED;
    }

    @Override
    public @Nullable Schema findByFingerprint(long fingerprint) {
        return byFingerprint.get(fingerprint);
    }

    public List<Released> versions() {
        return versions;
    }

    public List<Released> versionsOf(String fullName) {
        return versions.stream().filter(r -> r.name().equals(fullName)).toList();
    }

    private static ReleasedSchemas load() {
        var index = read(STORE_ROOT + "index.txt", in -> new String(in.readAllBytes(), StandardCharsets.UTF_8));
        var versions = new ArrayList<Released>();
        for (var line : index.split("\n")) {
            var path = line.strip();
            if (path.isEmpty() || path.startsWith("#")) {
                continue;
            }
            // Each file is a self-contained schema; a fresh parser per file because versions share type names.
            var schema = read(STORE_ROOT + path, in -> new Schema.Parser().parse(in));
            var version =
                    Integer.parseInt(path.substring(path.lastIndexOf("/v") + 2, path.length() - ".avsc".length()));
            versions.add(new Released(schema.getFullName(), version, path, schema));
        }
        return new ReleasedSchemas(versions);
    }

    private interface Reader<T> {
        T read(InputStream in) throws IOException;
    }

    private static <T> T read(String resource, Reader<T> reader) {
        try (var in = ReleasedSchemas.class.getClassLoader().getResourceAsStream(resource)) {
            if (in == null) {
                throw new IllegalStateException("schema store resource missing from the classpath: " + resource);
            }
            return reader.read(in);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read schema store resource " + resource, e);
        }
    }
}
