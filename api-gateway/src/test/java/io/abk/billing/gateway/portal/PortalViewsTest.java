package io.abk.billing.gateway.portal;

import static org.assertj.core.api.Assertions.assertThat;

import io.abk.billing.gateway.config.ChainsProperties;
import io.abk.billing.schemas.avro.Mode;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.RoundingMode;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import tools.jackson.databind.json.JsonMapper;

/**
 * A subscription's row as the portal shows it: its next charge, the periods its allowance covers, what to do when the
 * next renewal is not funded, the actions open to its state, and the relayer's answer to the customer's last signed request ({@code lastCustomerAction}).
 */
class PortalViewsTest {

    private static final JsonMapper JSON = JsonMapper.builder().build();

    @Test
    void shouldOfferCancelToAChargingSubscriptionAndResumeOnceItEndsAtThePeriodEnd() {
        var active = JSON.readTree(
                "{\"id\":\"sub_1\",\"status\":\"active\",\"amountUsdc\":12.50,\"interval\":\"month\","
                        + "\"currentPeriodEnd\":\"2026-12-30T10:00:00Z\",\"cancelAtPeriodEnd\":false,\"mandateStatus\":\"active\"}");
        var ending = JSON.readTree("{\"id\":\"sub_1\",\"status\":\"active\",\"amountUsdc\":12.5,\"interval\":\"month\","
                + "\"currentPeriodEnd\":\"2026-12-30T10:00:00Z\",\"cancelAtPeriodEnd\":true}");

        var shown = PortalViews.subscription(
                active,
                new PortalFunding(new BigDecimal("100"), new BigDecimal("37.5"), BigInteger.valueOf(3)),
                true,
                ChainsProperties.DEFAULTS,
                Mode.LIVE);
        var endingShown = PortalViews.subscription(ending, null, false, ChainsProperties.DEFAULTS, Mode.TEST);

        assertThat(shown.get("amount")).isEqualTo("12.5");
        assertThat(shown.get("nextCharge")).isEqualTo("30 Dec 2026");
        assertThat(shown.get("periodsCoveredText")).isEqualTo("3 periods");
        assertThat(actions(shown)).containsExactly("cancel", "raise-allowance", "revoke");
        assertThat(shown.get("funding")).as("three periods funded").isNull();
        assertThat(endingShown.get("nextCharge")).isEqualTo("None");
        assertThat(endingShown.get("statusText")).isEqualTo("active, ends 30 Dec 2026");
        assertThat(endingShown.get("periodsCovered")).isEqualTo("unknown");
        assertThat(actions(endingShown)).containsExactly("resume");
        assertThat(endingShown.get("lastAction")).isNull();
    }

    @ParameterizedTest(name = "balance {0}, allowance {1}")
    @CsvSource(
            nullValues = "-",
            value = {
                // balance, allowance -> data-funding, the sentence's start, links to raise the allowance
                "2.5, 100, short-balance, 'Add 10 USDC to 0xabc before 30 Dec 2026: the renewal takes 12.5 USDC', false",
                "0, 5, short-balance, 'Add 12.5 USDC to 0xabc before 30 Dec 2026', true",
                "100, 12.499999, short-allowance, 'Raise your allowance before 30 Dec 2026', true",
                "100, 24.999999, low-allowance, 'Your allowance pays the renewal on 30 Dec 2026 but not', true",
                "12.5, 25, -, -, false"
            })
    void shouldSayWhatToDoWhenTheNextRenewalIsNotFunded(
            String balance, String allowance, String kind, String sentence, boolean raise) {
        var active = JSON.readTree(
                "{\"id\":\"sub_1\",\"status\":\"active\",\"amountUsdc\":12.50,\"interval\":\"month\",\"walletAddress\":\"0xabc\","
                        + "\"currentPeriodEnd\":\"2026-12-30T10:00:00Z\",\"cancelAtPeriodEnd\":false,\"mandateStatus\":\"active\"}");
        var allowed = new BigDecimal(allowance);
        var funding = new PortalFunding(
                new BigDecimal(balance),
                allowed,
                allowed.divide(new BigDecimal("12.5"), 0, RoundingMode.DOWN).toBigIntegerExact());

        var shown = PortalViews.subscription(active, funding, true, ChainsProperties.DEFAULTS, Mode.LIVE);

        @SuppressWarnings("unchecked")
        var note = (Map<String, Object>) shown.get("funding");
        if (kind == null) {
            assertThat(note).isNull();
            return;
        }
        assertThat(note.get("kind")).isEqualTo(kind);
        assertThat((String) note.get("text")).startsWith(sentence);
        assertThat(note.get("raiseHref")).isEqualTo(raise ? "/portal/subscriptions/sub_1/raise-allowance" : null);
        var ending = PortalViews.subscription(
                JSON.readTree(active.toString().replace("\"cancelAtPeriodEnd\":false", "\"cancelAtPeriodEnd\":true")),
                funding,
                true,
                ChainsProperties.DEFAULTS,
                Mode.LIVE);
        assertThat(ending.get("funding")).as("no renewal to fund").isNull();
    }

    @Test
    void shouldSayHowTheLastSignedRequestWentWithItsTransactionOrItsFailure() {
        var failed = JSON.readTree("{\"kind\":\"raise_allowance\",\"status\":\"failed\",\"txHash\":null,"
                + "\"failureCode\":\"PERMIT_FAILED\",\"failureMessage\":\"the permit was refused\"}");
        var revoked = JSON.readTree("{\"kind\":\"revoke\",\"status\":\"submitted\",\"txHash\":\"0x" + "ab".repeat(32)
                + "\",\"failureCode\":null,\"failureMessage\":null}");

        var failedShown = PortalViews.lastAction(failed, ChainsProperties.DEFAULTS, Mode.TEST);
        var revokedShown = PortalViews.lastAction(revoked, ChainsProperties.DEFAULTS, Mode.TEST);

        assertThat(failedShown).isNotNull();
        assertThat(failedShown.get("text")).isEqualTo("Allowance renewal: failed (the permit was refused)");
        assertThat(revokedShown).isNotNull();
        assertThat(revokedShown.get("text")).isEqualTo("Revoke on chain: submitted");
        assertThat(revokedShown.get("txHash")).isEqualTo("0x" + "ab".repeat(32));
        assertThat(revokedShown.get("txHref"))
                .as("the sandbox's hashes link nowhere")
                .isNull();
        assertThat(PortalViews.lastAction(JSON.missingNode(), ChainsProperties.DEFAULTS, Mode.TEST))
                .isNull();
    }

    @SuppressWarnings("unchecked")
    private static List<Object> actions(Map<String, ?> view) {
        return ((List<Map<String, Object>>) view.get("actions"))
                .stream().map(action -> action.get("action")).toList();
    }
}
