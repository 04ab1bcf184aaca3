package io.abk.billing.localchain;

import static io.abk.billing.localchain.VaultFixture.TEN_USDC;
import static io.abk.billing.localchain.VaultFixture.assertRefused;
import static io.abk.billing.localchain.VaultFixture.newChargeId;
import static io.abk.billing.localchain.VaultFixture.newRef;
import static org.assertj.core.api.Assertions.assertThat;

import io.abk.billing.contracts.VaultError;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The vault's calendar equals the billing service's ({@code ZonedDateTime.plusMonths} in UTC), and renewals are
 * accepted exactly at each calendar period's start and refused one second before.
 */
class VaultCalendarIT {

    private static VaultFixture chain;
    private String snapshot;

    @BeforeAll
    static void startChain() {
        chain = new VaultFixture();
    }

    @AfterAll
    static void stopChain() {
        chain.close();
    }

    @BeforeEach
    void mark() {
        snapshot = chain.node.snapshot();
    }

    @AfterEach
    void rewind() {
        chain.node.revert(snapshot);
    }

    // Protects against the chain and the billing service disagreeing on when a period starts.
    @Test
    void shouldAddMonthsExactlyLikeJavaInUtc() {
        List<Instant> anchors = new ArrayList<>(List.of(
                Instant.parse("2027-01-31T00:00:00Z"), Instant.parse("2027-01-31T23:59:59Z"),
                Instant.parse("2028-02-29T12:00:00Z"), Instant.parse("2027-03-31T23:59:59Z"),
                Instant.parse("2026-12-31T23:59:59Z"), Instant.parse("2027-08-31T06:30:00Z"),
                Instant.parse("2027-05-30T00:00:01Z"), Instant.parse("2099-12-31T23:59:59Z"),
                Instant.parse("1970-01-01T00:00:00Z"), Instant.parse("2000-02-29T00:00:00Z")));
        Random random = new Random(20260601L);
        for (int i = 0; i < 30; i++) {
            long start = Instant.parse("1999-01-01T00:00:00Z").getEpochSecond();
            long end = Instant.parse("2100-12-31T23:59:59Z").getEpochSecond();
            anchors.add(Instant.ofEpochSecond(start + (long) (random.nextDouble() * (end - start))));
        }
        List<Long> monthCounts =
                new ArrayList<>(List.of(0L, 1L, 2L, 3L, 11L, 12L, 13L, 24L, 48L, 120L, 121L, 240L, 1200L));
        for (int i = 0; i < 5; i++) {
            monthCounts.add((long) random.nextInt(1_000));
        }
        for (Instant anchor : anchors) {
            for (long months : monthCounts) {
                Instant expected = ZonedDateTime.ofInstant(anchor, ZoneOffset.UTC)
                        .plusMonths(months)
                        .toInstant();
                assertThat(chain.addMonths(anchor, months))
                        .as("%s + %d months", anchor, months)
                        .isEqualTo(expected);
            }
        }
    }

    @Test
    void shouldRenewAMonthlySubscriptionAnchoredOnJanuary31AtEachMonthsEnd() {
        assertRenewals(
                1,
                "2027-01-31T09:15:00Z",
                "2027-02-28T09:15:00Z",
                "2027-03-31T09:15:00Z",
                "2027-04-30T09:15:00Z",
                "2027-05-31T09:15:00Z");
    }

    @Test
    void shouldRenewAcrossFebruary29InALeapYear() {
        assertRenewals(1, "2028-01-31T23:59:59Z", "2028-02-29T23:59:59Z", "2028-03-31T23:59:59Z");
    }

    @Test
    void shouldRenewAYearlySubscriptionAnchoredOnFebruary29() {
        assertRenewals(
                12,
                "2028-02-29T00:00:00Z",
                "2029-02-28T00:00:00Z",
                "2030-02-28T00:00:00Z",
                "2031-02-28T00:00:00Z",
                "2032-02-29T00:00:00Z");
    }

    /** Each period start: refused one second before, accepted exactly at it. */
    private static void assertRenewals(int periodMonths, String anchor, String... renewals) {
        String ref = newRef();
        Instant first = Instant.parse(anchor);
        chain.subscribe(ref, TEN_USDC, periodMonths, first);
        List<Instant> starts = new ArrayList<>(List.of(first));
        for (String renewal : renewals) {
            starts.add(Instant.parse(renewal));
        }
        for (int period = 0; period < starts.size(); period++) {
            Instant start = starts.get(period);
            assertThat(ZonedDateTime.ofInstant(first, ZoneOffset.UTC)
                            .plusMonths((long) period * periodMonths)
                            .toInstant())
                    .isEqualTo(start);
            chain.nextTransactionAt(start.minusSeconds(1));
            var notYet = new VaultError.PeriodNotStarted(ref, period, start);
            assertRefused(() -> chain.charge(ref, TEN_USDC, newChargeId()), notYet);
            chain.nextTransactionAt(start);
            var receipt = chain.charge(ref, TEN_USDC, newChargeId());
            assertThat(receipt.isStatusOK()).isTrue();
        }
        assertThat(chain.subscription(ref).chargeCount()).isEqualTo(starts.size());
    }
}
