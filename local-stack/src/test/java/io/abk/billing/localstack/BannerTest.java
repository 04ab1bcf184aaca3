package io.abk.billing.localstack;

import static org.assertj.core.api.Assertions.assertThat;

import io.abk.billing.localstack.chain.LocalChainInfo;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class BannerTest {

    private static final LocalStack.Info INFO = new LocalStack.Info(
            "http://localhost:8080",
            "http://localhost:8080",
            "admin-token-0123456789",
            "abk_test_TTT",
            "abk_live_LLL",
            Optional.of("mer_01"),
            "127.0.0.1:19092",
            "jdbc:postgresql://127.0.0.1:15432/billing",
            Path.of("/data"),
            true,
            Duration.ofMillis(12_345),
            Optional.empty(),
            List.of("http://localhost:8080"),
            List.of(),
            "http://localhost:8787",
            "usdt_dev_local_only_key",
            "local:c2VhbGluZy1rZXk=",
            "owner@demo.example",
            "OwnerPassword1234567");

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
                .contains(
                        "http://localhost:8080/dashboard  (sign in: owner@demo.example, password OwnerPassword1234567)")
                .contains(LocalStack.DEMO_PAYOUT_ADDRESS)
                .contains("127.0.0.1:19092")
                .contains("jdbc:postgresql://127.0.0.1:15432/billing")
                .contains("/data")
                .contains("curl -s http://localhost:8080/v1/products -H 'Authorization: Bearer abk_test_TTT'")
                .contains("USDT verifier   http://localhost:8787  (companion, sandbox; key usdt_dev_local_only_key)")
                .doesNotContain("Public URL")
                .doesNotContain("Local chain")
                .doesNotContain("own process");
    }

    @Test
    void shouldListEveryGatewayAndProcessWhenTheServicesRunAsProcesses() {
        var info = new LocalStack.Info(
                INFO.baseUrl(),
                INFO.publicUrl(),
                INFO.adminToken(),
                INFO.demoTestKey(),
                INFO.demoLiveKey(),
                INFO.demoMerchantId(),
                INFO.kafkaBootstrapServers(),
                INFO.jdbcUrl(),
                INFO.dataDir(),
                true,
                INFO.startDuration(),
                Optional.empty(),
                List.of("http://localhost:8080", "http://localhost:8081"),
                List.of(
                        "billing-streams-1  pid 101, http://127.0.0.1:40001",
                        "api-gateway-2  pid 107, http://127.0.0.1:8081"),
                INFO.usdtUrl(),
                INFO.usdtKey(),
                INFO.sealingKeys(),
                "owner@demo.example",
                "OwnerPassword1234567");

        assertThat(Banner.render(info))
                .contains("http://localhost:8081  (gateway 2)")
                .contains("Every service is its own process (logs in /data/logs)")
                .contains("billing-streams-1  pid 101, http://127.0.0.1:40001")
                .contains("api-gateway-2  pid 107");
    }

    @Test
    void shouldShowTheLocalChainAndLabelItsKeysAsPublicWhenItRuns() {
        var chain = new LocalChainInfo(
                "http://127.0.0.1:8545",
                31337,
                "0x5FbDB2315678afecb367f032d93F642f64180aa3",
                "0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512",
                "0x70997970C51812dc3A010C7d01b50e0d17dc79C8",
                "0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC",
                List.of(
                        new LocalChainInfo.Account("0x90F79bf6EB2c4f870365E785982E1f101E93b906", "0xkey3"),
                        new LocalChainInfo.Account("0x15d34AAf54267DB7D7c367839AAf71A00a2C6A65", "0xkey4"),
                        new LocalChainInfo.Account("0x9965507D1a55bcC2695C58ba16FB37d819B0A4dc", "0xkey5")),
                Optional.of(Path.of("/data/tools/cast")),
                true);
        var info = new LocalStack.Info(
                INFO.baseUrl(),
                INFO.publicUrl(),
                INFO.adminToken(),
                INFO.demoTestKey(),
                INFO.demoLiveKey(),
                INFO.demoMerchantId(),
                INFO.kafkaBootstrapServers(),
                INFO.jdbcUrl(),
                INFO.dataDir(),
                true,
                INFO.startDuration(),
                Optional.of(chain),
                INFO.gatewayUrls(),
                List.of(),
                INFO.usdtUrl(),
                INFO.usdtKey(),
                INFO.sealingKeys(),
                "owner@demo.example",
                "OwnerPassword1234567");

        var banner = Banner.render(info);

        assertThat(banner)
                .contains("http://127.0.0.1:8545", "chain id 31337")
                .contains("0x5FbDB2315678afecb367f032d93F642f64180aa3", "0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512")
                .contains("0x70997970C51812dc3A010C7d01b50e0d17dc79C8")
                .contains("Payout address  0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC")
                .contains("0x90F79bf6EB2c4f870365E785982E1f101E93b906", "0xkey3")
                .contains("0x15d34AAf54267DB7D7c367839AAf71A00a2C6A65", "0xkey4")
                .doesNotContain("0xkey5")
                .contains("PUBLIC test keys")
                .contains("/data/tools/cast")
                .doesNotContain(LocalStack.DEMO_PAYOUT_ADDRESS);
    }

    @Test
    void shouldShowThePublicUrlWhenItDiffersFromTheBaseUrl() {
        var info = new LocalStack.Info(
                INFO.baseUrl(),
                "https://pay.example.com",
                INFO.adminToken(),
                INFO.demoTestKey(),
                INFO.demoLiveKey(),
                Optional.empty(),
                INFO.kafkaBootstrapServers(),
                INFO.jdbcUrl(),
                INFO.dataDir(),
                false,
                INFO.startDuration(),
                Optional.empty(),
                INFO.gatewayUrls(),
                List.of(),
                INFO.usdtUrl(),
                INFO.usdtKey(),
                INFO.sealingKeys(),
                "owner@demo.example",
                "OwnerPassword1234567");

        assertThat(Banner.render(info))
                .contains("Public URL")
                .contains("https://pay.example.com")
                .contains("restart, data kept");
    }
}
