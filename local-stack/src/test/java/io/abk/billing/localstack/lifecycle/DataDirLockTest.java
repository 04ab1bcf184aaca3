package io.abk.billing.localstack.lifecycle;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DataDirLockTest {

    @TempDir
    Path dataDir;

    @Test
    void shouldRefuseASecondStackWhenTheDataDirectoryIsInUse() throws Exception {
        // Protects a running stack: a second start on its directory once stopped its PostgreSQL as "stale".
        try (var first = DataDirLock.acquire(dataDir)) {
            assertThat(Files.readString(dataDir.resolve(DataDirLock.FILE_NAME)))
                    .isEqualTo(Long.toString(ProcessHandle.current().pid()));

            assertThatThrownBy(() -> DataDirLock.acquire(dataDir))
                    .isInstanceOf(IllegalStateException.class)
                    .hasMessageContaining("in use by another running local stack")
                    .hasMessageContaining("pid " + ProcessHandle.current().pid());
        }
    }

    @Test
    void shouldBeTakenAgainWhenTheFirstStackStopped() throws Exception {
        DataDirLock.acquire(dataDir).close();

        try (var again = DataDirLock.acquire(dataDir)) {
            assertThat(again).isNotNull();
        }
    }
}
