package io.abk.billing.streams.customer;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.abk.billing.schemas.avro.CustomerCommand;
import io.abk.billing.schemas.avro.CustomerSnapshot;
import io.abk.billing.schemas.avro.EnsureCustomer;
import io.abk.billing.schemas.avro.Mode;
import io.abk.billing.schemas.ids.CustomerIds;
import io.abk.billing.schemas.ids.IdPrefix;
import io.abk.billing.schemas.ids.Ids;
import io.abk.billing.streams.command.CommandHeader;
import io.abk.billing.streams.command.Stored;
import io.abk.billing.streams.customer.domain.CustomerDetails;
import io.abk.billing.streams.customer.domain.CustomerInstruction;
import io.abk.billing.streams.customer.domain.CustomerInstruction.Create;
import io.abk.billing.streams.customer.domain.CustomerInstruction.Ensure;
import io.abk.billing.streams.customer.domain.CustomerInstruction.Update;
import io.abk.billing.streams.customer.domain.CustomerState.Active;
import io.abk.billing.streams.customer.domain.CustomerState.Existing;
import io.abk.billing.streams.shared.domain.Tenant;
import java.time.Instant;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** The customer's snapshot (its whole stored state) and wire commands to and from the domain. */
class CustomerMappingTest {

    private static final Instant T0 = Instant.parse("2026-03-31T08:00:00Z");
    private static final String WALLET = "0xabcdef0000000000000000000000000000000001";
    private static final String ID = CustomerEnvelopes.customerId(WALLET);

    static Stream<Existing> states() {
        var tenant = new Tenant(CustomerEnvelopes.MERCHANT_ID, io.abk.billing.schemas.mode.Mode.TEST);
        return Stream.of(
                new Active(new CustomerDetails(ID, tenant, WALLET, null, null, Map.of(), T0, T0)),
                new Active(new CustomerDetails(
                        ID,
                        new Tenant(CustomerEnvelopes.MERCHANT_ID, io.abk.billing.schemas.mode.Mode.LIVE),
                        WALLET,
                        "ada@example.com",
                        "Ada",
                        Map.of("tier", "gold"),
                        T0,
                        T0.plusSeconds(60))));
    }

    @ParameterizedTest
    @MethodSource("states")
    void shouldReadBackTheSameStateWhenStored(Existing state) {
        var stored = CustomerSnapshotMapper.write(new Stored<>(4, state));

        assertThat(CustomerSnapshotMapper.read(stored)).isEqualTo(new Stored<>(4, state));
        assertThat(stored.getCustomer().getVersion()).isEqualTo(4);
        assertThat(stored.getCustomer().getWallet()).isEqualTo(WALLET);
    }

    @Test
    void shouldRefuseASnapshotWhoseWalletIsNotLowerCase() {
        var snapshot = CustomerSnapshotMapper.snapshot(states().findFirst().orElseThrow(), 1);

        assertThatThrownBy(() -> CustomerSnapshotMapper.state(CustomerSnapshot.newBuilder(snapshot)
                        .setWallet(WALLET.toUpperCase().replace("0X", "0x"))
                        .build()))
                .hasMessageContaining("lower case");
    }

    @Test
    void shouldMapEveryFieldWhenReadingCreateEnsureAndUpdate() {
        var tenant = new Tenant(CustomerEnvelopes.MERCHANT_ID, io.abk.billing.schemas.mode.Mode.TEST);

        assertThat(instruction(CustomerEnvelopes.create("cmd_1", WALLET, T0, "a@b.example", Map.of("k", "v"))))
                .isEqualTo(new Create(ID, tenant, T0, WALLET, "a@b.example", null, Map.of("k", "v")));
        assertThat(instruction(CustomerEnvelopes.ensure("cmd_2", WALLET, T0, null)))
                .isEqualTo(new Ensure(ID, tenant, T0, WALLET, null));
        assertThat(instruction(CustomerEnvelopes.update("cmd_3", ID, T0, "", "Ada", Map.of("k", ""))))
                .isEqualTo(new Update(ID, tenant, T0, "", "Ada", Map.of("k", "")));
    }

    /** Protects one customer per wallet: a writer that keys a wallet's command by another id would make a second. */
    @Test
    void shouldThrowWhenTheCustomerIdIsNotTheWallets() {
        var other = "0xabcdef0000000000000000000000000000000002";
        var envelope = CustomerEnvelopes.envelope("cmd_1", ID, T0, new EnsureCustomer(other, null));

        assertThatThrownBy(() -> instruction(envelope))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining(CustomerEnvelopes.customerId(other));
    }

    @Test
    void shouldDeriveTheEnsureFromTheCausingCommandWhenAnotherAggregateLearnsAWallet() {
        var mixedCase = "0xABCDEF0000000000000000000000000000000001";

        CustomerCommand ensure = EnsureCustomerMapper.ensure(
                "cmd_sub", CustomerEnvelopes.MERCHANT_ID, Mode.TEST, T0, "req_1", mixedCase, "");

        assertThat(ensure.getCustomerId()).isEqualTo(CustomerIds.of(CustomerEnvelopes.MERCHANT_ID, "test", WALLET));
        assertThat(ensure.getCommandId()).isEqualTo(Ids.derivedId(IdPrefix.COMMAND, T0, "ensurecustomer:cmd_sub"));
        assertThat(ensure.getPayload()).isEqualTo(new EnsureCustomer(WALLET, null));
        assertThat(ensure.getRequestId()).isEqualTo("req_1");
        assertThat(EnsureCustomerMapper.customerId(CustomerEnvelopes.MERCHANT_ID, Mode.LIVE, WALLET))
                .isNotEqualTo(ensure.getCustomerId());
        assertThat(EnsureCustomerMapper.customerId(CustomerEnvelopes.MERCHANT_ID, Mode.TEST, null))
                .isNull();
        assertThat(EnsureCustomerMapper.customerId(CustomerEnvelopes.MERCHANT_ID, Mode.TEST, ""))
                .isNull();
    }

    private static CustomerInstruction instruction(CustomerCommand envelope) {
        return CustomerInstructionMapper.toInstruction(CommandHeader.of(envelope), envelope.getPayload());
    }

    @Test
    void shouldDeriveEachWalletsOwnCustomerIdWhenMerchantsModesAndWalletsAlternate() {
        var first = "0x00000000000000000000000000000000000000a1";
        var second = "0x00000000000000000000000000000000000000B2";
        String[][] asks = {
            {"mer_1", "TEST", first},
            {"mer_1", "TEST", first},
            {"mer_1", "TEST", second},
            {"mer_1", "LIVE", second},
            {"mer_2", "LIVE", second},
            {"mer_1", "TEST", first}
        };
        for (var ask : asks) {
            var mode = Mode.valueOf(ask[1]);
            assertThat(EnsureCustomerMapper.customerId(ask[0], mode, ask[2]))
                    .as(String.join("/", ask))
                    .isEqualTo(CustomerIds.of(ask[0], mode.name().toLowerCase(java.util.Locale.ROOT), ask[2]));
        }
        assertThat(EnsureCustomerMapper.customerId("mer_1", Mode.TEST, " ")).isNull();
    }
}
