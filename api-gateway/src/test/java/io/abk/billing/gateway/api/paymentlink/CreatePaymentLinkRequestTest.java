package io.abk.billing.gateway.api.paymentlink;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.abk.billing.gateway.api.payment.OneTimeAmount;
import io.abk.billing.gateway.platform.json.RequestFields;
import io.abk.billing.gateway.platform.web.ApiException;
import java.time.Instant;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.json.JsonMapper;

/** A link create's body: defaults, the amount rule, and expiresAt measured against the mode's now. */
class CreatePaymentLinkRequestTest {

    private static final JsonMapper JSON = JsonMapper.builder()
            .enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
            .build();
    private static final Instant NOW = Instant.parse("2026-05-01T12:00:00Z");

    @Test
    void shouldDefaultEverythingButTheAmountWhenOnlyTheAmountIsGiven() {
        var request = parse("{\"amountUsdc\":1.50}");

        assertThat(request.amount())
                .isInstanceOfSatisfying(
                        OneTimeAmount.AdHoc.class,
                        adHoc -> assertThat(adHoc.amount().micros()).isEqualTo(1_500_000L));
        assertThat(request.merchantRefPrefix()).isNull();
        assertThat(request.maxUses()).isNull();
        assertThat(request.expiresAt()).isNull();
        assertThat(request.collectEmail()).isFalse();
        assertThat(request.collectName()).isFalse();
        assertThat(request.metadata()).isEmpty();
    }

    @Test
    void shouldReadExpiresAtWithAnyOffsetToTheMillisecondAndOnlyInTheFuture() {
        assertThat(parse("{\"amountUsdc\":1,\"expiresAt\":\"2026-05-01T14:00:00.123456+02:00\"}")
                        .expiresAt())
                .isEqualTo(Instant.parse("2026-05-01T12:00:00.123Z"));
        assertThat(parse("{\"amountUsdc\":1,\"expiresAt\":null}").expiresAt()).isNull();
        assertRefused("{\"amountUsdc\":1,\"expiresAt\":\"2026-05-01T12:00:00Z\"}", "expiresAt");
        assertRefused("{\"amountUsdc\":1,\"expiresAt\":\"2026-05-01T12:00:00.0009Z\"}", "expiresAt");
        assertThat(parse("{\"amountUsdc\":1,\"expiresAt\":\"9999-12-31T23:59:59.999Z\"}")
                        .expiresAt())
                .isEqualTo(CreatePaymentLinkRequest.LATEST_EXPIRY);
        // Would overflow epoch milliseconds, or PostgreSQL's timestamptz, and stop the projector.
        assertRefused("{\"amountUsdc\":1,\"expiresAt\":\"+10000-01-01T00:00:00Z\"}", "expiresAt");
        assertRefused("{\"amountUsdc\":1,\"expiresAt\":\"+300000000-01-01T00:00:00Z\"}", "expiresAt");
    }

    @Test
    void shouldAcceptTheBoundsOfMaxUsesAndThePrefixAlphabet() {
        assertThat(parse("{\"amountUsdc\":1,\"maxUses\":1}").maxUses()).isEqualTo(1);
        assertThat(parse("{\"amountUsdc\":1,\"maxUses\":1000000}").maxUses()).isEqualTo(1_000_000);
        assertThat(parse("{\"amountUsdc\":1,\"merchantRefPrefix\":\"" + "aZ9_-".repeat(20) + "\"}")
                        .merchantRefPrefix())
                .hasSize(100);
        assertRefused("{\"amountUsdc\":1,\"maxUses\":1.0}", "maxUses");
        assertRefused("{\"amountUsdc\":1,\"merchantRefPrefix\":\"a.b\"}", "merchantRefPrefix");
    }

    @Test
    void shouldRequireExactlyOneOfAmountAndPrice() {
        assertThat(parse("{\"priceId\":\"price_x\"}").amount()).isEqualTo(new OneTimeAmount.ByPrice("price_x"));
        assertRefused("{}", "amountUsdc");
        assertRefused("{\"priceId\":\"price_x\",\"amountUsdc\":2}", "priceId");
    }

    private static CreatePaymentLinkRequest parse(String body) {
        return CreatePaymentLinkRequest.parse(RequestFields.of(JSON.readTree(body)), NOW);
    }

    private static void assertRefused(String body, String param) {
        assertThatThrownBy(() -> parse(body)).as(body).isInstanceOfSatisfying(ApiException.class, refused -> {
            assertThat(refused.status()).isEqualTo(400);
            assertThat(refused.code()).isEqualTo("validation_error");
            assertThat(refused.param()).isEqualTo(param);
        });
    }
}
