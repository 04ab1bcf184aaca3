package io.abk.billing.systemtests.stack;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Isolated;

/**
 * No log line of the whole run holds a key or a secret: not one of those the system tests created or were given
 * ({@link SeenSecrets}: admin tokens, demo keys, sealing keys, API keys issued and rotated, webhook endpoint secrets),
 * and nothing that looks like one ({@code abk_test_}/{@code abk_live_} followed by a key's 32 or more characters,
 * {@code whsec_} followed by a secret, a sealing keyring entry: a key id, a colon and the base64 of 32 bytes). It reads this JVM's log file ({@code target/system-tests.log}, from
 * {@code logback-test.xml}) and the logs of the service processes that the tests with stacks of their own ran
 * ({@code target/process-logs}: the process-mode tests' shared stack and the chain lease tests).
 *
 * <p>It runs after every other class; run alone, no secret was seen in this JVM and it is skipped, saying so.
 */
@Order(LogSecretsIT.ORDER)
@Isolated
class LogSecretsIT {

    static final int ORDER = ApiConformanceIT.ORDER + 1;
    static final Path LOG = Path.of("target", "system-tests.log");
    static final Path PROCESS_LOGS = Path.of("target", "process-logs");
    /** A whole key or signing secret, whoever made it (a hint shows only the key's last four characters). */
    private static final Pattern KEY_OR_SECRET =
            Pattern.compile("abk_(test|live)_[A-Za-z0-9]{32,}|whsec_[A-Za-z0-9+/=]{20,}"
                    + "|(?<![A-Za-z0-9_:-])[A-Za-z0-9_-]{1,32}:[A-Za-z0-9+/]{43}=(?![A-Za-z0-9+/=])");

    @Test
    void shouldFindNoKeyOrSecretInAnyLogLineOfTheRun() throws IOException {
        var secrets = SeenSecrets.all();
        assumeTrue(
                !secrets.isEmpty(), "LogSecretsIT skipped: no system test saw a secret in this run; run it with them");
        // given every log file of the run
        var files = new ArrayList<Path>();
        files.add(LOG);
        if (Files.isDirectory(PROCESS_LOGS)) {
            try (var logs = Files.list(PROCESS_LOGS)) {
                logs.filter(file -> file.toString().endsWith(".log")).forEach(files::add);
            }
        }

        // when each line is searched for the secrets and for anything shaped like one
        var found = new ArrayList<String>();
        long lines = 0;
        for (var file : files) {
            try (Stream<String> content = Files.lines(file, StandardCharsets.UTF_8)) {
                for (var line : (Iterable<String>) content::iterator) {
                    lines++;
                    for (var secret : secrets) {
                        if (line.contains(secret)) {
                            found.add(file.getFileName() + ": a secret of this run: " + shorten(line));
                        }
                    }
                    if (KEY_OR_SECRET.matcher(line).find()) {
                        found.add(file.getFileName() + ": a key or secret: " + shorten(line));
                    }
                }
            } catch (UncheckedIOException e) {
                throw new IOException("cannot read " + file, e);
            }
        }

        // then none holds one
        System.out.printf(
                "log secrets: %d secrets looked for in %d lines of %d files%n", secrets.size(), lines, files.size());
        assertThat(lines).as("lines read from %s", files).isPositive();
        assertThat(found).as("log lines with a key or secret").isEmpty();
    }

    /**
     * Copies the service processes' logs of a test's own stack to {@link #PROCESS_LOGS}, each name prefixed with
     * {@code prefix}: they outlive the stack's data directory for this test (and for a reader of a failed run).
     */
    static void keepProcessLogs(Path logs, String prefix) throws IOException {
        if (!Files.isDirectory(logs)) {
            return;
        }
        Files.createDirectories(PROCESS_LOGS);
        try (var files = Files.list(logs)) {
            for (var file : files.toList()) {
                Files.copy(
                        file, PROCESS_LOGS.resolve(prefix + file.getFileName()), StandardCopyOption.REPLACE_EXISTING);
            }
        }
    }

    private static String shorten(String line) {
        return line.length() > 300 ? line.substring(0, 300) + "..." : line;
    }
}
