/**
 * The local stack as a child process of the bench (its runnable jar, as {@code ./billing run} starts it), for what
 * only a process of its own can show: a cold start, and a restart after SIGKILL.
 */
@NullMarked
package io.abk.billing.bench.recovery;

import org.jspecify.annotations.NullMarked;
