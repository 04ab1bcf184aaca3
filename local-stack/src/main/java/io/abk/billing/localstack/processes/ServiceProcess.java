package io.abk.billing.localstack.processes;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One service running as an OS process: a JVM on the service's runnable jar, its environment given by the stack (no
 * secret on its command line, where {@code ps} would show it), its output appended to {@code <data>/logs/<name>.log}.
 *
 * @param name  {@code <service>-<n>}, unique in the stack
 * @param port  the HTTP port it answers on: the API port of a gateway, the management port of the others
 */
public record ServiceProcess(ServiceKind kind, String name, int port, Path log, Process process) {

    private static final Logger logger = LoggerFactory.getLogger(ServiceProcess.class);

    /** Starts {@code java <options> -jar <jar>} with {@code environment} added to this process's own. */
    static ServiceProcess start(
            ServiceKind kind,
            String name,
            int port,
            Path jar,
            List<String> javaOptions,
            Map<String, String> environment,
            Path logDir) {
        var command = new ArrayList<String>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.addAll(javaOptions);
        command.add("-jar");
        command.add(jar.toString());
        var log = logDir.resolve(name + ".log");
        try {
            Files.createDirectories(logDir);
            Files.writeString(
                    log,
                    "---- " + java.time.Instant.now() + " starting " + name + "\n",
                    StandardCharsets.UTF_8,
                    java.nio.file.StandardOpenOption.CREATE,
                    java.nio.file.StandardOpenOption.APPEND);
            var builder = new ProcessBuilder(command)
                    .redirectErrorStream(true)
                    .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile()));
            builder.environment().putAll(environment);
            var process = builder.start();
            logger.info("event=process_started name={} pid={} port={} log={}", name, process.pid(), port, log);
            return new ServiceProcess(kind, name, port, log, process);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot start " + name + ": " + e.getMessage(), e);
        }
    }

    public long pid() {
        return process.pid();
    }

    public boolean isAlive() {
        return process.isAlive();
    }

    public String baseUrl() {
        return "http://127.0.0.1:" + port;
    }

    /** SIGKILL: the process gets no chance to leave its groups or commit (a crash, for the tests). */
    public void kill() {
        process.destroyForcibly();
        try {
            process.waitFor(30, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        logger.info("event=process_killed name={} pid={}", name, pid());
    }

    /**
     * SIGSTOP: the process stands still without knowing it (a long GC pause, a frozen VM) until {@link #resume()};
     * its sessions with the broker expire meanwhile, as a pause longer than the session timeout would make them.
     */
    public void pause() {
        signal("STOP");
        logger.info("event=process_paused name={} pid={}", name, pid());
    }

    /** SIGCONT: a process stopped by {@link #pause()} runs on from where it stood. */
    public void resume() {
        signal("CONT");
        logger.info("event=process_resumed name={} pid={}", name, pid());
    }

    private void signal(String signal) {
        try {
            var kill = new ProcessBuilder("kill", "-" + signal, Long.toString(pid()))
                    .redirectErrorStream(true)
                    .start();
            var output = new String(kill.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (!kill.waitFor(10, TimeUnit.SECONDS) || kill.exitValue() != 0) {
                throw new IllegalStateException("kill -" + signal + " " + pid() + " failed: " + output.strip());
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot send SIG" + signal + " to " + name + ": " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while sending SIG" + signal + " to " + name, e);
        }
    }

    /** SIGTERM, then SIGKILL if it has not exited within {@code patience}. */
    public void stop(Duration patience) {
        if (!process.isAlive()) {
            return;
        }
        process.destroy();
        try {
            if (!process.waitFor(patience.toMillis(), TimeUnit.MILLISECONDS)) {
                logger.warn(
                        "event=process_stop_timeout name={} pid={} patienceMs={}", name, pid(), patience.toMillis());
                process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            process.destroyForcibly();
        }
    }

    /** The last lines of its log, to say why it stopped. */
    public String logTail(int lines) {
        try {
            var all = Files.readAllLines(log, StandardCharsets.UTF_8);
            return String.join("\n", all.subList(Math.max(0, all.size() - lines), all.size()));
        } catch (IOException e) {
            return "(cannot read " + log + ": " + e.getMessage() + ")";
        }
    }
}
