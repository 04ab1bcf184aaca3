package io.abk.billing.webhooks.attempt.http;

import io.abk.billing.endpointguard.EndpointUrlGuard;
import io.abk.billing.endpointguard.EndpointUrlGuard.Verdict;
import io.netty.util.NetUtil;
import java.util.List;

/**
 * The URL rules of {@link EndpointUrlGuard}, applied again at delivery time without a DNS lookup (the guarded
 * resolver does the one lookup). An IP-literal host is checked here because the HTTP client connects to a literal
 * without asking any resolver.
 */
public final class DeliveryUrl {

    private DeliveryUrl() {}

    /** The URL to POST to, or why not; {@code relaxed} (test mode with the loopback flag) allows http and loopback. */
    public static Verdict check(String url, boolean live, boolean relaxed) {
        var shape = EndpointUrlGuard.checkShape(url, live, relaxed);
        if (!(shape instanceof Verdict.Allowed allowed)) {
            return shape;
        }
        var host = allowed.url().getHost();
        var literal = NetUtil.createInetAddressFromIpAddressString(EndpointUrlGuard.bare(host));
        var refusal = literal == null ? null : EndpointUrlGuard.addressRefusal(host, List.of(literal), relaxed);
        return refusal == null ? shape : new Verdict.Refused(refusal);
    }
}
