package io.abk.billing.gateway.platform.web;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Set;
import org.junit.jupiter.api.Test;
import org.springframework.core.codec.DecodingException;
import org.springframework.core.io.buffer.DataBufferLimitException;
import org.springframework.http.HttpMethod;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.web.server.MethodNotAllowedException;
import org.springframework.web.server.ResponseStatusException;
import org.springframework.web.server.ServerWebInputException;
import org.springframework.web.server.UnsupportedMediaTypeStatusException;

/** Framework exceptions map to the API's codes; nothing a client sends can become a 500 through here. */
class ErrorClassifierTest {

    @Test
    void shouldMapFrameworkExceptionsToApiCodes() {
        assertThat(ErrorClassifier.classify(
                                new ServerWebInputException("bad", null, new DecodingException("JSON decoding error")))
                        .code())
                .isEqualTo("invalid_json");
        assertThat(ErrorClassifier.classify(
                                new ServerWebInputException("bad", null, new DataBufferLimitException("too big")))
                        .status())
                .isEqualTo(413);
        assertThat(ErrorClassifier.classify(new DataBufferLimitException("too big"))
                        .code())
                .isEqualTo("payload_too_large");
        assertThat(ErrorClassifier.classify(
                                new UnsupportedMediaTypeStatusException(MediaType.TEXT_PLAIN, java.util.List.of()))
                        .status())
                .isEqualTo(415);
        var notAllowed = ErrorClassifier.classify(
                new MethodNotAllowedException(HttpMethod.DELETE, Set.of(HttpMethod.GET, HttpMethod.PATCH)));
        assertThat(notAllowed.status()).isEqualTo(405);
        assertThat(notAllowed.headers().get("Allow")).containsExactly("GET", "PATCH");
        assertThat(ErrorClassifier.classify(new ResponseStatusException(HttpStatus.NOT_FOUND))
                        .code())
                .isEqualTo("route_not_found");
    }

    @Test
    void shouldAnswer400InvalidJsonWhenTheJsonParserCannotReadANumber() {
        // Guards against a 500: POST /v1/products/{id}/prices with "amountUsdc":1E+2147483648 (found by the fuzz test).
        var mapper = tools.jackson.databind.json.JsonMapper.builder()
                .enable(tools.jackson.databind.DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
                .build();
        var thrown =
                org.assertj.core.api.Assertions.catchThrowable(() -> mapper.readTree("{\"amountUsdc\":1E+2147483648}"));
        assertThat(thrown).isInstanceOf(NumberFormatException.class);

        var error = ErrorClassifier.classify(thrown);

        assertThat(error.status()).isEqualTo(400);
        assertThat(error.code()).isEqualTo("invalid_json");
        assertThat(ErrorClassifier.classify(new NumberFormatException("from our own code"))
                        .status())
                .isEqualTo(500);
    }

    @Test
    void shouldKeepApiExceptionsAndHideBugsBehind500() {
        var invalid = ErrorClassifier.classify(ApiException.invalid("name", "name is required"));
        assertThat(invalid.status()).isEqualTo(400);
        assertThat(invalid.param()).isEqualTo("name");
        var bug = ErrorClassifier.classify(new NullPointerException("oops"));
        assertThat(bug.status()).isEqualTo(500);
        assertThat(bug.code()).isEqualTo("internal_error");
        assertThat(bug.message()).doesNotContain("oops");
    }
}
