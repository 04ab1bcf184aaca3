package io.abk.billing.systemtests.docs;

import static org.assertj.core.api.Assertions.assertThat;

import io.abk.billing.systemtests.RepositoryRoot;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The repository explains itself: every relative link in every Markdown file of the repository resolves inside it,
 * to a file or directory that exists and, with a {@code #fragment}, to a heading that Markdown file has (GitHub's
 * anchors); and every block a document declares to be a copy of a source file ({@code <!-- include: path -->}) is
 * that file, byte for byte. Links with a scheme (https, mailto) are not followed.
 */
class MarkdownLinksTest {

    /** Directories that hold no documentation of ours: build output, installed packages, local state. */
    private static final Set<String> SKIPPED = Set.of("target", "node_modules", ".git", ".billing", ".mvn", ".idea");

    private static final Pattern SCHEME = Pattern.compile("^[a-zA-Z][a-zA-Z0-9+.-]*:");
    private static final Pattern LINE_ANCHOR = Pattern.compile("L\\d+(-L\\d+)?");
    /** {@code docs/x.md} or {@code [module/]README.md}, then {@code #anchor} or {@code , "Heading"} or nothing. */
    private static final Pattern DOC_POINTER =
            Pattern.compile("((?:docs/[a-z0-9-]+|(?:[a-z0-9-]+/)?README)\\.md)(?:#([a-z0-9_-]+)|,\\s*\"([^\"]+)\")?");
    /** The files whose comments and messages may point at the documentation. */
    private static final Pattern TEXT_FILE =
            Pattern.compile(".*\\.(java|ya?ml|xml|sh|sql|properties|mjs|sol)|billing|\\.env\\.example|run");
    /** Its own fixtures name documents that must not exist. */
    private static final String THIS_FILE = "MarkdownLinksTest.java";

    @Test
    void shouldResolveEveryRelativeLinkAndAnchorWhenReadFromTheRepository() throws IOException {
        var root = RepositoryRoot.path();
        var files = markdownFiles(root);
        assertThat(files)
                .as("Markdown files under %s", root)
                .extracting(root::relativize)
                .extracting(Path::toString)
                .contains(
                        "README.md", "docs/architecture.md", "docs/operations.md", "docs/api.md", "docs/analytics.md");
        assertThat(broken(root, files))
                .as("links that do not resolve inside the repository")
                .isEmpty();
    }

    @Test
    void shouldQuoteEachIncludedSourceExactlyWhenADocumentDeclaresIt() throws IOException {
        var root = RepositoryRoot.path();
        var problems = new ArrayList<String>();
        int checked = 0;
        for (var file : markdownFiles(root)) {
            for (var include : MarkdownFile.read(file).includes()) {
                checked++;
                var where = root.relativize(file) + ":" + include.line();
                var source = root.resolve(include.source()).normalize();
                if (include.content() == null) {
                    problems.add(where + ": no fenced block follows the include of " + include.source());
                } else if (!source.startsWith(root) || !Files.isRegularFile(source)) {
                    problems.add(where + ": " + include.source() + " is not a file of the repository");
                } else if (!Files.readString(source, StandardCharsets.UTF_8).equals(include.content())) {
                    problems.add(
                            where + ": the block differs from " + include.source() + "; copy the file into it again");
                }
            }
        }
        assertThat(checked)
                .as("included sources (docs/analytics.md quotes the example consumer)")
                .isPositive();
        assertThat(problems).isEmpty();
    }

    /**
     * Code, configuration and scripts point readers at the documentation as {@code docs/architecture.md, "Invoice"},
     * {@code README.md, "Test clocks"} or {@code docs/operations.md#billingdeadletters}: the file must exist and,
     * when a heading is named, have that heading.
     */
    @Test
    void shouldFindEveryDocumentAndHeadingThatTheCodeNamesWhenReadFromTheRepository() throws IOException {
        var root = RepositoryRoot.path();
        var documents = new HashMap<Path, MarkdownFile>();
        var problems = new ArrayList<String>();
        int checked = 0;
        for (var file : textFiles(root)) {
            var lines = Files.readAllLines(file, StandardCharsets.UTF_8);
            for (int i = 0; i < lines.size(); i++) {
                var pointer = DOC_POINTER.matcher(lines.get(i));
                while (pointer.find()) {
                    checked++;
                    var where = root.relativize(file) + ":" + (i + 1) + ": " + pointer.group();
                    var document = root.resolve(pointer.group(1)).normalize();
                    if (!Files.isRegularFile(document)) {
                        problems.add(where + " (no such document)");
                        continue;
                    }
                    var anchor = pointer.group(2) != null
                            ? pointer.group(2)
                            : pointer.group(3) != null ? MarkdownFile.slug(pointer.group(3)) : null;
                    if (anchor != null
                            && !documents
                                    .computeIfAbsent(document, MarkdownLinksTest::read)
                                    .anchors()
                                    .contains(anchor)) {
                        problems.add(where + " (no such heading)");
                    }
                }
            }
        }
        assertThat(checked).as("pointers from the code to the documentation").isGreaterThan(50);
        assertThat(problems)
                .as("pointers to documents or headings that do not exist")
                .isEmpty();
    }

