package io.abk.billing.streams.subscription.domain;

import io.abk.billing.streams.shared.domain.RelayedSubmission;
import io.abk.billing.streams.subscription.domain.CustomerRequest.Permit;
import io.abk.billing.streams.subscription.domain.SubscriptionEvent.CustomerActionRequested;
import io.abk.billing.streams.subscription.domain.SubscriptionEvent.CustomerActionSettled;
import io.abk.billing.streams.subscription.domain.SubscriptionInstruction.SettleCustomerRequest;
import io.abk.billing.streams.subscription.domain.SubscriptionInstruction.SubmitCustomerRequest;
import io.abk.billing.streams.subscription.domain.SubscriptionState.Existing;
import java.time.Instant;
import org.jspecify.annotations.Nullable;

/**
 * The customer portal's relayed actions (docs/architecture.md, "Customer portal"): a signed cancel of the mandate and
 * a permit raising the vault's allowance, which the platform's relayer submits, paying the gas. The mandate's
 * revocation itself comes from the vault's {@code Canceled}, seen on chain, as a customer's own cancel does; this
 * aggregate records only where each submission stands. One pending action of a kind at a time. A refusal is
 * {@code subscription_update_failed}, naming the rule.
 */
final class CustomerActionRules {

    private CustomerActionRules() {}

    /**
     * An active mandate, the subscription's own customer as the signer, a deadline still ahead, no action of the kind
     * pending (and for a permit, a value in base units): the action {@code <subscriptionId>:cancel|permit:<n>} goes to
     * the relayer and is the subscription's last customer action, pending.
     */
    static SubscriptionDecision submit(Existing state, SubmitCustomerRequest command) {
        var refusal = refusal(state, command);
        if (refusal != null) {
            return SubscriptionDecision.reject(SubscriptionRejection.UPDATE_FAILED, refusal);
        }
        var request = command.request();
        var actions = state.details().customerActions();
        var action = new CustomerAction(
                request.kind(), RelayedSubmission.pending(actions.nextNumber(request.kind()), command.requestedAt()));
        return SubscriptionDecision.accept(new CustomerActionRequested(action, request));
    }

    /**
     * Answers exactly the pending action the request id names (anything else is refused, so an answer applies once):
     * submitted with its transaction and gas, or failed with its code, whatever the subscription's status meanwhile.
     */
    static SubscriptionDecision settle(Existing state, SettleCustomerRequest command) {
        var pending = state.details()
                .customerActions()
                .of(command.kind())
                .filter(a -> a.submission().isPending())
                .filter(a -> a.requestId(state.id()).equals(command.requestId()));
        if (pending.isEmpty()) {
            return SubscriptionDecision.reject(
                    SubscriptionRejection.SETTLEMENT_UNKNOWN,
                    "No " + command.kind().apiName() + " request " + command.requestId() + " of subscription "
                            + state.id() + " is pending");
        }
        var action = pending.get();
        var settled = action.withSubmission(action.submission().settled(command.outcome()));
        return SubscriptionDecision.accept(new CustomerActionSettled(settled));
    }

    private static @Nullable String refusal(Existing state, SubmitCustomerRequest command) {
        var id = state.id();
        var d = state.details();
        var request = command.request();
        var what = request.kind() == CustomerActionKind.REVOKE ? "revoked" : "given a higher allowance";
        if (!d.mandate().isActive()) {
            return "Subscription " + id + " has a mandate that is "
                    + d.mandate().status().apiName() + "; only an active mandate can be " + what + " by its customer";
        }
        var customer = d.wallets().customer();
        if (customer.isBlank() || !customer.equalsIgnoreCase(request.wallet())) {
            return "The signature is " + request.wallet() + "'s; subscription " + id + "'s wallet is "
                    + (customer.isBlank() ? "not known" : customer);
        }
        if (request.deadlineSeconds() <= command.requestedAt().getEpochSecond()) {
            return "The signature's deadline " + Instant.ofEpochSecond(request.deadlineSeconds()) + " has passed";
        }
        if (request instanceof Permit permit && !permit.valueBaseUnits().matches("[0-9]{1,78}")) {
            return "A permit's value is a whole number of base units, not " + permit.valueBaseUnits();
        }
        var pending = d.customerActions()
                .of(request.kind())
                .filter(a -> a.submission().isPending())
                .orElse(null);
        if (pending != null) {
            return "Subscription " + id + " has " + request.kind().apiName() + " request " + pending.requestId(id)
                    + " pending; a new one is accepted once the relayer answered it";
        }
        return null;
    }
}
