package io.abk.billing.streams.subscription;

import io.abk.billing.schemas.avro.CustomerActionSnapshot;
import io.abk.billing.schemas.avro.DiscountSnapshot;
import io.abk.billing.schemas.avro.FundingCheckState;
import io.abk.billing.schemas.avro.InFlightSettlement;
import io.abk.billing.schemas.avro.InvoiceSnapshot;
import io.abk.billing.schemas.avro.MandateSignatureSnapshot;
import io.abk.billing.schemas.avro.SubscriptionAggregate;
import io.abk.billing.schemas.avro.SubscriptionSnapshot;
import io.abk.billing.schemas.mode.ModeMapper;
import io.abk.billing.schemas.money.UsdcAmount;
import io.abk.billing.streams.command.Stored;
import io.abk.billing.streams.customer.EnsureCustomerMapper;
import io.abk.billing.streams.shared.domain.RelayedSubmission;
import io.abk.billing.streams.shared.domain.RelayerGas;
import io.abk.billing.streams.shared.domain.SubmissionStatus;
import io.abk.billing.streams.shared.domain.Tenant;
import io.abk.billing.streams.subscription.domain.BillingCycle;
import io.abk.billing.streams.subscription.domain.CustomerAction;
import io.abk.billing.streams.subscription.domain.CustomerActionKind;
import io.abk.billing.streams.subscription.domain.CustomerActions;
import io.abk.billing.streams.subscription.domain.Discount;
import io.abk.billing.streams.subscription.domain.DiscountDuration;
import io.abk.billing.streams.subscription.domain.Mandate;
import io.abk.billing.streams.subscription.domain.MandateSignature;
import io.abk.billing.streams.subscription.domain.MandateStatus;
import io.abk.billing.streams.subscription.domain.Period;
import io.abk.billing.streams.subscription.domain.RenewalFundingCheck;
import io.abk.billing.streams.subscription.domain.Settlement;
import io.abk.billing.streams.subscription.domain.SettlementKind;
import io.abk.billing.streams.subscription.domain.Settlements;
import io.abk.billing.streams.subscription.domain.Statuses;
import io.abk.billing.streams.subscription.domain.SubscriptionDetails;
import io.abk.billing.streams.subscription.domain.SubscriptionState.Active;
import io.abk.billing.streams.subscription.domain.SubscriptionState.Canceled;
import io.abk.billing.streams.subscription.domain.SubscriptionState.Existing;
import io.abk.billing.streams.subscription.domain.SubscriptionState.Incomplete;
import io.abk.billing.streams.subscription.domain.SubscriptionState.PastDue;
import io.abk.billing.streams.subscription.domain.SubscriptionState.Paused;
import io.abk.billing.streams.subscription.domain.Wallets;
import java.time.Instant;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * A subscription's state to and from Avro: the public snapshots (the subscription and each invoice, at a version, as
 * the API renders them) and the store value ({@link SubscriptionAggregate}: the snapshots, the settlements in flight,
 * the refund count and the period whose usage a renewal awaits, which are never public). Every snapshot written for one command carries the same {@code version}:
 * the aggregate's sequence after that command, which counts accepted commands; a storage concern, so it stays out of
 * the domain. Each invoice maps through {@link InvoiceSnapshotMapper}. Reading is strict: a snapshot the domain cannot
 * represent (an unknown status or interval, a paused time on an active subscription, an invoice of another
 * subscription) throws, because it can only come from a bug, and the record goes to the dead-letter topic.
 */
final class SubscriptionSnapshotMapper {

    private SubscriptionSnapshotMapper() {}

