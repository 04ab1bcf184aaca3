package io.abk.billing.gateway.api.webhook;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.abk.billing.gateway.platform.json.RequestFields;
import io.abk.billing.gateway.platform.web.ApiException;
import java.util.List;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.json.JsonMapper;

/** An endpoint subscribes to the event types billing-streams publishes, the reopened and funding ones included. */
class EventTypesTest {

    private static final JsonMapper JSON = JsonMapper.builder().build();

    @Test
    void shouldAcceptTheReopenedTypesWhenAnEndpointSubscribesToThem() {
        var fields = RequestFields.of(
                JSON.readTree("{\"enabledEvents\":[\"payment.reopened\",\"invoice.reopened\",\"payment.reopened\"]}"));

        assertThat(EventTypes.parse(fields, "enabledEvents")).contains(List.of("payment.reopened", "invoice.reopened"));
    }

    @Test
    void shouldAcceptTheFundingTypesWhenAnEndpointSubscribesToThem() {
        var fields = RequestFields.of(
                JSON.readTree("{\"enabledEvents\":[\"invoice.upcoming\",\"subscription.allowance_low\"]}"));

        assertThat(EventTypes.parse(fields, "enabledEvents"))
                .contains(List.of("invoice.upcoming", "subscription.allowance_low"));
    }

    @Test
    void shouldRefuseATypeNoOnePublishesWhenAnEndpointSubscribesToIt() {
        var fields = RequestFields.of(JSON.readTree("{\"enabledEvents\":[\"payment.reversed\"]}"));

        assertThatThrownBy(() -> EventTypes.parse(fields, "enabledEvents"))
                .isInstanceOf(ApiException.class)
                .hasMessageContaining("payment.reopened");
    }
}
