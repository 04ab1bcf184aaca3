package io.abk.billing.gateway.api.event;

import io.abk.billing.gateway.api.webhook.EventTypes;
import io.abk.billing.gateway.platform.web.ApiException;
import io.abk.billing.schemas.ids.IdPrefix;
import io.abk.billing.schemas.ids.Ids;
import java.util.List;
import org.jspecify.annotations.Nullable;
import org.springframework.util.MultiValueMap;

/**
 * Which events a list keeps: of one {@code type}, and about one {@code subjectId} (the subscription, invoice, payment
 * or payment link in the event's {@code data}: a subscription's are its own and its invoices', a link's are its
 * payments'). Null keeps every event.
 */
public record EventFilter(@Nullable String type, @Nullable String subjectId) {

    /** Every event. */
    public static final EventFilter NONE = new EventFilter(null, null);

    /** The kinds of object an event is about, as {@code subjectId} may name them. */
    static final List<IdPrefix> SUBJECTS =
            List.of(IdPrefix.SUBSCRIPTION, IdPrefix.INVOICE, IdPrefix.PAYMENT, IdPrefix.PAYMENT_LINK);

    private static final List<String> TYPES = EventTypes.KNOWN.stream().sorted().toList();

    /** Reads {@code type} and {@code subjectId} from a query: 400 naming the parameter for an unknown or malformed one. */
    public static EventFilter from(MultiValueMap<String, String> query) {
        var type = query.getFirst("type");
        if (type != null && !TYPES.contains(type)) {
            throw ApiException.invalid("type", "type must be one of " + String.join(", ", TYPES));
        }
        var subjectId = query.getFirst("subjectId");
        if (subjectId != null && SUBJECTS.stream().noneMatch(prefix -> Ids.isWellFormed(prefix, subjectId))) {
            throw ApiException.invalid(
                    "subjectId",
                    "subjectId must be the id of a subscription (sub_), invoice (inv_), payment (pay_) or payment link"
                            + " (plink_)");
        }
        return new EventFilter(type, subjectId);
    }

    /** The event types a filter may name, sorted (the dashboard's select). */
    public static List<String> types() {
        return TYPES;
    }
}
