package io.abk.billing.gateway.platform.web;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.abk.billing.schemas.ids.IdPrefix;
import io.abk.billing.schemas.ids.Ids;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.springframework.util.LinkedMultiValueMap;
import org.springframework.util.MultiValueMap;

class ListFiltersTest {

    private static final List<String> STATUSES = List.of("open", "paid");

    @Test
    void shouldReadNoFilterWhenStatusIsAbsent() {
        assertThat(ListFilters.status(new LinkedMultiValueMap<>(), STATUSES)).isNull();
    }

    @Test
    void shouldReadAnAllowedStatus() {
        assertThat(ListFilters.status(query("paid"), STATUSES)).isEqualTo("paid");
    }

    @Test
    void shouldAnswer400NamingStatusAndTheAllowedValuesWhenStatusIsUnknown() {
        assertThatThrownBy(() -> ListFilters.status(query("PAID"), STATUSES))
                .isInstanceOfSatisfying(ApiException.class, e -> {
                    assertThat(e.status()).isEqualTo(400);
                    assertThat(e.code())
                            .isEqualTo(ApiException.invalid("x", "y").code());
                    assertThat(e.param()).isEqualTo("status");
                    assertThat(e.getMessage()).isEqualTo("status must be one of open, paid");
                });
    }

    @Test
    void shouldReadAWellFormedIdAndNoFilterWhenItIsAbsent() {
        var query = new LinkedMultiValueMap<String, String>();
        assertThat(ListFilters.id(query, "merchantId", IdPrefix.MERCHANT)).isNull();
        var id = Ids.newId(IdPrefix.MERCHANT, Instant.parse("2026-01-01T00:00:00Z"));
        query.add("merchantId", id);
        assertThat(ListFilters.id(query, "merchantId", IdPrefix.MERCHANT)).isEqualTo(id);
    }

    @Test
    void shouldAnswer400NamingTheParameterAndItsPrefixWhenAnIdIsMalformed() {
        var query = new LinkedMultiValueMap<String, String>();
        query.add("subscriptionId", "inv_1");
        assertThatThrownBy(() -> ListFilters.id(query, "subscriptionId", IdPrefix.SUBSCRIPTION))
                .isInstanceOfSatisfying(ApiException.class, e -> {
                    assertThat(e.status()).isEqualTo(400);
                    assertThat(e.param()).isEqualTo("subscriptionId");
                    assertThat(e.getMessage()).isEqualTo("subscriptionId must be a sub_ id");
                });
    }

    @Test
    void shouldAnswer400ListingTheValuesWhenAnotherFilterIsUnknown() {
        var query = new LinkedMultiValueMap<String, String>();
        query.add("type", "invoice.lost");
        assertThatThrownBy(() -> ListFilters.oneOf(query, "type", List.of("invoice.paid", "invoice.voided")))
                .isInstanceOfSatisfying(ApiException.class, e -> {
                    assertThat(e.param()).isEqualTo("type");
                    assertThat(e.getMessage()).isEqualTo("type must be one of invoice.paid, invoice.voided");
                });
    }

    private static MultiValueMap<String, String> query(String status) {
        var query = new LinkedMultiValueMap<String, String>();
        query.add("status", status);
        return query;
    }
}
