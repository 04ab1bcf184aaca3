package io.abk.billing.client;

import java.util.Iterator;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.function.Function;
import org.jspecify.annotations.Nullable;

/**
 * One page of a list, newest first: {@link #data()} and whether older items follow ({@link #hasMore()}).
 * {@link #autoPagingIterable()} walks this page and every older one, asking for each next page with the last item's
 * id as {@code startingAfter}.
 *
 * <pre>{@code
 * for (Subscription s : billing.subscriptions().list(ListParams.builder().limit(100).build()).autoPagingIterable()) {
 *     ...
 * }
 * }</pre>
 *
 * @param <T> the listed object
 */
public final class Page<T> {

    private final List<T> data;
    private final boolean hasMore;
    private final Function<T, String> idOf;
    private final Function<String, Page<T>> next;

    /**
     * A page whose next one is {@code next.apply(lastId)}.
     *
     * @param data the items of this page
     * @param hasMore whether older items follow
     * @param idOf the id of an item
     * @param next fetches the page after the item of the given id
     */
    public Page(List<T> data, boolean hasMore, Function<T, String> idOf, Function<String, Page<T>> next) {
        this.data = List.copyOf(data);
        this.hasMore = hasMore;
        this.idOf = idOf;
        this.next = next;
    }

    public List<T> data() {
        return data;
    }

    public boolean hasMore() {
        return hasMore;
    }

    /** The page after this one, or null when this is the last. */
    public @Nullable Page<T> nextPage() {
        if (!hasMore || data.isEmpty()) {
            return null;
        }
        return next.apply(idOf.apply(data.get(data.size() - 1)));
    }

    /** Every item of this page and the older ones; each further page is fetched when the walk reaches it. */
    public Iterable<T> autoPagingIterable() {
        return () -> new Iterator<T>() {
            private @Nullable Page<T> page = Page.this;
            private int index;

            @Override
            public boolean hasNext() {
                while (page != null && index >= page.data.size()) {
                    page = page.nextPage();
                    index = 0;
                }
                return page != null;
            }

            @Override
            public T next() {
                if (!hasNext() || page == null) {
                    throw new NoSuchElementException();
                }
                return page.data.get(index++);
            }
        };
    }
}
