package io.abk.billing.scheduler.domain;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import io.abk.billing.scheduler.domain.DueAction.ChargeDue;
import io.abk.billing.scheduler.domain.DueAction.CheckFunding;
import io.abk.billing.scheduler.domain.DueAction.ExpireIncomplete;
import io.abk.billing.scheduler.domain.DueAction.ExpireLink;
import io.abk.billing.scheduler.domain.DueAction.ExpirePayment;
import io.abk.billing.scheduler.domain.DueAction.Renew;
import io.abk.billing.scheduler.domain.Resource.Invoice;
import io.abk.billing.scheduler.domain.Resource.Payment;
import io.abk.billing.scheduler.domain.Resource.PaymentLink;
import io.abk.billing.scheduler.domain.Resource.Subscription;
import io.abk.billing.schemas.ids.IdPrefix;
import io.abk.billing.schemas.ids.Ids;
import io.abk.billing.schemas.mode.Mode;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.stream.Stream;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** The table of due items (docs/architecture.md, "Renewals and other due work"), one row per resource state. */
class DueItemsTest {

    static final String SUB = "sub_01jvqz00000000000000000001";
    static final String INV = "inv_01jvqz00000000000000000001";
    static final String PAY = "pay_01jvqz00000000000000000001";
    static final String LINK = "plink_01jvqz0000000000000000001";
    static final String MERCHANT = "mer_01jvqz00000000000000000001";
    static final Instant CREATED = Instant.parse("2026-01-31T10:00:00Z");
    static final Instant PERIOD_END = Instant.parse("2026-02-28T10:00:00Z");
    static final Instant RETRY_AT = Instant.parse("2026-03-01T10:00:00Z");
    static final Instant EXPIRES = Instant.parse("2026-02-01T10:00:00Z");
    static final Instant AFTER_A_DAY = Instant.parse("2026-02-01T10:00:00Z");

    static Subscription subscription(String status, boolean cancelAtPeriodEnd, String mandate) {
        return new Subscription(
                SUB, MERCHANT, Mode.TEST, 3, status, PERIOD_END, cancelAtPeriodEnd, mandate, INV, CREATED);
    }

    static Subscription metered(String status, boolean cancelAtPeriodEnd) {
        return new Subscription(
                SUB, MERCHANT, Mode.TEST, 3, status, PERIOD_END, cancelAtPeriodEnd, "active", INV, CREATED, true);
    }

    static Invoice invoice(String status, String reason, int attempts, @Nullable Instant nextAttemptAt) {
        return new Invoice(INV, SUB, MERCHANT, Mode.TEST, 3, status, reason, CREATED, attempts, nextAttemptAt);
    }

    record Expected(DueKind kind, Instant dueAt, String seed, DueAction action) {}

