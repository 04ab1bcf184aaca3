package io.abk.billing.gateway.checkout;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.abk.billing.gateway.testkit.ChangeFixtures;
import io.abk.billing.gateway.testkit.LifecycleIT;
import io.abk.billing.gateway.testkit.TestKafka;
import io.abk.billing.gateway.testkit.TestMerchant;
import io.abk.billing.schemas.avro.InvoiceLineSnapshot;
import io.abk.billing.schemas.avro.InvoiceNumberCommand;
import io.abk.billing.schemas.avro.InvoiceSnapshot;
import io.abk.billing.schemas.avro.Mode;
import io.abk.billing.schemas.avro.SetInvoicePrefix;
import io.abk.billing.schemas.ids.IdPrefix;
import io.abk.billing.schemas.ids.Ids;
import io.abk.billing.schemas.ids.InvoiceNumbers;
import io.abk.billing.schemas.topic.Topics;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.springframework.http.HttpMethod;

/**
 * The hosted invoice page ({@code GET /invoice/{token}}) over HTTP, no key, from invoices the projector read off
 * {@code billing.changes} as billing-streams writes them, and the merchant's invoice prefix setting on
 * {@code /v1/account}.
 */
class HostedInvoiceIT extends LifecycleIT {

    private static final Instant CREATED = Instant.parse("2026-01-31T10:00:00Z");

    @Test
    void shouldRenderAPaidAndAnOpenInvoiceWithTheirNumbersLinesAndBrandAndNothingOfTheOtherWhenOpenedByToken() {
        var merchant = newMerchant(PAYOUT);
        var branded = call(
                HttpMethod.PATCH,
                "/v1/account",
                merchant.testKey(),
                Map.of("brandName", "Acme Tools", "accentColor", "#0F766E"),
                null);
        assertThat(branded.status()).as(branded.text()).isEqualTo(200);
        var paidToken = token();
        var openToken = token();
        var sub = Ids.newId(IdPrefix.SUBSCRIPTION, CREATED);
        var paid = invoice(sub, merchant, "ACME-000001", paidToken, "paid");
        var open = invoice(sub, merchant, "ACME-000002", openToken, "open");
        try (var producer = TestKafka.changeProducer()) {
            TestKafka.send(
                    producer,
                    List.of(ChangeFixtures.acceptedOf(
                            "cmd_" + UUID.randomUUID(),
                            "subscription",
                            sub,
                            merchant.id(),
                            Mode.TEST,
                            List.of(
                                    ChangeFixtures.subscription(sub, merchant.id(), Mode.TEST, 3, "active"),
                                    paid,
                                    open))));
        }
        await().atMost(Duration.ofSeconds(30)).until(() -> page(openToken).status() == 200);

        var paidPage = page(paidToken);
        var openPage = page(openToken);

        assertThat(paidPage.status()).as(paidPage.text()).isEqualTo(200);
        assertThat(paidPage.headers().getContentType().toString()).startsWith("text/html");
        assertThat(paidPage.text())
                .contains("Invoice ACME-000001", "From Acme Tools", ">Paid<", "9.99 USDC per month", "12.5")
                .contains("Discount", "-2.5", "10", "0x" + "ab".repeat(32), "--accent:#0f766e")
                .doesNotContain("ACME-000002", openToken, open.getId());
        assertThat(paidPage.headers().getFirst("Content-Security-Policy")).contains("script-src 'self'");
        assertThat(openPage.text())
                .contains("Invoice ACME-000002", ">Open<", "Due")
                .doesNotContain("ACME-000001", paidToken, paid.getId(), "0x" + "ab".repeat(32));
        // The API shows the same invoice with its number and page.
        var api = get(merchant, "test", "/v1/invoices/" + paid.getId());
        assertThat(api.body().get("number").stringValue()).isEqualTo("ACME-000001");
        assertThat(api.body().get("hostedInvoiceUrl").stringValue())
                .isEqualTo("https://pay.example.test/invoice/" + paidToken);
    }

    @Test
    void shouldAnswerNotFoundWhenTheTokenNamesNoInvoice() {
        var unknown = page(token());
        var malformed = page("not-a-token");

        assertThat(unknown.status()).isEqualTo(404);
        assertThat(unknown.text()).contains("Invoice not found").doesNotContain("USDC");
        assertThat(malformed.status()).isEqualTo(404);
    }

    @Test
    void shouldStoreThePrefixAndSendItToBothModesNumberingWhenAMerchantSetsIt() {
        var merchant = newMerchant(PAYOUT);

        var refused = call(HttpMethod.PATCH, "/v1/account", merchant.testKey(), Map.of("invoicePrefix", "ac"), null);
        var set = call(HttpMethod.PATCH, "/v1/account", merchant.testKey(), Map.of("invoicePrefix", "ACME"), null);

        assertThat(refused.status()).isEqualTo(400);
        assertThat(refused.body().get("code").stringValue()).isEqualTo("invalid_invoice_prefix");
        assertThat(set.status()).as(set.text()).isEqualTo(200);
        assertThat(set.body().get("account").get("invoicePrefix").stringValue()).isEqualTo("ACME");
        var sent = TestKafka.records(
                Topics.INVOICE_NUMBER_COMMANDS,
                command -> command.getMerchantId().equals(merchant.id()));
        assertThat(sent)
                .extracting(
                        InvoiceNumberCommand::getMode, command -> ((SetInvoicePrefix) command.getPayload()).getPrefix())
                .containsExactlyInAnyOrder(
                        org.assertj.core.groups.Tuple.tuple(Mode.TEST, "ACME"),
                        org.assertj.core.groups.Tuple.tuple(Mode.LIVE, "ACME"));
        assertThat(InvoiceNumbers.key(merchant.id(), Mode.TEST.name())).endsWith("/test");
    }

    private Reply page(String token) {
        return call(HttpMethod.GET, "/invoice/" + token, null, null, null);
    }

    private static String token() {
        return UUID.randomUUID().toString().replace("-", "").substring(0, 22);
    }

    /** A 10 USDC invoice finalized as {@code number}: 12.50 subscription line, 2.50 off. */
    private static InvoiceSnapshot invoice(
            String sub, TestMerchant merchant, String number, String token, String status) {
        var base =
                ChangeFixtures.invoice(Ids.newId(IdPrefix.INVOICE, CREATED), sub, merchant.id(), Mode.TEST, 3, status);
        var paid = status.equals("paid");
        return InvoiceSnapshot.newBuilder(base)
                .setAmountMicros(10_000_000L)
                .setSubtotalMicros(12_500_000L)
                .setDiscountMicros(2_500_000L)
                .setLines(List.of(
                        new InvoiceLineSnapshot(
                                "subscription",
                                "9.99 USDC per month",
                                base.getPeriodStart(),
                                base.getPeriodEnd(),
                                1L,
                                12_500_000L,
                                12_500_000L),
                        new InvoiceLineSnapshot(
                                "discount",
                                "WELCOME (20% off)",
                                base.getPeriodStart(),
                                base.getPeriodEnd(),
                                1L,
                                -2_500_000L,
                                -2_500_000L)))
                .setNumber(number)
                .setFinalizedAt(CREATED.plusMillis(4))
                .setHostedInvoiceUrl("https://pay.example.test/invoice/" + token)
                .setPaidAt(paid ? CREATED.plusSeconds(30) : null)
                .setTxHash(paid ? "0x" + "ab".repeat(32) : null)
                .build();
    }
}
