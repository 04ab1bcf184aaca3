package io.abk.billing.systemtests.stack;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;

/** Removes a stack's data directory after a test run; what cannot be removed is left to the OS's temp clean-up. */
final class TempDirs {

    private TempDirs() {}

    /** A new directory in the system's temporary directory, its name starting with {@code prefix}. */
    static Path create(String prefix) {
        try {
            return Files.createTempDirectory(prefix);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static void deleteQuietly(Path dir) {
        if (!Files.exists(dir)) {
            return;
        }
        try (var paths = Files.walk(dir)) {
            paths.sorted(Comparator.reverseOrder())
                    .forEach(path -> path.toFile().delete());
        } catch (IOException | RuntimeException e) {
            System.err.println("could not delete " + dir + ": " + e);
        }
    }
}
