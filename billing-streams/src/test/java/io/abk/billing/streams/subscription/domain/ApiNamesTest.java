package io.abk.billing.streams.subscription.domain;

import static org.assertj.core.api.Assertions.assertThat;

import io.abk.billing.schemas.render.ApiNamed;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** The names on the API and the wire come from the constants' names: a renamed constant must fail here. */
class ApiNamesTest {

    static Stream<Arguments> enums() {
        return Stream.of(
                Arguments.of(
                        BillingReason.values(),
                        List.of(
                                "subscription_create",
                                "subscription_cycle",
                                "subscription_resume",
                                "subscription_update")),
                Arguments.of(InvoiceStatus.values(), List.of("open", "paid", "void", "uncollectible", "refunded")),
                Arguments.of(Interval.values(), List.of("month", "year")),
                Arguments.of(InvoiceLineKind.values(), List.of("subscription", "proration", "discount", "usage")),
                Arguments.of(MandateStatus.values(), List.of("pending", "active", "revoked")),
                Arguments.of(SettlementKind.values(), List.of("charge", "refund")),
                Arguments.of(UsageType.values(), List.of("licensed", "metered")));
    }

    @ParameterizedTest
    @MethodSource("enums")
    void shouldKeepEveryApiNameWhenNamingTheConstants(ApiNamed[] constants, List<String> apiNames) {
        assertThat(Arrays.stream(constants).map(ApiNamed::apiName)).containsExactlyElementsOf(apiNames);
    }
}