    static Stream<Arguments> rows() {
        var renew = new Expected(DueKind.RENEWAL, PERIOD_END, SUB + ":" + PERIOD_END + ":renew", new Renew(PERIOD_END));
        var cancel =
                new Expected(DueKind.RENEWAL, PERIOD_END, SUB + ":" + PERIOD_END + ":cancel", new Renew(PERIOD_END));
        var funding = new Expected(
                DueKind.FUNDING_CHECK,
                PERIOD_END.minus(Duration.ofDays(3)),
                SUB + ":" + PERIOD_END + ":funding",
                new CheckFunding(PERIOD_END));
        var expireIncomplete = new Expected(
                DueKind.INCOMPLETE_EXPIRY, AFTER_A_DAY, SUB + ":expire-incomplete", new ExpireIncomplete());
        var graced = PERIOD_END.plus(Duration.ofHours(1));
        var renewAfterGrace =
                new Expected(DueKind.RENEWAL, graced, SUB + ":" + PERIOD_END + ":renew", new Renew(PERIOD_END));
        var cancelAfterGrace =
                new Expected(DueKind.RENEWAL, graced, SUB + ":" + PERIOD_END + ":cancel", new Renew(PERIOD_END));
        return Stream.of(
                row(
                        "active with a metered item renews an hour after the period end, its funding checked as any",
                        metered("active", false),
                        null,
                        renewAfterGrace,
                        funding),
                row(
                        "active with a metered item and cancelAtPeriodEnd: the final usage invoice waits the grace too",
                        metered("active", true),
                        null,
                        cancelAfterGrace),
                row(
                        "past_due with a metered item and cancelAtPeriodEnd cancels at the period end (nothing to bill)",
                        metered("past_due", true),
                        null,
                        cancel),
                row(
                        "active renews at the period end, its funding checked three days before",
                        subscription("active", false, "active"),
                        null,
                        renew,
                        funding),
                row(
                        "active with a revoked mandate renews (the charge says why it fails) but checks no funding",
                        subscription("active", false, "revoked"),
                        null,
                        renew),
                row(
                        "active with cancelAtPeriodEnd: the same command cancels, under its own id",
                        subscription("active", true, "active"),
                        null,
                        cancel),
                row(
                        "past_due with cancelAtPeriodEnd cancels at the period end",
                        subscription("past_due", true, "active"),
                        null,
                        cancel),
                row(
                        "paused with cancelAtPeriodEnd cancels at the period end",
                        subscription("paused", true, "active"),
                        null,
                        cancel),
                row(
                        "incomplete with cancelAtPeriodEnd and a revoked mandate",
                        subscription("incomplete", true, "revoked"),
                        null,
                        cancel),
                row("past_due does not renew", subscription("past_due", false, "active"), null),
                row("paused does not renew", subscription("paused", false, "active"), null),
                row("canceled is final, even with cancelAtPeriodEnd", subscription("canceled", true, "revoked"), null),
                row(
                        "incomplete with a pending mandate expires a day after creation",
                        subscription("incomplete", false, "pending"),
                        null,
                        expireIncomplete),
                row(
                        "incomplete pending with cancelAtPeriodEnd: both",
                        subscription("incomplete", true, "pending"),
                        null,
                        cancel,
                        expireIncomplete),
                row(
                        "incomplete after complete (mandate active) waits for its first charge",
                        subscription("incomplete", false, "active"),
                        null),
                row(
                        "open invoice with a retry is charged then, attempt = count + 1",
                        invoice("open", "subscription_cycle", 2, RETRY_AT),
                        null,
                        new Expected(DueKind.CHARGE_DUE, RETRY_AT, INV + ":3", new ChargeDue(INV, 3))),
                row(
                        "first invoice after complete is charged at its due time, attempt 1",
                        invoice("open", "subscription_create", 0, null),
                        subscription("incomplete", false, "active"),
                        new Expected(DueKind.CHARGE_DUE, CREATED, INV + ":1", new ChargeDue(INV, 1))),
                row(
                        "first invoice while the mandate is pending waits",
                        invoice("open", "subscription_create", 0, null),
                        subscription("incomplete", false, "pending")),
                row(
                        "first invoice already attempted without a retry (MANDATE_INACTIVE) waits",
                        invoice("open", "subscription_create", 1, null),
                        subscription("incomplete", false, "active")),
                row(
                        "first invoice of an unknown subscription waits",
                        invoice("open", "subscription_create", 0, null),
                        null),
                row(
                        "a renewal invoice in flight (no retry yet) waits",
                        invoice("open", "subscription_cycle", 0, null),
                        subscription("active", false, "active")),
                row(
                        "uncollectible is left to a manual charge",
                        invoice("uncollectible", "subscription_cycle", 4, null),
                        null),
                row("paid invoice", invoice("paid", "subscription_create", 1, null), null),
                row("void invoice", invoice("void", "subscription_create", 0, null), null),
                row(
                        "open payment expires at expiresAt",
                        new Payment(PAY, MERCHANT, Mode.LIVE, 1, "open", EXPIRES),
                        null,
                        new Expected(DueKind.PAYMENT_EXPIRY, EXPIRES, PAY + ":expire", new ExpirePayment())),
                row("paid payment", new Payment(PAY, MERCHANT, Mode.LIVE, 2, "paid", EXPIRES), null),
                row("expired payment", new Payment(PAY, MERCHANT, Mode.LIVE, 2, "expired", EXPIRES), null),
                row(
                        "active link expires at expiresAt",
                        new PaymentLink(LINK, MERCHANT, Mode.TEST, 1, "active", EXPIRES),
                        null,
                        new Expected(DueKind.LINK_EXPIRY, EXPIRES, LINK + ":expire", new ExpireLink())),
                row(
                        "active link without expiresAt",
                        new PaymentLink(LINK, MERCHANT, Mode.TEST, 1, "active", null),
                        null),
                row("disabled link", new PaymentLink(LINK, MERCHANT, Mode.TEST, 2, "disabled", EXPIRES), null));
    }

