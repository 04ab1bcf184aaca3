package io.abk.billing.client;

import static io.abk.billing.client.FakeApi.json;
import static org.assertj.core.api.Assertions.assertThat;

import io.abk.billing.client.model.Subscription;
import io.abk.billing.client.param.ListParams;
import java.util.ArrayList;
import org.junit.jupiter.api.Test;

class PagingTest {

    private static String page(boolean hasMore, String... ids) {
        var items = new ArrayList<String>();
        for (var id : ids) {
            items.add(Fixtures.subscription(id, "1"));
        }
        return "{\"subscriptions\":[" + String.join(",", items) + "],\"hasMore\":" + hasMore + "}";
    }

    @Test
    void shouldWalkEveryPageWithTheLastIdWhenAutoPaging() throws Exception {
        try (var api = new FakeApi()
                .then(
                        json(200, page(true, "sub_5", "sub_4")),
                        json(200, page(true, "sub_3", "sub_2")),
                        json(200, page(false, "sub_1")))) {
            var first = api.client(0)
                    .subscriptions()
                    .list(ListParams.builder().limit(2).status("active").build());

            var ids = new ArrayList<String>();
            for (Subscription subscription : first.autoPagingIterable()) {
                ids.add(subscription.id());
            }

            assertThat(ids).containsExactly("sub_5", "sub_4", "sub_3", "sub_2", "sub_1");
            assertThat(api.requests())
                    .extracting(FakeApi.Request::query)
                    .containsExactly(
                            "limit=2&status=active",
                            "limit=2&status=active&startingAfter=sub_4",
                            "limit=2&status=active&startingAfter=sub_2");
        }
    }

    @Test
    void shouldStopAtOnePageWhenHasMoreIsFalse() throws Exception {
        try (var api = new FakeApi().then(json(200, page(false, "sub_1")))) {

            var first = api.client(0).subscriptions().list(ListParams.NONE);

            assertThat(first.data()).extracting(Subscription::id).containsExactly("sub_1");
            assertThat(first.hasMore()).isFalse();
            assertThat(first.nextPage()).isNull();
            assertThat(api.requests()).hasSize(1);
        }
    }
}
