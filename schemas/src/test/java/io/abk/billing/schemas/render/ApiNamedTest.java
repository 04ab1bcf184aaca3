package io.abk.billing.schemas.render;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class ApiNamedTest {

    private enum Sample implements ApiNamed {
        FIRST_ONE,
        SECOND,
        /** A constant with a body is an instance of a subclass of its enum. */
        WITH_BODY {
            @Override
            public String toString() {
                return "with body";
            }
        }
    }

    @Test
    void shouldNameAConstantByItsJavaNameInLowerCase() {
        assertThat(Sample.FIRST_ONE.apiName()).isEqualTo("first_one");
    }

    @Test
    void shouldWorkOutANameOnceWhenAskedAgain() {
        assertThat(Sample.FIRST_ONE.apiName()).isSameAs(Sample.FIRST_ONE.apiName());
    }

    @Test
    void shouldNameAndParseAConstantWithABody() {
        assertThat(Sample.WITH_BODY.apiName()).isEqualTo("with_body");
        assertThat(ApiNamed.parse(Sample.class, "with_body", "unknown sample: "))
                .isEqualTo(Sample.WITH_BODY);
    }

    @Test
    void shouldParseTheNameItGives() {
        assertThat(ApiNamed.parse(Sample.class, "second", "unknown sample: ")).isEqualTo(Sample.SECOND);
    }

    @Test
    void shouldRejectAnUnknownNameWithTheGivenMessageWhenParsing() {
        assertThatThrownBy(() -> ApiNamed.parse(Sample.class, "SECOND", "unknown sample: "))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("unknown sample: SECOND");
    }
}
