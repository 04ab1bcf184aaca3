package io.abk.billing.usdt.http;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import io.abk.billing.usdt.http.error.UsdtApiException;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.json.JsonMapper;

/** {@code amountUsdt} is refused with the API's documented 400: {@code validation_error}, the field and why. */
class UsdtRequestFieldsAmountTest {

    /** Read like the verifier reads bodies: decimals exact. */
    private static final JsonMapper JSON = JsonMapper.builder()
            .enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
            .build();

    @ParameterizedTest(name = "{0} is refused: {1}")
    @CsvSource(
            delimiter = '|',
            value = {
                "1.0000001         | amountUsdt must have at most 6 decimal places",
                "0                 | amountUsdt must be greater than 0",
                "-1                | amountUsdt must be greater than 0",
                "1000000000.000001 | amountUsdt must be at most 1000000000",
                "\"1.5\"           | amountUsdt must be a JSON number (in USDT, e.g. 12.5)",
            })
    void shouldRefuseWithTheDocumentedMessageWhenTheAmountBreaksARule(String json, String message) {
        var fields = UsdtRequestFields.of(JSON.readTree("{\"amountUsdt\":" + json + "}"));

        var error = catchThrowableOfType(UsdtApiException.class, () -> fields.requiredAmount("amountUsdt"));

        assertThat(error).isNotNull();
        assertThat(error.status()).isEqualTo(400);
        assertThat(error.code()).isEqualTo("validation_error");
        assertThat(error.param()).isEqualTo("amountUsdt");
        assertThat(error.getMessage()).isEqualTo(message);
    }
}
