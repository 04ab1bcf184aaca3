package io.abk.billing.systemtests.architecture;

import static org.assertj.core.api.Assertions.assertThat;

import io.abk.billing.systemtests.RepositoryRoot;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The Java sources of every module's main code ({@code <module>/src/main/java}, bench and the examples included, which
 * ArchitectureTest's class path does not hold): no file past 400 lines (docs/architecture.md, "Names of classes":
 * past that, a file holds more than one responsibility), and no two files of one name.
 */
class MainSourcesTest {

    static final int MAX_LINES = 400;

    @Test
    void shouldFindNoMainFileLongerThanTheLimitWhenReadingTheRepository() {
        var sources = MainSources.of(RepositoryRoot.path());

        assertThat(sources.files()).as("main sources found").hasSizeGreaterThan(500);
        assertThat(sources.longerThan(MAX_LINES)).isEmpty();
    }

    @Test
    void shouldFindNoTwoMainFilesOfOneNameWhenReadingTheRepository() {
        assertThat(MainSources.of(RepositoryRoot.path())
                        .outside(NameRules.CLIENT_LIBRARY_MODULE)
                        .namesakes(NameRules.SHARED_NAMES))
                .isEmpty();
    }

    @Test
    void shouldFailWhenAMainFileIsLongerThanTheLimitOrTwoShareAName(@TempDir Path root) throws IOException {
        write(root.resolve("alpha/src/main/java/a/Long.java"), MAX_LINES + 1);
        write(root.resolve("alpha/src/main/java/a/Short.java"), MAX_LINES);
        write(root.resolve("alpha/src/test/java/a/LongTest.java"), MAX_LINES * 2);
        write(root.resolve("beta/src/main/java/b/Short.java"), 3);
        write(root.resolve("beta/src/main/java/b/package-info.java"), 3);
        write(root.resolve("alpha/src/main/java/a/package-info.java"), 3);
        write(root.resolve("beta/target/generated-sources/b/Long.java"), MAX_LINES * 2);

        var sources = MainSources.of(root);

        assertThat(sources.longerThan(MAX_LINES)).containsExactly("alpha/src/main/java/a/Long.java: 401 lines");
        assertThat(sources.namesakes(Map.of()))
                .containsExactly("Short.java: alpha/src/main/java/a/Short.java, beta/src/main/java/b/Short.java");
        assertThat(sources.namesakes(Map.of("Short", "allowed"))).isEmpty();
    }

    private static void write(Path file, int lines) throws IOException {
        Files.createDirectories(file.getParent());
        Files.writeString(file, "//\n".repeat(lines));
    }

    /** The {@code .java} files under each module's {@code src/main/java}, as paths from the repository's root. */
    private record MainSources(Path root, List<Path> files) {

        static MainSources of(Path root) {
            try (var modules = Files.walk(root, 2)) {
                var files = modules.map(module -> module.resolve("src/main/java"))
                        .filter(Files::isDirectory)
                        .flatMap(MainSources::javaFiles)
                        .map(root::relativize)
                        .sorted()
                        .toList();
                return new MainSources(root, files);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }

        private static Stream<Path> javaFiles(Path sources) {
            try (var walk = Files.walk(sources)) {
                return walk.filter(path -> path.getFileName().toString().endsWith(".java")).toList().stream();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }

        /** The same files but those of {@code module}. */
        MainSources outside(String module) {
            var skipped = Path.of(module);
            return new MainSources(
                    root,
                    files.stream().filter(file -> !file.startsWith(skipped)).toList());
        }

        List<String> longerThan(int maxLines) {
            return files.stream()
                    .flatMap(file -> {
                        var lines = lines(root.resolve(file));
                        return lines > maxLines ? Stream.of(file + ": " + lines + " lines") : Stream.empty();
                    })
                    .toList();
        }

        List<String> namesakes(Map<String, String> shared) {
            var byName = files.stream()
                    .filter(file -> !file.getFileName().toString().equals("package-info.java"))
                    .collect(Collectors.groupingBy(
                            file -> file.getFileName().toString(),
                            TreeMap::new,
                            Collectors.mapping(Path::toString, Collectors.toCollection(TreeSet::new))));
            return byName.entrySet().stream()
                    .filter(entry -> entry.getValue().size() > 1)
                    .filter(entry -> !shared.containsKey(entry.getKey().replace(".java", "")))
                    .map(entry -> entry.getKey() + ": " + String.join(", ", entry.getValue()))
                    .toList();
        }

        private static long lines(Path file) {
            try (Stream<String> lines = Files.lines(file)) {
                return lines.count();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
    }
}
