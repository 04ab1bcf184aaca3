package io.abk.billing.gateway.platform.web;

import java.util.List;
import org.jspecify.annotations.Nullable;
import org.springframework.util.MultiValueMap;

/** The {@code status} filter of a list: absent, or one of the listed resource's statuses. */
public final class StatusFilter {

    private StatusFilter() {}

    /** Reads {@code status} from a query: null when absent, else one of {@code statuses}, else 400 naming it. */
    public static @Nullable String from(MultiValueMap<String, String> query, List<String> statuses) {
        var status = query.getFirst("status");
        if (status != null && !statuses.contains(status)) {
            throw ApiException.invalid("status", "status must be one of " + String.join(", ", statuses));
        }
        return status;
    }
}
