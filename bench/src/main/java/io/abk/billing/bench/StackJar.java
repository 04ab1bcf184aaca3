package io.abk.billing.bench;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * Where the local stack's runnable jar is: {@code --stack-jar}, else {@code local-stack/target/local-stack-*-exec.jar}
 * of the repository ({@code -Dbilling.repo.root}, which {@code ./billing} and the build pass, else the working
 * directory or one of its parents).
 */
final class StackJar {

    private StackJar() {}

    static Path locate(@Nullable Path given) {
        if (given != null) {
            if (!Files.isRegularFile(given)) {
                throw new IllegalArgumentException("--stack-jar " + given + " is not a file");
            }
            return given;
        }
        var root = System.getProperty("billing.repo.root");
        var start = root != null ? Path.of(root) : Path.of("").toAbsolutePath();
        for (var dir = start; dir != null; dir = dir.getParent()) {
            var found = find(dir.resolve("local-stack").resolve("target"));
            if (found.isPresent()) {
                return found.get();
            }
        }
        throw new IllegalStateException("the recovery scenario runs the local stack's runnable jar, and there is no"
                + " local-stack/target/local-stack-*-exec.jar under " + start
                + " or its parents: build it (./billing build)"
                + " or give --stack-jar");
    }

    private static Optional<Path> find(Path target) {
        if (!Files.isDirectory(target)) {
            return Optional.empty();
        }
        try (var files = Files.list(target)) {
            return files.filter(path -> path.getFileName().toString().matches("local-stack-.*-exec\\.jar"))
                    .findFirst();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
