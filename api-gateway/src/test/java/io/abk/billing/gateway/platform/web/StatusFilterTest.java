package io.abk.billing.gateway.platform.web;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.springframework.util.LinkedMultiValueMap;
import org.springframework.util.MultiValueMap;

class StatusFilterTest {

    private static final List<String> STATUSES = List.of("open", "paid");

    @Test
    void shouldReadNoFilterWhenStatusIsAbsent() {
        assertThat(StatusFilter.from(new LinkedMultiValueMap<>(), STATUSES)).isNull();
    }

    @Test
    void shouldReadAnAllowedStatus() {
        assertThat(StatusFilter.from(query("paid"), STATUSES)).isEqualTo("paid");
    }

    @Test
    void shouldAnswer400NamingStatusAndTheAllowedValuesWhenStatusIsUnknown() {
        assertThatThrownBy(() -> StatusFilter.from(query("PAID"), STATUSES))
                .isInstanceOfSatisfying(ApiException.class, e -> {
                    assertThat(e.status()).isEqualTo(400);
                    assertThat(e.code())
                            .isEqualTo(ApiException.invalid("x", "y").code());
                    assertThat(e.param()).isEqualTo("status");
                    assertThat(e.getMessage()).isEqualTo("status must be one of open, paid");
                });
    }

    private static MultiValueMap<String, String> query(String status) {
        var query = new LinkedMultiValueMap<String, String>();
        query.add("status", status);
        return query;
    }
}
