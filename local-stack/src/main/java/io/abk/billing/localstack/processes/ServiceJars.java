package io.abk.billing.localstack.processes;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.EnumMap;
import java.util.Map;

/**
 * Where each service's runnable jar is: {@code <repository>/<module>/target/<module>-<version>-exec.jar}, built by
 * {@code ./billing run} (and by every build of the repository) before the stack starts.
 */
public record ServiceJars(Map<ServiceKind, Path> jars) {

    public ServiceJars {
        jars = Map.copyOf(jars);
    }

    /**
     * Finds every jar under {@code repositoryRoot}.
     *
     * @throws IllegalStateException naming the jars that are missing and how to build them
     */
    public static ServiceJars locate(Path repositoryRoot) {
        var found = new EnumMap<ServiceKind, Path>(ServiceKind.class);
        var missing = new StringBuilder();
        for (var kind : ServiceKind.values()) {
            var target = repositoryRoot.resolve(kind.module()).resolve("target");
            try (var files = Files.exists(target) ? Files.list(target) : java.util.stream.Stream.<Path>empty()) {
                files.filter(file -> file.getFileName().toString().matches(kind.module() + "-.*-exec\\.jar"))
                        .findFirst()
                        .ifPresentOrElse(
                                jar -> found.put(kind, jar),
                                () -> missing.append(' ').append(kind.module()));
            } catch (IOException e) {
                throw new UncheckedIOException("cannot read " + target, e);
            }
        }
        if (!missing.isEmpty()) {
            throw new IllegalStateException("no runnable jar of" + missing + " under " + repositoryRoot
                    + ": build them first (./billing build, or ./billing run builds them)");
        }
        return new ServiceJars(found);
    }

    /**
     * The repository the running code was built in: {@code billing.repo.root} when set (the {@code billing} script and
     * the tests set it), else the current directory when it is the repository, else three levels above the classes
     * directory of this class ({@code <repository>/local-stack/target/classes}).
     */
    public static Path repositoryRoot() {
        var property = System.getProperty("billing.repo.root");
        if (property != null && !property.isBlank()) {
            return Path.of(property);
        }
        var here = Path.of("").toAbsolutePath();
        if (Files.exists(here.resolve("local-stack").resolve("pom.xml"))) {
            return here;
        }
        try {
            var location = Path.of(ServiceJars.class
                    .getProtectionDomain()
                    .getCodeSource()
                    .getLocation()
                    .toURI());
            // target/classes (or the jar) -> target -> local-stack -> the repository
            return location.resolve("../../..").normalize();
        } catch (Exception e) {
            throw new IllegalStateException("cannot tell where the repository is; set -Dbilling.repo.root", e);
        }
    }
}
