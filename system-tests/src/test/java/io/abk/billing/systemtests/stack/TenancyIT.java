package io.abk.billing.systemtests.stack;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Tenant and mode isolation: another merchant's or the other mode's subscription is
 * indistinguishable from a missing one, lists never mix them, and a price is only usable by its own merchant
 * and mode.
 */
@ExtendWith(SharedStack.class)
@Order(SharedStack.ORDER)
class TenancyIT {

    private static Api api;
    private static TestMerchant a;
    private static TestMerchant b;
    private static String aTestSubscription;
    private static String aLiveSubscription;
    private static String bTestSubscription;

    @BeforeAll
    static void setUp(Api shared) {
        api = shared;
        a = api.newMerchant("tenancy-a");
        b = api.newMerchant("tenancy-b");
        aTestSubscription = Subscriptions.create(api, a.testKey(), "a-test")
                .at("/subscription/id")
                .asString();
        aLiveSubscription = Subscriptions.create(api, a.liveKey(), "a-live")
                .at("/subscription/id")
                .asString();
        bTestSubscription = Subscriptions.create(api, b.testKey(), "b-test")
                .at("/subscription/id")
                .asString();
    }

    @Test
    void shouldAnswer404ResourceMissingWhenAnotherMerchantOrTheOtherModeAsksForASubscription() {
        // given what a missing subscription looks like
        var missing = Subscriptions.get(api, a.testKey(), "sub_01jzzzzzzzzzzzzzzzzzzzzzzz");
        assertNotFound(missing);

        // when B's keys or A's live key ask for A's test subscription, then it is just as missing
        for (var key : List.of(b.testKey(), b.liveKey(), a.liveKey())) {
            var reply = Subscriptions.get(api, key, aTestSubscription);
            assertNotFound(reply);
            assertThat(reply.body()).doesNotContain("a-test");
        }
        // and A's test key cannot see A's live one or B's
        assertNotFound(Subscriptions.get(api, a.testKey(), aLiveSubscription));
        assertNotFound(Subscriptions.get(api, a.testKey(), bTestSubscription));
        // while each owner sees its own
        assertThat(Subscriptions.get(api, a.testKey(), aTestSubscription).status())
                .isEqualTo(200);
        assertThat(Subscriptions.get(api, a.liveKey(), aLiveSubscription).status())
                .isEqualTo(200);
        assertThat(Subscriptions.get(api, b.testKey(), bTestSubscription).status())
                .isEqualTo(200);
    }

    @Test
    void shouldListOnlyTheKeysOwnMerchantAndModeWhenListing() {
        // when each key lists (with and without a status filter), then it sees exactly its own subscriptions
        assertThat(Subscriptions.listAllIds(api, a.testKey(), 100)).containsExactly(aTestSubscription);
        assertThat(Subscriptions.listAllIds(api, a.liveKey(), 100)).containsExactly(aLiveSubscription);
        assertThat(Subscriptions.listAllIds(api, b.testKey(), 100)).containsExactly(bTestSubscription);
        assertThat(Subscriptions.listAllIds(api, b.liveKey(), 100)).isEmpty();
        var filtered = Subscriptions.list(api, b.testKey(), "status=incomplete")
                .expect(200)
                .json();
        assertThat(filtered.path("subscriptions")).hasSize(1);
        assertThat(filtered.at("/subscriptions/0/id").asString()).isEqualTo(bTestSubscription);
        assertThat(filtered.at("/subscriptions/0/mode").asString()).isEqualTo("test");
        // and a cursor taken from another tenant's id reveals nothing of theirs
        var afterOther = Subscriptions.list(api, b.testKey(), "startingAfter=" + aTestSubscription)
                .expect(200)
                .json();
        assertThat(afterOther.path("subscriptions"))
                .allSatisfy(s -> assertThat(s.path("id").asString()).isEqualTo(bTestSubscription));
    }

    @Test
    void shouldAnswer400ResourceMissingAndCreateNothingWhenThePriceBelongsToAnotherMerchantOrMode() {
        // given a monthly price in A's test catalog and one in A's live catalog
        var own = api.newMerchant("tenancy-prices");
        var other = api.newMerchant("tenancy-prices-other");
        var testPrice = Subscriptions.createProduct(
                        api, own.testKey(), "Test plan", List.of(Subscriptions.price("10", "month", 0)))
                .at("/prices/0/id")
                .asString();
        var livePrice = Subscriptions.createProduct(
                        api, own.liveKey(), "Live plan", List.of(Subscriptions.price("10", "month", 0)))
                .at("/prices/0/id")
                .asString();

        // when another merchant, or the other mode, creates from them
        var byOtherMerchant = api.post(Subscriptions.PATH)
                .key(other.testKey())
                .json(Subscriptions.byPrice("x", testPrice))
                .send();
        var byLiveKey = api.post(Subscriptions.PATH)
                .key(own.liveKey())
                .json(Subscriptions.byPrice("x", testPrice))
                .send();
        var byTestKey = api.post(Subscriptions.PATH)
                .key(own.testKey())
                .json(Subscriptions.byPrice("x", livePrice))
                .send();

        // then each is 400 resource_missing, naming the price, and nothing is created
        for (var reply : List.of(byOtherMerchant, byLiveKey, byTestKey)) {
            assertThat(reply.status()).as(reply.toString()).isEqualTo(400);
            assertThat(reply.code()).as(reply.toString()).isEqualTo("resource_missing");
            assertThat(reply.json().path("param").asString()).isEqualTo("priceId");
        }
        assertThat(Subscriptions.listAllIds(api, other.testKey(), 100)).isEmpty();
        assertThat(Subscriptions.listAllIds(api, own.liveKey(), 100)).isEmpty();
        assertThat(Subscriptions.listAllIds(api, own.testKey(), 100)).isEmpty();
        // and the owner in its mode can use it
        api.post(Subscriptions.PATH)
                .key(own.testKey())
                .json(Subscriptions.byPrice("x", testPrice))
                .send()
                .expect(201);
    }

    private static void assertNotFound(Reply reply) {
        assertThat(reply.status()).as(reply.toString()).isEqualTo(404);
        assertThat(reply.code()).as(reply.toString()).isEqualTo("resource_missing");
        assertThat(reply.json().path("error").asString()).isNotBlank();
    }
}
