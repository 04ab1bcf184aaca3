package io.abk.billing.bench.probe;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ProcFilesTest {

    @Test
    void shouldAddUserAndSystemTicksWhenTheCommandNameHoldsSpacesAndParentheses() {
        // Protects against counting fields from the first ')': a thread or command name may hold both.
        var stat =
                "4242 (postgres: billing (idle) x) S 1 4242 4242 0 -1 4194560 1200 0 0 0 250 50 0 0 20 0 1 0 100 0 0";

        assertThat(ProcFiles.cpuNanos(stat)).hasValue(300 * 10_000_000L);
    }

    @Test
    void shouldTellNothingWhenTheStatIsNotOneOfLinux() {
        assertThat(ProcFiles.cpuNanos("not a stat line")).isEmpty();
    }

    @Test
    void shouldReadTheResidentSetInBytesWhenGivenAStatusFile(@TempDir Path dir) throws Exception {
        var status = Files.writeString(
                dir.resolve("status"), "Name:\tjava\nVmPeak:\t 9000 kB\nVmRSS:\t  123456 kB\nThreads:\t80\n");

        assertThat(ProcFiles.rssBytes(status)).hasValue(123_456L * 1024);
        assertThat(ProcFiles.rssBytes(dir.resolve("absent"))).isEmpty();
    }

    @Test
    void shouldReadThisProcessWhenOnLinux() {
        var self = ProcessHandle.current().pid();
        if (Files.exists(Path.of("/proc/self/stat"))) {
            assertThat(ProcFiles.cpuNanos(self)).isPresent();
            assertThat(ProcFiles.rssBytes(self).orElseThrow()).isPositive();
        }
    }
}
