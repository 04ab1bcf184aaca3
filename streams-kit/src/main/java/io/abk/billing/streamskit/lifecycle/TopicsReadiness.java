package io.abk.billing.streamskit.lifecycle;

import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.streams.KafkaStreams;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Starts Kafka Streams once every topic the topology reads or writes exists with a layout it can run on. The app
 * never creates topics (the topics step does). Starting without them would make Kafka Streams fail its threads at the
 * first rebalance (missing source topic) or block its producer (missing sink), and each thread replacement then
 * waits out a consumer session timeout; checking first with an admin client costs one metadata request a second
 * while waiting and nothing once the topics are there. What it waits for is logged (every half minute) and readable
 * through {@link #problems()}, so a service never waits silently; and it waits only so long
 * ({@link #giveUpAfter}): then it logs at ERROR what is still wrong, keeps it as {@link #failure()} and calls back,
 * so the service fails its start instead of waiting forever.
 */
final class TopicsReadiness implements Runnable {

    private static final Logger log = LoggerFactory.getLogger(TopicsReadiness.class);
    private static final Duration RETRY_EVERY = Duration.ofSeconds(1);
    /** Log the wait about once every half minute, not every second. */
    private static final int LOG_EVERY_ATTEMPTS = 30;

    private final KafkaStreams streams;
    private final Admin admin;
    private final Set<String> topics;
    private final TopicRequirements.LayoutCheck layout;
    private final CountDownLatch cancelled = new CountDownLatch(1);
    private volatile Set<String> missing;
    private volatile List<String> problems = List.of("topics not checked yet");
    private volatile Duration giveUpAfter;
    private volatile @Nullable String failure;
    private final Runnable onGiveUp;

    /** Creates the admin client at once, so a bad client configuration fails the caller, not a thread. */
    TopicsReadiness(
            KafkaStreams streams,
            Map<String, Object> adminConfig,
            TopicRequirements requirements,
            Duration giveUpAfter,
            Runnable onGiveUp) {
        this.streams = streams;
        this.giveUpAfter = giveUpAfter;
        this.onGiveUp = onGiveUp;
        var config = new HashMap<>(adminConfig);
        // Bound each check, so a cancelled wait ends within seconds even when the broker is unreachable.
        config.put(AdminClientConfig.REQUEST_TIMEOUT_MS_CONFIG, 5_000);
        config.put(AdminClientConfig.DEFAULT_API_TIMEOUT_MS_CONFIG, 10_000);
        this.admin = Admin.create(config);
        this.topics = requirements.names();
        this.layout = requirements.layout();
        this.missing = this.topics;
    }

    /** The topics not seen yet (empty once Kafka Streams has been started). */
    Set<String> missing() {
        return missing;
    }

    /** What keeps Kafka Streams from starting, in sentences; empty once it was started. */
    List<String> problems() {
        return problems;
    }

    /** Waits at most {@code timeout} (from the start of the wait) for the topics before giving up. */
    void giveUpAfter(Duration timeout) {
        this.giveUpAfter = timeout;
    }

    /** Why the wait was given up, naming what is missing or wrong; null unless it was. */
    @Nullable
    String failure() {
        return failure;
    }

    void cancel() {
        cancelled.countDown();
    }

    @Override
    public void run() {
        long started = System.nanoTime();
        try (admin) {
            for (long attempt = 0; cancelled.getCount() > 0; attempt++) {
                problems = check();
                if (problems.isEmpty()) {
                    startUnlessCancelled();
                    return;
                }
                var waited = Duration.ofNanos(System.nanoTime() - started);
                if (waited.compareTo(giveUpAfter) >= 0) {
                    giveUp(waited);
                    return;
                }
                if (attempt % LOG_EVERY_ATTEMPTS == 0) {
                    log.warn(
                            "event=topics_not_ready action=wait_before_start problems=\"{}\"",
                            String.join("; ", problems));
                }
                if (cancelled.await(RETRY_EVERY.toMillis(), TimeUnit.MILLISECONDS)) {
                    return;
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (RuntimeException e) {
            log.error("event=streams_start_failed exception={}", e.toString(), e);
        }
    }

    private void giveUp(Duration waited) {
        failure = "its topics were not ready within " + waited.toSeconds() + " s: " + String.join("; ", problems);
        log.error(
                "event=streams_start_failed reason=topics_not_ready waitedMs={} problems=\"{}\"",
                waited.toMillis(),
                String.join("; ", problems));
        onGiveUp.run();
    }

    private List<String> check() throws InterruptedException {
        Set<String> existing;
        try {
            existing = admin.listTopics().names().get(10, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            throw e;
        } catch (Exception unreachable) {
            log.debug("event=topics_check_failed exception={}", unreachable.toString());
            return List.of("cannot list the topics (is Kafka reachable?): " + unreachable);
        }
        var absent = new TreeSet<>(topics);
        absent.removeAll(existing);
        missing = absent;
        if (!absent.isEmpty()) {
            return List.of(
                    "missing topics " + absent + ": run the topics step (./billing topics, or the topics container)");
        }
        return checkLayout();
    }

    private List<String> checkLayout() throws InterruptedException {
        try {
            return List.copyOf(layout.problems(admin));
        } catch (InterruptedException e) {
            throw e;
        } catch (Exception unreachable) {
            log.debug("event=topics_layout_check_failed exception={}", unreachable.toString());
            return List.of("could not check the topics' layout: " + unreachable);
        }
    }

    private void startUnlessCancelled() {
        if (cancelled.getCount() == 0) {
            return;
        }
        try {
            streams.start();
        } catch (IllegalStateException closedMeanwhile) {
            if (cancelled.getCount() > 0) {
                throw closedMeanwhile;
            }
        }
    }
}
