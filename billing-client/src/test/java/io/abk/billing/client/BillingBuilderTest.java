package io.abk.billing.client;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;
import org.junit.jupiter.api.Test;

class BillingBuilderTest {

    @Test
    void shouldRefuseToBuildWhenNoKeyIsGivenOrSet() {
        assertThatThrownBy(() -> new Billing.Builder(Map.of()).build())
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("BILLING_API_KEY");
    }

    @Test
    void shouldTakeKeyAndUrlFromTheEnvironmentWhenTheBuilderSaysNothing() throws Exception {
        try (var api = new FakeApi().then(FakeApi.json(200, "{\"account\":{}}"))) {
            var billing = new Billing.Builder(
                            Map.of("BILLING_API_KEY", "abk_test_env", "BILLING_BASE_URL", api.baseUrl()))
                    .build();

            billing.account().retrieve();

            assertThat(api.requests().get(0).header("Authorization")).isEqualTo("Bearer abk_test_env");
        }
    }

    @Test
    void shouldRefuseANegativeRetryCount() {
        assertThatThrownBy(() ->
                        Billing.builder().apiKey("abk_test_x").maxRetries(-1).build())
                .isInstanceOf(IllegalArgumentException.class);
    }
}