    private static Arguments row(String name, Resource resource, @Nullable Subscription owner, Expected... expected) {
        return Arguments.of(name, resource, owner, List.of(expected));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("rows")
    void shouldDeriveTheContractsItemsWhenGivenEachState(
            String name, Resource resource, @Nullable Subscription owner, List<Expected> expected) {
        var items = DueItems.of(resource, owner);

        assertThat(items)
                .extracting(DueItem::kind, DueItem::dueAt, DueItem::commandId, DueItem::action)
                .containsExactlyElementsOf(expected.stream()
                        .map(e -> tuple(
                                e.kind(), e.dueAt(), Ids.derivedId(IdPrefix.COMMAND, e.dueAt(), e.seed()), e.action()))
                        .toList());
        assertThat(items).allSatisfy(item -> {
            assertThat(item.resourceId()).isEqualTo(resource.id());
            assertThat(item.aggregateId()).isEqualTo(resource.aggregateId());
            assertThat(item.merchantId()).isEqualTo(MERCHANT);
            assertThat(item.mode()).isEqualTo(resource.mode());
        });
    }

    @Test
    void shouldCheckNoFundingWhenTheLeadIsZero() {
        var items = DueItems.of(subscription("active", false, "active"), null, new DuePolicy(Duration.ZERO));

        assertThat(items).extracting(DueItem::kind).containsExactly(DueKind.RENEWAL);
    }

    @Test
    void shouldCheckFundingAtTheConfiguredLeadWhenOneIsSet() {
        var items = DueItems.of(subscription("active", false, "active"), null, new DuePolicy(Duration.ofDays(7)));

        assertThat(items)
                .filteredOn(item -> item.kind() == DueKind.FUNDING_CHECK)
                .extracting(DueItem::dueAt)
                .containsExactly(PERIOD_END.minus(Duration.ofDays(7)));
    }

    @Test
    void shouldRenewAMeteredSubscriptionAtItsPeriodEndWhenTheGraceIsZero() {
        var items = DueItems.of(metered("active", false), null, new DuePolicy(Duration.ofDays(3), Duration.ZERO));

        assertThat(items)
                .filteredOn(item -> item.kind() == DueKind.RENEWAL)
                .extracting(DueItem::dueAt)
                .containsExactly(PERIOD_END);
    }

    @Test
    void shouldRenewAMeteredSubscriptionAfterTheConfiguredGraceWhenOneIsSet() {
        var policy = new DuePolicy(Duration.ofDays(3), Duration.ofMinutes(10));

        var items = DueItems.of(metered("active", false), null, policy);

        assertThat(items)
                .filteredOn(item -> item.kind() == DueKind.RENEWAL)
                .extracting(DueItem::dueAt)
                .containsExactly(PERIOD_END.plus(Duration.ofMinutes(10)));
        // A subscription without a metered item ignores the grace.
        assertThat(DueItems.of(subscription("active", false, "active"), null, policy))
                .filteredOn(item -> item.kind() == DueKind.RENEWAL)
                .extracting(DueItem::dueAt)
                .containsExactly(PERIOD_END);
    }

    @Test
    void shouldAddressInvoiceItemsToTheSubscriptionWhenDerivingACharge() {
        var item = DueItems.of(invoice("open", "subscription_cycle", 1, RETRY_AT), null)
                .getFirst();

        assertThat(item.resourceId()).isEqualTo(INV);
        assertThat(item.aggregateId()).isEqualTo(SUB);
    }

    @Test
    void shouldGiveTheSameCommandIdsWhenDerivingTwice() {
        // A replay after a crash must re-derive the very same ids, which the aggregate dedups.
        var resource = subscription("incomplete", true, "pending");

        assertThat(DueItems.of(resource, null)).isEqualTo(DueItems.of(resource, null));
    }

    @Test
    void shouldGiveANewRenewalIdWhenThePeriodMoved() {
        var before = DueItems.of(subscription("active", false, "active"), null).getFirst();
        var moved = new Subscription(SUB, MERCHANT, Mode.TEST, 9, "active", RETRY_AT, false, "active", INV, CREATED);

        assertThat(DueItems.of(moved, null).getFirst().commandId()).isNotEqualTo(before.commandId());
    }
}
