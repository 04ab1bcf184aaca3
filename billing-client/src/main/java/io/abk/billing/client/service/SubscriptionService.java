package io.abk.billing.client.service;

import io.abk.billing.client.Operation;
import io.abk.billing.client.Page;
import io.abk.billing.client.RequestOptions;
import io.abk.billing.client.internal.Bodies;
import io.abk.billing.client.internal.Transport;
import io.abk.billing.client.model.Activation;
import io.abk.billing.client.model.CreatedSubscription;
import io.abk.billing.client.model.Subscription;
import io.abk.billing.client.model.SubscriptionMandate;
import io.abk.billing.client.model.SubscriptionUsage;
import io.abk.billing.client.param.ListParams;
import io.abk.billing.client.param.SubscriptionCreateParams;
import io.abk.billing.client.param.SubscriptionUpdateParams;
import org.jspecify.annotations.Nullable;

/** Subscriptions: create one from a price or an amount, read, list, change, and move through their life. */
public final class SubscriptionService {

    private final Transport transport;

    public SubscriptionService(Transport transport) {
        this.transport = transport;
    }

    /** Creates a subscription; the answer holds it, its first invoice and the checkout URL to send the customer to. */
    public CreatedSubscription create(SubscriptionCreateParams params) {
        return create(params, RequestOptions.NONE);
    }

    /** See {@link #create(SubscriptionCreateParams)}; with this call's options. */
    @Operation("createSubscription")
    public CreatedSubscription create(SubscriptionCreateParams params, RequestOptions options) {
        return transport.call("POST", "/v1/subscriptions", params, options, null, CreatedSubscription.class);
    }

    /** One page of subscriptions, newest first (filters: status, merchantRef, customerWallet). */
    public Page<Subscription> list(ListParams params) {
        return list(params, RequestOptions.NONE);
    }

    /** See {@link #list(ListParams)}; with this call's options. */
    @Operation("listSubscriptions")
    public Page<Subscription> list(ListParams params, RequestOptions options) {
        return transport.page(
                "/v1/subscriptions", params, options, "subscriptions", Subscription.class, Subscription::id);
    }

    /** The subscription {@code id}. */
    public Subscription retrieve(String id) {
        return retrieve(id, RequestOptions.NONE);
    }

    /** See {@link #retrieve(String)}; with this call's options. */
    @Operation("getSubscription")
    public Subscription retrieve(String id, RequestOptions options) {
        return transport.call(
                "GET", "/v1/subscriptions/" + Transport.segment(id), null, options, null, Subscription.class);
    }

    /** Changes the amount, interval, plan or metadata. */
    public Subscription update(String id, SubscriptionUpdateParams params) {
        return update(id, params, RequestOptions.NONE);
    }

    /** See {@link #update(String, SubscriptionUpdateParams)}; with this call's options. */
    @Operation("updateSubscription")
    public Subscription update(String id, SubscriptionUpdateParams params, RequestOptions options) {
        return transport.call(
                "PATCH",
                "/v1/subscriptions/" + Transport.segment(id),
                params,
                options,
                "subscription",
                Subscription.class);
    }

    /** The on-chain mandate's live figures: allowance, balance, periods covered. */
    public SubscriptionMandate mandate(String id) {
        return mandate(id, RequestOptions.NONE);
    }

    /** See {@link #mandate(String)}; with this call's options. */
    @Operation("getSubscriptionMandate")
    public SubscriptionMandate mandate(String id, RequestOptions options) {
        return transport.call(
                "GET",
                "/v1/subscriptions/" + Transport.segment(id) + "/mandate",
                null,
                options,
                null,
                SubscriptionMandate.class);
    }

    /**
     * The usage of the subscription's metered items in the open period so far, each with what it costs; zeros before
     * any event.
     */
    public SubscriptionUsage usage(String id) {
        return usage(id, RequestOptions.NONE);
    }

    /** See {@link #usage(String)}; with this call's options. */
    @Operation("getSubscriptionUsage")
    public SubscriptionUsage usage(String id, RequestOptions options) {
        return transport.call(
                "GET",
                "/v1/subscriptions/" + Transport.segment(id) + "/usage",
                null,
                options,
                null,
                SubscriptionUsage.class);
    }

    /** Activates the subscription once its mandate is on chain, charging the first invoice. */
    public Activation activate(String id, @Nullable String onChainSubscriptionId) {
        return activate(id, onChainSubscriptionId, RequestOptions.NONE);
    }

    /** See {@link #activate(String, String)}; with this call's options. */
    @Operation("activateSubscription")
    public Activation activate(String id, @Nullable String onChainSubscriptionId, RequestOptions options) {
        return transport.call(
                "POST",
                "/v1/subscriptions/" + Transport.segment(id) + "/activate",
                Bodies.of("onChainSubscriptionId", onChainSubscriptionId),
                options,
                null,
                Activation.class);
    }

    /** Records the mandate without charging. */
    public Subscription complete(String id, @Nullable String onChainSubscriptionId) {
        return complete(id, onChainSubscriptionId, RequestOptions.NONE);
    }

    /** See {@link #complete(String, String)}; with this call's options. */
    @Operation("completeSubscription")
    public Subscription complete(String id, @Nullable String onChainSubscriptionId, RequestOptions options) {
        return transport.call(
                "POST",
                "/v1/subscriptions/" + Transport.segment(id) + "/complete",
                Bodies.of("onChainSubscriptionId", onChainSubscriptionId),
                options,
                "subscription",
                Subscription.class);
    }

    /** Cancels now ({@code immediate}) or at the end of the period. */
    public Subscription cancel(String id, boolean immediate) {
        return cancel(id, immediate, RequestOptions.NONE);
    }

    /** See {@link #cancel(String, boolean)}; with this call's options. */
    @Operation("cancelSubscription")
    public Subscription cancel(String id, boolean immediate, RequestOptions options) {
        return transport.call(
                "POST",
                "/v1/subscriptions/" + Transport.segment(id) + "/cancel",
                Bodies.of("immediate", immediate),
                options,
                "subscription",
                Subscription.class);
    }

    /** Resumes a paused subscription. */
    public Subscription resume(String id) {
        return resume(id, RequestOptions.NONE);
    }

    /** See {@link #resume(String)}; with this call's options. */
    @Operation("resumeSubscription")
    public Subscription resume(String id, RequestOptions options) {
        return transport.call(
                "POST",
                "/v1/subscriptions/" + Transport.segment(id) + "/resume",
                Bodies.EMPTY,
                options,
                "subscription",
                Subscription.class);
    }

    /** Pauses collection. */
    public Subscription pause(String id) {
        return pause(id, RequestOptions.NONE);
    }

    /** See {@link #pause(String)}; with this call's options. */
    @Operation("pauseSubscription")
    public Subscription pause(String id, RequestOptions options) {
        return transport.call(
                "POST",
                "/v1/subscriptions/" + Transport.segment(id) + "/pause",
                Bodies.EMPTY,
                options,
                "subscription",
                Subscription.class);
    }
}
