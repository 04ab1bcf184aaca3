package io.abk.billing.streams.payment;

import io.abk.billing.schemas.avro.BillingEvent;
import io.abk.billing.schemas.avro.PaymentAggregate;
import io.abk.billing.schemas.avro.PaymentCommand;
import io.abk.billing.streams.command.AggregateAdapter;
import io.abk.billing.streams.command.Changes;
import io.abk.billing.streams.command.CommandHeader;
import io.abk.billing.streams.command.Stored;
import io.abk.billing.streams.payment.domain.PaymentDecider;
import io.abk.billing.streams.payment.domain.PaymentDecision.Accepted;
import io.abk.billing.streams.payment.domain.PaymentDecision.Failed;
import io.abk.billing.streams.payment.domain.PaymentDecision.Rejected;
import io.abk.billing.streams.payment.domain.PaymentEvent;
import io.abk.billing.streams.payment.domain.PaymentEvent.PaymentReopened;
import io.abk.billing.streams.payment.domain.PaymentEvolver;
import io.abk.billing.streams.payment.domain.PaymentInstruction;
import io.abk.billing.streams.payment.domain.PaymentInstruction.Settle;
import io.abk.billing.streams.payment.domain.PaymentPolicy;
import io.abk.billing.streams.payment.domain.PaymentState;
import io.abk.billing.streams.payment.domain.PaymentState.Absent;
import io.abk.billing.streams.payment.domain.PaymentState.Existing;
import io.abk.billing.streams.payment.domain.PaymentState.Paid;
import io.abk.billing.streams.payment.domain.VerificationResult.Verified;
import java.util.ArrayList;
import java.util.List;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The payment aggregate's adapter for the command processor: maps the envelope to an instruction, loads the state,
 * lets {@link PaymentDecider} decide and {@link PaymentEvolver} apply, and computes everything to write.
 * Every accepted command bumps the sequence (the snapshot's version) and writes the payment's snapshot, even when
 * nothing changed (a confirm of a paid payment), so the caller always gets the payment back; a refused verification
 * is a rejected change whose code is the verification's failure code, and it still stores the answered
 * verification without a new version. A created payment also puts its payout address on the indexer's watch list
 * and, when it knows its wallet, ensures the wallet's customer; so does the command that first names the payer of a
 * payment created without a wallet.
 */
public record PaymentAdapter(PaymentNodes nodes, PaymentPolicy policy)
        implements AggregateAdapter<PaymentCommand, PaymentAggregate> {

    public static final String AGGREGATE_TYPE = "payment";
    private static final Logger log = LoggerFactory.getLogger(PaymentAdapter.class);

    @Override
    public String idOf(PaymentAggregate stored) {
        return stored.getPayment().getId();
    }

    @Override
    public Applied<PaymentAggregate> apply(
            CommandHeader header, PaymentCommand envelope, @Nullable PaymentAggregate storedValue) {
        var instruction = PaymentInstructionMapper.toInstruction(header, envelope.getPayload());
        Stored<PaymentState> stored = Stored.orAbsent(storedValue, PaymentSnapshotMapper::read, new Absent());
        var before = stored.state();
        long sequence = stored.sequence();
        return switch (PaymentDecider.decide(before, instruction, policy)) {
            case Rejected rejected ->
                Applied.rejected(Changes.rejected(
                        header, AGGREGATE_TYPE, rejected.reason().code(), rejected.message()));
            case Failed failed -> {
                var after = existing(PaymentEvolver.evolveAll(before, failed.events()), header);
                yield new Applied<>(
                        PaymentSnapshotMapper.write(new Stored<>(sequence, after)),
                        Changes.rejected(header, AGGREGATE_TYPE, failed.code(), failed.message()),
                        List.of());
            }
            case Accepted accepted -> {
                var after = existing(PaymentEvolver.evolveAll(before, accepted.events()), header);
                var snapshot = PaymentSnapshotMapper.snapshot(after, sequence + 1);
                var events = PaymentEventMapper.toBillingEvents(header, accepted.events(), snapshot);
                var forwards = new ArrayList<Forward>();
                events.forEach(event -> forwards.add(new Forward(nodes.eventsSink(), envelope.getPaymentId(), event)));
                PaymentEventMapper.toChainRequests(accepted.events(), after)
                        .forEach(request ->
                                forwards.add(new Forward(nodes.chainRequestsSink(), envelope.getPaymentId(), request)));
                PaymentEventMapper.linkConversions(envelope, accepted.events())
                        .forEach(record -> forwards.add(
                                new Forward(nodes.linkConversionsSink(), record.getPaymentLinkId(), record)));
                PaymentEventMapper.watchedAddresses(accepted.events())
                        .forEach(address -> forwards.add(new Forward(
                                nodes.watchedAddressesSink(), PaymentEventMapper.watchedAddressKey(address), address)));
                PaymentEventMapper.customers(envelope, accepted.events(), after)
                        .forEach(customer ->
                                forwards.add(new Forward(nodes.customersSink(), customer.getCustomerId(), customer)));
                warnAboutChainSurprises(header, instruction, before, accepted.events());
                var change = Changes.accepted(
                        header,
                        AGGREGATE_TYPE,
                        List.of(snapshot),
                        events.stream().map(BillingEvent::getEventId).toList(),
                        accepted.followUpCommandId());
                yield new Applied<>(PaymentSnapshotMapper.write(new Stored<>(sequence + 1, after)), change, forwards);
            }
        };
    }

    /**
     * Never silent: a payment reopened because the transfer that paid it left the chain, and a second transfer
     * verified for a payment a transfer seen on chain had paid already (the customer paid twice), need a person.
     */
    private static void warnAboutChainSurprises(
            CommandHeader header, PaymentInstruction instruction, PaymentState before, List<PaymentEvent> events) {
        for (var event : events) {
            if (event instanceof PaymentReopened reopened) {
                log.warn(
                        "event=payment_reopened {} txHash={} code={}",
                        header.logFields("paymentId"),
                        reopened.txHash(),
                        reopened.failureCode());
            }
        }
        if (instruction instanceof Settle settle
                && settle.result() instanceof Verified verified
                && before instanceof Paid paid
                && !paid.receipt().txHash().equalsIgnoreCase(verified.txHash())) {
            log.warn(
                    "event=payment_paid_twice {} paidByTxHash={} verifiedTxHash={} amountReceivedMicros={}",
                    header.logFields("paymentId"),
                    paid.receipt().txHash(),
                    verified.txHash(),
                    verified.amountReceived().micros());
        }
    }

    private static Existing existing(PaymentState state, CommandHeader header) {
        return AggregateAdapter.existing(state, Existing.class, header, AGGREGATE_TYPE);
    }
}
