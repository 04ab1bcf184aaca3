package io.abk.billing.streams.topology;

import static io.abk.billing.streams.topology.TopologyHarness.single;
import static org.assertj.core.api.Assertions.assertThat;

import io.abk.billing.schemas.avro.BillingEvent;
import io.abk.billing.schemas.avro.Change;
import io.abk.billing.schemas.avro.CreatePayment;
import io.abk.billing.schemas.avro.DisablePaymentLink;
import io.abk.billing.schemas.avro.Mode;
import io.abk.billing.schemas.avro.Outcome;
import io.abk.billing.schemas.avro.PaymentCommand;
import io.abk.billing.schemas.avro.PaymentLinkSnapshot;
import io.abk.billing.schemas.avro.PaymentSnapshot;
import io.abk.billing.schemas.avro.RecordLinkPayment;
import io.abk.billing.schemas.avro.RecordLinkPaymentReopened;
import io.abk.billing.schemas.ids.IdPrefix;
import io.abk.billing.schemas.ids.Ids;
import io.abk.billing.streams.payment.PaymentEnvelopes;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Payment links through the production topology: an open mints a payment on the payment topic (the driver feeds
 * it back, as the broker would), a paid minted payment comes back to its link as a conversion (and a reopened one
 * takes it back), and maxUses holds under more opens than it allows.
 */
class PaymentLinkTopologyTest extends HarnessedTopologyTest {

    private static final Instant CREATED_AT = Instant.parse("2026-05-01T09:30:00Z");
    private static final Instant OPENED_AT = CREATED_AT.plus(Duration.ofMinutes(10));
    private static final String LINK = "plink_01jvqz0000000000000000000l";

    @Test
    void shouldMintThePaymentOnThePaymentTopicAndCreateItWhenALinkIsOpened() {
        var created = harness.send(PaymentEnvelopes.createLink("cmd_lc", LINK, CREATED_AT, null, null));
        assertThat(created).singleElement().satisfies(change -> {
            assertThat(change.getAggregateType()).isEqualTo("payment_link");
            assertThat(link(change).getStatus()).isEqualTo("active");
            assertThat(change.getEventIds()).isEmpty();
        });
        assertThat(harness.events.isEmpty()).as("links publish no events").isTrue();
        var pay = paymentId(1);

        var changes = harness.send(PaymentEnvelopes.open("cmd_open1", LINK, OPENED_AT, pay));

        var mintCommandId = Ids.derivedId(IdPrefix.COMMAND, OPENED_AT, "mint:" + pay);
        assertThat(changes).extracting(Change::getCommandId).containsExactly("cmd_open1", mintCommandId);
        var opened = changes.getFirst();
        assertThat(opened.getFollowUpCommandId()).isEqualTo(mintCommandId);
        assertThat(link(opened).getUseCount()).isEqualTo(1);
        assertThat(link(opened).getVersion()).isEqualTo(2);
        var mint = single(harness.paymentCommandsOut);
        assertThat(mint.key()).isEqualTo(pay);
        assertThat(mint.value())
                .isEqualTo(PaymentCommand.newBuilder()
                        .setCommandId(mintCommandId)
                        .setPaymentId(pay)
                        .setMerchantId(PaymentEnvelopes.MERCHANT_ID)
                        .setMode(Mode.TEST)
                        .setRequestedAt(OPENED_AT)
                        .setIdempotencyKey(null)
                        .setRequestId("req-cmd_open1")
                        .setPayload(CreatePayment.newBuilder()
                                .setAmountMicros(12_500_000)
                                .setCustomerWallet(null)
                                .setPayoutAddress(PaymentEnvelopes.PAYOUT)
                                .setMerchantRef("ticket_1")
                                .setPriceId("price_01jq0000000000000000000000")
                                .setPaymentLinkId(LINK)
                                .setDescription("Concert ticket")
                                .setCheckoutUrl(PaymentEnvelopes.PUBLIC_URL + "/checkout/pay/" + pay)
                                .setSuccessUrl("https://shop.example/ok")
                                .setCancelUrl("https://shop.example/cancel")
                                .setCustomerEmail("ada@example.com")
                                .setCustomerName(null)
                                .setMetadata(Map.of("event", "e-1", "paymentLinkId", LINK))
                                .build())
                        .build());
        var payment = (PaymentSnapshot) changes.get(1).getSnapshots().getFirst();
        assertThat(changes.get(1).getAggregateType()).isEqualTo("payment");
        assertThat(payment.getStatus()).isEqualTo("open");
        assertThat(payment.getMerchantRef()).isEqualTo("ticket_1");
        assertThat(payment.getPaymentLinkId()).isEqualTo(LINK);
        assertThat(harness.events.readValuesToList())
                .extracting(BillingEvent::getType)
                .containsExactly("payment.created");
    }

