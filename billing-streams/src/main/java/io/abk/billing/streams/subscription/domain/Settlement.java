package io.abk.billing.streams.subscription.domain;

import io.abk.billing.schemas.ids.IdPrefix;
import io.abk.billing.schemas.ids.Ids;
import io.abk.billing.schemas.money.UsdcAmount;
import java.time.Instant;

/**
 * A charge or refund sent to settlement and not answered yet. {@code requestId} is the attempt id
 * ({@code <invoiceId>:<n>}) or the refund id ({@code <invoiceId>:refund:<k>}); the answer arrives as the command
 * {@code resultCommandId}, derived from the request so a reprocessed command asks for the same answer.
 */
public record Settlement(
        SettlementKind kind,
        String requestId,
        String invoiceId,
        UsdcAmount amount,
        String resultCommandId,
        Instant requestedAt) {

    /** Attempt {@code attempt} (from 1) to charge {@code invoiceId}. */
    public static Settlement charge(String invoiceId, int attempt, UsdcAmount amount, Instant requestedAt) {
        return of(SettlementKind.CHARGE, invoiceId + ":" + attempt, invoiceId, amount, requestedAt);
    }

    /** The aggregate's {@code refundNumber}-th refund (from 1), of {@code invoiceId}. */
    public static Settlement refund(String invoiceId, int refundNumber, UsdcAmount amount, Instant requestedAt) {
        return of(SettlementKind.REFUND, invoiceId + ":refund:" + refundNumber, invoiceId, amount, requestedAt);
    }

    private static Settlement of(
            SettlementKind kind, String requestId, String invoiceId, UsdcAmount amount, Instant requestedAt) {
        var resultCommandId = Ids.derivedId(IdPrefix.COMMAND, requestedAt, "settle:" + requestId);
        return new Settlement(kind, requestId, invoiceId, amount, resultCommandId, requestedAt);
    }
}
