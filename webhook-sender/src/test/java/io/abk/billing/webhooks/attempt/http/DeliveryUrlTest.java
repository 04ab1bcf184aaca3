package io.abk.billing.webhooks.attempt.http;

import static org.assertj.core.api.Assertions.assertThat;

import io.abk.billing.endpointguard.EndpointUrlGuard;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class DeliveryUrlTest {

    @ParameterizedTest(name = "{0} live={1} relaxed={2}")
    @CsvSource(delimiter = '|', textBlock = """
            https://hooks.example.com/billing      | true  | false | allowed
            https://93.184.216.34:8443/billing     | true  | false | allowed
            https://[2606:2800:220:1::]/billing    | true  | false | allowed
            http://hooks.example.com/billing       | true  | false | url must use https in live mode
            http://hooks.example.com/billing       | false | false | url must use https
            http://127.0.0.1:8080/billing          | false | true  | allowed
            http://[::1]:8080/billing              | false | true  | allowed
            http://10.0.0.5/billing                | false | true  | url's host '10.0.0.5' resolves to 10.0.0.5, which is a private network address; webhooks are only sent to public addresses
            https://127.0.0.1/billing              | true  | false | url's host '127.0.0.1' resolves to 127.0.0.1, which is a loopback address; webhooks are only sent to public addresses
            https://[::ffff:a9fe:a9fe]/billing     | true  | false | url's host '[::ffff:a9fe:a9fe]' resolves to 169.254.169.254, which is a link-local address (this includes cloud metadata services); webhooks are only sent to public addresses
            https://user:pw@hooks.example.com/x    | true  | false | url must not contain a user name or password
            ftp://hooks.example.com/billing        | true  | false | url must be an absolute https URL with a host
            /relative/billing                      | true  | false | url must be an absolute https URL with a host
            https://hooks example.com/             | true  | false | url is not a valid URL
            """)
    void shouldApplyUrlRulesWithoutLookupWhenDelivering(String url, boolean live, boolean relaxed, String expected) {
        var verdict = DeliveryUrl.check(url, live, relaxed);

        var actual = switch (verdict) {
            case EndpointUrlGuard.Verdict.Allowed allowed -> "allowed";
            case EndpointUrlGuard.Verdict.Refused refused -> refused.reason();
        };
        assertThat(actual).isEqualTo(expected);
    }
}
