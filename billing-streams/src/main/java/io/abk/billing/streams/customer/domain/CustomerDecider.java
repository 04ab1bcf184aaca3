package io.abk.billing.streams.customer.domain;

import io.abk.billing.streams.customer.domain.CustomerDecision.Accepted;
import io.abk.billing.streams.customer.domain.CustomerDecision.Rejected;
import io.abk.billing.streams.customer.domain.CustomerEvent.CustomerCreated;
import io.abk.billing.streams.customer.domain.CustomerEvent.CustomerUpdated;
import io.abk.billing.streams.customer.domain.CustomerInstruction.Create;
import io.abk.billing.streams.customer.domain.CustomerInstruction.Ensure;
import io.abk.billing.streams.customer.domain.CustomerInstruction.Update;
import io.abk.billing.streams.customer.domain.CustomerState.Existing;
import io.abk.billing.streams.shared.domain.Metadata;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * The customer's rules (docs/architecture.md, "Customer") as a pure function: {@link #decide} answers a command with
 * events or a rejection ({@link CustomerEvolver} applies them). A create of a wallet that has a customer is refused,
 * an ensure of one does nothing, and an update that changes nothing is accepted without an event.
 */
public final class CustomerDecider {

    /** The most metadata keys a customer holds: as many as a create may carry (the gateway's request limit). */
    static final int MAX_METADATA_KEYS = 50;

    private CustomerDecider() {}

    public static CustomerDecision decide(CustomerState state, CustomerInstruction command) {
        return switch (command) {
            case Create create -> create(state, create);
            case Ensure ensure ->
                state instanceof Existing
                        ? accept()
                        : accept(new CustomerCreated(created(ensure, ensure.wallet(), ensure.email(), null, Map.of())));
            case Update update -> update(state, update);
        };
    }

    private static CustomerDecision create(CustomerState state, Create command) {
        if (state instanceof Existing existing) {
            return new Rejected(
                    CustomerRejection.CUSTOMER_EXISTS,
                    "Wallet " + existing.details().wallet() + " already has customer " + existing.id());
        }
        return accept(new CustomerCreated(
                created(command, command.wallet(), command.email(), command.name(), command.metadata())));
    }

    private static CustomerDetails created(
            CustomerInstruction command,
            String wallet,
            @Nullable String email,
            @Nullable String name,
            Map<String, String> metadata) {
        return new CustomerDetails(
                command.customerId(),
                command.tenant(),
                wallet.toLowerCase(Locale.ROOT),
                emptyAsNull(email),
                emptyAsNull(name),
                Metadata.merged(Map.of(), metadata),
                command.requestedAt(),
                command.requestedAt());
    }

    private static CustomerDecision update(CustomerState state, Update command) {
        if (!(state instanceof Existing existing)
                || !existing.details().tenant().equals(command.tenant())) {
            // Another merchant's or mode's customer is indistinguishable from a missing one.
            return new Rejected(CustomerRejection.RESOURCE_MISSING, "No such customer: " + command.customerId());
        }
        var d = existing.details();
        var email = command.email() == null ? d.email() : emptyAsNull(command.email());
        var name = command.name() == null ? d.name() : emptyAsNull(command.name());
        var metadata = Metadata.merged(d.metadata(), command.metadata());
        // Only growth past the limit is refused, so an update can still shrink a customer that holds more.
        if (metadata.size() > MAX_METADATA_KEYS
                && metadata.size() > d.metadata().size()) {
            return new Rejected(
                    CustomerRejection.UPDATE_FAILED,
                    "Customer " + d.id() + " can hold at most " + MAX_METADATA_KEYS
                            + " metadata keys and this update would leave " + metadata.size()
                            + "; an empty value removes a key");
        }
        if (Objects.equals(email, d.email()) && Objects.equals(name, d.name()) && metadata.equals(d.metadata())) {
            return accept();
        }
        // Never before its creation, even when the command's clock runs behind the one that created it.
        var at = command.requestedAt().isBefore(d.createdAt()) ? d.createdAt() : command.requestedAt();
        return accept(new CustomerUpdated(d.with(email, name, metadata, at)));
    }

    private static @Nullable String emptyAsNull(@Nullable String value) {
        return value == null || value.isEmpty() ? null : value;
    }

    private static CustomerDecision accept(CustomerEvent... events) {
        return new Accepted(List.of(events));
    }
}
