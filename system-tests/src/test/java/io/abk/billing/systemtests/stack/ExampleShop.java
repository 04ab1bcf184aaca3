package io.abk.billing.systemtests.stack;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.awaitility.Awaitility;

/**
 * The example shop ({@code examples/shop}, Node with the TypeScript client) as a child process of the test, the way a
 * newcomer runs it: {@code node start.mjs} with the merchant's key and the stack's URL in its environment, on a port of
 * its own on 127.0.0.1. Its output goes to {@code target/process-logs/example-shop.log}, which LogSecretsIT reads with
 * the other processes' logs. Its packages are installed and the library built by the build before the integration
 * tests ({@code examples/shop/prepare.mjs}).
 */
final class ExampleShop implements AutoCloseable {

    static final Path DIR = Path.of("..", "examples", "shop");
    static final Path LOG = Path.of("target", "process-logs", "example-shop.log");
    /** Its start makes sure of two products and an endpoint through the API: a second or two, never this long. */
    private static final Duration STARTS = Duration.ofSeconds(60);

    private final Process process;
    private final String url;
    private final long startedAt;

    private ExampleShop(Process process, String url, long startedAt) {
        this.process = process;
        this.url = url;
        this.startedAt = startedAt;
    }

    /** A free port on 127.0.0.1 for the shop. */
    static int freePort() {
        try (var socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return socket.getLocalPort();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Starts the shop and waits until it says it is ready (its catalog and webhook endpoint made sure of). */
    static ExampleShop start(String apiKey, String billingBaseUrl, int port, Path dataDir) {
        assertThat(DIR.resolve("node_modules/@abk/billing"))
                .as("the shop's packages, installed by the build (node %s)", DIR.resolve("prepare.mjs"))
                .exists();
        var url = "http://127.0.0.1:" + port;
        try {
            Files.createDirectories(LOG.getParent());
            var before = Files.exists(LOG) ? Files.size(LOG) : 0;
            var builder = new ProcessBuilder("node", "start.mjs")
                    .directory(DIR.toFile())
                    .redirectErrorStream(true)
                    .redirectOutput(ProcessBuilder.Redirect.appendTo(LOG.toFile()));
            var env = builder.environment();
            env.put("BILLING_API_KEY", apiKey);
            env.put("BILLING_BASE_URL", billingBaseUrl);
            env.put("SHOP_PORT", Integer.toString(port));
            env.put("SHOP_HOST", "127.0.0.1");
            env.put("SHOP_PUBLIC_URL", url);
            env.put("SHOP_DATA_DIR", dataDir.toString());
            var started = System.nanoTime();
            var process = builder.start();
            process.getOutputStream().close();
            Awaitility.await("the example shop's start")
                    .atMost(STARTS)
                    .pollInterval(Duration.ofMillis(100))
                    .until(() -> !process.isAlive() || since(before).contains("event=shop_ready"));
            assertThat(process.isAlive())
                    .as("the example shop exited (code %s); its output:%n%s", exitCode(process), since(before))
                    .isTrue();
            System.out.printf(
                    "example shop started in %d ms at %s%n",
                    TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - started), url);
            return new ExampleShop(process, url, before);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    String url() {
        return url;
    }

    /** What this run of the shop wrote. */
    String output() {
        return since(startedAt);
    }

    private static String since(long offset) {
        try {
            var all = Files.readString(LOG);
            return all.substring((int) Math.min(offset, all.length()));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static String exitCode(Process process) {
        return process.isAlive() ? "none yet" : Integer.toString(process.exitValue());
    }

    /** Stops the shop (SIGTERM: it closes its server and exits), forcibly if it has not within 10 s. */
    @Override
    public void close() {
        process.destroy();
        try {
            if (!process.waitFor(10, TimeUnit.SECONDS)) {
                process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            process.destroyForcibly();
        }
    }
}
