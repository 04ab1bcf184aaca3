package io.abk.billing.gateway.api.account;

import io.abk.billing.gateway.command.AcknowledgedProducer;
import io.abk.billing.gateway.platform.ids.IdGenerator;
import io.abk.billing.schemas.avro.InvoiceNumberCommand;
import io.abk.billing.schemas.avro.Mode;
import io.abk.billing.schemas.avro.SetInvoicePrefix;
import io.abk.billing.schemas.ids.IdPrefix;
import io.abk.billing.schemas.ids.InvoiceNumbers;
import java.time.Instant;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/**
 * Tells billing-streams' invoice numbering of both modes a merchant's new invoice prefix ({@code SetInvoicePrefix} on
 * {@code billing.invoice-number-commands}, keyed by {@link InvoiceNumbers#key}), answered once Kafka acknowledged both.
 * Numbers already given keep their prefix; the sequence goes on.
 */
public final class InvoicePrefixPublisher implements AutoCloseable {

    private final AcknowledgedProducer<String, InvoiceNumberCommand> producer;
    private final IdGenerator ids;

    public InvoicePrefixPublisher(AcknowledgedProducer<String, InvoiceNumberCommand> producer, IdGenerator ids) {
        this.producer = producer;
        this.ids = ids;
    }

    /** Sends {@code prefix} as {@code merchantId}'s prefix in test and live mode. */
    public Mono<Void> publish(String merchantId, String prefix, Instant at) {
        return Flux.just(Mode.TEST, Mode.LIVE)
                .concatMap(mode -> producer.send(
                        InvoiceNumbers.key(merchantId, mode.name()),
                        InvoiceNumberCommand.newBuilder()
                                .setCommandId(ids.next(IdPrefix.COMMAND))
                                .setMerchantId(merchantId)
                                .setMode(mode)
                                .setRequestedAt(at)
                                .setPayload(new SetInvoicePrefix(prefix))
                                .build()))
                .then();
    }

    @Override
    public void close() {
        producer.close();
    }
}
