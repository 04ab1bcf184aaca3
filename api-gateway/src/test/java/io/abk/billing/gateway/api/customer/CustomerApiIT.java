package io.abk.billing.gateway.api.customer;

import static org.assertj.core.api.Assertions.assertThat;

import io.abk.billing.gateway.testkit.PaymentsIT;
import io.abk.billing.gateway.testkit.TestKafka;
import io.abk.billing.gateway.testkit.TestMerchant;
import io.abk.billing.schemas.avro.CreateCustomer;
import io.abk.billing.schemas.avro.CustomerCommand;
import io.abk.billing.schemas.avro.UpdateCustomer;
import io.abk.billing.schemas.ids.CustomerIds;
import io.abk.billing.schemas.topic.Topics;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.UUID;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.Test;
import org.springframework.http.HttpMethod;
import tools.jackson.databind.JsonNode;

/**
 * {@code /v1/customers} over HTTP against the stand-in processor: create (the exact shape, the id the wallet derives,
 * 409 for a wallet with a customer, an idempotent replay), get, list (wallet and email in any case, pages, tenancy),
 * update (set, clear with null and "", merge metadata, {@code wallet_immutable}), and a subscription or payment that
 * names its customer by {@code customerId} (the list filter, {@code customer_not_found},
 * {@code customer_wallet_mismatch}).
 */
class CustomerApiIT extends PaymentsIT {

    static final List<String> CUSTOMER_FIELDS =
            List.of("id", "object", "wallet", "email", "name", "metadata", "mode", "createdAt", "updatedAt");

    @Test
    void shouldCreateTheCustomerOfAWalletOnceAndAnswer409ForItsWalletInAnyCase() {
        var merchant = newMerchant();
        var wallet = newWallet();

        var reply = post(
                merchant,
                "test",
                "/v1/customers",
                Map.of(
                        "wallet",
                        wallet.toUpperCase(Locale.ROOT).replace("0X", "0x"),
                        "email",
                        "Ada@Example.test",
                        "name",
                        "Ada",
                        "metadata",
                        Map.of("crm", "c-1")));
        var again = post(merchant, "test", "/v1/customers", Map.of("wallet", wallet));

        assertThat(reply.status()).as(reply.text()).isEqualTo(201);
        assertThat(fieldNames(reply.body())).containsExactly("customer");
        var customer = reply.body().get("customer");
        assertThat(fieldNames(customer)).containsExactlyElementsOf(CUSTOMER_FIELDS);
        var id = CustomerIds.of(merchant.id(), "test", wallet);
        assertThat(customer.get("id").stringValue()).isEqualTo(id);
        assertThat(customer.get("object").stringValue()).isEqualTo("customer");
        assertThat(customer.get("wallet").stringValue()).isEqualTo(wallet);
        assertThat(customer.get("email").stringValue()).isEqualTo("Ada@Example.test");
        assertThat(customer.get("name").stringValue()).isEqualTo("Ada");
        assertThat(customer.get("metadata").get("crm").stringValue()).isEqualTo("c-1");
        assertThat(customer.get("mode").stringValue()).isEqualTo("test");
        assertThat(get(merchant, "test", "/v1/customers/" + id).body()).isEqualTo(reply.body());
        assertThat(again.status()).as(again.text()).isEqualTo(409);
        assertThat(again.code()).isEqualTo("customer_exists");
        assertThat(again.body().get("error").stringValue()).contains(id);
        assertThat(customerCommands(merchant))
                .as("the read model answers the second create: nothing more is sent")
                .singleElement()
                .satisfies(command -> {
                    assertThat(command.getCustomerId()).isEqualTo(id);
                    assertThat(((CreateCustomer) command.getPayload()).getWallet())
                            .isEqualTo(wallet);
                });
    }

    @Test
    void shouldReplayACreateWithTheSameIdempotencyKey() {
        var merchant = newMerchant();
        var body = Map.of("wallet", newWallet());
        var key = UUID.randomUUID().toString();

        var first = call(HttpMethod.POST, "/v1/customers", merchant.testKey(), body, key);
        var replay = call(HttpMethod.POST, "/v1/customers", merchant.testKey(), body, key);

        assertThat(first.status()).as(first.text()).isEqualTo(201);
        assertThat(replay.status()).as(replay.text()).isEqualTo(201);
        assertThat(replay.body()).isEqualTo(first.body());
        assertThat(replay.header("Idempotent-Replayed")).isEqualTo("true");
        assertThat(customerCommands(merchant)).hasSize(1);
    }

