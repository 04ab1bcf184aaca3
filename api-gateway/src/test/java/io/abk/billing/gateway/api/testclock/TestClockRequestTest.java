package io.abk.billing.gateway.api.testclock;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.abk.billing.gateway.api.testclock.ClockChange.AdvanceBy;
import io.abk.billing.gateway.api.testclock.ClockChange.FreezeAt;
import io.abk.billing.gateway.api.testclock.ClockChange.Unfreeze;
import io.abk.billing.gateway.platform.json.RequestFields;
import io.abk.billing.gateway.platform.web.ApiException;
import java.time.Instant;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.json.JsonMapper;

/** A change body is exactly one of frozenAt and advanceBySeconds, each of the right type and range. */
class TestClockRequestTest {

    private static final JsonMapper JSON = JsonMapper.builder()
            .enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
            .build();

    @Test
    void shouldReadEachOfTheThreeChanges() {
        assertThat(parse("{\"frozenAt\":\"2027-01-31T10:00:00.123456Z\"}"))
                .isEqualTo(new FreezeAt(Instant.parse("2027-01-31T10:00:00.123Z")));
        assertThat(parse("{\"frozenAt\":\"2027-01-31T12:00:00+02:00\"}"))
                .isEqualTo(new FreezeAt(Instant.parse("2027-01-31T10:00:00Z")));
        assertThat(parse("{\"frozenAt\":null}")).isEqualTo(new Unfreeze());
        assertThat(parse("{\"advanceBySeconds\":60,\"unknown\":1}")).isEqualTo(new AdvanceBy(60));
        assertThat(parse("{\"frozenAt\":null,\"advanceBySeconds\":null}"))
                .as("a null advance counts as absent")
                .isEqualTo(new Unfreeze());
        assertThat(parse("{\"advanceBySeconds\":" + TestClockRequest.MAX_ADVANCE_SECONDS + "}"))
                .isEqualTo(new AdvanceBy(TestClockRequest.MAX_ADVANCE_SECONDS));
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(
            delimiter = '|',
            value = {
                "{}                                                    | frozenAt",
                "{\"advanceBySeconds\":null}                           | frozenAt",
                "{\"frozenAt\":\"2027-01-01T00:00:00Z\",\"advanceBySeconds\":60} | advanceBySeconds",
                "{\"frozenAt\":null,\"advanceBySeconds\":60}           | advanceBySeconds",
                "{\"frozenAt\":1767225600000}                          | frozenAt",
                "{\"frozenAt\":\"tomorrow\"}                           | frozenAt",
                "{\"frozenAt\":\"2027-01-01T00:00:00\"}                | frozenAt",
                "{\"frozenAt\":\"\"}                                   | frozenAt",
                "{\"frozenAt\":\"+10000-01-01T00:00:00Z\"}             | frozenAt",
                "{\"frozenAt\":true}                                   | frozenAt",
                "{\"advanceBySeconds\":0}                              | advanceBySeconds",
                "{\"advanceBySeconds\":-60}                            | advanceBySeconds",
                "{\"advanceBySeconds\":60.5}                           | advanceBySeconds",
                "{\"advanceBySeconds\":60.0}                           | advanceBySeconds",
                "{\"advanceBySeconds\":\"60\"}                         | advanceBySeconds",
                "{\"advanceBySeconds\":315569521}                      | advanceBySeconds",
                "{\"advanceBySeconds\":99999999999999999999999}        | advanceBySeconds",
            })
    void shouldRefuseWithValidationErrorWhenTheBodyIsNotExactlyOneValidChange(String body, String param) {
        assertThatThrownBy(() -> parse(body)).isInstanceOfSatisfying(ApiException.class, e -> {
            assertThat(e.status()).isEqualTo(400);
            assertThat(e.code()).isEqualTo("validation_error");
            assertThat(e.param()).isEqualTo(param);
        });
    }

    @Test
    void shouldRefuseABodyThatIsNotAnObject() {
        assertThatThrownBy(() -> parse("[60]"))
                .isInstanceOfSatisfying(
                        ApiException.class, e -> assertThat(e.code()).isEqualTo("validation_error"));
    }

    private static ClockChange parse(String json) {
        return TestClockRequest.parse(RequestFields.of(JSON.readTree(json)));
    }
}
