package io.abk.billing.systemtests.deploy;

import static org.assertj.core.api.Assertions.assertThat;

import io.abk.billing.systemtests.RepositoryRoot;
import java.nio.file.Files;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** docker-compose.yml and .env.example, read for how the deployment's secrets, profile and ports are given. */
class ComposeFileTest {

    /**
     * A variable that holds a secret by its name; an id ({@code _ACTIVE_KEY}), an address or the path of a file that
     * holds a key ({@code BILLING_TLS_KEY}, mounted) does not.
     */
    private static final Pattern SECRET_NAME = Pattern.compile(".*(PASSWORD|TOKEN|SECRET|_KEYS|_KEY|JAAS_CONFIG)");

    private static final Pattern NOT_A_SECRET = Pattern.compile(".*(_ACTIVE_KEY|_ADDRESS|_TLS_KEY)");

    /** Where each secret goes: service, its variable, the variable that names its file, the compose secret. */
    private static final String[][] SECRET_FILES = {
        {"api-gateway", "BILLING_ADMIN_TOKEN", "BILLING_ADMIN_TOKEN_FILE", "admin_token"},
        {"api-gateway", "BILLING_DB_PASSWORD", "BILLING_DB_PASSWORD_FILE", "postgres_password"},
        {"api-gateway", "BILLING_SECRETS_KEYS", "BILLING_SECRETS_KEYS_FILE", "sealing_keys"},
        {"webhook-sender", "BILLING_DB_PASSWORD", "BILLING_DB_PASSWORD_FILE", "postgres_password"},
        {"webhook-sender", "BILLING_SECRETS_KEYS", "BILLING_SECRETS_KEYS_FILE", "sealing_keys"},
        {"webhook-sender", "BILLING_USDT_WEBHOOK_SECRET", "BILLING_USDT_WEBHOOK_SECRET_FILE", "usdt_webhook_secret"},
        {
            "chain-indexer-1",
            "BILLING_CHAINS_TEST_RELAYER_KEY",
            "BILLING_CHAINS_TEST_RELAYER_KEY_FILE",
            "test_relayer_key"
        },
        {
            "chain-indexer-2",
            "BILLING_CHAINS_LIVE_RELAYER_KEY",
            "BILLING_CHAINS_LIVE_RELAYER_KEY_FILE",
            "live_relayer_key"
        },
        {"usdt-verifier-1", "BILLING_USDT_KEYS", "BILLING_USDT_KEYS_FILE", "usdt_keys"},
        {"usdt-verifier-2", "BILLING_USDT_RPC_API_KEY", "BILLING_USDT_RPC_API_KEY_FILE", "usdt_rpc_api_key"},
        {"postgres", "POSTGRES_PASSWORD", "POSTGRES_PASSWORD_FILE", "postgres_password"},
        {"grafana", "GF_SECURITY_ADMIN_PASSWORD", "GF_SECURITY_ADMIN_PASSWORD__FILE", "grafana_admin_password"},
    };

    private static ComposeFile compose;

    @BeforeAll
    static void read() throws Exception {
        compose = ComposeFile.read();
    }

    /** Protects the secrets from `docker inspect` and process listings: they were environment values before. */
    @Test
    void shouldGiveEverySecretAsAComposeSecretFileAndNoneAsAnEnvironmentValue() {
        for (var row : SECRET_FILES) {
            var service = row[0];
            var environment = compose.environment(service);
            var secret = row[3];
            assertThat(environment)
                    .as("%s of %s", row[1], service)
                    .doesNotContainKey(row[1])
                    .containsEntry(row[2], "/run/secrets/" + secret);
            assertThat(compose.list(service, "secrets"))
                    .as("secrets of %s", service)
                    .contains(secret);
            assertThat(compose.secrets().get(secret))
                    .as("the compose secret %s", secret)
                    .containsEntry("file", "${BILLING_SECRETS_DIR:-./secrets}/" + secret.replace('_', '-'));
        }
        compose.services()
                .keySet()
                .forEach(service -> assertThat(compose.environment(service).entrySet())
                        .as("secret-named variables of %s", service)
                        .noneSatisfy(variable -> {
                            assertThat(variable.getKey()).matches(SECRET_NAME).doesNotMatch(NOT_A_SECRET);
                            assertThat(variable.getValue()).isNotBlank();
                        }));
    }

    @Test
    void shouldRunEveryServiceOfOursUnderTheProductionProfile() {
        var ours = ours();

        assertThat(ours).contains("api-gateway", "billing-streams-1", "chain-indexer-1", "usdt-verifier-1", "topics");
        assertThat(ours)
                .allSatisfy(service -> assertThat(compose.environment(service))
                        .as(service)
                        .containsEntry("SPRING_PROFILES_ACTIVE", "production"));
    }

    /** Protects one deployment's namespace: a service left without the id would read and write today's names. */
    @Test
    void shouldGiveTheTopicsStepAndEveryServiceOfOursOneDeploymentIdEmptyByDefault() {
        var ours = ours();

        assertThat(ours)
                .allSatisfy(service -> assertThat(compose.environment(service))
                        .as(service)
                        .containsEntry("BILLING_DEPLOYMENT_ID", "${BILLING_DEPLOYMENT_ID:-}"));
    }

    @Test
    void shouldServeTheOperatorApiOnAPortNothingPublishes() {
        var gateway = compose.environment("api-gateway");
        var adminPort = gateway.get("BILLING_ADMIN_PORT");

        assertThat(adminPort).isNotBlank().isNotEqualTo(gateway.get("BILLING_HTTP_PORT"));
        compose.services()
                .keySet()
                .forEach(service -> assertThat(compose.list(service, "ports"))
                        .as("ports %s publishes", service)
                        .noneMatch(port -> port.endsWith(":" + adminPort)));
    }

    @Test
    void shouldPublishOnlyTlsPortsThroughNginxWithThePairNamedInEnv() {
        assertThat(compose.list("nginx", "ports"))
                .containsExactlyInAnyOrder("${BILLING_HTTPS_PORT:-8443}:443", "${BILLING_USDT_HTTPS_PORT:-8787}:8787");
        assertThat(compose.list("nginx", "volumes"))
                .contains(
                        "${BILLING_TLS_CERT:-./deploy/tls/local/cert.pem}:/etc/nginx/tls/cert.pem:ro",
                        "${BILLING_TLS_KEY:-./deploy/tls/local/key.pem}:/etc/nginx/tls/key.pem:ro");
    }

    /** Protects against a copied example: .env.example ships no secret, only where they are. */
    @Test
    void shouldShipNoSecretValueInEnvExample() throws Exception {
        var lines = Files.readAllLines(RepositoryRoot.path().resolve(".env.example"));

        assertThat(lines)
                .filteredOn(line -> !line.startsWith("#") && line.contains("="))
                .noneSatisfy(line -> {
                    var name = line.substring(0, line.indexOf('='));
                    assertThat(name).matches(SECRET_NAME).doesNotMatch(NOT_A_SECRET);
                    assertThat(line.substring(line.indexOf('=') + 1)).isNotBlank();
                })
                .anySatisfy(line -> assertThat(line).startsWith("BILLING_SECRETS_DIR="))
                .anySatisfy(line -> assertThat(line).startsWith("BILLING_TLS_CERT="));
    }

    /** The services that run an image of ours. */
    private List<String> ours() {
        return compose.services().entrySet().stream()
                .filter(service -> service.getValue().get("image").toString().startsWith("abk-billing/"))
                .map(Map.Entry::getKey)
                .toList();
    }
}
