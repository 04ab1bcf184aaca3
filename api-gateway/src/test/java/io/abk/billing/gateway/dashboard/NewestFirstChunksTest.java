package io.abk.billing.gateway.dashboard;

import static org.assertj.core.api.Assertions.assertThat;

import io.abk.billing.gateway.platform.web.Page;
import io.abk.billing.gateway.platform.web.PageRequest;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import java.util.stream.IntStream;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.Test;
import org.reactivestreams.Subscription;
import reactor.core.publisher.BaseSubscriber;
import reactor.core.publisher.Mono;

class NewestFirstChunksTest {

    /** A newest-first list of the ids {@code count} down to 1, answering pages by cursor, recording each cursor. */
    private static final class Ids implements Function<PageRequest, Mono<Page<String>>> {
        final List<@Nullable String> cursors = new ArrayList<>();
        private final List<String> all;

        Ids(int count) {
            all = IntStream.iterate(count, i -> i >= 1, i -> i - 1)
                    .mapToObj(i -> String.format("id_%04d", i))
                    .toList();
        }

        @Override
        public Mono<Page<String>> apply(PageRequest page) {
            cursors.add(page.startingAfter());
            var after = page.startingAfter();
            var older = all.stream()
                    .filter(id -> after == null || id.compareTo(after) < 0)
                    .limit(page.limit() + 1L)
                    .toList();
            return Mono.just(Page.fromRowsPlusOne(older, page.limit()));
        }
    }

    @Test
    void shouldReadEveryRowNewestFirstAChunkAtATimeFromTheLastIdRead() {
        var list = new Ids(7);

        var chunks = NewestFirstChunks.all(3, list, Function.identity())
                .collectList()
                .block();

        assertThat(chunks)
                .containsExactly(
                        List.of("id_0007", "id_0006", "id_0005"),
                        List.of("id_0004", "id_0003", "id_0002"),
                        List.of("id_0001"));
        assertThat(list.cursors).containsExactly(null, "id_0005", "id_0002");
    }

    @Test
    void shouldReadOneChunkOfAnEmptyOrExactlyFullList() {
        var empty = new Ids(0);
        assertThat(NewestFirstChunks.all(3, empty, Function.identity())
                        .collectList()
                        .block())
                .isEmpty();
        assertThat(empty.cursors).hasSize(1);

        var full = new Ids(6);
        assertThat(NewestFirstChunks.all(3, full, Function.identity())
                        .flatMapIterable(chunk -> chunk)
                        .collectList()
                        .block())
                .hasSize(6);
        assertThat(full.cursors).containsExactly(null, "id_0004");
    }

    // Protects against an export that reads the whole list before writing: memory would grow with its length.
    @Test
    void shouldReadAChunkOnlyWhenTheOneBeforeIsTaken() {
        var list = new Ids(10);
        var taken = new ArrayList<List<String>>();
        var subscriber = new BaseSubscriber<List<String>>() {
            @Override
            protected void hookOnSubscribe(Subscription subscription) {
                request(1);
            }

            @Override
            protected void hookOnNext(List<String> chunk) {
                taken.add(chunk);
            }
        };

        NewestFirstChunks.all(2, list, Function.identity()).subscribe(subscriber);
        assertThat(taken).hasSize(1);
        assertThat(list.cursors).hasSizeLessThanOrEqualTo(2);

        subscriber.request(1);
        assertThat(taken).hasSize(2);
        assertThat(list.cursors).hasSizeLessThanOrEqualTo(3);
        subscriber.cancel();
    }
}
