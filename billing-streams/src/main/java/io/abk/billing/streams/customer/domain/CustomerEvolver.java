package io.abk.billing.streams.customer.domain;

import io.abk.billing.streams.customer.domain.CustomerEvent.CustomerCreated;
import io.abk.billing.streams.customer.domain.CustomerEvent.CustomerUpdated;
import io.abk.billing.streams.customer.domain.CustomerState.Absent;
import io.abk.billing.streams.customer.domain.CustomerState.Active;
import io.abk.billing.streams.customer.domain.CustomerState.Existing;
import io.abk.billing.streams.shared.domain.Evolution;
import java.util.List;

/**
 * The customer's {@code evolve}: one event applied to a state, and a command's events in order. An event that cannot
 * apply to the state (a second creation, an update of a missing or another customer) can only come from a bug and
 * throws.
 */
public final class CustomerEvolver {

    private CustomerEvolver() {}

    public static CustomerState evolve(CustomerState state, CustomerEvent event) {
        return switch (event) {
            case CustomerCreated created -> {
                if (!(state instanceof Absent)) {
                    throw new IllegalStateException(
                            "customer " + created.customer().id() + " is created twice");
                }
                yield new Active(created.customer());
            }
            case CustomerUpdated updated -> {
                if (!(state instanceof Existing existing)
                        || !existing.id().equals(updated.customer().id())) {
                    throw new IllegalStateException(event + " on " + state);
                }
                yield existing.withDetails(updated.customer());
            }
        };
    }

    /** Applies {@code events} in order. */
    public static CustomerState evolveAll(CustomerState state, List<CustomerEvent> events) {
        return Evolution.evolveAll(state, events, CustomerEvolver::evolve);
    }
}
