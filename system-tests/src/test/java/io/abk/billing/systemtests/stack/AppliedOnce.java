package io.abk.billing.systemtests.stack;

import static org.assertj.core.api.Assertions.assertThat;

import io.abk.billing.schemas.avro.Change;
import io.abk.billing.schemas.topic.Topics;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import tools.jackson.databind.JsonNode;

/**
 * What a test asserts of the commands a {@link ScaleOutLoad} sent while replicas failed, stood still or came and went:
 * each was applied once, each accepted create made one subscription, and none was left without an answer.
 */
final class AppliedOnce {

    private AppliedOnce() {}

    /** A processor that failed over must not apply a command twice: one {@code Change} per command id. */
    static void assertEachCommandAppliedOnce(TopicLog topics, String merchantId) {
        var counts = topics
                .values(Topics.CHANGES, change -> change.getMerchantId().equals(merchantId))
                .stream()
                .collect(Collectors.groupingBy(Change::getCommandId, Collectors.counting()));
        var twice = counts.entrySet().stream()
                .filter(entry -> entry.getValue() > 1)
                .map(Map.Entry::getKey)
                .toList();
        System.out.printf("%d commands of merchant %s applied%n", counts.size(), merchantId);
        assertThat(twice).as("command ids applied more than once").isEmpty();
    }

    /**
     * Each create answered 201 made exactly the subscription it answered, no merchant reference was created twice,
     * and every request but a link's open got a final answer.
     */
    static void assertEachAcceptedCreateMadeOneSubscription(
            Api api, String key, ScaleOutLoad load, List<ScaleOutLoad.Outcome> outcomes) {
        var byRef = new HashMap<String, List<String>>();
        for (var subscription : allSubscriptions(api, key)) {
            byRef.computeIfAbsent(subscription.path("merchantRef").asString(), ref -> new ArrayList<>())
                    .add(subscription.path("id").asString());
        }
        var created = outcomes.stream()
                .filter(outcome -> outcome.operation().equals("create") && outcome.status() == 201)
                .toList();
        assertThat(created).isNotEmpty();
        for (var outcome : created) {
            var id = outcome.body().at("/subscription/id").asString();
            assertThat(byRef.get(load.merchantRef(outcome.number())))
                    .as("subscriptions of create " + outcome.number())
                    .containsExactly(id);
        }
        assertThat(byRef.values())
                .as("no merchant reference was created twice")
                .allSatisfy(ids -> assertThat(ids).hasSize(1));
        var unanswered = outcomes.stream()
                .filter(outcome -> outcome.status() == 0 && !outcome.operation().equals("open"))
                .toList();
        assertThat(unanswered).as("requests that never got an answer").isEmpty();
    }

    private static List<JsonNode> allSubscriptions(Api api, String key) {
        var all = new ArrayList<JsonNode>();
        String after = null;
        while (true) {
            var page = api.get(Subscriptions.PATH + "?limit=100" + (after == null ? "" : "&startingAfter=" + after))
                    .key(key)
                    .send()
                    .expect(200)
                    .json();
            page.path("subscriptions").forEach(all::add);
            if (!page.path("hasMore").asBoolean()) {
                return all;
            }
            after = all.getLast().path("id").asString();
        }
    }
}
