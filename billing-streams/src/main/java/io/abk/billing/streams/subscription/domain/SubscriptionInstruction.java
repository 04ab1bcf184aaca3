package io.abk.billing.streams.subscription.domain;

import io.abk.billing.schemas.money.UsdcAmount;
import io.abk.billing.streams.shared.domain.RelayerGas;
import io.abk.billing.streams.shared.domain.RelayerOutcome;
import io.abk.billing.streams.shared.domain.Tenant;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * What a subscription aggregate can be asked to do. Each command carries {@code requestedAt}, the effective now
 * of its mode when it was issued: the decider's only clock, and its {@link Tenant}: every command but create
 * must name the aggregate's own merchant and mode. A new command is a new record here; the compiler then points
 * at every switch that must handle it. The name keeps it apart from {@code SubscriptionCommand}, the envelope that
 * carries one of these on {@code billing.subscription-commands}.
 */
public sealed interface SubscriptionInstruction {

    String subscriptionId();

    Tenant tenant();

    Instant requestedAt();

    /** A command about one invoice of the subscription: it must be one of the aggregate's invoices. */
    sealed interface InvoiceInstruction extends SubscriptionInstruction {
        String invoiceId();
    }

    /**
     * Create an incomplete subscription with its first, open invoice. The gateway has validated the request,
     * resolved the price and payout address, and minted both ids; {@code discount}: the coupon redeemed with it
     * (forwarded by the coupon's processor), applied from {@code requestedAt}.
     */
    record Create(
            String subscriptionId,
            Tenant tenant,
            Instant requestedAt,
            String invoiceId,
            Plan plan,
            int trialDays,
            Wallets wallets,
            String merchantRef,
            Map<String, String> metadata,
            @Nullable String successUrl,
            @Nullable String cancelUrl,
            @Nullable Discount discount)
            implements SubscriptionInstruction {

        public Create {
            if (trialDays < 0) {
                throw new IllegalArgumentException("trialDays cannot be negative: " + trialDays);
            }
            metadata = Map.copyOf(metadata);
        }
    }

    /** Set up the mandate and charge the first invoice. */
    record Activate(
            String subscriptionId,
            Tenant tenant,
            Instant requestedAt,
            @Nullable String onChainSubscriptionId) implements SubscriptionInstruction {}

    /** Set up the mandate without charging: the scheduler charges the first invoice. */
    record Complete(
            String subscriptionId,
            Tenant tenant,
            Instant requestedAt,
            @Nullable String onChainSubscriptionId) implements SubscriptionInstruction {}

    /** Cancel now ({@code immediate}) or at the end of the current period. */
    record Cancel(String subscriptionId, Tenant tenant, Instant requestedAt, boolean immediate)
            implements SubscriptionInstruction {}

    /**
     * Resume a paused subscription, or undo a cancel at period end. {@code commandId} seeds the id of the invoice
     * a resume from pause mints, so a reprocessed command mints the same one.
     */
    record Resume(String subscriptionId, Tenant tenant, Instant requestedAt, String commandId)
            implements SubscriptionInstruction {}

    /** Pause an active subscription. */
    record Pause(String subscriptionId, Tenant tenant, Instant requestedAt) implements SubscriptionInstruction {}

    /**
     * Change the plan; null fields stay. {@code metadata} is merged key by key, an empty value removing its key.
     * {@code prorationBehavior} says what a change of amount does to the period under way; {@code commandId} seeds
     * the id of the invoice {@code always_invoice} mints, so a reprocessed command mints the same one.
     */
    record Update(
            String subscriptionId,
            Tenant tenant,
            Instant requestedAt,
            @Nullable UsdcAmount amount,
            @Nullable Interval interval,
            @Nullable String planId,
            Map<String, String> metadata,
            @Nullable String priceId,
            ProrationBehavior prorationBehavior,
            String commandId)
            implements SubscriptionInstruction {

        public Update {
            metadata = Map.copyOf(metadata);
        }
    }

    /**
     * Set the discount of the subscription's invoices to {@code discount} (null removes it), replacing any it had; an
     * incomplete subscription's open first invoice is re-priced with it.
     */
    record ApplyDiscount(
            String subscriptionId,
            Tenant tenant,
            Instant requestedAt,
            @Nullable Discount discount) implements SubscriptionInstruction {}

    /** The customer revoked the mandate on chain: the subscription ends at its period end. */
    record RevokeMandate(String subscriptionId, Tenant tenant, Instant requestedAt)
            implements SubscriptionInstruction {}

    /** Charge an open or uncollectible invoice now; {@code sandboxMode} decides it in the simulator. */
    record Charge(
            String subscriptionId,
            Tenant tenant,
            Instant requestedAt,
            String invoiceId,
            @Nullable String sandboxMode) implements InvoiceInstruction {}

    /** Refund {@code amount} of a paid invoice, or all that is left when null. */
    record Refund(
            String subscriptionId,
            Tenant tenant,
            Instant requestedAt,
            String invoiceId,
            @Nullable UsdcAmount amount) implements InvoiceInstruction {}

    /** The invoice numbering numbered invoice {@code invoiceId}: {@code number}, shown at {@code hostedInvoiceUrl}. */
    record Finalize(
            String subscriptionId,
            Tenant tenant,
            Instant requestedAt,
            String invoiceId,
            String number,
            String hostedInvoiceUrl)
            implements InvoiceInstruction {}

    /** Void an open invoice. */
    record VoidInvoice(String subscriptionId, Tenant tenant, Instant requestedAt, String invoiceId)
            implements InvoiceInstruction {}

