package io.abk.billing.systemtests.stack;

import static org.assertj.core.api.Assertions.assertThat;

import io.abk.billing.localstack.LocalStack;
import io.abk.billing.localstack.LocalStackSettings;
import io.abk.billing.schemas.avro.Change;
import io.abk.billing.schemas.avro.Outcome;
import io.abk.billing.schemas.avro.SubscriptionCommand;
import io.abk.billing.schemas.topic.Topics;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/**
 * The whole stack stopped after accepting N creates and started again on the same data directory: every
 * subscription is there exactly once, nothing was applied twice, and the stack keeps working. It runs its own
 * stack (not the shared one), beside the classes on the shared stacks: each in-process server runs on event loops of
 * its own, so closing this stack leaves theirs serving.
 */
class RestartIT {

    private static final int N = 60;
    /** Creates in flight at once: enough to overlap the command round trips, few enough for a 2-core machine. */
    private static final int CONCURRENCY = 6;

    @TempDir
    Path dataDir;

    @Test
    void shouldFindEveryAcceptedSubscriptionExactlyOnceWhenTheWholeStackRestartsOnTheSameDataDir() {
        var config = LocalStackSettings.forTest(dataDir, SharedStack.PARTITIONS);
        TestMerchant merchant;
        String adminToken;
        var accepted = new LinkedHashMap<String, JsonNode>();

        // given a stack that accepted N creates of one merchant
        try (var stack = LocalStack.start(config)) {
            System.out.printf(
                    "restart test: first start %d ms%n", stack.startDuration().toMillis());
            var api = new Api(stack.info());
            adminToken = api.adminToken();
            merchant = api.newMerchant("restart");
            for (int batch = 0; batch < N; batch += CONCURRENCY) {
                var replies = IntStream.range(batch, Math.min(N, batch + CONCURRENCY))
                        .mapToObj(i -> api.post(Subscriptions.PATH)
                                .key(merchant.testKey())
                                .json(Subscriptions.adHoc("order-restart-" + i))
                                .sendAsync())
                        .toList();
                for (var reply : replies) {
                    var subscription = reply.join().expect(201).json().path("subscription");
                    accepted.put(subscription.path("id").asString(), subscription);
                }
            }
            assertThat(accepted).hasSize(N);
        }

        // when the whole stack is closed and started again on the same data directory
        try (var stack = LocalStack.start(config)) {
            System.out.printf(
                    "restart test: second start %d ms%n", stack.startDuration().toMillis());
            var api = new Api(stack.info());
            assertThat(stack.info().coldStart()).isFalse();
            assertThat(api.adminToken()).isEqualTo(adminToken);

            // then listing every page finds each accepted subscription exactly once, and nothing else
            var listed = Subscriptions.listAllIds(api, merchant.testKey(), 7);
            assertThat(listed).doesNotHaveDuplicates().hasSize(N);
            assertThat(new HashSet<>(listed)).isEqualTo(accepted.keySet());
            // and a sample reads back exactly as it was created
            var ids = new ArrayList<>(accepted.keySet());
            for (var id : List.of(ids.getFirst(), ids.get(N / 3), ids.get(N / 2), ids.get(2 * N / 3), ids.getLast())) {
                assertThat(Subscriptions.get(api, merchant.testKey(), id)
                                .expect(200)
                                .json())
                        .isEqualTo(accepted.get(id));
            }
            // and the change log holds exactly one accepted change per create: nothing was applied twice
            var topics = api.topics();
            var changes = topics.values(
                    Topics.CHANGES, (Change c) -> c.getMerchantId().equals(merchant.id()));
            assertThat(changes)
                    .hasSize(N)
                    .allSatisfy(change -> assertThat(change.getOutcome()).isEqualTo(Outcome.ACCEPTED));
            assertThat(changes.stream().map(Change::getAggregateId).distinct())
                    .containsExactlyInAnyOrderElementsOf(accepted.keySet());
            assertThat(changes.stream().map(Change::getCommandId).distinct()).hasSize(N);

            // when one more subscription is created after the restart
            var after = Subscriptions.create(api, merchant.testKey(), "order-after-restart")
                    .at("/subscription/id")
                    .asString();

            // then it works like any other, and it is the only addition
            assertThat(accepted).doesNotContainKey(after);
            var all = Subscriptions.listAllIds(api, merchant.testKey(), 100);
            assertThat(all).hasSize(N + 1).doesNotHaveDuplicates().startsWith(after);
            assertThat(topics.values(
                            Topics.CHANGES, (Change c) -> c.getMerchantId().equals(merchant.id())))
                    .hasSize(N + 1);
            assertThat(topics.values(
                            Topics.SUBSCRIPTION_COMMANDS,
                            (SubscriptionCommand c) -> c.getMerchantId().equals(merchant.id())))
                    .hasSize(N + 1);
        }
    }
}
