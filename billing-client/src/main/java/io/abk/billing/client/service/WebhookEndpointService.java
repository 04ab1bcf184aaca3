package io.abk.billing.client.service;

import io.abk.billing.client.Operation;
import io.abk.billing.client.Page;
import io.abk.billing.client.RequestOptions;
import io.abk.billing.client.internal.Bodies;
import io.abk.billing.client.internal.Transport;
import io.abk.billing.client.model.DeletedWebhookEndpoint;
import io.abk.billing.client.model.DeliveryAttempt;
import io.abk.billing.client.model.RevealedWebhookSecret;
import io.abk.billing.client.model.TestEventSent;
import io.abk.billing.client.model.WebhookEndpoint;
import io.abk.billing.client.model.WebhookEndpointWithSecret;
import io.abk.billing.client.param.ListParams;
import io.abk.billing.client.param.WebhookEndpointCreateParams;
import io.abk.billing.client.param.WebhookEndpointUpdateParams;
import org.jspecify.annotations.Nullable;

/** Webhook endpoints: where events are delivered, their secrets, test events and the log of deliveries. */
public final class WebhookEndpointService {

    private final Transport transport;

    public WebhookEndpointService(Transport transport) {
        this.transport = transport;
    }

    /** Creates an endpoint; the answer shows its signing secret. */
    public WebhookEndpointWithSecret create(WebhookEndpointCreateParams params) {
        return create(params, RequestOptions.NONE);
    }

    /** See {@link #create(WebhookEndpointCreateParams)}; with this call's options. */
    @Operation("createWebhookEndpoint")
    public WebhookEndpointWithSecret create(WebhookEndpointCreateParams params, RequestOptions options) {
        return transport.call("POST", "/v1/webhook_endpoints", params, options, null, WebhookEndpointWithSecret.class);
    }

    /** One page of endpoints, newest first. */
    public Page<WebhookEndpoint> list(ListParams params) {
        return list(params, RequestOptions.NONE);
    }

    /** See {@link #list(ListParams)}; with this call's options. */
    @Operation("listWebhookEndpoints")
    public Page<WebhookEndpoint> list(ListParams params, RequestOptions options) {
        return transport.page(
                "/v1/webhook_endpoints",
                params,
                options,
                "webhookEndpoints",
                WebhookEndpoint.class,
                WebhookEndpoint::id);
    }

    /** The endpoint {@code id}. */
    public WebhookEndpoint retrieve(String id) {
        return retrieve(id, RequestOptions.NONE);
    }

    /** See {@link #retrieve(String)}; with this call's options. */
    @Operation("getWebhookEndpoint")
    public WebhookEndpoint retrieve(String id, RequestOptions options) {
        return transport.call(
                "GET",
                "/v1/webhook_endpoints/" + Transport.segment(id),
                null,
                options,
                "webhookEndpoint",
                WebhookEndpoint.class);
    }

    /** Changes the URL, events, description, or disables the endpoint. */
    public WebhookEndpoint update(String id, WebhookEndpointUpdateParams params) {
        return update(id, params, RequestOptions.NONE);
    }

    /** See {@link #update(String, WebhookEndpointUpdateParams)}; with this call's options. */
    @Operation("updateWebhookEndpoint")
    public WebhookEndpoint update(String id, WebhookEndpointUpdateParams params, RequestOptions options) {
        return transport.call(
                "PATCH",
                "/v1/webhook_endpoints/" + Transport.segment(id),
                params,
                options,
                "webhookEndpoint",
                WebhookEndpoint.class);
    }

    /** Deletes the endpoint. */
    public DeletedWebhookEndpoint delete(String id) {
        return delete(id, RequestOptions.NONE);
    }

    /** See {@link #delete(String)}; with this call's options. */
    @Operation("deleteWebhookEndpoint")
    public DeletedWebhookEndpoint delete(String id, RequestOptions options) {
        return transport.call(
                "DELETE",
                "/v1/webhook_endpoints/" + Transport.segment(id),
                null,
                options,
                null,
                DeletedWebhookEndpoint.class);
    }

    /** A new secret; the old one keeps signing for {@code overlapSeconds} (the API's default when null). */
    public WebhookEndpointWithSecret rotateSecret(String id, @Nullable Long overlapSeconds) {
        return rotateSecret(id, overlapSeconds, RequestOptions.NONE);
    }

    /** See {@link #rotateSecret(String, Long)}; with this call's options. */
    @Operation("rotateWebhookSecret")
    public WebhookEndpointWithSecret rotateSecret(String id, @Nullable Long overlapSeconds, RequestOptions options) {
        return transport.call(
                "POST",
                "/v1/webhook_endpoints/" + Transport.segment(id) + "/rotate_secret",
                Bodies.of("overlapSeconds", overlapSeconds),
                options,
                null,
                WebhookEndpointWithSecret.class);
    }

    /** The endpoint's current secret (an audited read). */
    public RevealedWebhookSecret revealSecret(String id) {
        return revealSecret(id, RequestOptions.NONE);
    }

    /** See {@link #revealSecret(String)}; with this call's options. */
    @Operation("revealWebhookSecret")
    public RevealedWebhookSecret revealSecret(String id, RequestOptions options) {
        return transport.call(
                "GET",
                "/v1/webhook_endpoints/" + Transport.segment(id) + "/secret",
                null,
                options,
                null,
                RevealedWebhookSecret.class);
    }

    /** Queues a test event to the endpoint. */
    public TestEventSent sendTest(String id) {
        return sendTest(id, RequestOptions.NONE);
    }

    /** See {@link #sendTest(String)}; with this call's options. */
    @Operation("sendWebhookTestEvent")
    public TestEventSent sendTest(String id, RequestOptions options) {
        return transport.call(
                "POST",
                "/v1/webhook_endpoints/" + Transport.segment(id) + "/test",
                null,
                options,
                null,
                TestEventSent.class);
    }

    /** One page of the endpoint's delivery attempts, newest first. */
    public Page<DeliveryAttempt> listDeliveries(String id, ListParams params) {
        return listDeliveries(id, params, RequestOptions.NONE);
    }

    /** See {@link #listDeliveries(String, ListParams)}; with this call's options. */
    @Operation("listWebhookDeliveries")
    public Page<DeliveryAttempt> listDeliveries(String id, ListParams params, RequestOptions options) {
        return transport.page(
                "/v1/webhook_endpoints/" + Transport.segment(id) + "/deliveries",
                params,
                options,
                "deliveries",
                DeliveryAttempt.class,
                DeliveryAttempt::id);
    }
}
