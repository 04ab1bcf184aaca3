package io.abk.billing.gateway.api.subscription;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import io.abk.billing.gateway.api.subscription.CreateSubscriptionRequest.AdHoc;
import io.abk.billing.gateway.api.subscription.CreateSubscriptionRequest.ByPrice;
import io.abk.billing.gateway.platform.json.RequestFields;
import io.abk.billing.gateway.platform.web.ApiException;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.json.JsonMapper;

/** The create body's validation, case by case (docs/api.md, {@code CreateSubscriptionRequest}). */
class CreateSubscriptionRequestTest {

    /** Read like the gateway reads bodies: decimals exact (JsonConfiguration). */
    private static final JsonMapper JSON = JsonMapper.builder()
            .enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
            .build();

    static List<BadCreateRequests.Case> badRequests() {
        return BadCreateRequests.cases();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("badRequests")
    void shouldRefuseWithCodeAndParamWhenTheBodyIsMalformed(BadCreateRequests.Case bad) {
        var error = catchThrowableOfType(
                ApiException.class, () -> CreateSubscriptionRequest.parse(RequestFields.of(JSON.readTree(bad.body()))));

        assertThat(error).as(bad.name()).isNotNull();
        assertThat(error.status()).isEqualTo(400);
        assertThat(error.code()).isEqualTo(bad.code());
        assertThat(error.param()).isEqualTo(bad.param());
        assertThat(error.getMessage()).isNotBlank();
    }

    @Test
    void shouldHaveAtLeastFortyCasesWhenTheTableIsBuilt() {
        assertThat(BadCreateRequests.cases()).hasSizeGreaterThanOrEqualTo(40);
    }

    @Test
    void shouldReadAdHocFormExactlyWhenAmountHasTrailingZeros() {
        var body = JSON.readTree("""
                {"merchantRef":"o-1","customerWallet":"%s","amountUsdc":1.1000000,"interval":"year",
                 "successUrl":"https://shop.example/ok","metadata":{"plan":"gold"},"unknownField":[1,2]}""".formatted(BadCreateRequests.WALLET));

        var request = CreateSubscriptionRequest.parse(RequestFields.of(body));

        assertThat(request.form())
                .isEqualTo(new AdHoc(io.abk.billing.schemas.money.UsdcAmount.ofMicros(1_100_000), "year"));
        assertThat(request.customerWallet()).isEqualTo(BadCreateRequests.WALLET);
        assertThat(request.payoutAddressEvm()).isNull();
        assertThat(request.metadata()).containsEntry("plan", "gold");
        assertThat(request.successUrl()).hasToString("https://shop.example/ok");
    }

    @Test
    void shouldReadPriceFormWhenOnlyPriceIdIsGiven() {
        var body = JSON.readTree("""
                {"merchantRef":"o-1","customerWallet":"%s","priceId":"price_01jcrgx3b2m0x9k8d7f6e5a4s3","planId":"gold"}""".formatted(BadCreateRequests.WALLET));

        var request = CreateSubscriptionRequest.parse(RequestFields.of(body));

        assertThat(request.form()).isEqualTo(new ByPrice("price_01jcrgx3b2m0x9k8d7f6e5a4s3"));
        assertThat(request.planId()).isEqualTo("gold");
    }
}
