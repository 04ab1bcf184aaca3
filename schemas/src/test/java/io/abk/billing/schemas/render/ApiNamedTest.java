package io.abk.billing.schemas.render;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class ApiNamedTest {

    private enum Sample implements ApiNamed {
        FIRST_ONE,
        SECOND
    }

    @Test
    void shouldNameAConstantByItsJavaNameInLowerCase() {
        assertThat(Sample.FIRST_ONE.apiName()).isEqualTo("first_one");
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
