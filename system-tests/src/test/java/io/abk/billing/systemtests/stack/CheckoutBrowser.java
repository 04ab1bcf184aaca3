package io.abk.billing.systemtests.stack;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.JsonNode;

/**
 * Runs the checkout pages' browser scenarios ({@code test-tools/checkout-browser.mjs}: playwright-core driving Debian's
 * headless Chromium, with a test wallet backed by the stack's anvil) in one Node process, one browser, and hands back
 * each scenario's result: whether it passed (the script's message when not), the states the page went through, the
 * screenshots ({@code target/checkout-screens}) and what the wallet sent. The Java test makes the fixtures and checks
 * the API and the chain; the script plays the customer.
 *
 * <p>Chromium is Debian's {@code /usr/bin/chromium} ({@code BILLING_CHROMIUM} names another). Without it the tests are
 * skipped with the reason, except under CI ({@code CI=true}), whose run installs it: there a missing browser fails.
 */
final class CheckoutBrowser {

    static final Path TOOLS = Path.of("test-tools");
    static final Path SCREENS = Path.of("target", "checkout-screens");
    /** Every scenario together, with the chain's seconds per step and Chromium's start: about a minute; never this. */
    private static final Duration RUN_LIMIT = Duration.ofMinutes(6);

    /** One scenario: its name (also the screenshots' prefix), the script's scenario and its fixture. */
    record Scenario(String name, String kind, Map<String, ?> fixture) {}

    /** What the script reports of one scenario. */
    record Result(String name, boolean ok, @Nullable String error, JsonNode json) {

        /** The sentences the page showed, in order, as {@code state(reason): sentence}. */
        List<String> states() {
            return json.path("states")
                    .valueStream()
                    .map(s -> s.path("state").asString()
                            + (s.path("reason").isNull()
                                    ? ""
                                    : "(" + s.path("reason").asString() + ")") + ": "
                            + s.path("message").asString())
                    .toList();
        }

        /** The hashes of the transactions the wallet sent, in order. */
        List<String> sent() {
            return json.path("sent")
                    .valueStream()
                    .map(tx -> tx.path("hash").asString())
                    .toList();
        }

        String extra(String field) {
            return json.path("extra").path(field).asString();
        }

        /** Fails with the script's message (and the states it saw) unless the scenario passed. */
        Result assertPassed() {
            assertThat(ok)
                    .as(
                            "browser scenario %s failed: %s%nstates seen:%n  %s%nscreenshots: %s",
                            name, error, String.join(System.lineSeparator() + "  ", states()), SCREENS.toAbsolutePath())
                    .isTrue();
            return this;
        }
    }

    private CheckoutBrowser() {}

    /**
     * Whether there is a Chromium to drive. A class calls it before making its fixtures, and each test skips itself
     * through {@link #assumeAvailable()}, so that a machine without a browser reports every browser test skipped with
     * the reason. Under CI ({@code CI=true}), whose run installs Chromium, a missing browser fails instead.
     */
    static boolean available() {
        if (Files.isExecutable(chromium())) {
            return true;
        }
        if ("true".equals(System.getenv("CI"))) {
            throw new IllegalStateException("the checkout browser tests must run in CI, but there is " + missing());
        }
        return false;
    }

    /** Skips the calling test, saying why, when there is no Chromium (outside CI). */
    static void assumeAvailable() {
        assumeTrue(available(), () -> "checkout browser tests skipped: " + missing());
    }

    private static Path chromium() {
        return Path.of(System.getenv().getOrDefault("BILLING_CHROMIUM", "/usr/bin/chromium"));
    }

    private static String missing() {
        return "no Chromium at " + chromium()
                + " (install Debian's: apt-get install -y --no-install-recommends chromium, or set BILLING_CHROMIUM)";
    }

    /** Runs the scenarios (at most {@code concurrency} at a time) against the stack; one result per scenario, by name. */
    static Map<String, Result> run(List<Scenario> scenarios, @Nullable TestChain chain, int concurrency) {
        var chromium = chromium();
        assertThat(TOOLS.resolve("node_modules/playwright-core"))
                .as("playwright-core, installed by the build (npm ci in %s)", TOOLS.toAbsolutePath())
                .isDirectory();
        try {
            Files.createDirectories(SCREENS);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        var input = new LinkedHashMap<String, Object>();
        input.put("outDir", SCREENS.toAbsolutePath().toString());
        input.put("concurrency", concurrency);
        if (chain != null) {
            input.put("rpcUrl", chain.info().rpcUrl());
            input.put("chainIdHex", "0x" + Long.toHexString(chain.info().chainId()));
        }
        input.put(
                "scenarios",
                scenarios.stream()
                        .map(scenario -> {
                            var spec = new LinkedHashMap<String, Object>(scenario.fixture());
                            spec.put("name", scenario.name());
                            spec.put("kind", scenario.kind());
                            return spec;
                        })
                        .toList());
        var run = BrowserTool.run("checkout-browser.mjs", input, RUN_LIMIT);
        System.out.printf(
                "checkout browser (%s): %d scenarios in %d ms%n%s",
                chromium, scenarios.size(), run.took().toMillis(), run.output());
        var results = new LinkedHashMap<String, Result>();
        for (var result : run.results().path("results")) {
            var name = result.path("name").asString();
            results.put(
                    name,
                    new Result(
                            name,
                            result.path("ok").asBoolean(),
                            result.path("error").isNull()
                                    ? null
                                    : result.path("error").asString(),
                            result));
        }
        return results;
    }
}
