package io.abk.billing.localstack;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.jar.JarFile;
import org.junit.jupiter.api.Test;

/**
 * The jar {@code ./billing run} starts holds every module the stack runs. The tests run the stack from the test
 * class path, where a dependency declared with the wrong scope can still be present; this reads the packaged jar
 * itself (built before the integration tests), which once lacked webhook-verify for exactly that reason.
 */
class ExecutableJarIT {

    private static final List<String> MODULES = List.of(
            "schemas",
            "streams-kit",
            "webhook-verify",
            "endpoint-guard",
            "postgres-schema",
            "billing-streams",
            "chain-indexer",
            "renewal-scheduler",
            "webhook-sender",
            "api-gateway");

    @Test
    void shouldPackageEveryModuleOfTheStackInTheExecutableJar() throws IOException {
        // given the executable jar of this build
        Path jar;
        try (var files = Files.list(Path.of("target"))) {
            jar = files.filter(path -> path.getFileName().toString().matches("local-stack-.*-exec\\.jar"))
                    .findFirst()
                    .orElseThrow(() -> new AssertionError(
                            "no target/local-stack-*-exec.jar: the package phase runs before the ITs"));
        }

        // then it holds a library jar of each module the stack runs
        try (var file = new JarFile(jar.toFile())) {
            var libraries = file.stream()
                    .map(entry -> entry.getName())
                    .filter(name -> name.startsWith("BOOT-INF/lib/"))
                    .toList();
            for (var module : MODULES) {
                assertThat(libraries)
                        .as("BOOT-INF/lib of " + jar.getFileName())
                        .anySatisfy(name -> assertThat(name).matches("BOOT-INF/lib/" + module + "-[0-9].*\\.jar"));
            }
        }
    }
}
