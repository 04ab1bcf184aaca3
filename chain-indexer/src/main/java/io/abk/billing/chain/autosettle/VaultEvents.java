package io.abk.billing.chain.autosettle;

import io.abk.billing.chain.domain.autosettle.MandateTerms;
import io.abk.billing.chain.domain.autosettle.TokenAmounts;
import io.abk.billing.chain.settlement.ClaimHolder.Address;
import io.abk.billing.chain.settlement.SettlementOutput;
import io.abk.billing.schemas.avro.ActivateSubscription;
import io.abk.billing.schemas.avro.ChainTransfer;
import io.abk.billing.schemas.avro.RevokeMandate;
import io.abk.billing.schemas.avro.SubscriptionCommand;
import io.abk.billing.schemas.avro.VaultCanceled;
import io.abk.billing.schemas.avro.VaultMandate;
import io.abk.billing.schemas.avro.VaultSubscribed;
import io.abk.billing.schemas.command.AggregateEnvelope;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What a vault event does to the subscription its reference names:
 * <ul>
 *   <li>a confirmed {@code Subscribed} with the subscription's terms activates it while its mandate is pending
 *       (the checkout's activate call becomes optional); terms that do not fit are logged and ignored;</li>
 *   <li>a confirmed {@code Canceled} by anyone but the relayer revokes the mandate (the subscription then ends at
 *       its period's end);</li>
 *   <li>a retracted {@code Subscribed} revokes the mandate it set up, since the vault no longer has it; a retracted
 *       {@code Canceled} is only logged: the subscription keeps its end at the period's end.</li>
 * </ul>
 */
final class VaultEvents {

    private static final Logger log = LoggerFactory.getLogger(VaultEvents.class);

    private VaultEvents() {}

    static Optional<SettlementOutput> apply(
            ChainTransfer event, VaultMandate mandate, AutoSettlementSettings settings) {
        var command = switch (event.getPayload()) {
            case VaultSubscribed subscribed
            when !event.getRetracted() -> activate(event, subscribed, mandate, settings);
            case VaultSubscribed subscribed -> revoke(event, mandate, "chain_reorg");
            case VaultCanceled canceled
            when event.getRetracted() -> {
                log.warn(
                        "event=vault_cancel_retracted action=none subscriptionId={} ref={} txHash={}",
                        mandate.getSubscriptionId(),
                        canceled.getRef(),
                        event.getTxHash());
                yield Optional.<SubscriptionCommand>empty();
            }
            case VaultCanceled canceled
            when settings.relayerAddresses().contains(ChangeIndexes.lower(canceled.getBy())) ->
                Optional.<SubscriptionCommand>empty();
            case VaultCanceled canceled -> revoke(event, mandate, "chain");
            default -> Optional.<SubscriptionCommand>empty();
        };
        return command.map(SettlementOutput.SubscriptionResult::new);
    }

    private static Optional<SubscriptionCommand> activate(
            ChainTransfer event, VaultSubscribed subscribed, VaultMandate mandate, AutoSettlementSettings settings) {
        var problem = MandateTerms.problem(
                mandate.getPayoutAddress(),
                mandate.getAmountMicros(),
                mandate.getInterval(),
                settings.usdc(event.getMode()),
                subscribed.getMerchant(),
                subscribed.getToken(),
                TokenAmounts.toMicros(subscribed.getAmountBaseUnits(), settings.decimals(event.getMode())),
                subscribed.getPeriodMonths());
        if (problem.isPresent()) {
            log.warn(
                    "event=vault_subscription_mismatch action=ignore subscriptionId={} merchantId={} ref={} txHash={} "
                            + "problem=\"{}\"",
                    mandate.getSubscriptionId(),
                    mandate.getMerchantId(),
                    subscribed.getRef(),
                    event.getTxHash(),
                    problem.get());
            return Optional.empty();
        }
        if (!"pending".equals(mandate.getMandateStatus()) || !"incomplete".equals(mandate.getStatus())) {
            log.info(
                    "event=vault_subscription_seen action=none reason=mandate_{} subscriptionId={} ref={}",
                    mandate.getMandateStatus(),
                    mandate.getSubscriptionId(),
                    subscribed.getRef());
            return Optional.empty();
        }
        log.info(
                "event=vault_subscription_seen action=activate subscriptionId={} merchantId={} ref={} txHash={}",
                mandate.getSubscriptionId(),
                mandate.getMerchantId(),
                subscribed.getRef(),
                event.getTxHash());
        return Optional.of(toSubscription(event, "activate", mandate, new ActivateSubscription(subscribed.getRef())));
    }

    private static Optional<SubscriptionCommand> revoke(ChainTransfer event, VaultMandate mandate, String source) {
        if ("revoked".equals(mandate.getMandateStatus()) || "canceled".equals(mandate.getStatus())) {
            return Optional.empty();
        }
        log.info(
                "event=vault_mandate_revoked source={} subscriptionId={} merchantId={} txHash={}",
                source,
                mandate.getSubscriptionId(),
                mandate.getMerchantId(),
                event.getTxHash());
        return Optional.of(toSubscription(event, "revoke", mandate, new RevokeMandate(source)));
    }

    /** The command {@code payload} to the subscription of {@code mandate}, for {@code action} on {@code event}. */
    private static SubscriptionCommand toSubscription(
            ChainTransfer event, String action, VaultMandate mandate, Object payload) {
        var to = new Address(mandate.getSubscriptionId(), mandate.getMerchantId(), mandate.getMode());
        return ChainCommands.command(
                AggregateEnvelope.SUBSCRIPTION, event, action, to, requestedAt(event, mandate), payload);
    }

    private static java.time.Instant requestedAt(ChainTransfer event, VaultMandate mandate) {
        return ChainCommands.requestedAt(event.getMode(), event.getBlockTimestamp(), mandate.getCreatedAt());
    }
}
