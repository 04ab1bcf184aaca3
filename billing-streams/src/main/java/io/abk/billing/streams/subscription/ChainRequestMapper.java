package io.abk.billing.streams.subscription;

import io.abk.billing.schemas.avro.ChainRequest;
import io.abk.billing.schemas.avro.ChargeRequest;
import io.abk.billing.schemas.avro.RefundRequest;
import io.abk.billing.schemas.mode.ModeMapper;
import io.abk.billing.streams.domain.subscription.Settlement;
import io.abk.billing.streams.domain.subscription.SubscriptionEvent;
import io.abk.billing.streams.domain.subscription.SubscriptionEvent.ChargeRequested;
import io.abk.billing.streams.domain.subscription.SubscriptionEvent.RefundRequested;
import io.abk.billing.streams.domain.subscription.SubscriptionState.Existing;
import java.util.ArrayList;
import java.util.List;

/**
 * The settlements a command asked for, as {@link ChainRequest}s for {@code chain.requests} (keyed by invoice id).
 * Money always moves between the customer's wallet and the merchant's payout address: charged from the one to the
 * other, refunded the other way. The mandate's on-chain id is the one after the command.
 */
final class ChainRequestMapper {

    private ChainRequestMapper() {}

    static List<ChainRequest> toChainRequests(List<SubscriptionEvent> events, Existing after) {
        var out = new ArrayList<ChainRequest>();
        for (var event : events) {
            switch (event) {
                case ChargeRequested charge ->
                    out.add(request(charge.settlement(), after)
                            .setPayload(new ChargeRequest(charge.sandboxMode(), charge.sandboxDefaultOutcome()))
                            .build());
                case RefundRequested refund ->
                    out.add(request(refund.settlement(), after)
                            .setPayload(new RefundRequest(refund.originalTxHash()))
                            .build());
                default -> {}
            }
        }
        return out;
    }

    private static ChainRequest.Builder request(Settlement settlement, Existing after) {
        var d = after.details();
        return ChainRequest.newBuilder()
                .setRequestId(settlement.requestId())
                .setResultCommandId(settlement.resultCommandId())
                .setSubscriptionId(d.id())
                .setInvoiceId(settlement.invoiceId())
                .setMerchantId(d.tenant().merchantId())
                .setMode(ModeMapper.toAvro(d.tenant().mode()))
                .setRequestedAt(settlement.requestedAt())
                .setAmountMicros(settlement.amount().micros())
                .setWalletAddress(d.wallets().customer())
                .setPayoutAddress(d.wallets().payout())
                .setOnChainSubscriptionId(d.mandate().onChainSubscriptionId());
    }
}
