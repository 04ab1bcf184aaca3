package io.abk.billing.streams.topology;

import static io.abk.billing.streams.topology.TopologyHarness.single;
import static org.assertj.core.api.Assertions.assertThat;

import io.abk.billing.schemas.avro.BillingEvent;
import io.abk.billing.schemas.avro.Change;
import io.abk.billing.schemas.avro.CreatePayment;
import io.abk.billing.schemas.avro.CreateSubscription;
import io.abk.billing.schemas.avro.CustomerSnapshot;
import io.abk.billing.schemas.avro.InvoiceSnapshot;
import io.abk.billing.schemas.avro.Outcome;
import io.abk.billing.schemas.avro.PayFromChain;
import io.abk.billing.schemas.avro.PaymentCommand;
import io.abk.billing.schemas.avro.PaymentSnapshot;
import io.abk.billing.schemas.avro.SubscriptionCommand;
import io.abk.billing.schemas.avro.SubscriptionSnapshot;
import io.abk.billing.schemas.ids.IdPrefix;
import io.abk.billing.schemas.ids.Ids;
import io.abk.billing.streams.command.EventIds;
import io.abk.billing.streams.customer.CustomerEnvelopes;
import io.abk.billing.streams.payment.PaymentEnvelopes;
import io.abk.billing.streams.subscription.CommandEnvelopes;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import org.apache.kafka.streams.test.TestRecord;
import org.junit.jupiter.api.Test;

/**
 * Customers through the production topology: created once per wallet (a second create refused, a second ensure
 * ignored), updated with an event only when something changed, a repeated command applied once, and the customers the
 * subscription and payment aggregates ensure when they learn a wallet.
 */
class CustomerTopologyTest extends HarnessedTopologyTest {

    private static final Instant AT = Instant.parse("2026-05-01T09:30:00Z");
    private static final String WALLET = CustomerEnvelopes.WALLET;
    private static final String CUSTOMER = CustomerEnvelopes.customerId(WALLET);

    @Test
    void shouldCreateTheCustomerAndRefuseASecondCreateOfTheSameWalletWhenCreatedTwice() {
        var change = harness.send(CustomerEnvelopes.create("cmd_c1", WALLET, AT, "ada@example.com", Map.of("k", "v")));

        assertThat(change.getAggregateType()).isEqualTo("customer");
        assertThat(change.getAggregateId()).isEqualTo(CUSTOMER);
        assertThat(change.getOutcome()).isEqualTo(Outcome.ACCEPTED);
        var customer = customer(change);
        assertThat(customer.getId()).isEqualTo(CUSTOMER);
        assertThat(customer.getVersion()).isEqualTo(1);
        assertThat(customer.getWallet()).isEqualTo(WALLET);
        assertThat(customer.getEmail()).isEqualTo("ada@example.com");
        assertThat(customer.getMetadata()).isEqualTo(Map.of("k", "v"));
        assertThat(customer.getCreatedAt()).isEqualTo(AT);
        var event = singleCustomerEvent();
        assertThat(event.key()).isEqualTo(CUSTOMER);
        assertThat(event.value().getType()).isEqualTo("customer.created");
        assertThat(event.value().getEventId()).isEqualTo(EventIds.of("cmd_c1", AT, 0));
        assertThat(event.value().getData().getCustomer()).isEqualTo(customer);
        assertThat(change.getEventIds()).containsExactly(event.value().getEventId());

        var again = harness.send(
                CustomerEnvelopes.create("cmd_c2", WALLET.toUpperCase().replace("0X", "0x"), AT, null, Map.of()));

        assertThat(again.getOutcome()).isEqualTo(Outcome.REJECTED);
        assertThat(again.getRejection().getCode()).isEqualTo("customer_exists");
        assertThat(again.getRejection().getMessage()).contains(CUSTOMER);
        assertThat(harness.events.apart()).isEmpty();
        assertThat(harness.customers().get(CUSTOMER).getSequence()).isEqualTo(1);
    }

