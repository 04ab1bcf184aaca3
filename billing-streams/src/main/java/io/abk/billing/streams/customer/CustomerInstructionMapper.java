package io.abk.billing.streams.customer;

import io.abk.billing.schemas.avro.CreateCustomer;
import io.abk.billing.schemas.avro.EnsureCustomer;
import io.abk.billing.schemas.avro.UpdateCustomer;
import io.abk.billing.schemas.ids.CustomerIds;
import io.abk.billing.streams.command.CommandHeader;
import io.abk.billing.streams.customer.domain.CustomerInstruction;
import io.abk.billing.streams.customer.domain.CustomerInstruction.Create;
import io.abk.billing.streams.customer.domain.CustomerInstruction.Ensure;
import io.abk.billing.streams.customer.domain.CustomerInstruction.Update;

/**
 * A command envelope from {@code billing.customer-commands} to a {@link CustomerInstruction}. A payload this code does
 * not know throws, and so does a create or ensure whose customer id is not its wallet's ({@link CustomerIds}): one
 * customer per wallet holds only while every writer derives the key the same way, so such a record is a bug for the
 * dead-letter topic.
 */
final class CustomerInstructionMapper {

    private CustomerInstructionMapper() {}

    /** The instruction {@code payload} asks for, of the command whose header is {@code header}. */
    static CustomerInstruction toInstruction(CommandHeader header, Object payload) {
        var id = header.aggregateId();
        var tenant = header.tenant();
        var at = header.requestedAt();
        return switch (payload) {
            case CreateCustomer create ->
                new Create(
                        id,
                        tenant,
                        at,
                        walletOf(header, create.getWallet()),
                        create.getEmail(),
                        create.getName(),
                        create.getMetadata());
            case EnsureCustomer ensure ->
                new Ensure(id, tenant, at, walletOf(header, ensure.getWallet()), ensure.getEmail());
            case UpdateCustomer update ->
                new Update(id, tenant, at, update.getEmail(), update.getName(), update.getMetadata());
            default -> throw header.unknownPayload(payload);
        };
    }

    private static String walletOf(CommandHeader header, String wallet) {
        var derived = CustomerIds.of(header.merchantId(), header.tenant().mode().label(), wallet);
        if (!derived.equals(header.aggregateId())) {
            throw new IllegalArgumentException("command " + header.commandId() + " names customer "
                    + header.aggregateId() + " but wallet " + wallet + " is customer " + derived);
        }
        return wallet;
    }
}