    @Test
    void shouldCountTheConversionOnTheLinkWhenAMintedPaymentIsPaid() {
        harness.send(PaymentEnvelopes.createLink("cmd_lc", LINK, CREATED_AT, null, null));
        var pay = paymentId(1);
        harness.send(PaymentEnvelopes.open("cmd_open1", LINK, OPENED_AT, pay));
        harness.send(PaymentEnvelopes.confirm("cmd_conf", pay, OPENED_AT.plusSeconds(30), null));
        var request = single(harness.chainRequests).value();
        harness.drain();
        var paidAt = request.getRequestedAt();

        harness.paymentCommands.pipeInput(pay, PaymentEnvelopes.settled(request, true));

        var changes = harness.changes.readValuesToList();
        var conversionId = Ids.derivedId(IdPrefix.COMMAND, paidAt, "linkpaid:" + request.getResultCommandId());
        assertThat(changes)
                .extracting(Change::getCommandId)
                .containsExactly(request.getResultCommandId(), conversionId);
        assertThat(((PaymentSnapshot) changes.getFirst().getSnapshots().getFirst()).getStatus())
                .isEqualTo("paid");
        assertThat(harness.events.readValuesToList())
                .extracting(BillingEvent::getType)
                .containsExactly("payment.paid");
        var conversion = single(harness.linkCommandsOut);
        assertThat(conversion.key()).isEqualTo(LINK);
        assertThat(conversion.value().getCommandId()).isEqualTo(conversionId);
        assertThat(conversion.value().getRequestedAt()).isEqualTo(paidAt);
        assertThat(conversion.value().getPayload()).isEqualTo(new RecordLinkPayment(pay));
        var counted = link(changes.get(1));
        assertThat(counted.getPaidCount()).isEqualTo(1);
        assertThat(counted.getUseCount()).isEqualTo(1);

        // The same conversion again (a reprocessed settlement) is counted once.
        harness.linkCommands.pipeInput(LINK, conversion.value());
        assertThat(harness.changes.isEmpty()).isTrue();
        assertThat(harness.links().get(LINK).getPaymentLink().getPaidCount()).isEqualTo(1);
    }

    @Test
    void shouldUncountAReopenedPaymentOnItsLinkAndCountItOnceWhenPaidAgain() {
        // Protects against a link counting a payment as paid after a reorganisation reopened it.
        harness.send(PaymentEnvelopes.createLink("cmd_lc", LINK, CREATED_AT, 1, null));
        var pay = paymentId(1);
        harness.send(PaymentEnvelopes.open("cmd_open1", LINK, OPENED_AT, pay));
        var paidAt = OPENED_AT.plusSeconds(30);
        harness.paymentCommands.pipeInput(
                pay, PaymentEnvelopes.payFromChain("cmd_pay1", pay, paidAt, PaymentEnvelopes.TX_HASH));
        assertThat(storedLink().getPaidCount()).isEqualTo(1);
        harness.drain();

        // when the transfer that paid it leaves the chain
        harness.paymentCommands.pipeInput(
                pay,
                PaymentEnvelopes.reversePayment("cmd_rev1", pay, paidAt.plusSeconds(60), PaymentEnvelopes.TX_HASH));

        // then the link counts no paid payment, and still the one use (the link is still used up)
        var reported = single(harness.linkCommandsOut).value();
        assertThat(reported.getPayload()).isEqualTo(new RecordLinkPaymentReopened(pay));
        assertThat(harness.payments().get(pay).getPayment().getStatus()).isEqualTo("open");
        assertThat(storedLink().getPaidCount()).isZero();
        assertThat(storedLink().getUseCount()).isEqualTo(1);
        assertThat(storedLink().getStatus()).isEqualTo("expired");

        // and when the same transfer pays it again at the same instant (a test clock frozen ahead of the chain), once
        harness.paymentCommands.pipeInput(
                pay, PaymentEnvelopes.payFromChain("cmd_pay2", pay, paidAt, PaymentEnvelopes.TX_HASH));
        assertThat(storedLink().getPaidCount()).isEqualTo(1);
        assertThat(storedLink().getUseCount()).isEqualTo(1);
    }