    /**
     * Settlement's answer to charge attempt {@code attemptId}; {@code requestedAt} is the request's. {@code gas}: the
     * relayer's transaction, when it sent one.
     */
    record SettleCharge(
            String subscriptionId,
            Tenant tenant,
            Instant requestedAt,
            String invoiceId,
            String attemptId,
            SettlementResult result,
            @Nullable RelayerGas gas)
            implements InvoiceInstruction {}

    /**
     * Settlement's answer to refund {@code refundId} of {@code amount}. The refund's gas is not recorded: the invoice
     * keeps one refund transaction and no gas for it.
     */
    record SettleRefund(
            String subscriptionId,
            Tenant tenant,
            Instant requestedAt,
            String invoiceId,
            String refundId,
            UsdcAmount amount,
            SettlementResult result)
            implements InvoiceInstruction {}

    /**
     * The renewal scheduler found the period ending at {@code periodEnd} over: renew, or cancel when set to cancel
     * at period end. {@code commandId} seeds the renewal invoice's id, so a reprocessed command mints the same one.
     */
    record Renew(String subscriptionId, Tenant tenant, Instant requestedAt, Instant periodEnd, String commandId)
            implements SubscriptionInstruction {}

    /**
     * The renewal scheduler found attempt {@code attempt} (from 1) of {@code invoiceId} due: the first invoice
     * after complete, or a retry at its {@code nextAttemptAt}. A system charge: the subscription's metadata decides
     * the simulated outcome.
     */
    record ChargeDue(String subscriptionId, Tenant tenant, Instant requestedAt, String invoiceId, int attempt)
            implements InvoiceInstruction {

        public ChargeDue {
            if (attempt < 1) {
                throw new IllegalArgumentException("attempts count from 1, was " + attempt);
            }
        }
    }

    /** The renewal scheduler found an incomplete subscription's setup window (24 h after creation) over. */
    record ExpireIncomplete(String subscriptionId, Tenant tenant, Instant requestedAt)
            implements SubscriptionInstruction {}

    /**
     * Checkout: the customer signed the subscription's terms (and a permit); the gateway checked the signatures. An
     * incomplete subscription with its mandate pending hands them to the relayer.
     */
    record SubmitSignedMandate(String subscriptionId, Tenant tenant, Instant requestedAt, SignedMandate signed)
            implements SubscriptionInstruction {}

    /** The relayer's answer to signed mandate {@code requestId}; {@code requestedAt} is the request's. */
    record SettleSignedMandate(
            String subscriptionId, Tenant tenant, Instant requestedAt, String requestId, RelayerOutcome outcome)
            implements SubscriptionInstruction {}

    /**
     * Customer portal: the subscription's customer signed a cancel of the mandate or a permit for the vault; the
     * gateway checked the signature. A subscription whose mandate is active hands it to the relayer.
     */
    record SubmitCustomerRequest(String subscriptionId, Tenant tenant, Instant requestedAt, CustomerRequest request)
            implements SubscriptionInstruction {}

    /** The relayer's answer to customer request {@code requestId} of {@code kind}; {@code requestedAt} is the request's. */
    record SettleCustomerRequest(
            String subscriptionId,
            Tenant tenant,
            Instant requestedAt,
            String requestId,
            CustomerActionKind kind,
            RelayerOutcome outcome)
            implements SubscriptionInstruction {}

    /** The renewal scheduler reached the funding check's lead time before the renewal at {@code periodEnd}. */
    record CheckFunding(String subscriptionId, Tenant tenant, Instant requestedAt, Instant periodEnd)
            implements SubscriptionInstruction {}

    /**
     * chain-indexer's answer to funding check {@code requestId}: what it read of the customer's wallet, or null when
     * the chain could not be read ({@code message} says why).
     */
    record SettleFundingCheck(
            String subscriptionId,
            Tenant tenant,
            Instant requestedAt,
            String requestId,
            @Nullable WalletFunding funding,
            @Nullable String message)
            implements SubscriptionInstruction {}

    /**
     * The on-chain charge {@code txHash} that paid {@code invoiceId} was reorged out of the chain (the retraction of
     * {@code transferId}, {@code chainId:txHash:logIndex}). Not an {@link InvoiceInstruction}: the chain side sends it
     * without knowing the invoice, so an invoice the subscription does not hold is no reason to refuse it.
     */
    record ReverseCharge(
            String subscriptionId,
            Tenant tenant,
            Instant requestedAt,
            String invoiceId,
            String txHash,
            String transferId)
            implements SubscriptionInstruction {}

    /**
     * The usage processor closed the period {@code periodStart}..{@code periodEnd} (answering the renewal's
     * {@code CloseUsagePeriod}): each metered item's quantity in it. {@code commandId} seeds the id of the invoice it
     * makes, so a reprocessed command mints the same one.
     */
    record RecordUsage(
            String subscriptionId,
            Tenant tenant,
            Instant requestedAt,
            Instant periodStart,
            Instant periodEnd,
            List<Quantity> items,
            String commandId)
            implements SubscriptionInstruction {

        public RecordUsage {
            items = List.copyOf(items);
        }

        /** The quantity of item {@code itemId}, 0 when the usage processor counted none (or does not know it). */
        public long quantityOf(String itemId) {
            return items.stream()
                    .filter(item -> item.itemId().equals(itemId))
                    .mapToLong(Quantity::quantity)
                    .findFirst()
                    .orElse(0);
        }

        /** One metered item's aggregated usage in the period. */
        public record Quantity(String itemId, long quantity) {

            public Quantity {
                if (quantity < 0) {
                    throw new IllegalArgumentException("item " + itemId + " has a negative usage: " + quantity);
                }
            }
        }
    }
}
