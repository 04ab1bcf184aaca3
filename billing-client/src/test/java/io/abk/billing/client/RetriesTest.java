package io.abk.billing.client;

import static io.abk.billing.client.FakeApi.cut;
import static io.abk.billing.client.FakeApi.error;
import static io.abk.billing.client.FakeApi.json;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.abk.billing.client.param.PaymentCreateParams;
import java.math.BigDecimal;
import java.time.Duration;
import org.junit.jupiter.api.Test;

class RetriesTest {

    private static final PaymentCreateParams PAYMENT = PaymentCreateParams.builder()
            .merchantRef("order-9")
            .customerWallet("0x1111111111111111111111111111111111111111")
            .amountUsdc(new BigDecimal("9.99"))
            .build();

    private static String created(String id) {
        return "{\"payment\":" + Fixtures.payment(id, "9.99") + ",\"checkoutUrl\":\"http://localhost/c/" + id + "\"}";
    }

    @Test
    void shouldRetryWithTheSameIdempotencyKeyWhenTheApiTimesOutThenIsRateLimitedThenInProgress() throws Exception {
        try (var api = new FakeApi()
                .then(
                        error(503, "processing_timeout"),
                        error(429, "rate_limited"),
                        error(409, "idempotency_in_progress"),
                        json(201, created("pay_1")))) {

            var answer = api.client(3).payments().create(PAYMENT);

            assertThat(answer.payment().id()).isEqualTo("pay_1");
            var keys = api.requests().stream()
                    .map(r -> r.header("Idempotency-Key"))
                    .toList();
            assertThat(keys).hasSize(4).doesNotContainNull();
            assertThat(keys).containsOnly(keys.get(0));
        }
    }

    @Test
    void shouldRetryWithTheSameKeyWhenTheConnectionIsCutBeforeTheAnswer() throws Exception {
        // The case the key exists for: the API may have created the payment before the cut.
        try (var api = new FakeApi().then(cut(), json(201, created("pay_2")))) {

            var answer = api.client(2).payments().create(PAYMENT);

            assertThat(answer.payment().id()).isEqualTo("pay_2");
            assertThat(api.requests()).hasSize(2);
            assertThat(api.requests().get(1).header("Idempotency-Key"))
                    .isEqualTo(api.requests().get(0).header("Idempotency-Key"));
            assertThat(api.requests().get(1).body())
                    .isEqualTo(api.requests().get(0).body());
        }
    }

    @Test
    void shouldUseANewKeyPerCallWhenTheCallerGivesNone() throws Exception {
        try (var api = new FakeApi().then(json(201, created("pay_1")), json(201, created("pay_2")))) {
            var billing = api.client(2);

            billing.payments().create(PAYMENT);
            billing.payments().create(PAYMENT);

            var first = api.requests().get(0).header("Idempotency-Key");
            var second = api.requests().get(1).header("Idempotency-Key");
            assertThat(first).isNotBlank().isNotEqualTo(second);
        }
    }

    @Test
    void shouldSendTheCallersKeyOnEveryAttemptWhenGiven() throws Exception {
        try (var api = new FakeApi().then(error(502, "bad_gateway"), json(201, created("pay_1")))) {

            api.client(2)
                    .payments()
                    .create(
                            PAYMENT,
                            RequestOptions.builder()
                                    .idempotencyKey("order-9-pay")
                                    .build());

            assertThat(api.requests())
                    .extracting(r -> r.header("Idempotency-Key"))
                    .containsExactly("order-9-pay", "order-9-pay");
        }
    }

    @Test
    void shouldWaitAtLeastRetryAfterWhenRateLimited() throws Exception {
        try (var api = new FakeApi().then(error(429, "rate_limited", "Retry-After", "1"), json(200, "{}"))) {
            var started = System.nanoTime();

            api.client(1).testClock().retrieve();

            assertThat(Duration.ofNanos(System.nanoTime() - started)).isGreaterThanOrEqualTo(Duration.ofSeconds(1));
            assertThat(api.requests()).hasSize(2);
        }
    }

    @Test
    void shouldTryOnceWhenMaxRetriesIsZeroForTheCall() throws Exception {
        try (var api = new FakeApi().then(error(503, "processing_timeout"), json(200, "{}"))) {

            assertThatThrownBy(() -> api.client(2)
                            .testClock()
                            .retrieve(RequestOptions.builder().maxRetries(0).build()))
                    .isInstanceOf(ApiException.class);

            assertThat(api.requests()).hasSize(1);
        }
    }

    @Test
    void shouldGiveUpAfterMaxRetriesWhenTheApiKeepsFailing() throws Exception {
        try (var api = new FakeApi()
                .then(error(500, "internal_error"), error(500, "internal_error"), error(500, "internal_error"))) {

            assertThatThrownBy(() -> api.client(1).account().retrieve()).isInstanceOf(ApiException.class);

            assertThat(api.requests()).hasSize(2);
        }
    }

    @Test
    void shouldNotRetryWhenTheRequestIsRefusedForGood() throws Exception {
        try (var api = new FakeApi().then(error(409, "idempotency_error"), json(201, created("pay_1")))) {

            assertThatThrownBy(() -> api.client(3).payments().create(PAYMENT)).isInstanceOf(IdempotencyException.class);

            assertThat(api.requests()).hasSize(1);
        }
    }

    @Test
    void shouldBeAConnectionErrorWhenNoAnswerComesWithinTheTimeout() throws Exception {
        try (var api = new FakeApi()) {
            api.then(api.hang());
            var started = System.nanoTime();

            assertThatThrownBy(() -> api.client(0)
                            .subscriptions()
                            .retrieve(
                                    "sub_1",
                                    RequestOptions.builder()
                                            .timeout(Duration.ofMillis(300))
                                            .build()))
                    .isInstanceOf(ConnectionException.class)
                    .hasMessageContaining("within 300 ms");

            assertThat(Duration.ofNanos(System.nanoTime() - started)).isLessThan(Duration.ofSeconds(4));
        }
    }

    @Test
    void shouldSendNoIdempotencyKeyButTheVersionAndKeyWhenReading() throws Exception {
        try (var api = new FakeApi().then(json(200, Fixtures.subscription("sub_1", "9.99")))) {

            api.client(0).subscriptions().retrieve("sub_1");

            var request = api.requests().get(0);
            assertThat(request.method()).isEqualTo("GET");
            assertThat(request.path()).isEqualTo("/v1/subscriptions/sub_1");
            assertThat(request.header("Idempotency-Key")).isNull();
            assertThat(request.header("Service-Version")).isEqualTo("2026-01-01");
            assertThat(request.header("Authorization")).isEqualTo("Bearer abk_test_fake");
            assertThat(request.header("User-Agent")).startsWith("billing-client-java/");
        }
    }
}
