package io.abk.billing.streams.shared.domain;

import java.util.function.UnaryOperator;

/**
 * What every aggregate's {@code Existing} state is: one record per status, all sharing the aggregate's details, so
 * that a change of details keeps the status. The subscription's, the payment's and the payment link's
 * {@code Existing} extend it with their statuses.
 *
 * @param <D> the details every status of the aggregate shares
 * @param <S> the aggregate's {@code Existing} interface, which a change of details returns
 */
public interface ExistingState<D extends ExistingState.Details, S extends ExistingState<D, S>> {

    /** The details of an aggregate, whatever its status: they carry its id. */
    interface Details {
        String id();
    }

    D details();

    /** The same status with other details. */
    S withDetails(D details);

    default S mapDetails(UnaryOperator<D> change) {
        return withDetails(change.apply(details()));
    }

    default String id() {
        return details().id();
    }
}