    @Test
    void shouldReportWhatIsBrokenWhenAFixtureLinksAstray(@TempDir Path root) throws IOException {
        Files.writeString(root.resolve("README.md"), """
                # Top `level`

                ## Top level

                [ok](docs/a.md#a-heading) [ok](#top-level-1) [ok](docs) [web](https://example.com/x.md)
                [missing file](docs/none.md) [missing anchor](docs/a.md#nope) [outside](../x.md) `[code](nowhere.md)`

                ```sh
                [in a fence](nowhere.md)
                ```
                [ref]: docs/gone.md
                """);
        Files.createDirectories(root.resolve("docs"));
        Files.writeString(root.resolve("docs/a.md"), "## A heading\n\n[back](../README.md#top-level)\n");

        var broken = broken(root, markdownFiles(root));

        assertThat(broken)
                .containsExactly(
                        "README.md:6: docs/none.md (no such file)",
                        "README.md:6: docs/a.md#nope (no such heading in docs/a.md)",
                        "README.md:6: ../x.md (outside the repository)",
                        "README.md:11: docs/gone.md (no such file)");
    }

    @Test
    void shouldMakeGitHubsAnchorsWhenGivenHeadings() {
        assertThat(MarkdownFile.slug("Replay a dead-lettered command from billing.streams-dlt"))
                .isEqualTo("replay-a-dead-lettered-command-from-billingstreams-dlt");
        assertThat(MarkdownFile.slug("Charge retries (dunning)")).isEqualTo("charge-retries-dunning");
        assertThat(MarkdownFile.slug("POST /v1/webhook_endpoints/{id}")).isEqualTo("post-v1webhook_endpointsid");
        assertThat(MarkdownFile.slug("The [API](docs/api.md) in `this` version"))
                .isEqualTo("the-api-in-this-version");
    }

    /** Every broken link as {@code file:line: target (why)}, in file order. */
    private static List<String> broken(Path root, List<Path> files) throws IOException {
        var parsed = new HashMap<Path, MarkdownFile>();
        for (var file : files) {
            parsed.put(file, MarkdownFile.read(file));
        }
        var broken = new ArrayList<String>();
        for (var file : files) {
            for (var link : parsed.get(file).links()) {
                var why = problem(root, file, link.target(), parsed);
                if (why != null) {
                    broken.add(root.relativize(file) + ":" + link.line() + ": " + link.target() + " (" + why + ")");
                }
            }
        }
        return broken;
    }

    /** Why {@code target}, linked from {@code from}, does not resolve; null when it does. */
    private static String problem(Path root, Path from, String target, Map<Path, MarkdownFile> parsed)
            throws IOException {
        if (SCHEME.matcher(target).find()) {
            return null;
        }
        int hash = target.indexOf('#');
        var pathPart = URLDecoder.decode(hash < 0 ? target : target.substring(0, hash), StandardCharsets.UTF_8);
        var fragment = hash < 0 ? null : target.substring(hash + 1);
        var resolved =
                pathPart.isEmpty() ? from : from.getParent().resolve(pathPart).normalize();
        if (pathPart.startsWith("/") || !resolved.startsWith(root)) {
            return "outside the repository";
        }
        if (!Files.exists(resolved)) {
            return "no such file";
        }
        if (fragment == null || fragment.isEmpty()) {
            return null;
        }
        if (!resolved.getFileName().toString().endsWith(".md")) {
            return LINE_ANCHOR.matcher(fragment).matches() ? null : "an anchor into a file that has no headings";
        }
        var document = parsed.containsKey(resolved) ? parsed.get(resolved) : MarkdownFile.read(resolved);
        return document.anchors().contains(fragment)
                ? null
                : "no such heading in " + root.relativize(resolved).toString().replace('\\', '/');
    }

    private static MarkdownFile read(Path document) {
        try {
            return MarkdownFile.read(document);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The code, configuration and scripts of the repository, outside build output and installed packages. */
    private static List<Path> textFiles(Path root) throws IOException {
        var found = new ArrayList<Path>();
        walk(root, file -> {
            var name = file.getFileName().toString();
            if (TEXT_FILE.matcher(name).matches() && !name.equals(THIS_FILE)) {
                found.add(file);
            }
        });
        return found;
    }

    /** Every Markdown file of the repository, outside build output and installed packages, in path order. */
    private static List<Path> markdownFiles(Path root) throws IOException {
        var found = new ArrayList<Path>();
        walk(root, file -> {
            if (file.getFileName().toString().endsWith(".md")) {
                found.add(file);
            }
        });
        found.sort(null);
        return found;
    }

    private static void walk(Path root, Consumer<Path> visitor) throws IOException {
        Files.walkFileTree(root, new SimpleFileVisitor<>() {
            @Override
            public FileVisitResult preVisitDirectory(Path dir, BasicFileAttributes attributes) {
                return !dir.equals(root) && SKIPPED.contains(dir.getFileName().toString())
                        ? FileVisitResult.SKIP_SUBTREE
                        : FileVisitResult.CONTINUE;
            }

            @Override
            public FileVisitResult visitFile(Path file, BasicFileAttributes attributes) {
                visitor.accept(file);
                return FileVisitResult.CONTINUE;
            }
        });
    }
}