    @Test
    void shouldCreateOnceAndPublishOneCreatedEventWhenEnsuredTwice() {
        var first = harness.send(CustomerEnvelopes.ensure("cmd_e1", WALLET, AT, "ada@example.com"));
        var second = harness.send(CustomerEnvelopes.ensure("cmd_e2", WALLET, AT.plusSeconds(5), "grace@example.com"));

        assertThat(first.getOutcome()).isEqualTo(Outcome.ACCEPTED);
        assertThat(second.getOutcome()).isEqualTo(Outcome.ACCEPTED);
        assertThat(second.getEventIds()).isEmpty();
        assertThat(customer(second).getEmail()).isEqualTo("ada@example.com");
        assertThat(customer(second).getUpdatedAt()).isEqualTo(AT);
        assertThat(harness.events.apart()).extracting(r -> r.value().getType()).containsExactly("customer.created");
    }

    @Test
    void shouldPublishCustomerUpdatedOnlyWhenTheUpdateChangedSomething() {
        harness.send(CustomerEnvelopes.create("cmd_c1", WALLET, AT, "ada@example.com", Map.of("k", "v")));
        harness.drain();

        var changed = harness.send(
                CustomerEnvelopes.update("cmd_u1", CUSTOMER, AT.plusSeconds(60), "", "Ada", Map.of("k", "")));

        var updated = customer(changed);
        assertThat(updated.getEmail()).isNull();
        assertThat(updated.getName()).isEqualTo("Ada");
        assertThat(updated.getMetadata()).isEmpty();
        assertThat(updated.getUpdatedAt()).isEqualTo(AT.plusSeconds(60));
        var event = singleCustomerEvent();
        assertThat(event.value().getType()).isEqualTo("customer.updated");
        assertThat(event.value().getData().getCustomer()).isEqualTo(updated);

        var same =
                harness.send(CustomerEnvelopes.update("cmd_u2", CUSTOMER, AT.plusSeconds(120), null, "Ada", Map.of()));

        assertThat(same.getOutcome()).isEqualTo(Outcome.ACCEPTED);
        assertThat(same.getEventIds()).isEmpty();
        assertThat(customer(same).getUpdatedAt()).isEqualTo(AT.plusSeconds(60));
        assertThat(harness.events.apart()).isEmpty();

        var missing = harness.send(CustomerEnvelopes.update(
                "cmd_u3",
                CustomerEnvelopes.customerId("0x9999999999999999999999999999999999999999"),
                AT,
                "x@y.z",
                null,
                Map.of()));
        assertThat(missing.getRejection().getCode()).isEqualTo("resource_missing");
    }

    @Test
    void shouldApplyACommandOnceWhenItsIdRepeats() {
        var update =
                CustomerEnvelopes.update("cmd_u1", CUSTOMER, AT.plusSeconds(60), "grace@example.com", null, Map.of());
        harness.send(CustomerEnvelopes.create("cmd_c1", WALLET, AT, null, Map.of()));
        harness.send(update);
        harness.drain();

        harness.customerCommands.pipeInput(CUSTOMER, update);

        assertThat(harness.changes.apart()).isEmpty();
        assertThat(harness.events.apart()).isEmpty();
        assertThat(harness.customers().get(CUSTOMER).getSequence()).isEqualTo(2);
    }

    @Test
    void shouldEnsureTheWalletsCustomerOnceWhenTwoSubscriptionsOfTheSameWalletAreCreated() {
        var first = harness.send(CommandEnvelopes.create("cmd_s1", "sub_01jvqz00000000000000000001", AT));

        var ensure = single(harness.customerCommandsOut);
        assertThat(ensure.key()).isEqualTo(CUSTOMER);
        assertThat(ensure.value().getCommandId())
                .isEqualTo(Ids.derivedId(IdPrefix.COMMAND, AT, "ensurecustomer:cmd_s1"));
        var subscription = (SubscriptionSnapshot) first.getSnapshots().getFirst();
        assertThat(subscription.getCustomerId()).isEqualTo(CUSTOMER);
        assertThat(first.getSnapshots().stream().filter(InvoiceSnapshot.class::isInstance))
                .isNotEmpty()
                .allSatisfy(
                        i -> assertThat(((InvoiceSnapshot) i).getCustomerId()).isEqualTo(CUSTOMER));
        var customerChanges = harness.changes.apart();
        assertThat(customerChanges).hasSize(1);
        assertThat(customer(customerChanges.getFirst().value()).getWallet()).isEqualTo(WALLET);
        assertThat(harness.events.apart()).extracting(r -> r.value().getType()).containsExactly("customer.created");

        // The same wallet in upper case: the same customer, which exists now.
        var create = CommandEnvelopes.create("cmd_s2", "sub_01jvqz00000000000000000002", AT.plusSeconds(1));
        var payload = CreateSubscription.newBuilder((CreateSubscription) create.getPayload())
                .setWalletAddress(WALLET.toUpperCase().replace("0X", "0x"))
                .build();
        var second = harness.send(
                SubscriptionCommand.newBuilder(create).setPayload(payload).build());

        assertThat(((SubscriptionSnapshot) second.getSnapshots().getFirst()).getCustomerId())
                .isEqualTo(CUSTOMER);
        assertThat(single(harness.customerCommandsOut).key()).isEqualTo(CUSTOMER);
        assertThat(harness.changes.apart())
                .singleElement()
                .satisfies(r -> assertThat(r.value().getEventIds()).isEmpty());
        assertThat(harness.events.apart()).isEmpty();
        assertThat(harness.customers().get(CUSTOMER).getSequence()).isEqualTo(2);
    }

