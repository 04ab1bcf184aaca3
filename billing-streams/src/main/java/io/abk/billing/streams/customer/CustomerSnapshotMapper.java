package io.abk.billing.streams.customer;

import io.abk.billing.schemas.avro.CustomerAggregate;
import io.abk.billing.schemas.avro.CustomerSnapshot;
import io.abk.billing.schemas.mode.ModeMapper;
import io.abk.billing.streams.command.Stored;
import io.abk.billing.streams.customer.domain.CustomerDetails;
import io.abk.billing.streams.customer.domain.CustomerState.Active;
import io.abk.billing.streams.customer.domain.CustomerState.Existing;
import io.abk.billing.streams.shared.domain.Tenant;

/**
 * A customer's state to and from Avro: its {@link CustomerSnapshot} (what the API renders, at a version) and the store
 * value ({@link CustomerAggregate}: the snapshot is the whole stored state, with the sequence of accepted commands, its
 * version). Reading refuses what the domain cannot represent (a wallet not in lower case, an update before the
 * creation).
 */
final class CustomerSnapshotMapper {

    private CustomerSnapshotMapper() {}

    static Stored<Existing> read(CustomerAggregate aggregate) {
        return new Stored<>(aggregate.getSequence(), state(aggregate.getCustomer()));
    }

    static CustomerAggregate write(Stored<Existing> stored) {
        return new CustomerAggregate(stored.sequence(), snapshot(stored.state(), stored.sequence()));
    }

    static CustomerSnapshot snapshot(Existing state, long version) {
        var d = state.details();
        return CustomerSnapshot.newBuilder()
                .setId(d.id())
                .setMerchantId(d.tenant().merchantId())
                .setMode(ModeMapper.toAvro(d.tenant().mode()))
                .setVersion(version)
                .setWallet(d.wallet())
                .setEmail(d.email())
                .setName(d.name())
                .setMetadata(d.metadata())
                .setCreatedAt(d.createdAt())
                .setUpdatedAt(d.updatedAt())
                .build();
    }

    static Existing state(CustomerSnapshot s) {
        return new Active(new CustomerDetails(
                s.getId(),
                new Tenant(s.getMerchantId(), ModeMapper.toDomain(s.getMode())),
                s.getWallet(),
                s.getEmail(),
                s.getName(),
                s.getMetadata(),
                s.getCreatedAt(),
                s.getUpdatedAt()));
    }
}
