package io.abk.billing.webhooks.attempt;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.net.InetAddress;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The SSRF guard at delivery time: a live endpoint whose name now resolves to a private address (DNS rebinding
 * after registration), or whose URL is an IP literal of one, is never connected to; the attempt fails with a
 * sentence naming the address. Loopback listeners count connections, so "never called" is observed, not assumed.
 */
class AttemptSsrfIT {

    private static final FakeDns DNS = new FakeDns(Map.of(
            "rebind-loopback.example", new String[] {"127.0.0.1"},
            "rebind-private.example", new String[] {"10.0.0.5"},
            "rebind-metadata.example", new String[] {"169.254.169.254"},
            "rebind-v6.example", new String[] {"::1"},
            "mixed.example", new String[] {"93.184.216.34", "127.0.0.1"},
            "public.example", new String[] {"93.184.216.34"}));
    private static HttpDeliveryAttempts attempts;
    private static ConnectionCounter v4;
    private static ConnectionCounter v6;

    @BeforeAll
    static void start() {
        attempts = new HttpDeliveryAttempts(
                TestDb.dataSource(),
                HttpDeliveryAttempts.Settings.defaults(true).withResolver(DNS),
                TestDb.sealer());
        v4 = ConnectionCounter.on(InetAddress.getLoopbackAddress());
        v6 = ConnectionCounter.on(loopbackV6());
    }

