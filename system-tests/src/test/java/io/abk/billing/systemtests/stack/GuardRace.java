package io.abk.billing.systemtests.stack;

import static org.assertj.core.api.Assertions.assertThat;

import io.abk.billing.schemas.avro.BillingEvent;
import io.abk.billing.schemas.avro.Change;
import io.abk.billing.schemas.avro.Outcome;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.function.IntFunction;
import java.util.stream.IntStream;

/** Many requests at once: all built first, then sent together on the shared client, answers kept in order. */
final class GuardRace {

    private GuardRace() {}

    static List<Reply> race(int count, IntFunction<Call> call) {
        var calls = IntStream.range(0, count).mapToObj(call).toList();
        var sent = calls.stream().map(Call::sendAsync).toList();
        CompletableFuture.allOf(sent.toArray(CompletableFuture[]::new)).join();
        return sent.stream().map(CompletableFuture::join).toList();
    }

    static List<Reply> withStatus(List<Reply> replies, int status) {
        return replies.stream().filter(reply -> reply.status() == status).toList();
    }

    /** Exactly {@code count} answers are 400 with {@code code} and an error sentence; every other one is 200. */
    static void assertRefused(List<Reply> replies, int count, String code) {
        var refused = replies.stream().filter(reply -> reply.status() != 200).toList();
        assertThat(refused).hasSize(count).allSatisfy(reply -> assertRefusal(reply, code));
    }

    static void assertRefusal(Reply reply, String code) {
        assertThat(reply.status()).as(reply.toString()).isEqualTo(400);
        assertThat(reply.code()).as(reply.toString()).isEqualTo(code);
        assertThat(reply.json().path("error").asString()).isNotBlank();
    }

    /** The aggregate's changes: {@code accepted} accepted (each with snapshots), {@code rejected} rejected with {@code code} and nothing else. */
    static void assertChanges(List<Change> changes, int accepted, int rejected, String code) {
        assertThat(changes)
                .filteredOn(change -> change.getOutcome() == Outcome.ACCEPTED)
                .hasSize(accepted)
                .allSatisfy(change -> assertThat(change.getSnapshots()).isNotEmpty());
        assertThat(changes)
                .filteredOn(change -> change.getOutcome() == Outcome.REJECTED)
                .hasSize(rejected)
                .allSatisfy(change -> {
                    assertThat(change.getRejection().getCode()).isEqualTo(code);
                    assertThat(change.getSnapshots()).isEmpty();
                    assertThat(change.getEventIds()).isEmpty();
                });
        assertThat(changes).hasSize(accepted + rejected);
    }

    /** The refunded amount (micro-USDC) of each {@code invoice.refunded} event; no other event may be there. */
    static List<Long> refundAmounts(List<BillingEvent> events) {
        assertThat(events).extracting(BillingEvent::getType).containsOnly("invoice.refunded");
        var amounts = new ArrayList<Long>();
        events.forEach(event -> amounts.add(event.getData().getRefundAmountMicros()));
        assertThat(amounts).doesNotContainNull();
        return Collections.unmodifiableList(amounts);
    }
}
