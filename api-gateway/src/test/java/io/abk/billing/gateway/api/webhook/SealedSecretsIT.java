package io.abk.billing.gateway.api.webhook;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.abk.billing.gateway.testkit.GatewayIT;
import io.abk.billing.webhookverify.sealing.SecretSealer;
import io.abk.billing.webhookverify.sealing.UnopenableSecretException;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import tools.jackson.databind.JsonNode;

/**
 * Signing secrets at rest, through the merchant API and the rows in PostgreSQL: after a create and after a rotation
 * no column of the database holds the secret or any {@code whsec_} text (the endpoint's row, its previous secret, the
 * idempotency record that replays the create), every stored value opens to the secret the answer showed, and a sealed
 * value moved into another endpoint's row does not open there.
 */
class SealedSecretsIT extends GatewayIT {

    private static final String URL = "https://93.184.215.14/hooks/sealed";

    @Autowired
    private SecretSealer sealer;

    @Test
    void shouldStoreNoSecretInPlainTextWhenCreatedOrRotated() throws SQLException {
        // given a merchant's endpoint created with an Idempotency-Key (its answer is kept for replay)
        var key = newMerchantKey("test");
        var created = http.post()
                .uri("/v1/webhook_endpoints")
                .header("x-service-api-key", key)
                .header("Idempotency-Key", "sealed-1")
                .bodyValue(Map.of("url", URL))
                .exchange()
                .expectStatus()
                .isCreated()
                .expectBody(JsonNode.class)
                .returnResult()
                .getResponseBody();
        var id = created.get("webhookEndpoint").get("id").stringValue();
        var first = created.get("secret").stringValue();

        // then its row holds the secret sealed for it under the active key, and nothing in the database shows it
        var row = StoredSecrets.of(database(), id);
        assertThat(row.getFirst()).startsWith("v1:" + sealer.keys().activeId() + ":");
        assertThat(sealer.open(row.getFirst(), id)).isEqualTo(first);
        assertThat(databaseText(first))
                .as("rows showing the secret or whsec_ after the create")
                .isEmpty();

        // when the secret is rotated, keeping the old one for an overlap, and the create is replayed
        var rotated = http.post()
                .uri("/v1/webhook_endpoints/" + id + "/rotate_secret")
                .header("x-service-api-key", key)
                .header("Idempotency-Key", "sealed-2")
                .bodyValue(Map.of("overlapSeconds", 3600))
                .exchange()
                .expectStatus()
                .isOk()
                .expectBody(JsonNode.class)
                .returnResult()
                .getResponseBody();
        var second = rotated.get("secret").stringValue();
        var replay = http.post()
                .uri("/v1/webhook_endpoints")
                .header("x-service-api-key", key)
                .header("Idempotency-Key", "sealed-1")
                .bodyValue(Map.of("url", URL))
                .exchange()
                .expectStatus()
                .isCreated()
                .expectBody(JsonNode.class)
                .returnResult()
                .getResponseBody();

        // then both columns are sealed and open to the two secrets, the replay still shows the first one, and no row
        // anywhere holds either in plain text
        row = StoredSecrets.of(database(), id);
        assertThat(row).allSatisfy(value -> assertThat(value).startsWith("v1:"));
        assertThat(sealer.open(row.get(0), id)).isEqualTo(second);
        assertThat(sealer.open(row.get(1), id)).isEqualTo(first);
        assertThat(replay.get("secret").stringValue()).isEqualTo(first);
        assertThat(databaseText(first))
                .as("rows showing the first secret or whsec_ after the rotation")
                .isEmpty();
        assertThat(databaseText(second))
                .as("rows showing the second secret or whsec_ after the rotation")
                .isEmpty();
    }

    @Test
    void shouldNotOpenWhenASealedSecretIsMovedToAnotherEndpointsRow() {
        // given two endpoints, and the first one's sealed secret copied into the second one's row
        var key = newMerchantKey("test");
        var one = create(key);
        var two = create(key);
        database()
                .execute(
                        "UPDATE webhook_endpoints SET secret = (SELECT secret FROM webhook_endpoints WHERE id = ?) WHERE id = ?",
                        one,
                        two);

        // then it opens for its own row only
        var moved = StoredSecrets.of(database(), two).getFirst();
        assertThat(sealer.open(moved, one)).startsWith("whsec_");
        assertThatThrownBy(() -> sealer.open(moved, two))
                .isInstanceOf(UnopenableSecretException.class)
                .hasMessageContaining(two);
    }

    private String create(String key) {
        return http.post()
                .uri("/v1/webhook_endpoints")
                .header("x-service-api-key", key)
                .bodyValue(Map.of("url", URL))
                .exchange()
                .expectStatus()
                .isCreated()
                .expectBody(JsonNode.class)
                .returnResult()
                .getResponseBody()
                .get("webhookEndpoint")
                .get("id")
                .stringValue();
    }

    /**
     * Where in the control-plane tables {@code secret}, or {@code whsec_} text of this test's endpoint, shows: the
     * endpoints' secrets, the idempotency records' stored answers and the audit log's details.
     */
    private List<String> databaseText(String secret) throws SQLException {
        var found = new ArrayList<String>();
        var body = secret.substring("whsec_".length());
        for (var query : List.of(
                "SELECT 'webhook_endpoints ' || id FROM webhook_endpoints WHERE url = ? AND (strpos(secret, ?) > 0"
                        + " OR strpos(coalesce(previous_secret, ''), ?) > 0 OR secret LIKE 'whsec\\_%' OR previous_secret LIKE 'whsec\\_%')",
                "SELECT 'idempotency_keys ' || key FROM idempotency_keys WHERE path LIKE ? || '%' AND (strpos(response_body, ?) > 0"
                        + " OR strpos(response_body, ?) > 0 OR strpos(response_body, 'whsec_') > 0)",
                "SELECT 'audit_log ' || id FROM audit_log WHERE target_type = ? AND (strpos(details::text, ?) > 0"
                        + " OR strpos(details::text, ?) > 0 OR strpos(details::text, 'whsec_') > 0)")) {
            try (var connection = database().connect();
                    var statement = connection.prepareStatement(query)) {
                statement.setString(
                        1,
                        query.contains("FROM webhook_endpoints")
                                ? URL
                                : query.contains("FROM idempotency_keys")
                                        ? "/v1/webhook_endpoints"
                                        : "webhook_endpoint");
                statement.setString(2, secret);
                statement.setString(3, body);
                try (var rows = statement.executeQuery()) {
                    while (rows.next()) {
                        found.add(rows.getString(1));
                    }
                }
            }
        }
        return found;
    }
}
