package io.abk.billing.chain.settlement;

import io.abk.billing.chain.domain.settlement.Mode;
import io.abk.billing.chain.domain.settlement.SettlementRequest;
import io.abk.billing.schemas.avro.ChainRequest;
import io.abk.billing.schemas.avro.ChargeRequest;
import io.abk.billing.schemas.avro.RefundRequest;

/** Reads a {@code ChainRequest} from the wire into the domain's request, and says whether it can be answered. */
final class RequestMapper {

    private RequestMapper() {
    }

    /**
     * True when an answer can reach the aggregate that asked: the result command needs the subscription (its
     * topic key), the command id the aggregate waits for, and the kind of request (charge or refund). Anything
     * else wrong with a request is answered with a failure instead.
     */
    static boolean addressable(ChainRequest request) {
        return present(request.getSubscriptionId()) && present(request.getResultCommandId())
                && (request.getPayload() instanceof ChargeRequest || request.getPayload() instanceof RefundRequest);
    }

    /** The domain request; only for an {@link #addressable} request. */
    static SettlementRequest toDomain(ChainRequest request) {
        var mode = switch (request.getMode()) {
            case TEST -> Mode.TEST;
            case LIVE -> Mode.LIVE;
        };
        return switch (request.getPayload()) {
            case ChargeRequest charge -> new SettlementRequest.Charge(request.getRequestId(), mode,
                    request.getAmountMicros(), charge.getSandboxMode(), charge.getSandboxDefaultOutcome());
            case RefundRequest refund -> new SettlementRequest.Refund(request.getRequestId(), mode,
                    request.getAmountMicros());
            default -> throw new IllegalArgumentException("not a charge or refund request: " + request.getPayload());
        };
    }

    private static boolean present(String value) {
        return value != null && !value.isBlank();
    }
}
