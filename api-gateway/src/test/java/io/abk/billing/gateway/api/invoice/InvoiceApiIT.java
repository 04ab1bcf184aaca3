package io.abk.billing.gateway.api.invoice;

import static org.assertj.core.api.Assertions.assertThat;

import io.abk.billing.gateway.testkit.LifecycleIT;
import io.abk.billing.schemas.avro.ChargeInvoice;
import io.abk.billing.schemas.avro.RefundInvoice;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;
import org.junit.jupiter.api.Test;

/**
 * The invoice routes over HTTP: get and list from the read model, and charge, refund and void as commands to
 * the invoice's subscription, answered in the shapes of docs/api.md once settled.
 */
class InvoiceApiIT extends LifecycleIT {

    @Test
    void shouldGetTheBareInvoiceAndListNewestFirstFilteredBySubscription() {
        var merchant = newMerchant();
        var first = subscribe(merchant, "test");
        var second = subscribe(merchant, "test");
        var third = subscribe(merchant, "test");

        var one = get(merchant, "test", "/v1/invoices/" + first.invoiceId());
        var page1 = get(merchant, "test", "/v1/invoices?limit=2");
        var page2 = get(
                merchant,
                "test",
                "/v1/invoices?limit=2&startingAfter="
                        + page1.body().get("invoices").get(1).get("id").stringValue());
        var ofSecond = get(merchant, "test", "/v1/invoices?subscriptionId=" + second.subscriptionId());

        assertThat(one.status()).isEqualTo(200);
        assertThat(one.body().get("object").stringValue()).isEqualTo("invoice");
        assertThat(one.body().get("subscriptionId").stringValue()).isEqualTo(first.subscriptionId());
        assertThat(one.body().get("amountUsdc").decimalValue()).isEqualByComparingTo("9.99");
        assertThat(fieldNames(page1.body())).containsExactly("invoices", "hasMore");
        assertThat(ids(page1)).containsExactly(third.invoiceId(), second.invoiceId());
        assertThat(page1.body().get("hasMore").booleanValue()).isTrue();
        assertThat(ids(page2)).containsExactly(first.invoiceId());
        assertThat(page2.body().get("hasMore").booleanValue()).isFalse();
        assertThat(ids(ofSecond)).containsExactly(second.invoiceId());
        assertThat(ids(get(merchant, "live", "/v1/invoices"))).as("other mode").isEmpty();
        assertThat(ids(get(newMerchant(), "test", "/v1/invoices?subscriptionId=" + first.subscriptionId())))
                .as("other merchant")
                .isEmpty();
        assertThat(get(merchant, "live", "/v1/invoices/" + first.invoiceId()).status())
                .isEqualTo(404);
    }

    @Test
    void shouldRefuseTheInvoiceListWhenItsQueryIsInvalid() {
        var merchant = newMerchant();
        for (var query : List.of(
                "subscriptionId=inv_01jcrgx3b2m0x9k8d7f6e5a4s3",
                "subscriptionId=",
                "limit=0",
                "limit=101",
                "startingAfter=sub_01jcrgx3b2m0x9k8d7f6e5a4s3")) {
            var reply = get(merchant, "test", "/v1/invoices?" + query);
            assertThat(reply.status()).as(query).isEqualTo(400);
            assertThat(reply.code()).as(query).isEqualTo("validation_error");
            assertThat(reply.body().get("param").stringValue())
                    .as(query)
                    .isEqualTo(query.substring(0, query.indexOf('=')));
        }
    }

