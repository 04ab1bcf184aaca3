package io.abk.billing.gateway.dashboard;

import static org.assertj.core.api.Assertions.assertThat;

import io.abk.billing.gateway.controlplane.auth.ApiKeyUsage;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.Objects;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.http.HttpMethod;

/**
 * An API key's last use: {@code lastUsedAt} on {@code GET /v1/api_keys} and the API keys page ("Never" until the key
 * is used), written by the first request of a minute and not by the requests after it, which are only counted in
 * memory.
 */
class ApiKeyLastUseIT extends DashboardIT {

    private static final String LIST = "/dashboard/developers/api-keys";

    @Autowired
    private ApiKeyUsage usage;

    @Test
    void shouldSetLastUsedAtOnAKeysFirstRequestAndNotWriteItAgainWithinTheMinute() throws SQLException {
        var merchantId = createMerchant("Key Use Ltd");
        member(merchantId, null);
        var developer = member(merchantId, "developer");
        var created = api(developer, HttpMethod.POST, "/v1/api_keys", Map.of());
        assertThat(created.status()).as(created.text()).isEqualTo(201);
        var keyId = created.body().at("/apiKey/id").asString();
        var secret = created.body().path("secret").asString();
        assertThat(created.body().at("/apiKey/lastUsedAt").isNull()).isTrue();
        assertThat(page(LIST, developer.token())).contains("<td data-last-used>Never</td>");

        // when the key authenticates a request
        assertThat(call(HttpMethod.GET, "/v1/subscriptions", secret, null, null).status())
                .isEqualTo(200);

        // then its last use is written before the answer, and shown
        var firstUse = Objects.requireNonNull(lastUsedAt(keyId), "last_used_at after the first request");
        var listed = api(developer, HttpMethod.GET, "/v1/api_keys", null);
        assertThat(listed.body().at("/apiKeys/0/id").asString()).isEqualTo(keyId);
        assertThat(listed.body().at("/apiKeys/0/lastUsedAt").isString()).isTrue();
        assertThat(page(LIST, developer.token()))
                .contains("data-id=\"" + keyId + "\"")
                .doesNotContain("<td data-last-used>Never</td>");

        // and twenty more requests within the minute write nothing: the column keeps the first use
        for (var request = 0; request < 20; request++) {
            assertThat(call(HttpMethod.GET, "/v1/subscriptions", secret, null, null)
                            .status())
                    .isEqualTo(200);
        }
        assertThat(lastUsedAt(keyId)).isEqualTo(firstUse);

        // a use half a minute on is still within it; a use a minute on is written
        usage.used(keyId, firstUse.plusSeconds(30)).block(Duration.ofSeconds(10));
        assertThat(lastUsedAt(keyId)).isEqualTo(firstUse);
        var minuteOn = firstUse.plusSeconds(61);
        usage.used(keyId, minuteOn).block(Duration.ofSeconds(10));
        assertThat(lastUsedAt(keyId)).isEqualTo(minuteOn);
    }

    private static @Nullable Instant lastUsedAt(String keyId) throws SQLException {
        try (var connection = database().connect();
                var query = connection.prepareStatement("SELECT last_used_at FROM api_keys WHERE id = ?")) {
            query.setString(1, keyId);
            try (var rows = query.executeQuery()) {
                assertThat(rows.next()).isTrue();
                var at = rows.getTimestamp(1);
                return at == null ? null : at.toInstant();
            }
        }
    }
}
