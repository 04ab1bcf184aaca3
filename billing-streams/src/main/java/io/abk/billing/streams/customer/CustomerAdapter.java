package io.abk.billing.streams.customer;

import io.abk.billing.schemas.avro.BillingEvent;
import io.abk.billing.schemas.avro.CustomerAggregate;
import io.abk.billing.schemas.avro.CustomerCommand;
import io.abk.billing.streams.command.AggregateAdapter;
import io.abk.billing.streams.command.Changes;
import io.abk.billing.streams.command.CommandHeader;
import io.abk.billing.streams.command.Stored;
import io.abk.billing.streams.customer.domain.CustomerDecider;
import io.abk.billing.streams.customer.domain.CustomerDecision.Accepted;
import io.abk.billing.streams.customer.domain.CustomerDecision.Rejected;
import io.abk.billing.streams.customer.domain.CustomerEvolver;
import io.abk.billing.streams.customer.domain.CustomerState;
import io.abk.billing.streams.customer.domain.CustomerState.Absent;
import io.abk.billing.streams.customer.domain.CustomerState.Existing;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * The customer aggregate's adapter for the command processor: maps the envelope to an instruction, loads the state,
 * lets {@link CustomerDecider} decide and {@link CustomerEvolver} apply, and computes everything to write. Every
 * accepted command bumps the sequence (the snapshot's version) and writes the customer's snapshot, even when nothing
 * changed (an ensure of an existing customer, an update to the same values), so the caller always gets the customer
 * back; only a change publishes an event.
 */
public record CustomerAdapter(CustomerNodes nodes) implements AggregateAdapter<CustomerCommand, CustomerAggregate> {

    public static final String AGGREGATE_TYPE = "customer";

    @Override
    public String idOf(CustomerAggregate stored) {
        return stored.getCustomer().getId();
    }

    @Override
    public Applied<CustomerAggregate> apply(
            CommandHeader header, CustomerCommand envelope, @Nullable CustomerAggregate storedValue) {
        var instruction = CustomerInstructionMapper.toInstruction(header, envelope.getPayload());
        Stored<CustomerState> stored = Stored.orAbsent(storedValue, CustomerSnapshotMapper::read, new Absent());
        var before = stored.state();
        long sequence = stored.sequence();
        return switch (CustomerDecider.decide(before, instruction)) {
            case Rejected rejected ->
                Applied.rejected(Changes.rejected(
                        header, AGGREGATE_TYPE, rejected.reason().code(), rejected.message()));
            case Accepted accepted -> {
                var after = AggregateAdapter.existing(
                        CustomerEvolver.evolveAll(before, accepted.events()), Existing.class, header, AGGREGATE_TYPE);
                var snapshot = CustomerSnapshotMapper.snapshot(after, sequence + 1);
                var events = CustomerEventMapper.toBillingEvents(header, accepted.events(), snapshot);
                var forwards = events.stream()
                        .map(event -> new Forward(nodes.eventsSink(), envelope.getCustomerId(), event))
                        .toList();
                yield new Applied<>(
                        CustomerSnapshotMapper.write(new Stored<>(sequence + 1, after)),
                        Changes.accepted(
                                header,
                                AGGREGATE_TYPE,
                                List.of(snapshot),
                                events.stream().map(BillingEvent::getEventId).toList(),
                                null),
                        forwards);
            }
        };
    }
}
