package io.abk.billing.bench.probe;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ThreadDumpsTest {

    @TempDir
    Path directory;

    @Test
    void shouldWriteTheBenchsOwnDumpAndWhatTheMachineWasDoing() throws IOException {
        var files = ThreadDumps.of(directory, null).capture("12:00:00: a stall");

        assertThat(files).hasSize(2);
        assertThat(Files.readString(files.get(0)))
                .contains("# 12:00:00: a stall")
                .contains("\"main\"");
        // The machine's side: processes by CPU, the CPU split with I/O wait, and the load average.
        assertThat(Files.readString(files.get(1)))
                .contains("# top -b")
                .contains("# vmstat 1 2")
                .contains("# cat /proc/loadavg");
    }
}