    @Test
    void shouldMintExactlyMaxUsesPaymentsWhenOpenedMoreOften() {
        harness.send(PaymentEnvelopes.createLink("cmd_lc", LINK, CREATED_AT, 3, null));

        int accepted = 0;
        for (int n = 1; n <= 10; n++) {
            var changes =
                    harness.send(PaymentEnvelopes.open("cmd_open" + n, LINK, OPENED_AT.plusMillis(n), paymentId(n)));
            var open = changes.getFirst();
            if (open.getOutcome() == Outcome.ACCEPTED) {
                accepted++;
                assertThat(changes).hasSize(2);
            } else {
                assertThat(changes).hasSize(1);
                assertThat(open.getRejection().getCode()).isEqualTo("payment_link_error");
                assertThat(open.getRejection().getMessage())
                        .isEqualTo("Payment link " + LINK + " has been used 3 of 3 times");
            }
        }

        assertThat(accepted).isEqualTo(3);
        assertThat(harness.paymentCommandsOut.readValuesToList())
                .hasSize(3)
                .extracting(command -> ((CreatePayment) command.getPayload()).getMerchantRef())
                .containsExactly("ticket_1", "ticket_2", "ticket_3");
        var stored = harness.links().get(LINK).getPaymentLink();
        assertThat(stored.getStatus()).isEqualTo("expired");
        assertThat(stored.getUseCount()).isEqualTo(3);
        assertThat(harness.payments().approximateNumEntries()).isEqualTo(3);
    }

    @Test
    void shouldRefuseToOpenAndMintNothingWhenTheLinksExpiryHasPassed() {
        harness.send(PaymentEnvelopes.createLink("cmd_lc", LINK, CREATED_AT, null, OPENED_AT));

        var changes = harness.send(PaymentEnvelopes.open("cmd_open1", LINK, OPENED_AT, paymentId(1)));

        assertThat(changes).singleElement().satisfies(change -> {
            assertThat(change.getRejection().getCode()).isEqualTo("payment_link_error");
            assertThat(change.getRejection().getMessage())
                    .isEqualTo("Payment link " + LINK + " expired at 2026-05-01T09:40:00Z");
        });
        assertThat(harness.paymentCommandsOut.isEmpty()).isTrue();
    }

    @Test
    void shouldAcceptADisableTwiceAndKeepTheFirstDisabledAtWhenRepeated() {
        harness.send(PaymentEnvelopes.createLink("cmd_lc", LINK, CREATED_AT, null, null));

        var first = harness.send(PaymentEnvelopes.link("cmd_d1", LINK, OPENED_AT, new DisablePaymentLink()));
        var second =
                harness.send(PaymentEnvelopes.link("cmd_d2", LINK, OPENED_AT.plusSeconds(5), new DisablePaymentLink()));

        assertThat(first).singleElement().extracting(Change::getOutcome).isEqualTo(Outcome.ACCEPTED);
        assertThat(second).singleElement().extracting(Change::getOutcome).isEqualTo(Outcome.ACCEPTED);
        assertThat(link(second.getFirst()).getStatus()).isEqualTo("disabled");
        assertThat(link(second.getFirst()).getDisabledAt()).isEqualTo(OPENED_AT);
        var refused = harness.send(PaymentEnvelopes.open("cmd_open1", LINK, OPENED_AT.plusSeconds(9), paymentId(1)));
        assertThat(refused.getFirst().getRejection().getMessage()).isEqualTo("Payment link " + LINK + " is disabled");
    }

    private static String paymentId(int n) {
        return "pay_01jvqz00000000000000000" + String.format("%03d", n);
    }

    private PaymentLinkSnapshot storedLink() {
        return harness.links().get(LINK).getPaymentLink();
    }

    private static PaymentLinkSnapshot link(Change change) {
        assertThat(change.getSnapshots()).hasSize(1);
        return (PaymentLinkSnapshot) change.getSnapshots().getFirst();
    }
}