    static Stored<Existing> read(SubscriptionAggregate aggregate) {
        var settlements = new Settlements(
                aggregate.getInFlight().stream()
                        .map(SubscriptionSnapshotMapper::settlement)
                        .toList(),
                aggregate.getRefundCount());
        var state = state(
                aggregate.getSubscription(),
                aggregate.getInvoices(),
                settlements,
                aggregate.getMandateSubmissionCount());
        var check = aggregate.getFundingCheck();
        var mandateAmount = aggregate.getMandateAmountMicros();
        var restored = state.mapDetails(d -> d.with(b -> b.mandate(new Mandate(
                        d.mandate().status(),
                        d.mandate().onChainSubscriptionId(),
                        mandateAmount == null ? null : UsdcAmount.ofMicros(mandateAmount)))
                .fundingCheck(
                        check == null
                                ? null
                                : new RenewalFundingCheck(
                                        check.getPeriodEnd(), check.getRequestedAt(), check.getSettled()))
                .usageAwaitedFor(aggregate.getUsageAwaitedFor())));
        return new Stored<>(aggregate.getSequence(), restored);
    }

    static SubscriptionAggregate write(Stored<Existing> stored) {
        var details = stored.state().details();
        return SubscriptionAggregate.newBuilder()
                .setSequence(stored.sequence())
                .setSubscription(snapshot(stored.state(), stored.sequence()))
                .setInvoices(details.invoices().stream()
                        .map(invoice -> InvoiceSnapshotMapper.snapshot(invoice, details, stored.sequence()))
                        .toList())
                .setInFlight(details.settlements().inFlight().stream()
                        .map(SubscriptionSnapshotMapper::inFlight)
                        .toList())
                .setRefundCount(details.settlements().refundCount())
                .setMandateSubmissionCount(
                        details.mandateSignature() == null
                                ? 0
                                : details.mandateSignature().submission().number())
                .setFundingCheck(fundingCheck(details.fundingCheck()))
                .setMandateAmountMicros(
                        details.mandate().amount() == null
                                ? null
                                : details.mandate().amount().micros())
                .setUsageAwaitedFor(details.usageAwaitedFor())
                .build();
    }

    private static @Nullable FundingCheckState fundingCheck(@Nullable RenewalFundingCheck check) {
        return check == null
                ? null
                : FundingCheckState.newBuilder()
                        .setPeriodEnd(check.periodEnd())
                        .setRequestedAt(check.requestedAt())
                        .setSettled(check.settled())
                        .build();
    }

    private static InFlightSettlement inFlight(Settlement settlement) {
        return InFlightSettlement.newBuilder()
                .setKind(settlement.kind().apiName())
                .setRequestId(settlement.requestId())
                .setInvoiceId(settlement.invoiceId())
                .setAmountMicros(settlement.amount().micros())
                .setResultCommandId(settlement.resultCommandId())
                .setRequestedAt(settlement.requestedAt())
                .build();
    }

    private static Settlement settlement(InFlightSettlement stored) {
        return new Settlement(
                SettlementKind.fromApiName(stored.getKind()),
                stored.getRequestId(),
                stored.getInvoiceId(),
                UsdcAmount.ofMicros(stored.getAmountMicros()),
                stored.getResultCommandId(),
                stored.getRequestedAt());
    }

    static SubscriptionSnapshot snapshot(Existing state, long version) {
        var d = state.details();
        var cycle = d.cycle();
        return SubscriptionSnapshot.newBuilder()
                .setId(d.id())
                .setMerchantId(d.tenant().merchantId())
                .setMode(ModeMapper.toAvro(d.tenant().mode()))
                .setVersion(version)
                .setStatus(Statuses.name(state))
                .setAmountMicros(d.plan().amount().micros())
                .setInterval(d.plan().interval().apiName())
                .setWalletAddress(d.wallets().customer())
                .setPayoutAddress(d.wallets().payout())
                .setMerchantRef(d.merchantRef())
                .setPriceId(d.plan().priceId())
                .setPlanId(d.plan().planId())
                .setMetadata(d.metadata())
                .setSuccessUrl(d.successUrl())
                .setCancelUrl(d.cancelUrl())
                .setCurrentPeriodStart(cycle.currentPeriod().start())
                .setCurrentPeriodEnd(cycle.currentPeriod().end())
                .setBillingCycleAnchor(cycle.anchor())
                .setTrialEnd(cycle.trialEnd())
                .setCancelAtPeriodEnd(cycle.cancelAtPeriodEnd())
                .setMandateStatus(d.mandate().status().apiName())
                .setOnChainSubscriptionId(d.mandate().onChainSubscriptionId())
                .setLatestInvoiceId(d.latestInvoiceId())
                .setCreatedAt(d.createdAt())
                .setCanceledAt(canceledAt(state))
                .setPausedAt(pausedAt(state))
                .setMandateSignature(mandateSignature(d.mandateSignature()))
                .setCustomerActions(d.customerActions().latest().stream()
                        .map(SubscriptionSnapshotMapper::customerAction)
                        .toList())
                .setCustomerId(customerId(d))
                .setDiscount(discount(d.discount()))
                .setPendingInvoiceLines(d.pendingLines().stream()
                        .map(InvoiceSnapshotMapper::lineSnapshot)
                        .toList())
                .setItems(d.plan().items().stream()
                        .map(SubscriptionItemMapper::part)
                        .toList())
                .setMaxAmountPerPeriodMicros(
                        d.plan().maxAmountPerPeriod() == null
                                ? null
                                : d.plan().maxAmountPerPeriod().micros())
                .build();
    }

