package io.abk.billing.client;

import static io.abk.billing.client.FakeApi.error;
import static io.abk.billing.client.FakeApi.json;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class ErrorTypesTest {

    static Stream<Arguments> answers() {
        return Stream.of(
                Arguments.of(401, "authentication_error", AuthenticationException.class, "authentication_error"),
                Arguments.of(403, "permission_denied", AuthenticationException.class, "authentication_error"),
                Arguments.of(404, "resource_missing", NotFoundException.class, "not_found_error"),
                Arguments.of(409, "idempotency_error", IdempotencyException.class, "idempotency_error"),
                Arguments.of(429, "rate_limited", RateLimitException.class, "rate_limit_error"),
                Arguments.of(400, "validation_error", InvalidRequestException.class, "invalid_request_error"),
                Arguments.of(409, "invalid_state", InvalidRequestException.class, "invalid_request_error"),
                Arguments.of(413, "payload_too_large", InvalidRequestException.class, "invalid_request_error"),
                Arguments.of(415, "unsupported_media_type", InvalidRequestException.class, "invalid_request_error"),
                Arguments.of(422, "unprocessable", InvalidRequestException.class, "invalid_request_error"),
                Arguments.of(500, "internal_error", ApiException.class, "api_error"),
                Arguments.of(503, "processing_timeout", ApiException.class, "api_error"));
    }

    @ParameterizedTest(name = "{0} {1} -> {3}")
    @MethodSource("answers")
    void shouldThrowTheTypeOfTheStatusAndCodeWhenTheApiAnswersAnError(
            int status, String code, Class<? extends BillingException> exception, String type) throws Exception {
        try (var api = new FakeApi().then(error(status, code))) {
            var billing = api.client(0);

            var thrown = catchThrowableOfType(
                    exception, () -> billing.subscriptions().retrieve("sub_1"));

            assertThat(thrown.type()).isEqualTo(type);
            assertThat(thrown.code()).isEqualTo(code);
            assertThat(thrown.statusCode()).isEqualTo(status);
            assertThat(thrown.requestId()).isEqualTo("req_body");
            assertThat(thrown.getMessage()).isEqualTo(code + " happened");
            assertThat(thrown.rawBody()).contains("\"code\":\"" + code + "\"");
            assertThat(api.requests()).hasSize(1);
        }
    }

    @Test
    void shouldNameTheFieldWhenAValidationErrorCarriesParam() throws Exception {
        try (var api = new FakeApi()
                .then(json(
                        400,
                        "{\"error\":\"interval must be month or year\",\"code\":\"validation_error\","
                                + "\"param\":\"prices[1].interval\",\"requestId\":\"req_9\"}"))) {

            var thrown = catchThrowableOfType(
                    InvalidRequestException.class,
                    () -> api.client(0).products().retrieve("prod_1"));

            assertThat(thrown.param()).isEqualTo("prices[1].interval");
            assertThat(thrown.requestId()).isEqualTo("req_9");
        }
    }

    @Test
    void shouldBeAnApiErrorWithTheHeaderRequestIdWhenTheAnswerIsNotTheErrorJson() throws Exception {
        try (var api = new FakeApi().then(json(404, "<html>not here</html>"))) {

            var thrown = catchThrowableOfType(
                    ApiException.class, () -> api.client(0).events().retrieve("evt_1"));

            assertThat(thrown.type()).isEqualTo("api_error");
            assertThat(thrown.statusCode()).isEqualTo(404);
            assertThat(thrown.code()).isNull();
            assertThat(thrown.requestId()).isEqualTo("req_header");
            assertThat(thrown.rawBody()).isEqualTo("<html>not here</html>");
        }
    }

    @Test
    void shouldBeAConnectionErrorWithStatusZeroWhenNothingListens() throws Exception {
        String closedUrl;
        try (var api = new FakeApi()) {
            closedUrl = api.baseUrl();
        }
        var billing = Billing.builder()
                .apiKey("abk_test_fake")
                .baseUrl(closedUrl)
                .maxRetries(0)
                .build();

        var thrown = catchThrowableOfType(
                ConnectionException.class, () -> billing.account().retrieve());

        assertThat(thrown.type()).isEqualTo("connection_error");
        assertThat(thrown.statusCode()).isZero();
        assertThat(thrown.code()).isNull();
    }
}
