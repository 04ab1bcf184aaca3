package io.abk.billing.gateway.platform.json;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.abk.billing.gateway.platform.web.ApiException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** Field readers name the full path of what is wrong, and PATCH fields tell absent from null. */
class RequestFieldsTest {

    private static final JsonMapper JSON = JsonMapper.builder()
            .enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
            .build();

    @Test
    void shouldNameNestedPathsInErrors() {
        var fields = RequestFields.of(
                parse("{\"prices\":[{\"amountUsdc\":1,\"interval\":\"month\"},{\"amountUsdc\":1.0000001}]}"));
        var prices = fields.optionalObjectList("prices", 10);
        assertThat(prices).hasSize(2);
        assertThat(prices.get(0).requiredPositiveAmount("amountUsdc").micros()).isEqualTo(1_000_000);
        assertThatThrownBy(() -> prices.get(1).requiredPositiveAmount("amountUsdc"))
                .isInstanceOfSatisfying(ApiException.class, e -> {
                    assertThat(e.param()).isEqualTo("prices[1].amountUsdc");
                    assertThat(e.getMessage()).startsWith("prices[1].amountUsdc ");
                });
        assertThatThrownBy(() -> prices.get(1).requiredString("interval"))
                .isInstanceOfSatisfying(
                        ApiException.class, e -> assertThat(e.param()).isEqualTo("prices[1].interval"));
    }

    @ParameterizedTest(name = "{0} is refused: {1}")
    @CsvSource(
            delimiter = '|',
            value = {
                "1.0000001         | amountUsdc must have at most 6 decimal places",
                "0                 | amountUsdc must be greater than 0",
                "-1                | amountUsdc must not be negative",
                "1000000000.000001 | amountUsdc must be at most 1000000000",
            })
    void shouldRefuseWithTheDocumentedMessageWhenTheAmountBreaksARule(String json, String message) {
        var fields = RequestFields.of(parse("{\"amountUsdc\":" + json + "}"));

        assertThatThrownBy(() -> fields.requiredPositiveAmount("amountUsdc"))
                .isInstanceOfSatisfying(ApiException.class, e -> {
                    assertThat(e.status()).isEqualTo(400);
                    assertThat(e.code()).isEqualTo("validation_error");
                    assertThat(e.param()).isEqualTo("amountUsdc");
                    assertThat(e.getMessage()).isEqualTo(message);
                });
    }

    @ParameterizedTest(name = "{0} is a whole number: {1}")
    @CsvSource(
            delimiter = '|',
            value = {
                "0       | 0",
                "7       | 7",
                "7.0     | 7",
                "1000    | 1000",
            })
    void shouldReadAWholeNumberWhenItIsOneInRange(String json, long expected) {
        var fields = RequestFields.of(parse("{\"value\":" + json + "}"));

        assertThat(fields.optionalWholeNumber("value", 1000, "invalid_value")).contains(expected);
    }

    @ParameterizedTest(name = "{0} is refused")
    @CsvSource(
            delimiter = '|',
            value = {"-1", "1.5", "1001", "\"5\"", "true", "1E+400"})
    void shouldRefuseWithItsCodeWhenAValueIsNotAWholeNumberInRange(String json) {
        // A meter event's value: 400 invalid_value naming the nested field, never a double's rounding.
        var fields = RequestFields.of(parse("{\"payload\":{\"tokens\":" + json + "}}"));
        var payload = fields.optionalObject("payload").orElseThrow();

        assertThatThrownBy(() -> payload.optionalWholeNumber("tokens", 1000, "invalid_value"))
                .isInstanceOfSatisfying(ApiException.class, e -> {
                    assertThat(e.status()).isEqualTo(400);
                    assertThat(e.code()).isEqualTo("invalid_value");
                    assertThat(e.param()).isEqualTo("payload.tokens");
                });
    }

    @Test
    void shouldReadZeroAsANonNegativeAmountAndRefuseSevenDecimals() {
        var fields = RequestFields.of(parse("{\"a\":0,\"b\":0.0000001}"));

        assertThat(fields.optionalNonNegativeAmount("a").orElseThrow().micros()).isZero();
        assertThatThrownBy(() -> fields.optionalNonNegativeAmount("b"))
                .isInstanceOfSatisfying(
                        ApiException.class, e -> assertThat(e.param()).isEqualTo("b"));
    }

    @Test
    void shouldRejectNonObjectElementsAndTooManyItems() {
        assertThatThrownBy(() -> RequestFields.of(parse("{\"prices\":[{},2]}")).optionalObjectList("prices", 10))
                .isInstanceOfSatisfying(
                        ApiException.class, e -> assertThat(e.param()).isEqualTo("prices[1]"));
        assertThatThrownBy(
                        () -> RequestFields.of(parse("{\"prices\":[{},{},{}]}")).optionalObjectList("prices", 2))
                .isInstanceOfSatisfying(
                        ApiException.class, e -> assertThat(e.param()).isEqualTo("prices"));
        assertThat(RequestFields.of(parse("{}")).optionalObjectList("prices", 2))
                .isEmpty();
    }

    @Test
    void shouldRejectABodyOfJsonNullWhenNoBodyReadsAsAnEmptyObject() {
        // Guards against a literal null passing for no body: POST .../complete with `null` completed the subscription.
        assertThat(RequestFields.of(null).optionalString("name")).isEmpty();
        assertThatThrownBy(() -> RequestFields.of(parse("null"))).isInstanceOfSatisfying(ApiException.class, e -> {
            assertThat(e.status()).isEqualTo(400);
            assertThat(e.getMessage()).isEqualTo("The request body must be a JSON object");
        });
    }

    @Test
    void shouldTellAbsentFromNullForPatchFields() {
        var fields = RequestFields.of(parse("{\"cleared\":null,\"set\":\"x\"}"));
        assertThat(fields.change("absent", () -> fields.optionalString("absent")))
                .isEqualTo(FieldChange.unchanged());
        assertThat(fields.change("cleared", () -> fields.optionalString("cleared")))
                .isEqualTo(FieldChange.cleared());
        assertThat(fields.change("set", () -> fields.optionalString("set"))).isEqualTo(FieldChange.setTo("x"));
        assertThat(FieldChange.<String>cleared().applyTo("old")).isNull();
        assertThat(FieldChange.<String>unchanged().applyTo("old")).isEqualTo("old");
    }

    @Test
    void shouldRejectNulCharactersThatPostgresCannotStore() {
        assertThatThrownBy(() ->
                        RequestFields.of(parse("{\"name\":\"a\\u0000b\"}")).optionalString("name"))
                .isInstanceOfSatisfying(
                        ApiException.class, e -> assertThat(e.param()).isEqualTo("name"));
    }

    private static JsonNode parse(String json) {
        return JSON.readTree(json);
    }
}
