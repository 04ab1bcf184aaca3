package io.abk.billing.opskit.http;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class ManagementServerTest {

    private final HttpClient client = HttpClient.newHttpClient();
    private final AtomicReference<Health> liveness = new AtomicReference<>(Health.up(Map.of("state", "RUNNING")));
    private final AtomicReference<Health> readiness =
            new AtomicReference<>(Health.down(Map.of("waitingFor", "topics")));
    private final PrometheusMeterRegistry registry = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
    private ManagementServer server;

    @BeforeEach
    void start() {
        server = ManagementServer.start("test-service", 0, liveness::get, readiness::get, registry);
    }

    @AfterEach
    void stop() {
        server.close();
    }

    @Test
    void shouldAnswerHealthAndReadinessWithTheirStatusCodes() throws Exception {
        var health = get("/health");
        var ready = get("/ready");

        assertThat(health.statusCode()).isEqualTo(200);
        assertThat(health.body()).isEqualTo("{\"status\":\"UP\",\"details\":{\"state\":\"RUNNING\"}}");
        assertThat(ready.statusCode()).isEqualTo(503);
        assertThat(ready.body()).isEqualTo("{\"status\":\"DOWN\",\"details\":{\"waitingFor\":\"topics\"}}");

        readiness.set(Health.up(Map.of()));
        assertThat(get("/ready").statusCode()).isEqualTo(200);
        liveness.set(Health.down(Map.of("error", "a \"quoted\"\nline")));
        var down = get("/actuator/health");
        assertThat(down.statusCode()).isEqualTo(503);
        assertThat(down.body()).contains("\"error\":\"a \\\"quoted\\\"\\nline\"");
    }

    @Test
    void shouldServeTheRegistryInPrometheusFormat() throws Exception {
        registry.counter("billing.things", "kind", "test").increment(3);

        var metrics = get("/metrics");

        assertThat(metrics.statusCode()).isEqualTo(200);
        assertThat(metrics.headers().firstValue("content-type"))
                .hasValueSatisfying(type -> assertThat(type).startsWith("text/plain"));
        assertThat(metrics.body()).contains("billing_things_total{kind=\"test\"} 3.0");
        assertThat(get("/actuator/prometheus").body()).isEqualTo(metrics.body());
    }

    @Test
    void shouldRefuseOtherMethodsAndPaths() throws Exception {
        var post = client.send(
                HttpRequest.newBuilder(uri("/health"))
                        .POST(HttpRequest.BodyPublishers.noBody())
                        .build(),
                HttpResponse.BodyHandlers.ofString());

        assertThat(post.statusCode()).isEqualTo(405);
        assertThat(get("/env").statusCode()).isEqualTo(404);
    }

    @Test
    void shouldReportAFailingCheckAsDown() throws Exception {
        liveness.set(null);

        var health = get("/health");

        assertThat(health.statusCode()).isEqualTo(503);
        assertThat(health.body()).contains("the check gave no answer");
    }

    @Test
    void shouldNameTheVariableWhenThePortSettingIsWrong() {
        assertThat(ManagementServer.portFromEnv(Map.of(), 9101)).isEqualTo(9101);
        assertThat(ManagementServer.portFromEnv(Map.of("BILLING_MANAGEMENT_PORT", "0"), 9101))
                .isZero();
        assertThatThrownBy(() -> ManagementServer.portFromEnv(Map.of("BILLING_MANAGEMENT_PORT", "70000"), 9101))
                .hasMessageContaining("BILLING_MANAGEMENT_PORT must be a port number");
    }

    private HttpResponse<String> get(String path) throws Exception {
        return client.send(HttpRequest.newBuilder(uri(path)).GET().build(), HttpResponse.BodyHandlers.ofString());
    }

    private URI uri(String path) {
        return URI.create("http://127.0.0.1:" + server.port() + path);
    }
}
