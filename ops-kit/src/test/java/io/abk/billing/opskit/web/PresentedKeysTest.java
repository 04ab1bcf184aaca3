package io.abk.billing.opskit.web;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.springframework.http.HttpHeaders;
import org.springframework.mock.http.server.reactive.MockServerHttpRequest;

class PresentedKeysTest {

    private static final String KEY_HEADER = "x-service-api-key";

    @ParameterizedTest(name = "key header [{0}], Authorization [{1}] -> [{2}]")
    @CsvSource(
            nullValues = "NONE",
            value = {
                "sk_header,     NONE,                sk_header",
                "' sk_padded ', NONE,                sk_padded",
                "sk_header,     Bearer sk_bearer,    sk_header",
                "'   ',         Bearer sk_bearer,    sk_bearer",
                "NONE,          Bearer sk_bearer,    sk_bearer",
                "NONE,          bEaReR  sk_spaced ,  sk_spaced",
                "NONE,          Basic dXNlcjpwdw==,  NONE",
                "NONE,          Bearer,              NONE",
                "NONE,          NONE,                NONE",
            })
    void shouldTakeTheKeyHeaderElseTheBearerTokenWhenPresented(
            String keyHeader, String authorization, String expected) {
        var request = MockServerHttpRequest.get("/v1/things");
        if (keyHeader != null) {
            request.header(KEY_HEADER, keyHeader);
        }
        if (authorization != null) {
            request.header(HttpHeaders.AUTHORIZATION, authorization);
        }

        assertThat(PresentedKeys.of(request.build(), KEY_HEADER)).isEqualTo(expected);
    }
}
