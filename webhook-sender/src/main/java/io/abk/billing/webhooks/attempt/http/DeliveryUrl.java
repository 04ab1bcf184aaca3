package io.abk.billing.webhooks.attempt.http;

import io.netty.util.NetUtil;
import java.net.URI;
import java.net.URISyntaxException;
import java.util.List;
import java.util.Locale;
import org.jspecify.annotations.Nullable;

/**
 * The URL rules of {@code EndpointUrlGuard}, applied again at delivery time without a DNS lookup (the guarded
 * resolver does the one lookup). An IP-literal host is checked here because the HTTP client connects to a literal
 * without asking any resolver.
 */
public final class DeliveryUrl {

    private static final int MAX_URL_LENGTH = 2048;

    private DeliveryUrl() {
    }

    /** The URL to POST to, or why not; {@code relaxed} (test mode with the loopback flag) allows http and loopback. */
    public sealed interface Verdict {
        record Allowed(URI url) implements Verdict {
        }

        record Refused(String reason) implements Verdict {
        }
    }

    public static Verdict check(String url, boolean live, boolean relaxed) {
        if (url.length() > MAX_URL_LENGTH) {
            return new Verdict.Refused("url must be at most " + MAX_URL_LENGTH + " characters");
        }
        URI uri;
        try {
            uri = new URI(url);
        } catch (URISyntaxException e) {
            return new Verdict.Refused("url is not a valid URL");
        }
        var scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
        if (!uri.isAbsolute() || uri.isOpaque() || uri.getHost() == null || !(scheme.equals("https") || scheme.equals("http"))) {
            return new Verdict.Refused("url must be an absolute https URL with a host");
        }
        if (scheme.equals("http") && !relaxed) {
            return new Verdict.Refused("url must use https" + (live ? " in live mode" : ""));
        }
        if (uri.getRawUserInfo() != null) {
            return new Verdict.Refused("url must not contain a user name or password");
        }
        var refusal = literalRefusal(uri.getHost(), relaxed);
        return refusal == null ? new Verdict.Allowed(uri) : new Verdict.Refused(refusal);
    }

    private static @Nullable String literalRefusal(String host, boolean relaxed) {
        var bare = host.startsWith("[") && host.endsWith("]") ? host.substring(1, host.length() - 1) : host;
        var literal = NetUtil.createInetAddressFromIpAddressString(bare);
        return literal == null ? null : AddressCheck.refusal(host, List.of(literal), relaxed);
    }
}
