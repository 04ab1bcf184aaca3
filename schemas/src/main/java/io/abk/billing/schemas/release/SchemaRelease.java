package io.abk.billing.schemas.release;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.stream.Stream;
import org.apache.avro.Schema;
import org.apache.avro.SchemaNormalization;

/**
 * Records the current version of every message schema in the schema store when it is not there yet: writes
 * {@code <store>/<full name>/v<N>.avsc} and appends it to {@code index.txt}. Run it with
 * {@code ./billing release-schemas} after changing a schema; the compatibility test then checks the change
 * against every earlier version. Released files are never edited or removed.
 */
public final class SchemaRelease {

    private SchemaRelease() {}

    public static void main(String[] args) throws IOException {
        var store = Path.of(args.length > 0 ? args[0] : "schemas/src/main/resources/schema-store");
        var written = release(store);
        if (written.isEmpty()) {
            System.out.println("schema store is up to date: " + store);
        }
        written.forEach(path -> System.out.println("released " + path));
    }

    /** Writes every schema whose fingerprint is new; returns the files written, relative to the store. */
    public static List<String> release(Path store) throws IOException {
        Files.createDirectories(store);
        var index = store.resolve("index.txt");
        var lines = Files.exists(index) ? new ArrayList<>(Files.readAllLines(index)) : new ArrayList<String>();
        var known = new HashSet<Long>();
        for (var line : lines) {
            if (!line.isBlank() && !line.startsWith("#")) {
                known.add(fingerprint(
                        new Schema.Parser().parse(store.resolve(line.strip()).toFile())));
            }
        }
        var written = new ArrayList<String>();
        for (var schema : MessageSchemas.current()) {
            if (known.contains(fingerprint(schema))) {
                continue;
            }
            var dir = store.resolve(schema.getFullName());
            Files.createDirectories(dir);
            int next;
            try (Stream<Path> files = Files.list(dir)) {
                next = (int) files.filter(p -> p.getFileName().toString().matches("v\\d+\\.avsc"))
                                .count()
                        + 1;
            }
            var relative = schema.getFullName() + "/v" + next + ".avsc";
            Files.writeString(store.resolve(relative), schema.toString(true) + "\n", StandardCharsets.UTF_8);
            lines.add(relative);
            written.add(relative);
        }
        if (!written.isEmpty()) {
            Files.write(index, lines, StandardCharsets.UTF_8);
        }
        return written;
    }

    static long fingerprint(Schema schema) {
        return SchemaNormalization.parsingFingerprint64(schema);
    }
}
