package io.abk.billing.streams.customer.domain;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.abk.billing.schemas.mode.Mode;
import io.abk.billing.streams.customer.domain.CustomerDecision.Accepted;
import io.abk.billing.streams.customer.domain.CustomerDecision.Rejected;
import io.abk.billing.streams.customer.domain.CustomerEvent.CustomerCreated;
import io.abk.billing.streams.customer.domain.CustomerEvent.CustomerUpdated;
import io.abk.billing.streams.customer.domain.CustomerInstruction.Create;
import io.abk.billing.streams.customer.domain.CustomerInstruction.Ensure;
import io.abk.billing.streams.customer.domain.CustomerInstruction.Update;
import io.abk.billing.streams.customer.domain.CustomerState.Absent;
import io.abk.billing.streams.customer.domain.CustomerState.Active;
import io.abk.billing.streams.customer.domain.CustomerState.Existing;
import io.abk.billing.streams.shared.domain.Tenant;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.stream.Stream;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The customer's rules (docs/architecture.md, "Customer"): create, ensure and update in each state, allowed or
 * rejected, with what each leaves behind.
 */
class CustomerDeciderTest {

    private static final String ID = "cus_0000000000000000000000000a";
    private static final Tenant TENANT = new Tenant("mer_1", Mode.TEST);
    private static final Instant CREATED = Instant.parse("2026-05-01T09:00:00Z");
    private static final Instant LATER = CREATED.plusSeconds(3600);
    private static final String WALLET = "0xabcdef0000000000000000000000000000000001";

    /** A customer with every detail set: email, name and two metadata keys. */
    private static final Existing FULL = new Active(new CustomerDetails(
            ID, TENANT, WALLET, "ada@example.com", "Ada", Map.of("tier", "gold", "region", "eu"), CREATED, CREATED));

    record Row(String name, CustomerState given, CustomerInstruction when, Expect then) {
        @Override
        public String toString() {
            return name;
        }
    }

    record Expect(
            @Nullable String code, List<Class<? extends CustomerEvent>> events, Consumer<CustomerDetails> check) {}