    private static @Nullable DiscountSnapshot discount(@Nullable Discount discount) {
        return discount == null
                ? null
                : DiscountSnapshot.newBuilder()
                        .setCouponId(discount.couponId())
                        .setCouponName(discount.couponName())
                        .setPromotionCodeId(discount.promotionCodeId())
                        .setPercentOffBasisPoints(discount.percentOffBasisPoints())
                        .setAmountOffMicros(discount.amountOffMicros())
                        .setDuration(discount.duration().apiName())
                        .setDurationInMonths(discount.durationInMonths())
                        .setStart(discount.start())
                        .setEnd(discount.end())
                        .build();
    }

    private static @Nullable Discount discount(@Nullable DiscountSnapshot s) {
        return s == null
                ? null
                : new Discount(
                        s.getCouponId(),
                        s.getCouponName(),
                        s.getPromotionCodeId(),
                        s.getPercentOffBasisPoints(),
                        s.getAmountOffMicros(),
                        DiscountDuration.fromApiName(s.getDuration()),
                        s.getDurationInMonths(),
                        s.getStart(),
                        s.getEnd());
    }

    private static @Nullable MandateSignatureSnapshot mandateSignature(@Nullable MandateSignature signature) {
        if (signature == null) {
            return null;
        }
        var submission = signature.submission();
        var gas = submission.gas();
        return MandateSignatureSnapshot.newBuilder()
                .setStatus(submission.status().apiName())
                .setWallet(signature.wallet())
                .setPeriods(signature.periods())
                .setDeadline(signature.deadline())
                .setTxHash(submission.txHash())
                .setGasUsed(gas == null ? null : gas.used())
                .setGasCostWei(gas == null ? null : gas.costWeiText())
                .setFailureCode(submission.failureCode())
                .setFailureMessage(submission.failureMessage())
                .setSubmittedAt(submission.submittedAt())
                .build();
    }

    /** The latest signed mandate, which is submission {@code count} of the subscription. */
    private static @Nullable MandateSignature mandateSignature(@Nullable MandateSignatureSnapshot s, int count) {
        if (s == null) {
            return null;
        }
        return new MandateSignature(
                s.getWallet(),
                s.getPeriods(),
                s.getDeadline(),
                new RelayedSubmission(
                        count,
                        SubmissionStatus.fromApiName(s.getStatus()),
                        s.getSubmittedAt(),
                        s.getTxHash(),
                        RelayerGas.of(s.getGasUsed(), s.getGasCostWei()),
                        s.getFailureCode(),
                        s.getFailureMessage()));
    }

    private static CustomerActionSnapshot customerAction(CustomerAction action) {
        var submission = action.submission();
        var gas = submission.gas();
        return CustomerActionSnapshot.newBuilder()
                .setKind(action.kind().apiName())
                .setNumber(submission.number())
                .setStatus(submission.status().apiName())
                .setTxHash(submission.txHash())
                .setGasUsed(gas == null ? null : gas.used())
                .setGasCostWei(gas == null ? null : gas.costWeiText())
                .setFailureCode(submission.failureCode())
                .setFailureMessage(submission.failureMessage())
                .setSubmittedAt(submission.submittedAt())
                .build();
    }

