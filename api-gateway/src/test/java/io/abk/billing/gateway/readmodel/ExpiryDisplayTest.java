package io.abk.billing.gateway.readmodel;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/** The read side's expiry rule: expired from the instant expiresAt is reached, for open payments and active links only. */
class ExpiryDisplayTest {

    private static final Instant NOW = Instant.parse("2026-05-01T12:00:00Z");

    @Test
    void shouldShowAnOpenPaymentExpiredFromItsExpiresAtOn() {
        assertThat(status(ExpiryDisplay.payment(resource("open", "2026-05-01T11:59:59.999Z"), NOW)))
                .isEqualTo("expired");
        assertThat(status(ExpiryDisplay.payment(resource("open", "2026-05-01T12:00:00Z"), NOW)))
                .as("the boundary")
                .isEqualTo("expired");
        assertThat(status(ExpiryDisplay.payment(resource("open", "2026-05-01T12:00:00.001Z"), NOW)))
                .isEqualTo("open");
    }

    @Test
    void shouldLeaveEveryOtherStatusAsStoredWhenTheExpiryHasPassed() {
        for (var status : new String[] {"paid", "canceled", "expired"}) {
            assertThat(status(ExpiryDisplay.payment(resource(status, "2026-04-01T00:00:00Z"), NOW)))
                    .isEqualTo(status);
        }
        for (var status : new String[] {"disabled", "expired"}) {
            assertThat(status(ExpiryDisplay.paymentLink(resource(status, "2026-04-01T00:00:00Z"), NOW)))
                    .isEqualTo(status);
        }
    }

    @Test
    void shouldShowAnActiveLinkExpiredOnlyWhenItHasAnExpiryThatPassed() {
        assertThat(status(ExpiryDisplay.paymentLink(resource("active", "2026-05-01T12:00:00Z"), NOW)))
                .isEqualTo("expired");
        assertThat(status(ExpiryDisplay.paymentLink(
                        ResourceJson.parse("{\"status\":\"active\",\"expiresAt\":null}"), NOW)))
                .isEqualTo("active");
        assertThat(status(ExpiryDisplay.paymentLink(resource("active", "2027-01-01T00:00:00Z"), NOW)))
                .isEqualTo("active");
    }

    @Test
    void shouldChangeOnlyTheStatusOfACopyWhenShowingExpired() {
        var stored = resource("open", "2026-04-01T00:00:00Z");

        var shown = ExpiryDisplay.payment(stored, NOW);

        assertThat(stored.get("status").stringValue())
                .as("the stored body is untouched")
                .isEqualTo("open");
        assertThat(shown.get("id")).isEqualTo(stored.get("id"));
        assertThat(shown.get("amountUsdc").toString()).isEqualTo("9.90");
        assertThat(shown.propertyNames()).containsExactlyElementsOf(stored.propertyNames());
    }

    private static JsonNode resource(String status, String expiresAt) {
        return ResourceJson.parse("{\"id\":\"pay_x\",\"status\":\"" + status + "\",\"amountUsdc\":9.90,\"expiresAt\":\""
                + expiresAt + "\"}");
    }

    private static String status(JsonNode resource) {
        return resource.get("status").stringValue();
    }
}
