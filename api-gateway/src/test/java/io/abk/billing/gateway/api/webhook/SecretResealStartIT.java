package io.abk.billing.gateway.api.webhook;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.abk.billing.gateway.GatewayApplication;
import io.abk.billing.gateway.testkit.FreePorts;
import io.abk.billing.gateway.testkit.GatewayTestBase;
import io.abk.billing.gateway.testkit.SharedInfra;
import io.abk.billing.gateway.testkit.TestDatabase;
import io.abk.billing.schemas.ids.IdPrefix;
import io.abk.billing.schemas.ids.Ids;
import io.abk.billing.webhookverify.WebhookSecrets;
import io.abk.billing.webhookverify.sealing.SealingKeys;
import io.abk.billing.webhookverify.sealing.SecretSealer;
import java.time.Instant;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * The gateway's start with a keyring: a bad setting stops it with a message naming the variable; a good one seals, at
 * start and in batches, every row still plain (written before secrets were sealed) or sealed under a key that no
 * longer seals (a key rotation), after which every row opens with the new key alone. Each start is a whole gateway on
 * a database of its own (Kafka absent: the start needs none of it).
 */
class SecretResealStartIT {

    private static final String K1 = "k1:" + Base64.getEncoder().encodeToString(bytes(1));
    private static final String K2 = "k2:" + Base64.getEncoder().encodeToString(bytes(2));

    @Test
    void shouldSealEveryPlainRowAndResealEveryRowOfAnOldKeyWhenStarted() {
        // given rows written before sealing (plain, with a plain previous secret), rows sealed under k1, more of them
        // than one batch, and one row whose value was sealed for another endpoint
        var database = SharedInfra.newDatabase("reseal");
        var k1 = new SecretSealer(SealingKeys.of(K1, "", false));
        var merchant = merchant(database);
        var secrets = new LinkedHashMap<String, List<String>>();
        for (int i = 0; i < SecretReseal.BATCH + 30; i++) {
            var id = Ids.newId(IdPrefix.WEBHOOK_ENDPOINT, Instant.now());
            var secret = WebhookSecrets.generate();
            var previous = WebhookSecrets.generate();
            boolean plain = i % 2 == 0;
            insert(
                    database,
                    id,
                    merchant,
                    plain ? secret : k1.seal(secret, id),
                    plain ? previous : k1.seal(previous, id));
            secrets.put(id, List.of(secret, previous));
        }
        var strayId = Ids.newId(IdPrefix.WEBHOOK_ENDPOINT, Instant.now());
        var strayValue = k1.seal(WebhookSecrets.generate(), "we_someone_else");
        insert(database, strayId, merchant, strayValue, null);

        // when a gateway starts with k2 added and made active
        try (var gateway = start(database, K1 + "," + K2, "k2")) {
            // then every row is sealed under k2 and opens, with k2 alone, to the secrets it held
            var k2Only = new SecretSealer(SealingKeys.of(K2, "", false));
            for (var entry : secrets.entrySet()) {
                var stored = StoredSecrets.of(database, entry.getKey());
                assertThat(stored).allSatisfy(value -> assertThat(value).startsWith("v1:k2:"));
                assertThat(k2Only.open(stored.get(0), entry.getKey()))
                        .isEqualTo(entry.getValue().get(0));
                assertThat(k2Only.open(stored.get(1), entry.getKey()))
                        .isEqualTo(entry.getValue().get(1));
            }
            assertThat(database.count("SELECT count(*) FROM webhook_endpoints WHERE secret LIKE 'whsec%'"
                            + " OR previous_secret LIKE 'whsec%'"))
                    .isZero();
            // the value sealed for another endpoint is left as it was, and a second pass has nothing else to do
            assertThat(StoredSecrets.of(database, strayId)).containsExactly(strayValue);
            assertThat(gateway.getBean(SecretReseal.class).resealAll().block())
                    .isEqualTo(new SecretReseal.Result(0, 1));
        }
    }

    @Test
    void shouldRefuseToStartNamingTheVariableWhenTheKeyringIsBad() {
        var database = SharedInfra.newDatabase("reseal_bad");

        assertThatThrownBy(() -> start(database, "k1:AAAA", ""))
                .rootCause()
                .hasMessage(
                        "BILLING_SECRETS_KEYS key 'k1' is 3 bytes; it must be 32 (openssl rand -base64 32 makes one)");
        assertThatThrownBy(() -> start(database, K1, "k9"))
                .rootCause()
                .hasMessage("BILLING_SECRETS_ACTIVE_KEY is 'k9', which is not a key of BILLING_SECRETS_KEYS [k1]");
        assertThatThrownBy(() -> start(database, K1 + ",k2:not-base64!", "k1"))
                .rootCause()
                .hasMessage("BILLING_SECRETS_KEYS key 'k2' is not base64");
        assertThatThrownBy(() -> start(database, "", "", "production"))
                .rootCause()
                .hasMessageStartingWith("BILLING_SECRETS_KEYS must be set under the production profile");
    }

    private static ConfigurableApplicationContext start(
            TestDatabase database, String keys, String active, String... profiles) {
        // Command-line arguments: they win over application.yml, as a deployment's environment does.
        return new SpringApplicationBuilder(GatewayApplication.class)
                .profiles(profiles)
                .run(
                        "--server.port=0",
                        "--billing.admin-token=" + GatewayTestBase.ADMIN_TOKEN,
                        "--billing.kafka.bootstrap-servers=localhost:" + FreePorts.unused(),
                        "--spring.r2dbc.url=" + database.r2dbcUrl(),
                        "--spring.r2dbc.username=" + TestDatabase.USER,
                        "--spring.r2dbc.password=",
                        "--spring.flyway.url=" + database.jdbcUrl(),
                        "--spring.flyway.user=" + TestDatabase.USER,
                        "--spring.flyway.password=",
                        "--billing.secrets.keys=" + keys,
                        "--billing.secrets.active-key=" + active);
    }

    private static String merchant(TestDatabase database) {
        var id = Ids.newId(IdPrefix.MERCHANT, Instant.now());
        database.execute(
                "INSERT INTO merchants (id, name, display_name, created_at, updated_at) VALUES (?, 'Reseal', 'Reseal', now(), now())",
                id);
        return id;
    }

    private static void insert(TestDatabase database, String id, String merchant, String secret, String previous) {
        database.execute(
                "INSERT INTO webhook_endpoints (id, merchant_id, mode, url, secret, previous_secret, previous_secret_expires_at,"
                        + " created_at, updated_at) VALUES (?, ?, 'test', 'https://93.184.215.14/hooks', ?, ?,"
                        + " CASE WHEN ?::text IS NULL THEN NULL ELSE now() + interval '1 day' END, now(), now())",
                id,
                merchant,
                secret,
                previous,
                previous);
    }

    private static byte[] bytes(int fill) {
        var key = new byte[32];
        java.util.Arrays.fill(key, (byte) fill);
        return key;
    }
}
