package io.abk.billing.gateway.checkout;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.samskivert.mustache.MustacheException;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The templates escape every value and refuse a model that lacks one they name. */
class CheckoutTemplatesTest {

    @Test
    void shouldEscapeAValueTheWayThePagesAlwaysHave() {
        var page = CheckoutTemplates.NOT_FOUND.execute(Map.of("heading", "Tom & Jerry's \"<Shop>\"", "text", "a=`b`"));

        assertThat(page).isEqualTo("<h1>Tom &amp; Jerry&#39;s &quot;&lt;Shop&gt;&quot;</h1>\n<p>a=`b`</p>\n");
    }

    /** Protects against a renamed field that would silently drop a line of a page (a section that is never shown). */
    @Test
    void shouldFailWhenTheModelLacksASectionTheTemplateNames() {
        assertThatThrownBy(() -> CheckoutTemplates.PAY.execute(Map.of("merchant", "Shop")))
                .isInstanceOf(MustacheException.class);
    }
}
