package io.abk.billing.streams.subscription;

import io.abk.billing.schemas.avro.ChainRequest;
import io.abk.billing.schemas.avro.ChainRequestBatch;
import io.abk.billing.schemas.avro.ChargeRequest;
import io.abk.billing.schemas.avro.FundingCheckRequest;
import io.abk.billing.streams.command.AggregateAdapter.Forward;
import java.util.ArrayList;
import java.util.List;

/**
 * The charges and funding checks a batch's items asked of the chain side, sent as one {@code ChainRequestBatch} on
 * {@code chain.requests} keyed by the first one's subscription (every item's subscription is this task's), where each
 * request keeps its own ids: chain-indexer settles each as if it had come alone and answers the ones it decides itself
 * (the sandbox's) with one {@code SettleRequests}. Refunds, signatures and verifications are never batched: a batch
 * of renewals or funding checks makes none of them.
 */
final class ChainRequestBatches {

    /** The prefix of a batch's own request and result command ids, which nothing ever answers. */
    static final String BATCH_PREFIX = "batch:";

    private ChainRequestBatches() {}

    /**
     * {@code forwards} with the charges and funding checks for {@code sink} sent as one batch, in the place of the
     * first of them, when there are several; every other record goes out as it is, in order.
     */
    static List<Forward> combine(List<Forward> forwards, String sink) {
        var requests = new ArrayList<ChainRequest>();
        for (var forward : forwards) {
            if (batched(forward, sink)) {
                requests.add((ChainRequest) forward.value());
            }
        }
        if (requests.size() < 2) {
            return forwards;
        }
        var out = new ArrayList<Forward>(forwards.size() - requests.size() + 1);
        boolean sent = false;
        for (var forward : forwards) {
            if (!batched(forward, sink)) {
                out.add(forward);
            } else if (!sent) {
                var first = requests.getFirst();
                out.add(new Forward(sink, first.getSubscriptionId(), batch(requests)));
                sent = true;
            }
        }
        return out;
    }

    private static boolean batched(Forward forward, String sink) {
        return forward.sink().equals(sink)
                && forward.value() instanceof ChainRequest request
                && request.getSubscriptionId() != null
                && (request.getPayload() instanceof ChargeRequest
                        || request.getPayload() instanceof FundingCheckRequest);
    }

    /** The batch: its own fields are the first request's, its ids prefixed, moving nothing itself. */
    private static ChainRequest batch(List<ChainRequest> requests) {
        var first = requests.getFirst();
        return ChainRequest.newBuilder(first)
                .setRequestId(BATCH_PREFIX + first.getRequestId())
                .setResultCommandId(BATCH_PREFIX + first.getResultCommandId())
                .setInvoiceId(null)
                .setPaymentId(null)
                .setAmountMicros(0)
                .setWalletAddress(null)
                .setOnChainSubscriptionId(null)
                .setClaimAmountMicros(null)
                .setPayload(new ChainRequestBatch(requests))
                .build();
    }
}
