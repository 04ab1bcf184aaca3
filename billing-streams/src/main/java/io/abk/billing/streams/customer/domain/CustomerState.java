package io.abk.billing.streams.customer.domain;

import io.abk.billing.streams.shared.domain.ExistingState;

/**
 * The state of one customer aggregate: absent, or a customer. A customer has no statuses (it exists for as long as
 * its merchant does), so {@link Existing} has one record; the shape is every aggregate's, so a status can be added as
 * a record of its own.
 */
public sealed interface CustomerState {

    /** No customer has been created under this id. */
    record Absent() implements CustomerState {}

    /** A customer that exists. */
    sealed interface Existing extends CustomerState, ExistingState<CustomerDetails, Existing> {

        @Override
        default Existing withDetails(CustomerDetails details) {
            return switch (this) {
                case Active s -> new Active(details);
            };
        }
    }

    record Active(CustomerDetails details) implements Existing {}
}
