package io.abk.billing.localstack.lifecycle;

import java.time.Duration;
import java.util.ArrayDeque;
import java.util.Deque;

/**
 * The parts of a stack started so far, closed in the reverse order of their start, each within its own time limit
 * ({@link BoundedClose}): a part is added once started, so a start that fails stops exactly what had started.
 */
public final class StartedParts {

    /** A started part and how long its close may take. */
    private record Part(String name, Duration closeTimeout, AutoCloseable closer) {}

    private final Deque<Part> parts = new ArrayDeque<>();

    public void add(String name, Duration closeTimeout, AutoCloseable closer) {
        parts.push(new Part(name, closeTimeout, closer));
    }

    /** Closes every part, the last started first. */
    public void closeAll() {
        while (!parts.isEmpty()) {
            var part = parts.pop();
            BoundedClose.close(part.name(), part.closeTimeout(), part.closer());
        }
    }
}