    @Test
    void shouldListNewestFirstByWalletOrEmailInAnyCaseAndPageWithinTheCallersMerchantAndMode() {
        var merchant = newMerchant();
        var first = create(merchant, "test", Map.of("email", "one@example.test"));
        var second = create(merchant, "test", Map.of("email", "Two@Example.test"));
        var third = create(merchant, "test", Map.of());
        var live = create(merchant, "live", Map.of("email", "one@example.test"));

        var page1 = get(merchant, "test", "/v1/customers?limit=2");
        var page2 = get(merchant, "test", "/v1/customers?limit=2&startingAfter=" + id(third));

        assertThat(fieldNames(page1.body())).containsExactly("customers", "hasMore");
        assertThat(ids(page1)).containsExactly(id(third), id(second));
        assertThat(page1.body().get("hasMore").booleanValue()).isTrue();
        assertThat(ids(page2)).containsExactly(id(second), id(first));
        assertThat(page2.body().get("hasMore").booleanValue()).isFalse();
        var upper = first.get("wallet").stringValue().toUpperCase(Locale.ROOT).replace("0X", "0x");
        assertThat(ids(get(merchant, "test", "/v1/customers?wallet=" + upper))).containsExactly(id(first));
        assertThat(ids(get(merchant, "test", "/v1/customers?email=two@example.TEST")))
                .containsExactly(id(second));
        assertThat(ids(get(merchant, "test", "/v1/customers?email=one@example.test")))
                .as("the live customer of the same email is the other mode's")
                .containsExactly(id(first));
        assertThat(ids(get(merchant, "live", "/v1/customers"))).containsExactly(id(live));
        assertThat(ids(get(newMerchant(), "test", "/v1/customers"))).isEmpty();
    }

    @Test
    void shouldUpdateSetClearAndMergeAndRefuseAWalletAndAnotherMerchantsCustomer() {
        var merchant = newMerchant();
        var customer = create(
                merchant,
                "test",
                Map.of("email", "a@example.test", "name", "A", "metadata", Map.of("k1", "v1", "k2", "v2")));
        var path = "/v1/customers/" + id(customer);

        var renamed = patch(merchant, path, Map.of("name", "B", "metadata", Map.of("k1", "", "k3", "v3")));
        var cleared = patch(merchant, path, "{\"email\":null,\"name\":\"\"}");
        var unchanged = patch(merchant, path, Map.of());
        var wallet = patch(merchant, path, Map.of("wallet", newWallet()));
        var othersGet = get(newMerchant(), "test", path);
        var othersPatch = call(HttpMethod.PATCH, path, newMerchant().testKey(), Map.of("name", "X"), null);
        var otherMode = get(merchant, "live", path);

        assertThat(renamed.status()).as(renamed.text()).isEqualTo(200);
        var afterRename = renamed.body().get("customer");
        assertThat(afterRename.get("name").stringValue()).isEqualTo("B");
        assertThat(afterRename.get("email").stringValue()).isEqualTo("a@example.test");
        assertThat(fieldNames(afterRename.get("metadata"))).containsExactly("k2", "k3");
        assertThat(cleared.status()).as(cleared.text()).isEqualTo(200);
        assertThat(cleared.body().get("customer").get("email").isNull()).isTrue();
        assertThat(cleared.body().get("customer").get("name").isNull()).isTrue();
        assertThat(unchanged.status()).as(unchanged.text()).isEqualTo(200);
        assertThat(unchanged.body()).isEqualTo(cleared.body());
        assertThat(get(merchant, "test", path).body()).isEqualTo(cleared.body());
        assertThat(wallet.status()).isEqualTo(400);
        assertThat(wallet.code()).isEqualTo("wallet_immutable");
        for (var refused : List.of(othersGet, othersPatch, otherMode)) {
            assertThat(refused.status()).as(refused.text()).isEqualTo(404);
            assertThat(refused.code()).isEqualTo("resource_missing");
        }
        assertThat(customerCommands(merchant))
                .filteredOn(command -> command.getPayload() instanceof UpdateCustomer)
                .as("three updates sent; the wallet one was refused before")
                .hasSize(3)
                .first()
                .satisfies(command -> assertThat(((UpdateCustomer) command.getPayload()).getEmail())
                        .isNull());
    }

