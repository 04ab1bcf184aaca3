package io.abk.billing.gateway.api.paymentlink;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.abk.billing.gateway.testkit.PaymentsIT;
import io.abk.billing.schemas.avro.CreatePaymentLink;
import io.abk.billing.schemas.avro.DisablePaymentLink;
import io.abk.billing.schemas.ids.IdPrefix;
import io.abk.billing.schemas.ids.Ids;
import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.springframework.http.HttpMethod;

/**
 * {@code /v1/payment-links} over HTTP against the stand-in processor: create with every field and with defaults
 * (the exact response shape and the command it sends), a once price, get, list (status, cursor, tenancy), disable
 * twice, an idempotent replay, and the read side's expiry display rule.
 */
class PaymentLinkApiIT extends PaymentsIT {

    static final List<String> LINK_FIELDS = List.of(
            "id",
            "object",
            "status",
            "amountUsdc",
            "description",
            "useCount",
            "maxUses",
            "paidCount",
            "expiresAt",
            "merchantRefPrefix",
            "payoutAddressEvm",
            "priceId",
            "url",
            "successUrl",
            "cancelUrl",
            "collectEmail",
            "collectName",
            "metadata",
            "disabledAt",
            "mode",
            "createdAt");

    @Test
    void shouldCreateAnActiveLinkWithEveryFieldAndItsUrl() {
        var merchant = newMerchant();
        var expiresAt = Instant.now().plus(7, ChronoUnit.DAYS).truncatedTo(ChronoUnit.SECONDS);
        var body = new HashMap<String, Object>();
        body.put("amountUsdc", new BigDecimal("25.00"));
        body.put("description", "Workshop ticket");
        body.put("merchantRefPrefix", "ticket-2026_A");
        body.put("payoutAddressEvm", PAYOUT);
        body.put("maxUses", 25);
        body.put("expiresAt", expiresAt.toString().replace("Z", "+00:00"));
        body.put("successUrl", "https://shop.example.test/thanks");
        body.put("cancelUrl", "https://shop.example.test/cart");
        body.put("collectEmail", true);
        body.put("collectName", true);
        body.put("metadata", Map.of("event", "ws-1"));

        var reply = post(merchant, "test", "/v1/payment-links", body);

        assertThat(reply.status()).as(reply.text()).isEqualTo(201);
        assertThat(fieldNames(reply.body())).containsExactly("paymentLink", "url");
        var link = reply.body().get("paymentLink");
        assertThat(fieldNames(link)).containsExactlyElementsOf(LINK_FIELDS);
        var id = link.get("id").stringValue();
        assertThat(Ids.isWellFormed(IdPrefix.PAYMENT_LINK, id)).isTrue();
        assertThat(link.get("object").stringValue()).isEqualTo("payment_link");
        assertThat(link.get("status").stringValue()).isEqualTo("active");
        assertThat(link.get("amountUsdc").toString()).isEqualTo("25");
        assertThat(link.get("description").stringValue()).isEqualTo("Workshop ticket");
        assertThat(link.get("useCount").intValue()).isZero();
        assertThat(link.get("maxUses").intValue()).isEqualTo(25);
        assertThat(link.get("paidCount").intValue()).isZero();
        assertThat(link.get("expiresAt").stringValue()).isEqualTo(expiresAt.toString());
        assertThat(link.get("merchantRefPrefix").stringValue()).isEqualTo("ticket-2026_A");
        assertThat(link.get("collectEmail").booleanValue()).isTrue();
        assertThat(link.get("collectName").booleanValue()).isTrue();
        assertThat(link.get("metadata").get("event").stringValue()).isEqualTo("ws-1");
        assertThat(link.get("disabledAt").isNull()).isTrue();
        var url = "https://pay.example.test/checkout/link/" + id;
        assertThat(reply.body().get("url").stringValue()).isEqualTo(url);
        assertThat(link.get("url").stringValue()).isEqualTo(url);

        var read = get(merchant, "test", "/v1/payment-links/" + id);
        assertThat(read.status()).isEqualTo(200);
        assertThat(read.body()).isEqualTo(reply.body());
        assertThat(linkCommands(merchant)).singleElement().satisfies(command -> {
            assertThat(command.getPaymentLinkId()).isEqualTo(id);
            var create = (CreatePaymentLink) command.getPayload();
            assertThat(create.getAmountMicros()).isEqualTo(25_000_000L);
            assertThat(create.getMaxUses()).isEqualTo(25);
            assertThat(create.getExpiresAt()).isEqualTo(expiresAt);
            assertThat(create.getUrl()).isEqualTo(url);
            assertThat(create.getCollectEmail()).isTrue();
        });
    }

    @Test
    void shouldDefaultThePrefixToTheLinkIdAndTakeAOncePriceAndTheMerchantsPayout() {
        var merchant = newMerchant("0x4444444444444444444444444444444444444444");
        var priceId = oncePrice(merchant, "test", "3.5");

        var reply = post(merchant, "test", "/v1/payment-links", Map.of("priceId", priceId));

        assertThat(reply.status()).as(reply.text()).isEqualTo(201);
        var link = reply.body().get("paymentLink");
        assertThat(link.get("merchantRefPrefix").stringValue())
                .isEqualTo(link.get("id").stringValue());
        assertThat(link.get("amountUsdc").toString()).isEqualTo("3.5");
        assertThat(link.get("priceId").stringValue()).isEqualTo(priceId);
        assertThat(link.get("payoutAddressEvm").stringValue()).isEqualTo("0x4444444444444444444444444444444444444444");
        assertThat(link.get("maxUses").isNull()).isTrue();
        assertThat(link.get("expiresAt").isNull()).isTrue();
        assertThat(link.get("description").isNull()).isTrue();
        assertThat(link.get("collectEmail").booleanValue()).isFalse();
        assertThat(link.get("collectName").booleanValue()).isFalse();
    }

