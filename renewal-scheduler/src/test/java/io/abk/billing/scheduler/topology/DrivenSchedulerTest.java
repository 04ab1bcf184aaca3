package io.abk.billing.scheduler.topology;

import java.nio.file.Path;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.io.TempDir;

/** A test of the scheduler's topology: a {@link SchedulerDriver} of its own per test, in a temporary state dir. */
abstract class DrivenSchedulerTest {

    @TempDir
    Path stateDir;

    SchedulerDriver scheduler;

    @BeforeEach
    void startDriver() {
        scheduler = new SchedulerDriver(stateDir);
    }

    @AfterEach
    void closeDriver() {
        scheduler.close();
    }
}
