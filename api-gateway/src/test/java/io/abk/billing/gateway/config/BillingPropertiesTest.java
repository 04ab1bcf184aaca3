package io.abk.billing.gateway.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.abk.billing.gateway.config.BillingProperties.Demo;
import org.junit.jupiter.api.Test;

/** Demo settings fail at binding with a message naming the setting, and never echo a key. */
class BillingPropertiesTest {

    private static final String TEST_KEY = "abk_test_0123456789012345678901234567890123456789";
    private static final String LIVE_KEY = "abk_live_0123456789012345678901234567890123456789";

    @Test
    void shouldTakeTheDemoOwnersEmailAndPasswordTogetherOrNotAtAll() {
        assertThat(new Demo(true, "Demo", null, null, null, " ", "").ownerEmail())
                .isNull();
        assertThat(new Demo(true, "Demo", null, null, null, "owner@demo.example", "twelve chars").ownerPassword())
                .isEqualTo("twelve chars");
        assertThatThrownBy(() -> new Demo(true, "Demo", null, null, null, "owner@demo.example", null))
                .hasMessageContaining("BILLING_DEMO_OWNER_PASSWORD")
                .hasMessageContaining("set both or neither");
        assertThatThrownBy(() -> new Demo(true, "Demo", null, null, null, "owner@demo.example", "eleven char"))
                .hasMessageContaining("at least 12 characters")
                .hasMessageNotContaining("eleven char");
    }

    @Test
    void shouldTreatBlankValuesAsAbsent() {
        var demo = new Demo(true, "Demo", " ", "", "  ");
        assertThat(demo.payoutAddress()).isNull();
        assertThat(demo.testKey()).isNull();
        assertThat(demo.liveKey()).isNull();
    }

    @Test
    void shouldRefuseAKeyInTheWrongSlot() {
        assertThatThrownBy(() -> new Demo(true, "Demo", null, LIVE_KEY, null))
                .hasMessageContaining("BILLING_DEMO_TEST_KEY")
                .hasMessageContaining("abk_test_")
                .hasMessageNotContaining(LIVE_KEY);
        assertThatThrownBy(() -> new Demo(true, "Demo", null, null, TEST_KEY))
                .hasMessageContaining("BILLING_DEMO_LIVE_KEY")
                .hasMessageNotContaining(TEST_KEY);
    }

    @Test
    void shouldRefuseMalformedKeysAndAddresses() {
        assertThatThrownBy(() -> new Demo(true, "Demo", null, "abk_test_short", null))
                .hasMessageContaining("at least 32")
                .hasMessageNotContaining("abk_test_short");
        assertThatThrownBy(() -> new Demo(true, "Demo", "0x123", null, null))
                .hasMessageContaining("BILLING_DEMO_PAYOUT_ADDRESS");
        assertThat(new Demo(true, "Demo", null, TEST_KEY, LIVE_KEY).testKey()).isEqualTo(TEST_KEY);
    }

    @Test
    void shouldKeepTheOlderConstructorWithDefaultAuth() {
        var properties = new BillingProperties(
                "0123456789abcdef",
                java.net.URI.create("http://localhost:8080/"),
                java.time.Duration.ofSeconds(10),
                new BillingProperties.Kafka("localhost:9092", "billing-streams", "p", java.time.Duration.ofMillis(2)),
                new BillingProperties.RateLimits(true, 100, 30),
                new Demo(false, "Demo", null, null, null));
        assertThat(properties.auth()).isEqualTo(BillingProperties.Auth.DEFAULTS);
        assertThat(properties.checkoutBase()).isEqualTo("http://localhost:8080");
    }
}
