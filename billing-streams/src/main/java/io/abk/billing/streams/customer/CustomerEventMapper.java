package io.abk.billing.streams.customer;

import io.abk.billing.schemas.avro.BillingEvent;
import io.abk.billing.schemas.avro.CustomerSnapshot;
import io.abk.billing.schemas.avro.EventData;
import io.abk.billing.streams.command.CommandHeader;
import io.abk.billing.streams.command.EventIds;
import io.abk.billing.streams.customer.domain.CustomerEvent;
import io.abk.billing.streams.customer.domain.CustomerEvent.CustomerCreated;
import io.abk.billing.streams.customer.domain.CustomerEvent.CustomerUpdated;
import io.abk.billing.streams.customer.domain.CustomerEvent.Published;
import java.util.List;

/**
 * What the events of an accepted customer command send out, as Avro: the public events {@code customer.created} and
 * {@code customer.updated}, each with the customer after the whole command ({@code data.customer}).
 */
final class CustomerEventMapper {

    private CustomerEventMapper() {}

    static List<BillingEvent> toBillingEvents(
            CommandHeader header, List<CustomerEvent> events, CustomerSnapshot after) {
        return EventIds.published(
                header,
                events,
                Published.class,
                () -> EventData.newBuilder().setCustomer(after),
                (event, data) -> switch (event) {
                    case CustomerCreated e -> "customer.created";
                    case CustomerUpdated e -> "customer.updated";
                });
    }
}