    @Test
    void shouldChargeAnOpenInvoiceAndAnswerOkInvoiceAndSubscription() {
        var merchant = newMerchant();
        var created = subscribe(merchant, "test");
        post(merchant, "test", "/v1/subscriptions/" + created.subscriptionId() + "/complete", null);

        var paid = post(
                merchant, "test", "/v1/invoices/" + created.invoiceId() + "/charge", Map.of("sandboxMode", "success"));
        var again = post(merchant, "test", "/v1/invoices/" + created.invoiceId() + "/charge", Map.of());

        assertThat(paid.status()).as(paid.text()).isEqualTo(200);
        assertThat(fieldNames(paid.body())).containsExactly("ok", "invoice", "subscription");
        assertThat(paid.body().get("ok").booleanValue()).isTrue();
        assertThat(paid.body().get("invoice").get("status").stringValue()).isEqualTo("paid");
        assertThat(paid.body().get("invoice").get("txHash").stringValue()).matches("0x[0-9a-f]{64}");
        assertThat(paid.body().get("subscription").get("id").stringValue()).isEqualTo(created.subscriptionId());
        assertThat(paid.body().get("subscription").get("status").stringValue()).isEqualTo("active");
        assertThat(again.status()).isEqualTo(400);
        assertThat(again.code()).isEqualTo("invoice_not_chargeable");
        var charges = lifecycleCommands(merchant).stream()
                .filter(c -> c.getPayload() instanceof ChargeInvoice)
                .toList();
        assertThat(charges)
                .allSatisfy(c -> assertThat(c.getSubscriptionId())
                        .as("keyed by the invoice's subscription")
                        .isEqualTo(created.subscriptionId()));
        assertThat(((ChargeInvoice) charges.getFirst().getPayload()).getSandboxMode())
                .isEqualTo("success");
    }

    @Test
    void shouldAnswerEveryOneOfFiftyConcurrentChargesWithOnePaidAndTheRestRefused() throws Exception {
        var merchant = newMerchant();
        var created = subscribe(merchant, "test");
        post(merchant, "test", "/v1/subscriptions/" + created.subscriptionId() + "/complete", null);
        var start = new CountDownLatch(1);
        var replies = new ArrayList<CompletableFuture<Reply>>();
        try (var pool = Executors.newVirtualThreadPerTaskExecutor()) {
            for (int i = 0; i < 50; i++) {
                replies.add(CompletableFuture.supplyAsync(
                        () -> {
                            awaitQuietly(start);
                            return post(merchant, "test", "/v1/invoices/" + created.invoiceId() + "/charge", Map.of());
                        },
                        pool));
            }
            start.countDown();
        }
        var answers = replies.stream().map(CompletableFuture::join).toList();

        assertThat(answers.stream().filter(a -> a.status() == 200))
                .singleElement()
                .satisfies(
                        paid -> assertThat(paid.body().get("ok").booleanValue()).isTrue());
        assertThat(answers.stream().filter(a -> a.status() != 200))
                .hasSize(49)
                .allSatisfy(refused -> assertThat(refused.code()).isEqualTo("invoice_not_chargeable"));
        assertThat(lifecycleCommands(merchant).stream().filter(c -> c.getPayload() instanceof ChargeInvoice))
                .hasSize(50);
    }

    @Test
    void shouldAnswerOkFalseWhenTheMandateIsInactiveOrTheChargeIsDeclined() {
        var merchant = newMerchant();
        var created = subscribe(merchant, "test");

        var noMandate = post(merchant, "test", "/v1/invoices/" + created.invoiceId() + "/charge", null);
        post(merchant, "test", "/v1/subscriptions/" + created.subscriptionId() + "/complete", null);
        var declined = post(
                merchant,
                "test",
                "/v1/invoices/" + created.invoiceId() + "/charge",
                Map.of("sandboxMode", "insufficient_balance"));

        assertThat(noMandate.status()).as(noMandate.text()).isEqualTo(200);
        assertThat(noMandate.body().get("ok").booleanValue()).isFalse();
        assertThat(noMandate.body().get("invoice").get("failureCode").stringValue())
                .isEqualTo("MANDATE_INACTIVE");
        assertThat(noMandate.body().get("subscription").get("status").stringValue())
                .isEqualTo("incomplete");
        assertThat(declined.body().get("ok").booleanValue()).isFalse();
        assertThat(declined.body().get("invoice").get("failureCode").stringValue())
                .isEqualTo("INSUFFICIENT_BALANCE");
        assertThat(declined.body().get("invoice").get("attemptCount").intValue())
                .isEqualTo(2);
        assertThat(declined.body().get("invoice").get("status").stringValue()).isEqualTo("open");
    }