    @Test
    void shouldCreateASubscriptionAndAPaymentForACustomerIdAndListTheCustomersSubscriptions() {
        var merchant = newMerchant();
        var customer = create(merchant, "test", Map.of());
        var wallet = customer.get("wallet").stringValue();
        var others = create(newMerchant(), "test", Map.of());
        subscribe(merchant, "test");

        var byId = post(merchant, "test", "/v1/subscriptions", subscriptionBody(id(customer), null));
        var byBoth = post(
                merchant,
                "test",
                "/v1/subscriptions",
                subscriptionBody(id(customer), wallet.toUpperCase(Locale.ROOT).replace("0X", "0x")));
        var payment = paymentBody("4");
        payment.remove("customerWallet");
        payment.put("customerId", id(customer));
        var paid = post(merchant, "test", "/v1/payments", payment);

        assertThat(byId.status()).as(byId.text()).isEqualTo(201);
        var subscription = byId.body().get("subscription");
        assertThat(subscription.get("walletAddress").stringValue()).isEqualTo(wallet);
        assertThat(subscription.get("customerId").stringValue()).isEqualTo(id(customer));
        assertThat(byBoth.status()).as(byBoth.text()).isEqualTo(201);
        assertThat(paid.status()).as(paid.text()).isEqualTo(201);
        assertThat(paid.body().get("payment").get("customerWallet").stringValue())
                .isEqualTo(wallet);
        assertThat(paid.body().get("payment").get("customerId").stringValue()).isEqualTo(id(customer));
        var listed = get(merchant, "test", "/v1/subscriptions?customerId=" + id(customer));
        assertThat(ids(listed, "subscriptions"))
                .containsExactly(
                        byBoth.body().get("subscription").get("id").stringValue(),
                        subscription.get("id").stringValue());
        assertThat(ids(get(merchant, "test", "/v1/subscriptions?customerId=" + id(others)), "subscriptions"))
                .as("another merchant's customer")
                .isEmpty();

        var refused = new ArrayList<BadRequest>();
        refused.add(new BadRequest(
                "unknown customer",
                merchant.testKey(),
                HttpMethod.POST,
                "/v1/subscriptions",
                json(subscriptionBody(CustomerIds.of(merchant.id(), "test", newWallet()), null)),
                400,
                "customer_not_found",
                "customerId"));
        refused.add(new BadRequest(
                "another merchant's customer",
                merchant.testKey(),
                HttpMethod.POST,
                "/v1/subscriptions",
                json(subscriptionBody(id(others), null)),
                400,
                "customer_not_found",
                "customerId"));
        refused.add(new BadRequest(
                "the other mode's customer",
                merchant.liveKey(),
                HttpMethod.POST,
                "/v1/subscriptions",
                json(subscriptionBody(id(customer), null)),
                400,
                "customer_not_found",
                "customerId"));
        refused.add(new BadRequest(
                "customer and another wallet",
                merchant.testKey(),
                HttpMethod.POST,
                "/v1/subscriptions",
                json(subscriptionBody(id(customer), WALLET)),
                400,
                "customer_wallet_mismatch",
                "customerWallet"));
        payment.put("customerWallet", WALLET);
        refused.add(new BadRequest(
                "payment of a customer and another wallet",
                merchant.testKey(),
                HttpMethod.POST,
                "/v1/payments",
                json(payment),
                400,
                "customer_wallet_mismatch",
                "customerWallet"));
        refused.add(new BadRequest(
                "malformed customerId filter",
                merchant.testKey(),
                HttpMethod.GET,
                "/v1/subscriptions?customerId=sub_1",
                null,
                400,
                "validation_error",
                "customerId"));
        assertRefused(refused);
    }