    @Test
    void shouldEnsureTheCustomerWithTheCollectedEmailWhenAPaymentKnowsItsWalletAndNoneWhenItDoesNot() {
        var change = harness.send(withPayment(
                PaymentEnvelopes.create("cmd_p1", "pay_01jvqz0000000000000000000p", AT),
                p -> p.setCustomerEmail("ada@example.com")));

        assertThat(((PaymentSnapshot) change.getSnapshots().getFirst()).getCustomerId())
                .isEqualTo(CUSTOMER);
        var customerChanges = harness.changes.apart();
        assertThat(customerChanges).hasSize(1);
        assertThat(customer(customerChanges.getFirst().value()).getEmail()).isEqualTo("ada@example.com");

        var withoutWallet = harness.send(withPayment(
                PaymentEnvelopes.create("cmd_p2", "pay_01jvqz0000000000000000000q", AT),
                p -> p.setCustomerWallet(null)));

        assertThat(((PaymentSnapshot) withoutWallet.getSnapshots().getFirst()).getCustomerId())
                .isNull();
        assertThat(harness.customerCommandsOut.readRecordsToList()).hasSize(1);
        assertThat(harness.changes.apart()).isEmpty();
    }

    @Test
    void shouldEnsureThePayersCustomerWhenAPaymentWithoutAWalletIsPaidFromChain() {
        var paymentId = "pay_01jvqz0000000000000000000r";
        harness.send(withPayment(
                PaymentEnvelopes.create("cmd_p1", paymentId, AT),
                p -> p.setCustomerWallet(null).setCustomerEmail("ada@example.com")));
        harness.drain();
        var payer = "0x3333333333333333333333333333333333333333";

        var txHash = PaymentEnvelopes.TX_HASH;
        var paid = harness.send(PaymentEnvelopes.payment(
                "cmd_chain",
                paymentId,
                AT.plusSeconds(60),
                new PayFromChain("84532:" + txHash + ":0", txHash, payer, 25_000_000L, null)));

        var payment = (PaymentSnapshot) paid.getSnapshots().getFirst();
        assertThat(payment.getStatus()).isEqualTo("paid");
        assertThat(payment.getCustomerWallet()).isNull();
        assertThat(payment.getCustomerId()).isEqualTo(CustomerEnvelopes.customerId(payer));
        var ensure = single(harness.customerCommandsOut);
        assertThat(ensure.value().getCommandId())
                .isEqualTo(Ids.derivedId(IdPrefix.COMMAND, AT.plusSeconds(60), "ensurecustomer:cmd_chain"));
        var customerChanges = harness.changes.apart();
        assertThat(customerChanges).hasSize(1);
        assertThat(customer(customerChanges.getFirst().value()).getEmail()).isEqualTo("ada@example.com");
        assertThat(customer(customerChanges.getFirst().value()).getId()).isEqualTo(payment.getCustomerId());
    }

    private static PaymentCommand withPayment(PaymentCommand create, Consumer<CreatePayment.Builder> change) {
        var payload = CreatePayment.newBuilder((CreatePayment) create.getPayload());
        change.accept(payload);
        return PaymentCommand.newBuilder(create).setPayload(payload.build()).build();
    }

    private TestRecord<String, BillingEvent> singleCustomerEvent() {
        List<TestRecord<String, BillingEvent>> events = harness.events.apart();
        assertThat(events).hasSize(1);
        return events.getFirst();
    }

    private static CustomerSnapshot customer(Change change) {
        assertThat(change.getSnapshots()).hasSize(1);
        return (CustomerSnapshot) change.getSnapshots().getFirst();
    }
}