    @Test
    void shouldRefundPartlyThenTheRestAndRefuseWhatIsNotLeft() {
        var merchant = newMerchant();
        var created = activeSubscription(merchant, "10");
        var path = "/v1/invoices/" + created.invoiceId() + "/refund";

        var tooMuch = post(merchant, "test", path, Map.of("amountUsdc", new BigDecimal("10.000001")));
        var unchanged =
                get(merchant, "test", "/v1/invoices/" + created.invoiceId()).body();
        var partial = post(merchant, "test", path, Map.of("amountUsdc", new BigDecimal("4.25")));
        var rest = post(merchant, "test", path, null);
        var nothingLeft = post(merchant, "test", path, Map.of());

        assertThat(tooMuch.status()).isEqualTo(400);
        assertThat(tooMuch.code()).isEqualTo("amount_too_large");
        assertThat(unchanged.get("amountRefundedUsdc").decimalValue()).isEqualByComparingTo("0");
        assertThat(partial.status()).as(partial.text()).isEqualTo(200);
        assertThat(fieldNames(partial.body())).containsExactly("invoice");
        assertThat(partial.body().get("invoice").get("amountRefundedUsdc").decimalValue())
                .isEqualByComparingTo("4.25");
        assertThat(partial.body().get("invoice").get("status").stringValue()).isEqualTo("paid");
        assertThat(partial.body().get("invoice").get("refundTxHash").stringValue())
                .matches("0x[0-9a-f]{64}");
        assertThat(rest.body().get("invoice").get("amountRefundedUsdc").decimalValue())
                .isEqualByComparingTo("10");
        assertThat(rest.body().get("invoice").get("status").stringValue()).isEqualTo("refunded");
        assertThat(nothingLeft.status()).isEqualTo(400);
        assertThat(nothingLeft.code()).isEqualTo("invoice_not_refundable");
        assertThat(lifecycleCommands(merchant).stream()
                        .filter(c -> c.getPayload() instanceof RefundInvoice)
                        .map(c -> ((RefundInvoice) c.getPayload()).getAmountMicros()))
                .containsExactly(10_000_001L, 4_250_000L, null, null);
    }

    @Test
    void shouldAnswerRefundFailedWithTheMessageWhenTheRefundsSettlementFails() {
        var merchant = newMerchant();
        var created = subscribe(merchant, "test", "3", Map.of("stubRefundOutcome", "fail"));
        post(merchant, "test", "/v1/subscriptions/" + created.subscriptionId() + "/activate", null);

        var failed = post(merchant, "test", "/v1/invoices/" + created.invoiceId() + "/refund", Map.of("amountUsdc", 1));

        assertThat(failed.status()).isEqualTo(400);
        assertThat(failed.code()).isEqualTo("refund_failed");
        assertThat(failed.body().get("error").stringValue()).contains("does not hold enough USDC");
        assertThat(get(merchant, "test", "/v1/invoices/" + created.invoiceId())
                        .body()
                        .get("amountRefundedUsdc")
                        .decimalValue())
                .isEqualByComparingTo("0");
    }

    @Test
    void shouldVoidAnOpenInvoiceAndRefuseToVoidItAgain() {
        var merchant = newMerchant();
        var created = subscribe(merchant, "test");

        var voided = post(merchant, "test", "/v1/invoices/" + created.invoiceId() + "/void", null);
        var again = post(merchant, "test", "/v1/invoices/" + created.invoiceId() + "/void", Map.of());

        assertThat(voided.status()).as(voided.text()).isEqualTo(200);
        assertThat(fieldNames(voided.body())).containsExactly("invoice");
        assertThat(voided.body().get("invoice").get("status").stringValue()).isEqualTo("void");
        assertThat(voided.body().get("invoice").get("voidedAt").isNull()).isFalse();
        assertThat(again.status()).isEqualTo(400);
        assertThat(again.code()).isEqualTo("invoice_not_voidable");
        assertThat(get(merchant, "test", "/v1/invoices/" + created.invoiceId()).body())
                .isEqualTo(voided.body().get("invoice"));
    }

    private static void awaitQuietly(CountDownLatch latch) {
        try {
            latch.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    private static List<String> ids(Reply list) {
        var ids = new ArrayList<String>();
        list.body().get("invoices").forEach(invoice -> ids.add(invoice.get("id").stringValue()));
        return ids;
    }
}
