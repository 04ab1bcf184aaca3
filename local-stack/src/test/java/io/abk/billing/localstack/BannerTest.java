package io.abk.billing.localstack;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class BannerTest {

    private static final LocalStack.Info INFO = new LocalStack.Info(
            "http://localhost:8080", "http://localhost:8080", "admin-token-0123456789", "abk_test_TTT", "abk_live_LLL",
            Optional.of("mer_01"), "127.0.0.1:19092", "jdbc:postgresql://127.0.0.1:15432/billing", Path.of("/data"),
            true, Duration.ofMillis(12_345));

    @Test
    void shouldShowEverythingADeveloperNeedsWhenTheStackIsReady() {
        var banner = Banner.render(INFO);

        assertThat(banner)
                .contains("ready in 12.3 s")
                .contains("http://localhost:8080")
                .contains("admin-token-0123456789")
                .contains("mer_01")
                .contains("abk_test_TTT")
                .contains("abk_live_LLL")
                .contains(LocalStack.DEMO_PAYOUT_ADDRESS)
                .contains("127.0.0.1:19092")
                .contains("jdbc:postgresql://127.0.0.1:15432/billing")
                .contains("/data")
                .contains("curl -s http://localhost:8080/v1/products -H 'Authorization: Bearer abk_test_TTT'")
                .doesNotContain("Public URL");
    }

    @Test
    void shouldShowThePublicUrlWhenItDiffersFromTheBaseUrl() {
        var info = new LocalStack.Info(INFO.baseUrl(), "https://pay.example.com", INFO.adminToken(), INFO.demoTestKey(),
                INFO.demoLiveKey(), Optional.empty(), INFO.kafkaBootstrapServers(), INFO.jdbcUrl(), INFO.dataDir(), false,
                INFO.startDuration());

        assertThat(Banner.render(info)).contains("Public URL").contains("https://pay.example.com").contains("restart, data kept");
    }
}
