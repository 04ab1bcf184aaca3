package io.abk.billing.localstack.system;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;

/** Removes a stack's data directory after a test run; what cannot be removed is left to the OS's temp clean-up. */
final class TempDirs {

    private TempDirs() {}

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
