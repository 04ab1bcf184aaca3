package io.abk.billing.webhooks.attempt.http;

import io.abk.billing.endpointguard.AddressRules;
import io.netty.util.NetUtil;
import java.net.InetAddress;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * The SSRF rule on resolved addresses, with the sentences of {@code EndpointUrlGuard}: every address must be public
 * (a name with one public and one private address is refused: the client could pick either); loopback passes only
 * when {@code allowLoopback} (test mode with the local-receiver flag).
 */
public final class AddressCheck {

    private AddressCheck() {
    }

    /** Why {@code host} may not be connected to through {@code addresses}, or null when it may. */
    public static @Nullable String refusal(String host, List<InetAddress> addresses, boolean allowLoopback) {
        if (addresses.isEmpty()) {
            return unresolved(host);
        }
        for (var address : addresses) {
            if (allowLoopback && address.isLoopbackAddress()) {
                continue;
            }
            var why = AddressRules.whyNotPublic(address);
            if (why != null) {
                return "url's host '" + host + "' resolves to " + NetUtil.toAddressString(address) + ", which " + why
                        + "; webhooks are only sent to public addresses";
            }
        }
        return null;
    }

    public static String unresolved(String host) {
        return "url's host '" + host + "' does not resolve to an address";
    }
}