    @AfterAll
    static void stop() throws Exception {
        attempts.close();
        v4.close();
        if (v6 != null) {
            v6.close();
        }
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            https://rebind-loopback.example:{v4}/hook | 127.0.0.1
            https://rebind-private.example:{v4}/hook  | 10.0.0.5
            https://rebind-metadata.example:{v4}/hook | 169.254.169.254
            https://rebind-v6.example:{v6}/hook       | ::1
            https://mixed.example:{v4}/hook           | 127.0.0.1
            https://127.0.0.1:{v4}/hook               | 127.0.0.1
            https://10.0.0.5:{v4}/hook                | 10.0.0.5
            https://169.254.169.254/latest/meta-data/ | 169.254.169.254
            https://[::1]:{v6}/hook                   | ::1
            https://[::ffff:127.0.0.1]:{v4}/hook      | 127.0.0.1
            """)
    void shouldNeverConnectWhenLiveUrlReachesNonPublicAddress(String template, String address) throws Exception {
        var endpoint = TestDb.endpoint(TestDb.merchant(), "live", url(template));
        var before = connections();

        var result = attempts.attempt(Deliveries.to(endpoint), 1, null).get(30, TimeUnit.SECONDS);

        assertThat(result).isEqualTo(AttemptResult.FAILED);
        assertThat(connections()).isEqualTo(before);
        var row = TestDb.attempts(endpoint.id()).getFirst();
        assertThat(row)
                .containsEntry("outcome", "failed")
                .containsEntry("status_code", null)
                .containsEntry("latency_ms", null);
        assertThat((String) row.get("error"))
                .contains("resolves to " + address + ", which")
                .endsWith("webhooks are only sent to public addresses");
        assertThat(TestDb.endpointRow(endpoint.id()).get("failing_since")).isNotNull();
    }

    @Test
    void shouldRefuseHttpWithoutLookupWhenEndpointIsLive() throws Exception {
        var endpoint = TestDb.endpoint(TestDb.merchant(), "live", "http://public.example:" + v4.port() + "/hook");

        assertThat(attempts.attempt(Deliveries.to(endpoint), 1, null).get(30, TimeUnit.SECONDS))
                .isEqualTo(AttemptResult.FAILED);

        assertThat(TestDb.attempts(endpoint.id()).getFirst()).containsEntry("error", "url must use https in live mode");
        assertThat(DNS.lookups("public.example")).isZero();
    }

    @Test
    void shouldFailWhenHostDoesNotResolve() throws Exception {
        var endpoint = TestDb.endpoint(TestDb.merchant(), "live", "https://nowhere.example/hook");

        assertThat(attempts.attempt(Deliveries.to(endpoint), 1, null).get(30, TimeUnit.SECONDS))
                .isEqualTo(AttemptResult.FAILED);

        assertThat(TestDb.attempts(endpoint.id()).getFirst())
                .containsEntry("error", "url's host 'nowhere.example' does not resolve to an address");
    }

    @Test
    void shouldReachLoopbackOverHttpWhenTestModeAllowsIt() throws Exception {
        try (var receiver = Receiver.answering(200)) {
            var merchant = TestDb.merchant();
            var byLiteral = TestDb.endpoint(merchant, "test", receiver.url());
            var byName =
                    TestDb.endpoint(merchant, "test", "http://rebind-loopback.example:" + receiver.port() + "/hook");
            var privateName =
                    TestDb.endpoint(merchant, "test", "http://rebind-private.example:" + receiver.port() + "/hook");
            var lookupsBefore = DNS.lookups("rebind-loopback.example");

            assertThat(attempts.attempt(Deliveries.to(byLiteral), 1, null).get(30, TimeUnit.SECONDS))
                    .isEqualTo(AttemptResult.DELIVERED);
            assertThat(attempts.attempt(Deliveries.to(byName), 1, null).get(30, TimeUnit.SECONDS))
                    .isEqualTo(AttemptResult.DELIVERED);
            assertThat(attempts.attempt(Deliveries.to(privateName), 1, null).get(30, TimeUnit.SECONDS))
                    .isEqualTo(AttemptResult.FAILED);

            assertThat(receiver.requests()).hasSize(2);
            // One lookup, checked and connected to: no second resolution a rebinding DNS could answer differently.
            assertThat(DNS.lookups("rebind-loopback.example") - lookupsBefore).isEqualTo(1);
            assertThat((String) TestDb.attempts(privateName.id()).getFirst().get("error"))
                    .contains("resolves to 10.0.0.5");
        }
    }

    @Test
    void shouldCountConnectionWhenTestModeReachesCounter() throws Exception {
        // The witness itself: the same listener does see a connection the guard lets through.
        var endpoint = TestDb.endpoint(TestDb.merchant(), "test", "http://127.0.0.1:" + v4.port() + "/hook");
        var before = v4.accepted();

        assertThat(attempts.attempt(Deliveries.to(endpoint), 1, null).get(30, TimeUnit.SECONDS))
                .isEqualTo(AttemptResult.FAILED);

        assertThat(v4.accepted()).isGreaterThan(before);
    }

    @Test
    void shouldRefuseLoopbackInTestModeWhenFlagIsOff() throws Exception {
        var strictSettings = HttpDeliveryAttempts.Settings.defaults(false).withResolver(DNS);
        try (var receiver = Receiver.answering(200);
                var strict = new HttpDeliveryAttempts(TestDb.dataSource(), strictSettings, TestDb.sealer())) {
            var plain = TestDb.endpoint(TestDb.merchant(), "test", receiver.url());
            var tls = TestDb.endpoint(
                    TestDb.merchant(), "test", "https://rebind-loopback.example:" + v4.port() + "/hook");
            var before = v4.accepted();

            assertThat(strict.attempt(Deliveries.to(plain), 1, null).get(30, TimeUnit.SECONDS))
                    .isEqualTo(AttemptResult.FAILED);
            assertThat(strict.attempt(Deliveries.to(tls), 1, null).get(30, TimeUnit.SECONDS))
                    .isEqualTo(AttemptResult.FAILED);

            assertThat(receiver.requests()).isEmpty();
            assertThat(v4.accepted()).isEqualTo(before);
            assertThat(TestDb.attempts(plain.id()).getFirst()).containsEntry("error", "url must use https");
            assertThat((String) TestDb.attempts(tls.id()).getFirst().get("error"))
                    .contains("resolves to 127.0.0.1");
        }
    }

    private static String url(String template) {
        if (template.contains("{v6}")) {
            assumeTrue(v6 != null, "this host has no IPv6 loopback to listen on");
        }
        return template.replace("{v4}", Integer.toString(v4.port()))
                .replace("{v6}", v6 == null ? "1" : Integer.toString(v6.port()));
    }

    private static int connections() {
        return v4.accepted() + (v6 == null ? 0 : v6.accepted());
    }

    private static InetAddress loopbackV6() {
        try {
            return InetAddress.getByName("::1");
        } catch (java.net.UnknownHostException impossible) {
            throw new IllegalStateException(impossible);
        }
    }
}
