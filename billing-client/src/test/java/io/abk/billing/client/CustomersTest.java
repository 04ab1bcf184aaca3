package io.abk.billing.client;

import static io.abk.billing.client.FakeApi.json;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.abk.billing.client.model.Customer;
import io.abk.billing.client.param.CustomerCreateParams;
import io.abk.billing.client.param.CustomerListParams;
import io.abk.billing.client.param.CustomerUpdateParams;
import io.abk.billing.client.param.ListParams;
import io.abk.billing.client.param.SubscriptionCreateParams;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** What the customer calls send and read: the bodies, the clearing of a field, the filters across pages. */
class CustomersTest {

    private static final String WALLET = "0x1111111111111111111111111111111111111111";

    private static String customer(String id) {
        return Fixtures.customer(id, WALLET);
    }

    @Test
    void shouldSendOnlyTheFieldsGivenAndReadTheCustomerWhenCreating() throws Exception {
        try (var api = new FakeApi().then(json(201, "{\"customer\":" + customer("cus_1") + "}"))) {

            var created = api.client(0)
                    .customers()
                    .create(CustomerCreateParams.builder()
                            .wallet(WALLET)
                            .email("ada@example.com")
                            .build());

            assertThat(api.requests().get(0).body())
                    .isEqualTo("{\"wallet\":\"" + WALLET + "\",\"email\":\"ada@example.com\"}");
            assertThat(created.id()).isEqualTo("cus_1");
            assertThat(created.wallet()).isEqualTo(WALLET);
            assertThat(created.email()).isEqualTo("ada@example.com");
            assertThat(created.name()).isNull();
            assertThat(created.metadata()).containsExactly(Map.entry("tier", "gold"));
            assertThat(created.updatedAt()).isEqualTo(Instant.parse("2026-02-01T08:30:00.250Z"));
        }
    }

    @Test
    void shouldSendNullForAClearedFieldAndLeaveOutTheOthersWhenUpdating() throws Exception {
        // A builder that dropped nulls could not clear the email at all: the PATCH would change nothing.
        try (var api = new FakeApi().then(json(200, "{\"customer\":" + customer("cus_1") + "}"))) {

            api.client(0)
                    .customers()
                    .update(
                            "cus_1",
                            CustomerUpdateParams.builder()
                                    .clearEmail()
                                    .metadata(Map.of("tier", "silver"))
                                    .removeMetadata("old")
                                    .build());

            var request = api.requests().get(0);
            assertThat(request.method()).isEqualTo("PATCH");
            assertThat(request.path()).isEqualTo("/v1/customers/cus_1");
            assertThat(request.body()).startsWith("{\"email\":null,\"metadata\":{");
            assertThat(request.body()).contains("\"tier\":\"silver\"", "\"old\":\"\"");
            assertThat(request.body()).doesNotContain("name", "wallet");
        }
    }

    @Test
    void shouldSendTheLastValueWhenAFieldIsSetAfterBeingCleared() throws Exception {
        try (var api = new FakeApi().then(json(200, "{\"customer\":" + customer("cus_1") + "}"))) {

            api.client(0)
                    .customers()
                    .update(
                            "cus_1",
                            CustomerUpdateParams.builder()
                                    .clearName()
                                    .name("Ada")
                                    .build());

            assertThat(api.requests().get(0).body()).isEqualTo("{\"name\":\"Ada\"}");
        }
    }

    @Test
    void shouldKeepTheWalletFilterOnEveryPageWhenAutoPaging() throws Exception {
        try (var api = new FakeApi()
                .then(
                        json(
                                200,
                                "{\"customers\":[" + customer("cus_3") + "," + customer("cus_2")
                                        + "],\"hasMore\":true}"),
                        json(200, "{\"customers\":[" + customer("cus_1") + "],\"hasMore\":false}"))) {
            var first = api.client(0)
                    .customers()
                    .list(CustomerListParams.builder().wallet(WALLET).limit(2).build());

            var ids = new ArrayList<String>();
            for (Customer customer : first.autoPagingIterable()) {
                ids.add(customer.id());
            }

            assertThat(ids).containsExactly("cus_3", "cus_2", "cus_1");
            assertThat(api.requests())
                    .extracting(FakeApi.Request::query)
                    .containsExactly(
                            "wallet=" + WALLET + "&limit=2", "wallet=" + WALLET + "&limit=2&startingAfter=cus_2");
        }
    }

    @Test
    void shouldFilterByEmailWhenListing() throws Exception {
        try (var api = new FakeApi().then(json(200, "{\"customers\":[],\"hasMore\":false}"))) {

            var page = api.client(0)
                    .customers()
                    .list(CustomerListParams.builder().email("ada@example.com").build());

            assertThat(page.data()).isEmpty();
            assertThat(api.requests().get(0).query()).isEqualTo("email=ada%40example.com");
        }
    }

    @Test
    void shouldSendTheCustomerIdInsteadOfTheWalletWhenSubscribingByCustomer() throws Exception {
        try (var api = new FakeApi()
                .then(json(
                        201,
                        "{\"subscription\":" + Fixtures.subscription("sub_1", "9.99") + ",\"invoice\":"
                                + Fixtures.invoice("in_1", "9.99") + ",\"checkoutUrl\":\"http://localhost/c\"}"))) {

            var created = api.client(0)
                    .subscriptions()
                    .create(SubscriptionCreateParams.builder()
                            .merchantRef("order-1")
                            .customerId("cus_1")
                            .priceId("price_1")
                            .build());

            assertThat(api.requests().get(0).body())
                    .isEqualTo("{\"merchantRef\":\"order-1\",\"customerId\":\"cus_1\",\"priceId\":\"price_1\"}");
            assertThat(created.subscription().customerId()).isEqualTo("cus_1");
            assertThat(created.invoice().customerId()).isEqualTo("cus_1");
        }
    }

    @Test
    void shouldRefuseASubscriptionWithNeitherWalletNorCustomerWhenBuilding() {
        var builder = SubscriptionCreateParams.builder().merchantRef("order-1").priceId("price_1");

        assertThatThrownBy(builder::build)
                .isInstanceOf(NullPointerException.class)
                .hasMessage("customerWallet or customerId is required");
    }

    @Test
    void shouldFilterSubscriptionsByCustomerWhenListing() throws Exception {
        try (var api = new FakeApi().then(json(200, "{\"subscriptions\":[],\"hasMore\":false}"))) {

            api.client(0)
                    .subscriptions()
                    .list(ListParams.builder().customerId("cus_1").build());

            assertThat(api.requests().get(0).query()).isEqualTo("customerId=cus_1");
        }
    }

    @Test
    void shouldReadTheCustomerOfACustomerEventAndNoneOfAnother() throws Exception {
        var updated =
                "{\"event\":{\"id\":\"evt_3\",\"type\":\"customer.updated\",\"createdAt\":\"2026-02-01T08:30:00Z\","
                        + "\"mode\":\"test\",\"data\":{\"customer\":" + customer("cus_1") + "}}}";
        try (var api =
                new FakeApi().then(json(200, updated)).then(json(200, "{\"event\":" + Fixtures.event("evt_1") + "}"))) {

            var event = api.client(0).events().retrieve("evt_3");
            var other = api.client(0).events().retrieve("evt_1");

            assertThat(event.customer()).isNotNull();
            assertThat(event.customer().id()).isEqualTo("cus_1");
            assertThat(event.customer().email()).isEqualTo("ada@example.com");
            assertThat(other.customer()).isNull();
        }
    }
}
