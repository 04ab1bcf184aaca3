package io.abk.billing.webhooks.attempt;

import static org.assertj.core.api.Assertions.assertThat;

import io.abk.billing.webhooks.attempt.endpoint.EndpointRow;
import io.abk.billing.webhooks.attempt.endpoint.HealthChange;
import io.abk.billing.webhooks.attempt.http.HttpExchange;
import java.time.Instant;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class AttemptOutcomeTest {

    @ParameterizedTest(name = "{0} -> {1} {2} {3}")
    @CsvSource(textBlock = """
            200, succeeded, SUCCEEDED, DELIVERED
            204, succeeded, SUCCEEDED, DELIVERED
            299, succeeded, SUCCEEDED, DELIVERED
            301, failed,    FAILED,    FAILED
            400, failed,    FAILED,    FAILED
            404, failed,    FAILED,    FAILED
            410, failed,    GONE,      DROPPED
            500, failed,    FAILED,    FAILED
            503, failed,    FAILED,    FAILED
            """)
    void shouldClassifyStatusWhenEndpointAnswers(
            int status, String outcome, HealthChange health, AttemptResult result) {
        var decided = AttemptOutcome.of(new HttpExchange.Answered(status, 12, ""));

        assertThat(decided.outcome()).isEqualTo(outcome);
        assertThat(decided.health()).isEqualTo(health);
        assertThat(decided.result(false)).isEqualTo(result);
        assertThat(decided.statusCode()).isEqualTo(status);
        assertThat(decided.excerpt()).isNull();
    }

    @ParameterizedTest(name = "{0} disabled={1} -> {2}")
    @CsvSource(textBlock = """
            FAILED,    false, FAILED
            FAILED,    true,  DROPPED
            SUCCEEDED, true,  DELIVERED
            GONE,      false, DROPPED
            NONE,      false, DROPPED
            """)
    void shouldDropFailedAttemptWhenEndpointEndsDisabled(HealthChange health, boolean disabled, AttemptResult result) {
        var outcome = new AttemptOutcome("failed", health, null, null, null, null);

        assertThat(outcome.result(disabled)).isEqualTo(result);
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            deleted   | the endpoint was deleted
            disabled  | the endpoint is disabled (failing_for_5_days)
            merchant  | the endpoint belongs to another merchant or mode
            mode      | the endpoint belongs to another merchant or mode
            """)
    void shouldSkipWhenEndpointCannotReceive(String state, String why) {
        var endpoint = new EndpointRow(
                "we_1",
                state.equals("merchant") ? "mer_other" : "mer_1",
                "test",
                "https://x.example",
                "whsec_AAAA",
                null,
                null,
                state.equals("disabled"),
                state.equals("disabled") ? "failing_for_5_days" : null,
                state.equals("deleted") ? Instant.EPOCH : null);

        assertThat(AttemptOutcome.whySkipped(endpoint, "mer_1", state.equals("mode") ? "live" : "test"))
                .isEqualTo(why);
    }

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource(textBlock = """
            200, ANSWERED
            301, ANSWERED
            404, ANSWERED
            410, ANSWERED
            408, OVERLOADED
            429, OVERLOADED
            500, OVERLOADED
            503, OVERLOADED
            """)
    void shouldTellWhetherTheEndpointKeptUpWhenItAnswers(int status, ExchangeEnd.Load load) {
        var end = AttemptOutcome.of(new HttpExchange.Answered(status, 37, "")).exchangeEnd();

        assertThat(end).isEqualTo(new ExchangeEnd(load, 37));
    }

    @Test
    void shouldCallAnUnansweredRequestAnOverloadOnlyWhenTheEndpointGotIt() {
        var timedOut = AttemptOutcome.of(new HttpExchange.NoAnswer("timed out after 15000 ms", 15_000L));
        var refused = AttemptOutcome.of(new HttpExchange.NoAnswer("could not connect: Connection refused", null));

        assertThat(timedOut.exchangeEnd()).isEqualTo(new ExchangeEnd(ExchangeEnd.Load.OVERLOADED, 15_000));
        assertThat(refused.exchangeEnd()).isEqualTo(ExchangeEnd.NOT_SENT);
        assertThat(AttemptOutcome.skipped("the endpoint was deleted").exchangeEnd())
                .isEqualTo(ExchangeEnd.NOT_SENT);
    }

    @Test
    void shouldFailWithoutStatusWhenNoAnswer() {
        var error = "could not connect: Connection refused";
        var decided = AttemptOutcome.of(new HttpExchange.NoAnswer(error, null));

        assertThat(decided.outcome()).isEqualTo("failed");
        assertThat(decided.health()).isEqualTo(HealthChange.FAILED);
        assertThat(decided.statusCode()).isNull();
        assertThat(decided.latencyMs()).isNull();
        assertThat(decided.error()).isEqualTo(error);
    }
}
