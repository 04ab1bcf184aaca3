package io.abk.billing.streams.subscription.domain;

import static io.abk.billing.streams.subscription.domain.Fixtures.INVOICE_ID;
import static io.abk.billing.streams.subscription.domain.Fixtures.NOW;
import static io.abk.billing.streams.subscription.domain.Fixtures.SUBSCRIPTION_ID;
import static io.abk.billing.streams.subscription.domain.Fixtures.TENANT;
import static org.assertj.core.api.Assertions.assertThat;

import io.abk.billing.streams.subscription.domain.SubscriptionInstruction.Create;
import io.abk.billing.streams.subscription.domain.SubscriptionState.Absent;
import io.abk.billing.streams.subscription.domain.SubscriptionState.Existing;
import java.util.HashMap;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/**
 * Metadata merged by updates stays within the 50 keys a create may carry: otherwise a series of valid PATCHes
 * grows the aggregate past what a Kafka record holds and stops the processor for everyone.
 */
class MetadataLimitTest {

    @Test
    void shouldRejectWithUpdateFailedWhenAnUpdateWouldLeaveFiftyOneKeys() {
        // given an active subscription holding one key ("customer")
        var active = Scenarios.active();

        // when fifty new keys are merged in
        var decision = Fixtures.decide(active, Scenarios.update(null, null, keys("k", 50, "v")));

        // then it is refused, naming the limit and the count it would reach
        assertThat(decision).isInstanceOfSatisfying(SubscriptionDecision.Rejected.class, rejected -> {
            assertThat(rejected.reason().code()).isEqualTo("subscription_update_failed");
            assertThat(rejected.message()).contains("at most 50 metadata keys").contains("would leave 51");
        });
    }

    @Test
    void shouldAcceptWhenAnUpdateFillsMetadataToExactlyFiftyKeys() {
        var updated = Scenarios.apply(Scenarios.active(), Scenarios.update(null, null, keys("k", 49, "v")));

        assertThat(updated.details().metadata()).hasSize(50).containsEntry("customer", "c-7");
    }

    @Test
    void shouldAcceptReplacingRemovingAndAddingWhenTheCountStaysAtFifty() {
        // given fifty keys
        var full = Scenarios.apply(Scenarios.active(), Scenarios.update(null, null, keys("k", 49, "v")));
        var changes = new HashMap<String, String>();
        changes.put("customer", "");
        changes.put("k0", "changed");
        changes.put("fresh", "new");

        // when one is removed, one changed and one added, then the fifty are accepted as merged
        var updated = Scenarios.apply(full, Scenarios.update(null, null, changes));

        assertThat(updated.details().metadata())
                .hasSize(50)
                .doesNotContainKey("customer")
                .containsEntry("k0", "changed")
                .containsEntry("fresh", "new");
    }

    @Test
    void shouldLetAnUpdateShrinkButNotGrowASubscriptionThatAlreadyHoldsMoreThanFiftyKeys() {
        // given a subscription holding sixty keys (from before the limit)
        var create = new Create(
                SUBSCRIPTION_ID,
                TENANT,
                NOW,
                INVOICE_ID,
                new Plan(Fixtures.AMOUNT, Interval.MONTH, null, null),
                0,
                Fixtures.WALLETS,
                "order-60",
                keys("k", 60, "v"),
                null,
                null,
                null);
        var decided = (SubscriptionDecision.Accepted) Fixtures.decide(new Absent(), create);
        var crowded = (Existing) SubscriptionEvolver.evolveAll(new Absent(), decided.events());

        // when five keys are removed, then it is accepted; when one more is added, refused
        var shrunk = Scenarios.apply(crowded, Scenarios.update(null, null, keys("k", 5, "")));
        assertThat(shrunk.details().metadata()).hasSize(55);
        assertThat(Fixtures.decide(shrunk, Scenarios.update(null, null, Map.of("more", "v"))))
                .isInstanceOf(SubscriptionDecision.Rejected.class);
        // and a change of a value that keeps the count is still an update
        var changed = Scenarios.apply(shrunk, Scenarios.update(null, null, Map.of("k10", "w")));
        assertThat(changed.details().metadata()).hasSize(55).containsEntry("k10", "w");
    }

    /** {@code count} keys {@code <prefix>0..}, each with {@code value}. */
    private static Map<String, String> keys(String prefix, int count, String value) {
        return IntStream.range(0, count).boxed().collect(Collectors.toMap(i -> prefix + i, i -> value));
    }
}
