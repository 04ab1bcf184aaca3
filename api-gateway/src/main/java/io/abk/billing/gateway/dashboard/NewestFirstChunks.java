package io.abk.billing.gateway.dashboard;

import io.abk.billing.gateway.platform.web.Page;
import io.abk.billing.gateway.platform.web.PageRequest;
import java.util.List;
import java.util.function.Function;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/**
 * Every row of a newest-first list, read a chunk at a time through the list's own cursor (each chunk the rows with
 * ids below the last one read: {@code id < :after ORDER BY id DESC LIMIT size + 1}), so an export of any length holds
 * about one chunk in memory and uses the list's filter and indexes as the page does. A chunk is read only when the
 * one before it has been taken.
 */
final class NewestFirstChunks {

    private NewestFirstChunks() {}

    /**
     * The chunks of {@code list}, newest first.
     *
     * @param size the rows of a chunk
     * @param list a page of the list from a cursor
     * @param idOf a row's id, the cursor of the chunk after it
     */
    static <T> Flux<List<T>> all(int size, Function<PageRequest, Mono<Page<T>>> list, Function<T, String> idOf) {
        return list.apply(new PageRequest(size, null))
                .expand(page -> page.hasMore() && !page.items().isEmpty()
                        ? list.apply(
                                new PageRequest(size, idOf.apply(page.items().getLast())))
                        : Mono.empty())
                .map(Page::items)
                .filter(items -> !items.isEmpty());
    }
}
