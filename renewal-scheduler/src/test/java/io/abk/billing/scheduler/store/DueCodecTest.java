package io.abk.billing.scheduler.store;

import static org.assertj.core.api.Assertions.assertThat;

import io.abk.billing.scheduler.domain.DueEntry;
import io.abk.billing.scheduler.domain.DueItems;
import io.abk.billing.scheduler.domain.DuePolicy;
import io.abk.billing.scheduler.domain.Resource;
import io.abk.billing.schemas.mode.Mode;
import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.time.Instant;
import java.util.List;
import java.util.Set;
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
    void shouldReadBackAMeteredSubscriptionWhenRoundTripping() {
        var metered = new Resource.Subscription(
                "sub_1", "mer_1", Mode.TEST, 4, "active", T, false, "active", "inv_1", T.minusSeconds(60), true);
        var entry = DueEntry.of(metered, null, DuePolicy.DEFAULT);
        var serde = DueCodec.entrySerde();

        var back = serde.deserializer().deserialize("t", serde.serializer().serialize("t", entry));

        assertThat(back).isEqualTo(entry);
        assertThat(((Resource.Subscription) back.resource()).metered()).isTrue();
    }

    @Test
    void shouldReadAnEntryStoredInTheFirstFormatAsNotMetered() throws IOException {
        // The changelogs hold format 1 values, written before a subscription's metered flag: they must still decode.
        var bytes = new ByteArrayOutputStream();
        var out = new DataOutputStream(bytes);
        out.writeByte(1);
        out.writeUTF("Subscription");
        out.writeUTF("sub_1");
        out.writeUTF("mer_1");
        out.writeUTF("TEST");
        out.writeLong(4);
        out.writeUTF("active");
        out.writeLong(T.toEpochMilli());
        out.writeBoolean(false);
        out.writeUTF("active");
        out.writeBoolean(true);
        out.writeUTF("inv_1");
        out.writeLong(T.minusSeconds(60).toEpochMilli());
        out.writeInt(0);
        out.writeInt(1);
        out.writeUTF("cmd_fired");
        out.flush();

        var back = DueCodec.entrySerde().deserializer().deserialize("t", bytes.toByteArray());

        assertThat(back)
                .isEqualTo(new DueEntry(
                        new Resource.Subscription(
                                "sub_1",
                                "mer_1",
                                Mode.TEST,
                                4,
                                "active",
                                T,
                                false,
                                "active",
                                "inv_1",
                                T.minusSeconds(60)),
                        List.of(),
                        Set.of("cmd_fired")));
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
