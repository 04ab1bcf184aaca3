package io.abk.billing.gateway.testkit;

import io.abk.billing.gateway.testkit.StubChanges.Output;
import io.abk.billing.gateway.testkit.StubChanges.Source;
import io.abk.billing.schemas.avro.Change;
import io.abk.billing.schemas.avro.CreateCustomer;
import io.abk.billing.schemas.avro.CustomerCommand;
import io.abk.billing.schemas.avro.CustomerSnapshot;
import io.abk.billing.schemas.avro.EnsureCustomer;
import io.abk.billing.schemas.avro.UpdateCustomer;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * Just enough of the customer aggregate for the gateway's tests: NOT the real decider (billing-streams has it).
 * Create makes the customer, or refuses {@code customer_exists} naming it; ensure makes it when absent and changes
 * nothing otherwise; update of a missing one is {@code resource_missing}, else sets, clears ({@code ""}) or keeps
 * email and name and merges metadata ({@code ""} removes a key), a new version only when something changed. Used
 * by the stand-in's one thread.
 */
final class StubCustomers {

    private final Map<String, CustomerSnapshot> customers = new HashMap<>();

    Output decide(CustomerCommand command) {
        var source = new Source(
                command.getCommandId(),
                "customer",
                command.getCustomerId(),
                command.getMerchantId(),
                command.getMode(),
                command.getRequestedAt());
        var customer = customers.get(command.getCustomerId());
        return switch (command.getPayload()) {
            case CreateCustomer create ->
                customer != null
                        ? Output.of(source.rejected(
                                "customer_exists", "The wallet has a customer already: " + customer.getId()))
                        : Output.of(accept(
                                source,
                                created(command, create.getWallet(), create.getEmail(), create.getName())
                                        .setMetadata(create.getMetadata())
                                        .build()));
            case EnsureCustomer ensure ->
                customer != null
                        ? Output.of(source.accepted(List.of(), null))
                        : Output.of(accept(
                                source,
                                created(command, ensure.getWallet(), ensure.getEmail(), null)
                                        .build()));
            case UpdateCustomer update -> update(source, customer, update);
            default ->
                Output.of(source.rejected(
                        "validation_error",
                        "The stand-in does not know "
                                + command.getPayload().getClass().getSimpleName()));
        };
    }

    private Output update(Source source, @Nullable CustomerSnapshot customer, UpdateCustomer update) {
        if (customer == null) {
            return Output.of(source.rejected("resource_missing", "No such customer: '" + source.aggregateId() + "'"));
        }
        var metadata = new HashMap<>(customer.getMetadata());
        update.getMetadata().forEach((key, value) -> {
            if (value.isEmpty()) {
                metadata.remove(key);
            } else {
                metadata.put(key, value);
            }
        });
        var email = changed(customer.getEmail(), update.getEmail());
        var name = changed(customer.getName(), update.getName());
        if (Objects.equals(email, customer.getEmail())
                && Objects.equals(name, customer.getName())
                && metadata.equals(customer.getMetadata())) {
            return Output.of(source.accepted(List.of(), null));
        }
        return Output.of(accept(
                source,
                CustomerSnapshot.newBuilder(customer)
                        .setEmail(email)
                        .setName(name)
                        .setMetadata(metadata)
                        .setUpdatedAt(source.requestedAt())
                        .build()));
    }

    /** null keeps {@code current}, {@code ""} clears it, anything else replaces it. */
    private static @Nullable String changed(@Nullable String current, @Nullable String given) {
        if (given == null) {
            return current;
        }
        return given.isEmpty() ? null : given;
    }

    private static CustomerSnapshot.Builder created(
            CustomerCommand command, String wallet, @Nullable String email, @Nullable String name) {
        return CustomerSnapshot.newBuilder()
                .setId(command.getCustomerId())
                .setMerchantId(command.getMerchantId())
                .setMode(command.getMode())
                .setVersion(0)
                .setWallet(wallet)
                .setEmail(email)
                .setName(name)
                .setMetadata(Map.of())
                .setCreatedAt(command.getRequestedAt())
                .setUpdatedAt(command.getRequestedAt());
    }

    /** Records the customer at its next version and writes the accepted Change. */
    private Change accept(Source source, CustomerSnapshot customer) {
        var next = CustomerSnapshot.newBuilder(customer)
                .setVersion(customer.getVersion() + 1)
                .build();
        customers.put(next.getId(), next);
        return source.accepted(List.of(next), null);
    }
}