    @Test
    void shouldDisableOnceAndAcceptASecondDisableUnchanged() {
        var merchant = newMerchant();
        var id = createLink(merchant, "test", "5", Map.of()).get("id").stringValue();
        var path = "/v1/payment-links/" + id + "/disable";

        var first = post(merchant, "test", path, null);
        var second = post(merchant, "test", path, Map.of());

        assertThat(first.status()).as(first.text()).isEqualTo(200);
        assertThat(fieldNames(first.body())).containsExactly("paymentLink", "url");
        assertThat(first.body().get("paymentLink").get("status").stringValue()).isEqualTo("disabled");
        assertThat(first.body().get("paymentLink").get("disabledAt").stringValue())
                .isNotBlank();
        assertThat(first.body().get("url").stringValue()).endsWith("/checkout/link/" + id);
        assertThat(second.status()).as(second.text()).isEqualTo(200);
        assertThat(second.body()).isEqualTo(first.body());
        assertThat(get(merchant, "test", "/v1/payment-links/" + id).body()).isEqualTo(first.body());
        assertThat(linkCommands(merchant))
                .filteredOn(command -> command.getPayload() instanceof DisablePaymentLink)
                .hasSize(2);
    }

    @Test
    void shouldListNewestFirstByStatusAndPageWithinTheCallersMerchantAndMode() {
        var merchant = newMerchant();
        var first = createLink(merchant, "test", "1", Map.of()).get("id").stringValue();
        var second = createLink(merchant, "test", "2", Map.of()).get("id").stringValue();
        var third = createLink(merchant, "test", "3", Map.of()).get("id").stringValue();
        post(merchant, "test", "/v1/payment-links/" + second + "/disable", null);

        var page1 = get(merchant, "test", "/v1/payment-links?limit=2");
        var page2 = get(merchant, "test", "/v1/payment-links?limit=2&startingAfter=" + third);

        assertThat(fieldNames(page1.body())).containsExactly("paymentLinks", "hasMore");
        assertThat(ids(page1)).containsExactly(third, second);
        assertThat(page1.body().get("hasMore").booleanValue()).isTrue();
        assertThat(ids(page2)).containsExactly(second, first);
        assertThat(page2.body().get("hasMore").booleanValue()).isFalse();
        assertThat(ids(get(merchant, "test", "/v1/payment-links?status=active")))
                .containsExactly(third, first);
        assertThat(ids(get(merchant, "test", "/v1/payment-links?status=disabled")))
                .containsExactly(second);
        assertThat(ids(get(merchant, "live", "/v1/payment-links")))
                .as("the other mode")
                .isEmpty();
        assertThat(ids(get(newMerchant(), "test", "/v1/payment-links")))
                .as("another merchant")
                .isEmpty();
    }

    @Test
    void shouldShowAnActiveLinkPastItsExpiresAtAsExpired() {
        var merchant = newMerchant();
        var expiresAt = Instant.now().plusMillis(3000);
        var id = createLink(merchant, "test", "5", Map.of("expiresAt", expiresAt.toString()))
                .get("id")
                .stringValue();

        await().atMost(Duration.ofSeconds(30)).until(() -> Instant.now().isAfter(expiresAt.plusMillis(1)));

        assertThat(get(merchant, "test", "/v1/payment-links/" + id)
                        .body()
                        .get("paymentLink")
                        .get("status")
                        .stringValue())
                .isEqualTo("expired");
        assertThat(ids(get(merchant, "test", "/v1/payment-links?status=expired")))
                .containsExactly(id);
        assertThat(ids(get(merchant, "test", "/v1/payment-links?status=active")))
                .isEmpty();
        assertThat(database().count("SELECT count(*) FROM payment_links WHERE id = ? AND status = 'active'", id))
                .as("the stored row")
                .isEqualTo(1);
    }

    @Test
    void shouldReplayTheCreateWhenTheSameIdempotencyKeyRepeats() {
        var merchant = newMerchant();
        var key = "link-" + UUID.randomUUID();
        var body = Map.<String, Object>of("amountUsdc", 4, "payoutAddressEvm", PAYOUT, "maxUses", 3);

        var first = call(HttpMethod.POST, "/v1/payment-links", merchant.testKey(), body, key);
        var again = call(HttpMethod.POST, "/v1/payment-links", merchant.testKey(), body, key);

        assertThat(first.status()).as(first.text()).isEqualTo(201);
        assertThat(again.header("Idempotent-Replayed")).isEqualTo("true");
        assertThat(again.text()).isEqualTo(first.text());
        assertThat(linkCommands(merchant)).hasSize(1);
    }

    private static List<String> ids(Reply list) {
        return list.body()
                .get("paymentLinks")
                .valueStream()
                .map(link -> link.get("id").stringValue())
                .toList();
    }
}
