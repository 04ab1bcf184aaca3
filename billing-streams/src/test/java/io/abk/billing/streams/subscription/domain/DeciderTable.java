package io.abk.billing.streams.subscription.domain;

import static org.assertj.core.api.Assertions.assertThat;

import io.abk.billing.streams.subscription.domain.SubscriptionState.Existing;
import java.util.List;
import java.util.function.Consumer;
import java.util.function.Function;
import org.jspecify.annotations.Nullable;

/**
 * The rows of the decider tables: given a state (reached through the decider), when a trigger arrives, then the
 * decision is a rejection with a code, a failure with a code, an acceptance that changes nothing, or an acceptance
 * whose events (by type, in order) lead to a status, plus whatever else the row checks on the state after.
 */
final class DeciderTable {

    private DeciderTable() {}

    record Row(String name, Existing given, Function<Existing, SubscriptionInstruction> when, Expect then) {
        @Override
        public String toString() {
            return name;
        }

        void verify() {
            then.verify(given, Fixtures.decide(given, when.apply(given)));
        }
    }

    record Expect(
            @Nullable SubscriptionRejection refusal,
            boolean stateChanges,
            @Nullable String status,
            List<Class<? extends SubscriptionEvent>> events,
            Consumer<Existing> check) {

        Expect and(Consumer<Existing> more) {
            return new Expect(refusal, stateChanges, status, events, check.andThen(more));
        }

        void verify(Existing before, SubscriptionDecision decision) {
            if (refusal == null && !stateChanges) {
                assertThat(decision)
                        .as("expected an accepted no-op")
                        .isEqualTo(new SubscriptionDecision.Accepted(List.of()));
                return;
            }
            if (refusal != null && !stateChanges) {
                assertThat(decision).isInstanceOfSatisfying(SubscriptionDecision.Rejected.class, rejected -> {
                    assertThat(rejected.reason()).isEqualTo(refusal);
                    assertThat(rejected.message()).isNotBlank();
                });
                return;
            }
            List<SubscriptionEvent> produced = switch (decision) {
                case SubscriptionDecision.Accepted accepted -> {
                    assertThat(refusal)
                            .as("expected a refusal, got %s", decision)
                            .isNull();
                    yield accepted.events();
                }
                case SubscriptionDecision.Failed failed -> {
                    assertThat(failed.reason()).as("failed with %s", failed).isEqualTo(refusal);
                    yield failed.events();
                }
                case SubscriptionDecision.Rejected rejected -> throw new AssertionError("rejected: " + rejected);
            };
            assertThat(produced).extracting(Object::getClass).containsExactlyElementsOf(events);
            var after = (Existing) SubscriptionEvolver.evolveAll(before, produced);
            assertThat(Statuses.name(after)).isEqualTo(status);
            check.accept(after);
        }
    }

    static Row row(String name, Existing given, Function<Existing, SubscriptionInstruction> when, Expect then) {
        return new Row(name, given, when, then);
    }

    static Expect rejects(SubscriptionRejection reason) {
        return new Expect(reason, false, null, List.of(), after -> {});
    }

    /** A refusal the caller sees that still records bookkeeping; the status stays {@code status}. */
    static Expect fails(SubscriptionRejection reason, String status, List<Class<? extends SubscriptionEvent>> events) {
        return new Expect(reason, true, status, events, after -> {});
    }

    /** Accepted and nothing changes: no event (a stale or not applicable scheduler command). */
    static Expect ignores() {
        return new Expect(null, false, null, List.of(), after -> {});
    }

    @SafeVarargs
    static Expect accepts(String status, Class<? extends SubscriptionEvent>... events) {
        return new Expect(null, true, status, List.of(events), after -> {});
    }
}
