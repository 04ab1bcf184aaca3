package io.abk.billing.streams.customer.domain;

/**
 * What happened to a customer, in order; {@link CustomerEvolver#evolve} folds them into the state. Both are public
 * ({@code customer.created}, {@code customer.updated}) and carry the customer after the change.
 */
public sealed interface CustomerEvent {

    /** An event the outside world sees on {@code billing.events}. */
    sealed interface Published extends CustomerEvent {}

    record CustomerCreated(CustomerDetails customer) implements Published {}

    /** Its email, name or metadata changed: {@code customer} is what it is now. */
    record CustomerUpdated(CustomerDetails customer) implements Published {}
}
