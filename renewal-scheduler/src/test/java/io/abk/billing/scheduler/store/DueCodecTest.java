package io.abk.billing.scheduler.store;

import static org.assertj.core.api.Assertions.assertThat;

import io.abk.billing.scheduler.domain.DueEntry;
import io.abk.billing.scheduler.domain.DueItems;
import io.abk.billing.scheduler.domain.DuePolicy;
import io.abk.billing.scheduler.domain.Resource;
import io.abk.billing.schemas.mode.Mode;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

class DueCodecTest {

    private static final Instant T = Instant.parse("2026-03-31T00:00:00Z");

    @Test
    void shouldReadBackEveryResourceAndItemWhenRoundTripping() {
        var subscription = new Resource.Subscription(
                "sub_1", "mer_1", Mode.TEST, 4, "incomplete", T, true, "pending", null, T.minusSeconds(60));
        var resources = List.<Resource>of(
                subscription,
                new Resource.Invoice(
                        "inv_1",
                        "sub_1",
                        "mer_1",
                        Mode.LIVE,
                        5,
                        "open",
                        "subscription_cycle",
                        T,
                        2,
                        T.plusSeconds(86_400)),
                new Resource.Invoice(
                        "inv_2", "sub_1", "mer_1", Mode.TEST, 5, "open", "subscription_create", T, 0, null),
                new Resource.Payment("pay_1", "mer_1", Mode.TEST, 1, "open", T),
                new Resource.PaymentLink("plink_1", "mer_1", Mode.LIVE, 1, "active", T),
                new Resource.PaymentLink("plink_2", "mer_1", Mode.LIVE, 1, "active", null));
        var serde = DueCodec.entrySerde();
        for (var resource : resources) {
            var entry = DueEntry.of(
                    resource,
                    new Resource.Subscription(
                            "sub_1", "mer_1", Mode.TEST, 4, "incomplete", T, false, "active", "inv_2", T),
                    DuePolicy.DEFAULT);
            var fired = entry.pending().isEmpty()
                    ? entry
                    : entry.fire(entry.pending().getFirst().commandId());

            var back = serde.deserializer().deserialize("t", serde.serializer().serialize("t", fired));

            assertThat(back).isEqualTo(fired);
        }
        var items = DueCodec.itemSerde();
        for (var item : DueItems.of(subscription, null)) {
            assertThat(items.deserializer().deserialize("t", items.serializer().serialize("t", item)))
                    .isEqualTo(item);
        }
    }

    @Test
    void shouldOrderIndexKeysByDueTimeWhenTheyShareAGroup() {
        var early = DueItems.of(new Resource.Payment("pay_b", "mer_1", Mode.TEST, 1, "open", T), null)
                .getFirst();
        var late = DueItems.of(
                        new Resource.Payment(
                                "pay_a", "mer_1", Mode.TEST, 1, "open", Instant.parse("2027-01-01T00:00:00Z")),
                        null)
                .getFirst();

        assertThat(DueIndexKey.of(early)).startsWith("test|mer_1|").isLessThan(DueIndexKey.of(late));
        assertThat(DueIndexKey.of(late))
                .isLessThan(DueIndexKey.dueUpTo("test|mer_1|", late.dueAt().toEpochMilli()));
        assertThat(DueIndexKey.merchantOf(DueIndexKey.of(early))).isEqualTo("mer_1");
    }
}
