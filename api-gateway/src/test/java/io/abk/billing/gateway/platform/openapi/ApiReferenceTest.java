package io.abk.billing.gateway.platform.openapi;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.TreeSet;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * {@code docs/api.md} is exactly what {@link ApiReference} renders from the OpenAPI document now, so the reference
 * can never drift from the description the gateway serves. With {@code BILLING_WRITE_API_DOCS=true} in the
 * environment (or {@code -Dbilling.write-api-docs=true}) it writes the file instead of comparing.
 */
class ApiReferenceTest {

    private static final DescribedApi API = DescribedApi.load();

    @Test
    void shouldMatchTheCommittedReferenceWhenRenderedFromTheDocument() throws IOException {
        var rendered = ApiReference.render(API);
        var file = repositoryRoot().resolve(ApiReference.FILE);
        if (writeRequested()) {
            Files.createDirectories(file.getParent());
            Files.writeString(file, rendered, StandardCharsets.UTF_8);
        }
        assertThat(Files.exists(file))
                .as("%s is missing; write it with:%n  %s", ApiReference.FILE, ApiReference.REGENERATE)
                .isTrue();
        var committed = Files.readString(file, StandardCharsets.UTF_8);
        if (!committed.equals(rendered)) {
            fail(
                    "%s differs from what openapi.json renders now (first at line %d); write it again with:%n  %s%n"
                            + "and commit it",
                    ApiReference.FILE, firstDifferentLine(committed, rendered), ApiReference.REGENERATE);
        }
    }

    /** The 1-based number of the first line where the two texts differ. */
    private static int firstDifferentLine(String a, String b) {
        var left = a.lines().toList();
        var right = b.lines().toList();
        int line = 0;
        while (line < left.size() && line < right.size() && left.get(line).equals(right.get(line))) {
            line++;
        }
        return line + 1;
    }

    @Test
    void shouldDescribeEveryOperationWhenRendered() {
        var rendered = ApiReference.render(API);
        API.forEachOperation((route, operation) -> assertThat(rendered)
                .contains("`" + operation.path("operationId").stringValue() + "`"));
    }

    @Test
    void shouldLinkOnlyToHeadingsItHasWhenRendered() {
        var rendered = ApiReference.render(API);
        var headings = new HashSet<String>();
        rendered.lines()
                .filter(line -> line.startsWith("#"))
                .forEach(line -> headings.add(ApiReference.slug(line.replaceFirst("^#+ ", ""))));
        var links = Pattern.compile("\\]\\(#([^)]+)\\)").matcher(rendered);
        var broken = new TreeSet<String>();
        while (links.find()) {
            if (!headings.contains(links.group(1))) {
                broken.add(links.group(1));
            }
        }
        assertThat(broken)
                .as("anchors the reference links to but does not have")
                .isEmpty();
    }

    private static boolean writeRequested() {
        return "true".equalsIgnoreCase(System.getenv("BILLING_WRITE_API_DOCS"))
                || Boolean.getBoolean("billing.write-api-docs");
    }

    /** The build's root: surefire sets {@code billing.repo.root}; run elsewhere, the module's parent. */
    private static Path repositoryRoot() {
        var configured = System.getProperty("billing.repo.root");
        return configured != null && !configured.isBlank()
                ? Path.of(configured)
                : Path.of("").toAbsolutePath().getParent();
    }
}
