package io.abk.billing.gateway.platform.web;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.springframework.http.HttpMethod;
import org.springframework.mock.http.server.reactive.MockServerHttpRequest;
import org.springframework.mock.web.server.MockServerWebExchange;
import org.springframework.web.server.NotAcceptableStatusException;
import reactor.core.publisher.Mono;

/** Which requests reach their handler, by route and {@code Accept}: a handler must not act on a request refused 406. */
class AcceptFilterTest {

    @ParameterizedTest(name = "{0} {1} Accept={2} Content-Type={3}: handled={4}")
    @CsvSource(delimiter = '|', nullValues = "-", textBlock = """
            POST | /v1/payments                    | text/plain                  | application/json                  | false
            POST | /v1/payments                    | text/html, application/xml  | application/json                  | false
            POST | /v1/payments                    | -                           | application/json                  | true
            POST | /v1/payments                    | */*                         | application/json                  | true
            POST | /v1/payments                    | application/*               | application/json                  | true
            POST | /v1/payments                    | text/html, application/json | application/json                  | true
            POST | /v1/payments                    | not a media type            | application/json                  | true
            GET  | /v1/subscriptions               | text/plain                  | -                                 | false
            POST | /admin/v1/merchants             | text/plain                  | application/json                  | false
            POST | /checkout/subscribe/sub_1/activate | text/html                | application/json                  | false
            POST | /checkout/link/plink_1/open     | text/html                   | application/x-www-form-urlencoded | true
            POST | /checkout/link/plink_1/open     | text/html                   | not a media type                  | true
            GET  | /checkout/pay/pay_1             | text/html                   | -                                 | true
            GET  | /openapi.json                   | text/plain                  | -                                 | true
            """)
    void shouldLetARequestReachItsHandlerOnlyWhenItsAnswerIsAcceptable(
            String method, String path, String accept, String contentType, boolean handled) {
        var request = MockServerHttpRequest.method(HttpMethod.valueOf(method), path);
        if (accept != null) {
            request.header("Accept", accept);
        }
        if (contentType != null) {
            request.header("Content-Type", contentType);
        }
        var reached = new AtomicBoolean();
        var notAcceptable = new AtomicBoolean();

        new AcceptFilter()
                .filter(MockServerWebExchange.from(request), exchange -> {
                    reached.set(true);
                    return Mono.empty();
                })
                .onErrorResume(
                        NotAcceptableStatusException.class, e -> Mono.fromRunnable(() -> notAcceptable.set(true)))
                .block();

        assertThat(reached.get()).isEqualTo(handled);
        assertThat(notAcceptable.get()).isEqualTo(!handled);
    }
}
