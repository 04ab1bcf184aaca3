package io.abk.billing.opskit.idempotency;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** What counts as "the same request" for an Idempotency-Key (docs/architecture.md, "Idempotency keys"). */
class RequestFingerprintTest {

    @ParameterizedTest(name = "{0} == {1}")
    @CsvSource(
            delimiter = '|',
            value = {
                "{\"a\":1,\"b\":2}                     | {\"b\":2,\"a\":1}",
                "{\"a\":1,\"b\":2}                     | {  \"a\" : 1 ,\t\"b\": 2 }",
                "{\"amountUsdc\":9.99}                 | {\"amountUsdc\":9.990}",
                "{\"amountUsdc\":1}                    | {\"amountUsdc\":1.0}",
                "{\"amountUsdc\":1.0}                  | {\"amountUsdc\":1.00}",
                "{\"amountUsdc\":100}                  | {\"amountUsdc\":1e2}",
                "{\"amountUsdc\":0}                    | {\"amountUsdc\":-0.0}",
                "{\"m\":{\"x\":\"1\",\"y\":\"2\"}}     | {\"m\":{\"y\":\"2\",\"x\":\"1\"}}",
                "{\"s\":\"caf\\u00e9\"}                | {\"s\":\"café\"}",
                "''                                    | {}",
                "'   '                                 | { }",
            })
    void shouldBeTheSameRequestWhenOnlyTheSpellingDiffers(String first, String second) {
        assertThat(fingerprint("POST", "/v1/subscriptions", first))
                .isEqualTo(fingerprint("POST", "/v1/subscriptions", second));
    }

    @ParameterizedTest(name = "{0} != {1}")
    @CsvSource(
            delimiter = '|',
            value = {
                "{\"amountUsdc\":9.99}                 | {\"amountUsdc\":9.991}",
                "{\"amountUsdc\":1}                    | {\"amountUsdc\":\"1\"}",
                "{\"list\":[1,2]}                      | {\"list\":[2,1]}",
                "{\"a\":null}                          | {}",
                "{\"a\":true}                          | {\"a\":\"true\"}",
                "{\"s\":\"A\"}                         | {\"s\":\"a\"}",
                "not json at all                       | not json  at all",
                "'{\"a\":1'                           | '{\"a\":1 '",
            })
    void shouldBeAnotherRequestWhenTheContentDiffers(String first, String second) {
        assertThat(fingerprint("POST", "/v1/subscriptions", first))
                .isNotEqualTo(fingerprint("POST", "/v1/subscriptions", second));
    }

    @ParameterizedTest(name = "{0} {1}")
    @CsvSource({"POST,/v1/subscriptions/sub_1/cancel", "PUT,/v1/subscriptions"})
    void shouldBeAnotherRequestWhenMethodOrPathDiffers(String method, String path) {
        assertThat(fingerprint(method, path, "{}")).isNotEqualTo(fingerprint("POST", "/v1/subscriptions", "{}"));
    }

    private static String fingerprint(String method, String path, String body) {
        return RequestFingerprint.of(method, path, body.getBytes(StandardCharsets.UTF_8))
                .hash();
    }
}