    static Stream<Row> table() {
        var rows = new ArrayList<Row>();
        rows.add(new Row(
                "absent: create -> created [CustomerCreated], the wallet lower-cased, empty values dropped",
                new Absent(),
                new Create(
                        ID,
                        TENANT,
                        CREATED,
                        "0xABCDEF0000000000000000000000000000000001",
                        "ada@example.com",
                        "",
                        Map.of("tier", "gold", "blank", "")),
                accepts(List.of(CustomerCreated.class), d -> {
                    assertThat(d.wallet()).isEqualTo(WALLET);
                    assertThat(d.email()).isEqualTo("ada@example.com");
                    assertThat(d.name()).isNull();
                    assertThat(d.metadata()).isEqualTo(Map.of("tier", "gold"));
                    assertThat(d.createdAt()).isEqualTo(CREATED);
                    assertThat(d.updatedAt()).isEqualTo(CREATED);
                    assertThat(d.tenant()).isEqualTo(TENANT);
                })));
        rows.add(new Row(
                "absent: ensure with an email -> created [CustomerCreated] with it",
                new Absent(),
                new Ensure(ID, TENANT, CREATED, WALLET, "ada@example.com"),
                accepts(List.of(CustomerCreated.class), d -> {
                    assertThat(d.email()).isEqualTo("ada@example.com");
                    assertThat(d.name()).isNull();
                    assertThat(d.metadata()).isEmpty();
                })));
        rows.add(new Row(
                "absent: ensure without an email -> created [CustomerCreated] without one",
                new Absent(),
                new Ensure(ID, TENANT, CREATED, WALLET, null),
                accepts(
                        List.of(CustomerCreated.class),
                        d -> assertThat(d.email()).isNull())));
        rows.add(new Row(
                "absent: update -> rejected resource_missing",
                new Absent(),
                update(LATER, "b@example.com", null, Map.of()),
                rejects("resource_missing")));
        rows.add(new Row(
                "existing: create -> rejected customer_exists",
                FULL,
                new Create(ID, TENANT, LATER, WALLET, "other@example.com", null, Map.of()),
                rejects("customer_exists")));
        rows.add(new Row(
                "existing: ensure with another email -> accepted [], the email kept",
                FULL,
                new Ensure(ID, TENANT, LATER, WALLET, "other@example.com"),
                accepts(List.of(), d -> assertThat(d).isEqualTo(FULL.details()))));
        rows.add(new Row(
                "existing: update of the email -> [CustomerUpdated], name and metadata kept",
                FULL,
                update(LATER, "grace@example.com", null, Map.of()),
                accepts(List.of(CustomerUpdated.class), d -> {
                    assertThat(d.email()).isEqualTo("grace@example.com");
                    assertThat(d.name()).isEqualTo("Ada");
                    assertThat(d.metadata()).isEqualTo(FULL.details().metadata());
                    assertThat(d.updatedAt()).isEqualTo(LATER);
                    assertThat(d.createdAt()).isEqualTo(CREATED);
                })));
        rows.add(new Row(
                "existing: an empty email and name -> [CustomerUpdated], both cleared",
                FULL,
                update(LATER, "", "", Map.of()),
                accepts(List.of(CustomerUpdated.class), d -> {
                    assertThat(d.email()).isNull();
                    assertThat(d.name()).isNull();
                })));
        rows.add(new Row(
                "existing: metadata -> [CustomerUpdated], merged key by key, an empty value removing its key",
                FULL,
                update(LATER, null, null, Map.of("tier", "", "plan", "pro")),
                accepts(
                        List.of(CustomerUpdated.class),
                        d -> assertThat(d.metadata()).isEqualTo(Map.of("region", "eu", "plan", "pro")))));
        rows.add(new Row(
                "existing: the same values -> accepted [], nothing changed",
                FULL,
                update(LATER, "ada@example.com", "Ada", Map.of("tier", "gold", "unknown", "")),
                accepts(List.of(), d -> assertThat(d).isEqualTo(FULL.details()))));
        rows.add(new Row(
                "existing: nothing given -> accepted [], nothing changed",
                FULL,
                update(LATER, null, null, Map.of()),
                accepts(List.of(), d -> assertThat(d).isEqualTo(FULL.details()))));
        rows.add(new Row(
                "existing: update by the other mode -> rejected resource_missing",
                FULL,
                new Update(ID, new Tenant("mer_1", Mode.LIVE), LATER, "x@example.com", null, Map.of()),
                rejects("resource_missing")));
        rows.add(new Row(
                "existing: update by another merchant -> rejected resource_missing",
                FULL,
                new Update(ID, new Tenant("mer_2", Mode.TEST), LATER, "x@example.com", null, Map.of()),
                rejects("resource_missing")));
        rows.add(new Row(
                "existing: an update stamped before the creation -> [CustomerUpdated] at the creation's time",
                FULL,
                update(CREATED.minusSeconds(5), "grace@example.com", null, Map.of()),
                accepts(
                        List.of(CustomerUpdated.class),
                        d -> assertThat(d.updatedAt()).isEqualTo(CREATED))));
        rows.add(new Row(
                "existing: metadata growing past 50 keys -> rejected customer_update_failed",
                FULL,
                update(LATER, null, null, keys(49)),
                rejects("customer_update_failed")));
        rows.add(new Row(
                "existing: metadata reaching 50 keys -> [CustomerUpdated]",
                FULL,
                update(LATER, null, null, keys(48)),
                accepts(
                        List.of(CustomerUpdated.class),
                        d -> assertThat(d.metadata()).hasSize(50))));
        return rows.stream();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("table")
    void shouldFollowTheCustomerRulesWhenACommandArrives(Row row) {
        var decision = CustomerDecider.decide(row.given(), row.when());
        var then = row.then();
        switch (decision) {
            case Rejected rejected -> {
                assertThat(then.code()).as("rejected: %s", rejected).isNotNull();
                assertThat(rejected.reason().code()).isEqualTo(then.code());
                assertThat(rejected.message()).contains(ID);
            }
            case Accepted accepted -> {
                assertThat(then.code()).as("accepted, expected %s", then.code()).isNull();
                assertThat(accepted.events()).extracting(Object::getClass).containsExactlyElementsOf(then.events());
                var after = (Existing) CustomerEvolver.evolveAll(row.given(), accepted.events());
                assertThat(after.id()).isEqualTo(ID);
                then.check().accept(after.details());
            }
        }
    }

    @Test
    void shouldNameTheWalletAndTheExistingCustomerWhenASecondCreateIsRefused() {
        var decision = CustomerDecider.decide(FULL, new Create(ID, TENANT, LATER, WALLET, null, null, Map.of()));

        assertThat(decision)
                .isEqualTo(new Rejected(
                        CustomerRejection.CUSTOMER_EXISTS, "Wallet " + WALLET + " already has customer " + ID));
    }

    @Test
    void shouldThrowWhenAnEventCannotApply() {
        var created = new CustomerCreated(FULL.details());
        var updated = new CustomerUpdated(FULL.details());

        assertThatThrownBy(() -> CustomerEvolver.evolve(FULL, created)).hasMessageContaining("created twice");
        assertThatThrownBy(() -> CustomerEvolver.evolve(new Absent(), updated))
                .isInstanceOf(IllegalStateException.class);
    }

    @Test
    void shouldRefuseDetailsWhoseWalletIsNotLowerCase() {
        assertThatThrownBy(() -> new CustomerDetails(ID, TENANT, "0xABC", null, null, Map.of(), CREATED, CREATED))
                .hasMessageContaining("lower case");
    }

    private static Update update(
            Instant at, @Nullable String email, @Nullable String name, Map<String, String> metadata) {
        return new Update(ID, TENANT, at, email, name, metadata);
    }

    /** {@code count} new metadata keys. */
    private static Map<String, String> keys(int count) {
        var out = new HashMap<String, String>();
        for (int i = 0; i < count; i++) {
            out.put("k" + i, "v");
        }
        return out;
    }

    private static Expect rejects(String code) {
        return new Expect(code, List.of(), d -> {});
    }

    private static Expect accepts(List<Class<? extends CustomerEvent>> events, Consumer<CustomerDetails> check) {
        return new Expect(null, events, check);
    }
}
