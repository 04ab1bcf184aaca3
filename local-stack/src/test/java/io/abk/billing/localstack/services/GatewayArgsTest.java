package io.abk.billing.localstack.services;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class GatewayArgsTest {

    private static GatewayArgs args(Boolean rateLimitsEnabled, Integer perKey, Integer checkout) {
        return new GatewayArgs(
                8080,
                "http://localhost:8080",
                "r2dbc:postgresql://127.0.0.1:15432/billing",
                "jdbc:postgresql://127.0.0.1:15432/billing",
                "billing",
                "billing",
                "127.0.0.1:19092",
                "admin-token-secret",
                "Demo Merchant",
                "0x000000000000000000000000000000000000dEaD",
                "abk_test_T",
                "abk_live_L",
                rateLimitsEnabled,
                perKey,
                checkout,
                true,
                null,
                "local:c2VhbGluZy1rZXk=",
                "",
                "owner@demo.example",
                "OwnerPassword1234567");
    }

    @Test
    void shouldPassEveryStackSettingAsAnArgumentWhenBuilt() {
        assertThat(args(null, null, null).toArgs())
                .contains(
                        "--server.port=8080",
                        "--spring.r2dbc.url=r2dbc:postgresql://127.0.0.1:15432/billing",
                        "--spring.r2dbc.username=billing",
                        "--spring.flyway.url=jdbc:postgresql://127.0.0.1:15432/billing",
                        "--spring.flyway.user=billing",
                        "--billing.admin-token=admin-token-secret",
                        "--billing.public-url=http://localhost:8080",
                        "--billing.kafka.bootstrap-servers=127.0.0.1:19092",
                        "--billing.demo.enabled=true",
                        "--billing.demo.merchant-name=Demo Merchant",
                        "--billing.demo.payout-address=0x000000000000000000000000000000000000dEaD",
                        "--billing.demo.test-key=abk_test_T",
                        "--billing.demo.live-key=abk_live_L",
                        "--billing.webhooks.allow-loopback-in-test=true",
                        "--billing.secrets.keys=local:c2VhbGluZy1rZXk=");
        assertThat(args(null, null, null).toEnvironment())
                .containsEntry("BILLING_SECRETS_KEYS", "local:c2VhbGluZy1rZXk=");
        assertThat(args(null, null, null).sealingEnvironment())
                .containsEntry("BILLING_SECRETS_KEYS", "local:c2VhbGluZy1rZXk=")
                .containsEntry("BILLING_SECRETS_ACTIVE_KEY", "");
    }

    @Test
    void shouldLeaveRateLimitsToTheGatewayDefaultsWhenNotGiven() {
        assertThat(args(null, null, null).toArgs()).noneMatch(arg -> arg.startsWith("--billing.rate-limits"));
    }

    @Test
    void shouldPassRateLimitsWhenGiven() {
        assertThat(args(false, 500, 60).toArgs())
                .contains(
                        "--billing.rate-limits.enabled=false",
                        "--billing.rate-limits.per-key-per-second=500",
                        "--billing.rate-limits.checkout-per-minute=60");
    }

    @Test
    void shouldLeaveTheTestChainToTheGatewayWhenNoLocalChainRuns() {
        assertThat(args(null, null, null).toArgs()).noneMatch(arg -> arg.startsWith("--billing.chains"));
    }

    @Test
    void shouldPointTestModeAtTheLocalChainWhenOneRuns() {
        var plain = args(null, null, null);
        var withChain = new GatewayArgs(
                plain.httpPort(),
                plain.publicUrl(),
                plain.r2dbcUrl(),
                plain.jdbcUrl(),
                plain.dbUser(),
                plain.dbPassword(),
                plain.kafkaBootstrapServers(),
                plain.adminToken(),
                plain.demoMerchantName(),
                "0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC",
                plain.demoTestKey(),
                plain.demoLiveKey(),
                null,
                null,
                null,
                true,
                new GatewayArgs.TestChain(
                        "Anvil (local)",
                        31337,
                        "0x5FbDB2315678afecb367f032d93F642f64180aa3",
                        "0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512",
                        "http://127.0.0.1:8545",
                        2),
                plain.sealingKeys(),
                plain.sealingActiveKey(),
                "owner@demo.example",
                "OwnerPassword1234567");

        assertThat(withChain.toArgs())
                .contains(
                        "--billing.demo.payout-address=0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC",
                        "--billing.chains.test.name=Anvil (local)",
                        "--billing.chains.test.chain-id=31337",
                        "--billing.chains.test.usdc-address=0x5FbDB2315678afecb367f032d93F642f64180aa3",
                        "--billing.chains.test.vault-address=0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512",
                        "--billing.chains.test.rpc-url=http://127.0.0.1:8545",
                        "--billing.chains.test.public-rpc-urls=http://127.0.0.1:8545",
                        "--billing.chains.test.explorer-url=",
                        "--billing.chains.test.confirmations=2")
                .noneMatch(arg -> arg.startsWith("--billing.chains.live"));
    }

    @Test
    void shouldNotRevealSecretsWhenPrinted() {
        assertThat(args(null, null, null).toString())
                .doesNotContain("admin-token-secret", "abk_test_T", "abk_live_L", "c2VhbGluZy1rZXk=");
    }
}
