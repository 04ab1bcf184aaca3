package io.abk.billing.gateway.checkout;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.abk.billing.gateway.platform.json.RequestFields;
import io.abk.billing.gateway.platform.web.ApiException;
import org.junit.jupiter.api.Test;
import org.springframework.util.LinkedMultiValueMap;
import tools.jackson.databind.json.JsonMapper;

/** What a link open accepts from the customer: plausible e-mails, collected fields, and the page's form. */
class OpenLinkRequestTest {

    private static final JsonMapper JSON = JsonMapper.builder().build();

    @Test
    void shouldTellPlausibleEmailsFromImplausibleOnes() {
        for (var good : new String[] {"ada@example.test", "a.b+c@sub.example.io", "x@y.z", "o'neil@example.com"}) {
            assertThat(OpenLinkRequest.isPlausibleEmail(good)).as(good).isTrue();
        }
        for (var bad : new String[] {
            "ada",
            "ada@example",
            "@example.test",
            "ada@@example.test",
            "a@b@c.d",
            "ada @example.test",
            "ada@example .test",
            "ada@example.test.",
            "ada@.test",
            "ada@example..test",
            "ada\t@x.y",
            "a@" + "b".repeat(251) + ".io"
        }) {
            assertThat(OpenLinkRequest.isPlausibleEmail(bad)).as(bad).isFalse();
        }
    }

    @Test
    void shouldRequireOnlyTheFieldsTheLinkCollects() {
        var empty = RequestFields.of(JSON.readTree("{}"));

        assertThat(OpenLinkRequest.parse(empty, false, false)).isEqualTo(new OpenLinkRequest(null, null, null));
        assertThatThrownBy(() -> OpenLinkRequest.parse(empty, true, false))
                .isInstanceOfSatisfying(
                        ApiException.class,
                        refused -> assertThat(refused.param()).isEqualTo("email"));
        assertThatThrownBy(() -> OpenLinkRequest.parse(empty, false, true))
                .isInstanceOfSatisfying(
                        ApiException.class,
                        refused -> assertThat(refused.param()).isEqualTo("name"));
        var full = RequestFields.of(JSON.readTree("{\"customerWallet\":\"0xAbCdEf0123456789aBcDeF0123456789AbCdEf01\","
                + "\"email\":\"ada@example.test\",\"name\":\"Ada\",\"other\":1}"));
        assertThat(OpenLinkRequest.parse(full, true, true))
                .isEqualTo(
                        new OpenLinkRequest("0xAbCdEf0123456789aBcDeF0123456789AbCdEf01", "ada@example.test", "Ada"));
    }

    @Test
    void shouldReadTheFormTrimmedWithEmptyFieldsAbsentAndOthersIgnored() {
        var form = new LinkedMultiValueMap<String, String>();
        form.add("email", "  ada@example.test ");
        form.add("name", "   ");
        form.add("customerWallet", "");
        form.add("extra", "x");

        var body = OpenLinkRequest.fromForm(form);

        assertThat(body.toString()).isEqualTo("{\"email\":\"ada@example.test\"}");
    }
}
