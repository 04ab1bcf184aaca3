package io.abk.billing.webhooks.attempt;

/**
 * How an endpoint took one request, told as soon as it is done with it: what adapts the number of requests in flight
 * to that endpoint (the delivery side's {@code EndpointLimit}) needs to know no more.
 *
 * @param load      whether it kept up
 * @param latencyMs the time from the request to its answer or failure; 0 when no request reached it
 */
public record ExchangeEnd(Load load, long latencyMs) {

    /** No request reached the endpoint, so nothing was learnt about it. */
    public static final ExchangeEnd NOT_SENT = new ExchangeEnd(Load.NOT_SENT, 0);

    public enum Load {
        /** It answered (2xx, 3xx, or a 4xx other than 408 and 429): it keeps up with what it is sent. */
        ANSWERED,
        /** No answer to a request it got (a timeout, a reset), a 5xx, 408 or 429: it is overloaded or failing. */
        OVERLOADED,
        /**
         * No request reached it: the connection was refused or never made (a blocked address), or none was sent (the
         * endpoint deleted, disabled, another tenant's, its secret unusable). Nothing is learnt of how it copes.
         */
        NOT_SENT
    }
}