    @Test
    void shouldAnswer4xxNamingTheFieldWhenACustomerRequestIsBad() {
        var merchant = newMerchant();
        var key = merchant.testKey();
        var sent = customerCommands(merchant).size();
        var requests = new ArrayList<BadRequest>();
        var valid = Map.<String, Object>of("wallet", newWallet());
        for (var email : List.of(
                "\"no-at.example.test\"",
                "\"two@@example.test\"",
                "\"a@b@example.test\"",
                "\"with space@example.test\"",
                "\"@example.test\"",
                "\"ada@\"",
                "\"" + "a".repeat(250) + "@b.cd\"")) {
            requests.add(bad(
                    "email " + email,
                    key,
                    HttpMethod.POST,
                    withField(valid, "email", email),
                    "invalid_email",
                    "email"));
        }
        requests.add(bad(
                "email a number", key, HttpMethod.POST, withField(valid, "email", "7"), "validation_error", "email"));
        requests.add(bad(
                "name over 200",
                key,
                HttpMethod.POST,
                withField(valid, "name", "\"" + "n".repeat(201) + "\""),
                "validation_error",
                "name"));
        requests.add(bad(
                "metadata value a number",
                key,
                HttpMethod.POST,
                withField(valid, "metadata", "{\"k\":1}"),
                "validation_error",
                "metadata"));
        for (var wallet : List.of("\"0x123\"", "\"" + newWallet().substring(2) + "\"", "null", "42")) {
            requests.add(bad(
                    "wallet " + wallet,
                    key,
                    HttpMethod.POST,
                    withField(valid, "wallet", wallet),
                    "validation_error",
                    "wallet"));
        }
        var unknown = CustomerIds.of(merchant.id(), "test", newWallet());
        requests.add(new BadRequest(
                "unknown customer",
                key,
                HttpMethod.GET,
                "/v1/customers/" + unknown,
                null,
                404,
                "resource_missing",
                null));
        requests.add(new BadRequest(
                "patch of an unknown customer",
                key,
                HttpMethod.PATCH,
                "/v1/customers/" + unknown,
                "{\"name\":\"x\"}",
                404,
                "resource_missing",
                null));
        requests.add(new BadRequest(
                "malformed id", key, HttpMethod.GET, "/v1/customers/cus_1", null, 404, "resource_missing", null));
        for (var query : List.of("wallet=0x12", "email=", "limit=0", "startingAfter=sub_1")) {
            var param = query.substring(0, query.indexOf('='));
            requests.add(new BadRequest(
                    "list " + query,
                    key,
                    HttpMethod.GET,
                    "/v1/customers?" + query,
                    null,
                    400,
                    "validation_error",
                    param));
        }

        assertRefused(requests);

        assertThat(customerCommands(merchant)).hasSize(sent);
    }

    private static BadRequest bad(
            String name, String key, HttpMethod method, String body, String code, @Nullable String param) {
        return new BadRequest(name, key, method, "/v1/customers", body, 400, code, param);
    }

    private JsonNode create(TestMerchant merchant, String mode, Map<String, Object> fields) {
        var body = new HashMap<>(fields);
        body.put("wallet", newWallet());
        var reply = post(merchant, mode, "/v1/customers", body);
        assertThat(reply.status()).as(reply.text()).isEqualTo(201);
        return reply.body().get("customer");
    }

    private Reply patch(TestMerchant merchant, String path, Object body) {
        return call(HttpMethod.PATCH, path, merchant.testKey(), body, null);
    }

    private static Map<String, Object> subscriptionBody(String customerId, @Nullable String wallet) {
        var body = new HashMap<String, Object>();
        body.put("merchantRef", "ref-" + System.nanoTime());
        body.put("customerId", customerId);
        if (wallet != null) {
            body.put("customerWallet", wallet);
        }
        body.put("payoutAddressEvm", PAYOUT);
        body.put("amountUsdc", new BigDecimal("9.99"));
        body.put("interval", "month");
        return body;
    }

    private static String json(Map<String, Object> body) {
        return withField(body, "unused", null);
    }

    /** A wallet no other test uses: 40 random hexadecimal digits, lower case. */
    private static String newWallet() {
        var hex = UUID.randomUUID().toString().replace("-", "")
                + UUID.randomUUID().toString().replace("-", "");
        return "0x" + hex.substring(0, 40);
    }

    private static String id(JsonNode customer) {
        return customer.get("id").stringValue();
    }

    private static List<String> ids(Reply list) {
        return ids(list, "customers");
    }

    private static List<String> ids(Reply list, String name) {
        assertThat(list.status()).as(list.text()).isEqualTo(200);
        var ids = new ArrayList<String>();
        list.body().get(name).forEach(item -> ids.add(item.get("id").stringValue()));
        return ids;
    }

    private static List<CustomerCommand> customerCommands(TestMerchant merchant) {
        return TestKafka.records(
                Topics.CUSTOMER_COMMANDS, command -> command.getMerchantId().equals(merchant.id()));
    }
}