    private static CustomerActions customerActions(List<CustomerActionSnapshot> snapshots) {
        return new CustomerActions(snapshots.stream()
                .map(s -> new CustomerAction(
                        CustomerActionKind.fromApiName(s.getKind()),
                        new RelayedSubmission(
                                s.getNumber(),
                                SubmissionStatus.fromApiName(s.getStatus()),
                                s.getSubmittedAt(),
                                s.getTxHash(),
                                RelayerGas.of(s.getGasUsed(), s.getGasCostWei()),
                                s.getFailureCode(),
                                s.getFailureMessage())))
                .toList());
    }

    /** The customer of the subscription's wallet ({@code CustomerIds}). */
    static @Nullable String customerId(SubscriptionDetails d) {
        return EnsureCustomerMapper.customerId(
                d.tenant().merchantId(),
                ModeMapper.toAvro(d.tenant().mode()),
                d.wallets().customer());
    }

    private static @Nullable Instant canceledAt(Existing state) {
        return state instanceof Canceled canceled ? canceled.canceledAt() : null;
    }

    private static @Nullable Instant pausedAt(Existing state) {
        return state instanceof Paused paused ? paused.pausedAt() : null;
    }

    static Existing state(
            SubscriptionSnapshot s,
            List<InvoiceSnapshot> invoiceSnapshots,
            Settlements settlements,
            int mandateSubmissionCount) {
        var tenant = new Tenant(s.getMerchantId(), ModeMapper.toDomain(s.getMode()));
        var invoices = invoiceSnapshots.stream()
                .map(i -> InvoiceSnapshotMapper.invoice(i, s))
                .toList();
        var details = new SubscriptionDetails(
                s.getId(),
                tenant,
                SubscriptionItemMapper.plan(
                        s.getAmountMicros(),
                        s.getInterval(),
                        s.getPriceId(),
                        s.getPlanId(),
                        s.getItems(),
                        s.getMaxAmountPerPeriodMicros()),
                new Wallets(s.getWalletAddress(), s.getPayoutAddress()),
                s.getMerchantRef(),
                s.getMetadata(),
                s.getSuccessUrl(),
                s.getCancelUrl(),
                new BillingCycle(
                        new Period(s.getCurrentPeriodStart(), s.getCurrentPeriodEnd()),
                        s.getBillingCycleAnchor(),
                        s.getTrialEnd(),
                        s.getCancelAtPeriodEnd()),
                new Mandate(MandateStatus.fromApiName(s.getMandateStatus()), s.getOnChainSubscriptionId()),
                invoices,
                s.getLatestInvoiceId(),
                s.getCreatedAt(),
                settlements,
                mandateSignature(s.getMandateSignature(), mandateSubmissionCount),
                customerActions(s.getCustomerActions()),
                null,
                discount(s.getDiscount()),
                s.getPendingInvoiceLines().stream()
                        .map(InvoiceSnapshotMapper::line)
                        .toList(),
                null);
        var status = s.getStatus();
        onlyWhen(s.getPausedAt(), "paused".equals(status), "pausedAt", s);
        onlyWhen(s.getCanceledAt(), "canceled".equals(status), "canceledAt", s);
        return switch (status) {
            case "incomplete" -> new Incomplete(details);
            case "active" -> new Active(details);
            case "past_due" -> new PastDue(details);
            case "paused" -> new Paused(details, present(s.getPausedAt()));
            case "canceled" -> new Canceled(details, present(s.getCanceledAt()));
            default ->
                throw new IllegalArgumentException("subscription " + s.getId() + " has unknown status " + status);
        };
    }

    private static void onlyWhen(@Nullable Instant value, boolean allowed, String field, SubscriptionSnapshot s) {
        if ((value != null) != allowed) {
            throw new IllegalArgumentException("subscription " + s.getId() + " with status " + s.getStatus()
                    + (allowed ? " lacks " : " cannot have ") + field);
        }
    }

    private static Instant present(@Nullable Instant value) {
        if (value == null) {
            throw new IllegalStateException("checked by onlyWhen");
        }
        return value;
    }
}
