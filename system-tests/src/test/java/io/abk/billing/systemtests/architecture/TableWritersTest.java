package io.abk.billing.systemtests.architecture;

import static org.assertj.core.api.Assertions.assertThat;

import io.abk.billing.systemtests.RepositoryRoot;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * One writer per table: every INSERT, UPDATE, DELETE, MERGE, TRUNCATE and COPY in a module's main code names a table
 * whose writer in docs/architecture.md ("Tables and their writers") is that module. Protects against a second
 * service writing rows the other owns, as the webhook sender once wrote the gateway's merchants and endpoints.
 */
class TableWritersTest {

    @Test
    void shouldFindEveryTableWrittenByItsOneWriterWhenReadingEachModulesSql() {
        // given the repository's modules and the doc's table of writers
        var writers = new TableWriters(RepositoryRoot.path());

        // when every statement that writes is read from the main sources
        var writes = writers.writes();

        // then the scan sees the known writers, and none writes another's table
        assertThat(writes)
                .extracting(TableWriters.Write::module, TableWriters.Write::table)
                .contains(
                        org.assertj.core.groups.Tuple.tuple("api-gateway", "merchants"),
                        org.assertj.core.groups.Tuple.tuple("api-gateway", "webhook_endpoints"),
                        org.assertj.core.groups.Tuple.tuple("webhook-sender", "webhook_delivery_attempts"),
                        org.assertj.core.groups.Tuple.tuple("webhook-sender", "events"));
        assertThat(writers.owners()).containsEntry("merchants", "api-gateway");
        assertThat(writers.violations()).isEmpty();
    }

    @Test
    void shouldReportAWriteWhenAModuleWritesATableAnotherModuleOwns(@TempDir Path root) throws Exception {
        // given a doc that gives merchants to the gateway, and a sender that inserts into it
        write(root.resolve(TableWriters.DOC), """
                # Architecture

                ## Tables and their writers

                | table | writer | readers |
                |---|---|---|
                | `merchants` | api-gateway | webhook-sender |

                ## Next
                """);
        write(root.resolve("api-gateway/pom.xml"), "<project/>");
        write(root.resolve("api-gateway/src/main/java/A.java"), """
                class A { String sql = "UPDATE merchants SET name = :name WHERE id = :id FOR UPDATE OF m"; }
                """);
        write(root.resolve("webhook-sender/pom.xml"), "<project/>");
        write(root.resolve("webhook-sender/src/main/java/B.java"), """
                class B {
                    String sql = \"""
                            INSERT INTO merchants (id) VALUES (?) ON CONFLICT (id) DO UPDATE SET id = EXCLUDED.id\""";
                    String message = "failed to update endpoint";
                }
                """);
        write(root.resolve(TableWriters.MIGRATIONS + "/webhook-sender/V2__x.sql"), "ALTER TABLE merchants ADD c text;");

        // when the rule reads them
        var violations = new TableWriters(root).violations();

        // then the sender's insert and its migration are reported, the gateway's own update is not
        assertThat(violations)
                .containsExactly(
                        "merchants is made or changed by webhook-sender/V2__x.sql, its writer is api-gateway",
                        "merchants is written by webhook-sender (webhook-sender/src/main/java/B.java), its writer is"
                                + " api-gateway");
    }

    private static void write(Path file, String text) throws Exception {
        Files.createDirectories(file.getParent());
        Files.writeString(file, text);
    }
}
