package io.abk.billing.endpointguard;

import java.net.InetAddress;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.UnknownHostException;
import java.util.Locale;

/**
 * The SSRF guard of webhook URLs (DESIGN section 11). A live endpoint must be an absolute {@code https} URL
 * without userinfo whose host resolves only to public addresses (every address: a name with one public and one
 * private address is refused, as the client could pick either). Test mode follows the same rules unless
 * {@code allowLoopbackInTest}, which also lets it use {@code http} and loopback addresses (local receivers).
 * Resolution blocks: call it off the event loop. The sender must check again at delivery time, since DNS can change.
 */
public final class EndpointUrlGuard {

    public static final int MAX_URL_LENGTH = 2048;

    /** Resolves a host name to all its addresses ({@link InetAddress#getAllByName} in production). */
    @FunctionalInterface
    public interface Resolver {
        InetAddress[] resolve(String host) throws UnknownHostException;
    }

    /** The outcome: rejections are data, with a sentence for the API's error body. */
    public sealed interface Verdict {
        record Allowed(URI url) implements Verdict {
        }

        record Refused(String reason) implements Verdict {
        }
    }

    private final Resolver resolver;
    private final boolean allowLoopbackInTest;

    public EndpointUrlGuard(Resolver resolver, boolean allowLoopbackInTest) {
        this.resolver = resolver;
        this.allowLoopbackInTest = allowLoopbackInTest;
    }

    public static EndpointUrlGuard usingSystemDns(boolean allowLoopbackInTest) {
        return new EndpointUrlGuard(InetAddress::getAllByName, allowLoopbackInTest);
    }

    public Verdict check(String url, boolean live) {
        boolean relaxed = !live && allowLoopbackInTest;
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
        var host = uri.getHost();
        var bare = host.startsWith("[") && host.endsWith("]") ? host.substring(1, host.length() - 1) : host;
        InetAddress[] addresses;
        try {
            addresses = resolver.resolve(bare);
        } catch (UnknownHostException e) {
            return new Verdict.Refused("url's host '" + host + "' does not resolve to an address");
        }
        if (addresses.length == 0) {
            return new Verdict.Refused("url's host '" + host + "' does not resolve to an address");
        }
        for (var address : addresses) {
            if (relaxed && address.isLoopbackAddress()) {
                continue;
            }
            var why = AddressRules.whyNotPublic(address);
            if (why != null) {
                return new Verdict.Refused("url's host '" + host + "' resolves to " + address.getHostAddress() + ", which " + why
                        + "; webhooks are only sent to public addresses");
            }
        }
        return new Verdict.Allowed(uri);
    }
}
